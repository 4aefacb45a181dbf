import Foundation

extension Braze.Configuration {
    /// A property the SDK may collect and send when tracking is restricted (the allow list of
    /// `configuration.api.trackingPropertyAllowList`, changed at run time with `Braze.updateTrackingAllowList`).
    /// Headless: the list is kept and recorded; nothing is sent either way.
    public struct TrackingProperty: Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let allCustomAttributes = Self(rawValue: "all_custom_attributes")
        public static let allCustomEvents = Self(rawValue: "all_custom_events")
        public static let analyticsEvents = Self(rawValue: "analytics_events")
        public static let attributionData = Self(rawValue: "attribution_data")
        public static let country = Self(rawValue: "country")
        public static let dateOfBirth = Self(rawValue: "dob")
        public static let deviceData = Self(rawValue: "device_data")
        public static let email = Self(rawValue: "email")
        public static let emailSubscriptionState = Self(rawValue: "email_subscription_state")
        public static let firstName = Self(rawValue: "first_name")
        public static let gender = Self(rawValue: "gender")
        public static let homeCity = Self(rawValue: "home_city")
        public static let language = Self(rawValue: "language")
        public static let lastName = Self(rawValue: "last_name")
        public static let notificationSubscriptionState = Self(rawValue: "notification_subscription_state")
        public static let phoneNumber = Self(rawValue: "phone")
        public static let pushToken = Self(rawValue: "push_token")
        public static let pushToStartTokens = Self(rawValue: "push_to_start_tokens")
        public static let everything = Self(rawValue: "everything")
        public static func customAttribute(_ keys: Set<String>) -> Self { Self(rawValue: "custom_attribute:" + keys.sorted().joined(separator: ",")) }
        public static func customEvent(_ names: Set<String>) -> Self { Self(rawValue: "custom_event:" + names.sorted().joined(separator: ",")) }
    }
}
