import Foundation

extension Braze {
    /// The requests `logout(completion:)` makes before it wipes the SDK's data.
    public enum LogoutEndpoint: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// Removes the device's push token from the user's profile.
        case unregisterPush
        /// Removes the Live Activities push-to-start tokens from the user's profile.
        case unregisterPushToStart

        public var description: String { rawValue }
    }
}
