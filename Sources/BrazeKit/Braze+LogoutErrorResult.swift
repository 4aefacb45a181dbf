import Foundation

extension Braze {
    /// Why `logout(completion:)` failed: the error of each endpoint that failed. Nothing was wiped and the SDK
    /// stays enabled.
    public struct LogoutErrorResult: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The failed requests and their errors.
        public var errors: [LogoutEndpoint: PushUnregistrationError]

        public init(errors: [LogoutEndpoint: PushUnregistrationError]) { self.errors = errors }

        /// Whether calling `logout` again may succeed: every failed request may succeed later.
        public var isRetriable: Bool { !errors.isEmpty && errors.values.allSatisfy(\.isRetriable) }

        public var description: String {
            let parts = LogoutEndpoint.allCases.compactMap { endpoint in errors[endpoint].map { "\(endpoint): \($0)" } }
            return "Logout failed: " + parts.joined(separator: "; ")
        }
    }
}
