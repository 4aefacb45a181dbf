import Foundation

extension Braze {
    /// A refused SDK authentication signature: the server's code and reason, the user and the signature sent.
    public struct SDKAuthenticationError: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        public var code: Int
        public var reason: String
        public var userId: String?
        public var signature: String?

        public init(code: Int, reason: String, userId: String?, signature: String?) {
            self.code = code; self.reason = reason; self.userId = userId; self.signature = signature
        }

        public var description: String {
            "SDKAuthenticationError(code: \(code), reason: \(reason), userId: \(userId ?? "nil"))"
        }
    }
}
