import Foundation

extension Braze {
    /// Why removing a push token from the current user's profile failed (`notifications.unregisterPush`,
    /// and per endpoint in `LogoutErrorResult`). The SDK never retries on its own: `isRetriable` says whether
    /// calling the method again may succeed.
    public struct PushUnregistrationError: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// What went wrong, for logs.
        public var message: String
        /// Whether the same call may succeed later (network trouble, a 5xx or 429 answer); false when the
        /// request itself is refused (the SDK is disabled, a 4xx answer, SDK authentication refused).
        public var isRetriable: Bool
        /// The server's HTTP status, when it answered.
        public var httpStatusCode: Int?

        public init(message: String, isRetriable: Bool, httpStatusCode: Int? = nil) {
            self.message = message; self.isRetriable = isRetriable; self.httpStatusCode = httpStatusCode
        }

        public var description: String {
            "\(message) (isRetriable: \(isRetriable), httpStatusCode: \(httpStatusCode.map(String.init) ?? "none"))"
        }

        /// The error for a failed request to the simulated server.
        init(_ error: Braze.Error) {
            switch error {
            case .networkUnreachable: self.init(message: error.description, isRetriable: true)
            case .sdkAuthenticationFailed: self.init(message: error.description, isRetriable: false, httpStatusCode: 401)
            case .sdkDisabled, .invalidPlacementIds: self.init(message: error.description, isRetriable: false)
            }
        }

        /// The error for an HTTP status the server answered with (nil for a 2xx).
        init?(httpStatusCode status: Int) {
            guard !(200..<300).contains(status) else { return nil }
            self.init(message: "The server answered with HTTP status \(status).",
                      isRetriable: status >= 500 || status == 429 || status == 408, httpStatusCode: status)
        }
    }
}
