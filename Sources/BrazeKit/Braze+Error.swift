import Foundation

extension Braze {
    /// Why a request to the (simulated) Braze backend failed.
    public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// The SDK is disabled (`Braze.enabled = false`).
        case sdkDisabled
        /// The simulated server is unreachable (`BrazeServer.isReachable = false`).
        case networkUnreachable
        /// The server refused the SDK authentication signature (the auth delegate was told).
        case sdkAuthenticationFailed(reason: String)
        /// No placement id was given, or one was empty.
        case invalidPlacementIds

        public var description: String {
            switch self {
            case .sdkDisabled: return "The Braze SDK is disabled."
            case .networkUnreachable: return "The network is unreachable."
            case .sdkAuthenticationFailed(let reason): return "SDK authentication failed: \(reason)"
            case .invalidPlacementIds: return "Invalid placement ids."
            }
        }
    }
}
