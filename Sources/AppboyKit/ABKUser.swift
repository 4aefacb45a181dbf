import Foundation
import InAppCore

/// A user's gender, as the legacy API sets it.
public enum ABKUserGenderType: Int, Sendable {
    case male = 0, female, other, unknown, notApplicable, preferNotToSay
}

/// A subscription state for email or push.
public enum ABKNotificationSubscriptionType: Int, Sendable {
    case optedIn = 0, subscribed, unsubscribed
}

/// The current user (`Appboy.sharedInstance()?.user`). Headless nothing is sent: every attribute set is kept
/// (read back with `customAttributes`, not upstream API) and recorded in the trace (`analytics`, `user.set`).
/// The setters return true when the value was kept, false for an empty key.
open class ABKUser: NSObject, @unchecked Sendable {
    private let environment: MessagingEnvironment
    private let attributes = Locked<[String: Any]>([:])

    init(userID: String?, environment: MessagingEnvironment) {
        self.userID = userID
        self.environment = environment
        super.init()
    }

    /// The external user id given to `changeUser(_:)`; nil for an anonymous user.
    open private(set) var userID: String?
    open var firstName: String? { didSet { note("firstName", firstName) } }
    open var lastName: String? { didSet { note("lastName", lastName) } }
    open var email: String? { didSet { note("email", email) } }
    open var dateOfBirth: Date? { didSet { note("dateOfBirth", dateOfBirth.map { "\($0.timeIntervalSince1970)" }) } }
    open var country: String? { didSet { note("country", country) } }
    open var homeCity: String? { didSet { note("homeCity", homeCity) } }
    open var language: String? { didSet { note("language", language) } }
    open var phone: String? { didSet { note("phone", phone) } }
    open var avatarImageURL: String? { didSet { note("avatarImageURL", avatarImageURL) } }

    /// The custom attributes set so far (not upstream API; for tests).
    public var customAttributes: [String: Any] { attributes.snapshot }

    @discardableResult open func setGender(_ gender: ABKUserGenderType) -> Bool { note("gender", "\(gender.rawValue)"); return true }
    @discardableResult open func setEmailNotificationSubscriptionType(_ type: ABKNotificationSubscriptionType) -> Bool {
        note("emailSubscription", "\(type.rawValue)"); return true
    }
    @discardableResult open func setPushNotificationSubscriptionType(_ type: ABKNotificationSubscriptionType) -> Bool {
        note("pushSubscription", "\(type.rawValue)"); return true
    }
    @discardableResult open func addAlias(_ alias: String, withLabel label: String) -> Bool {
        guard !alias.isEmpty, !label.isEmpty else { return false }
        note("alias." + label, alias); return true
    }
    @discardableResult open func setCustomAttributeWithKey(_ key: String, andBOOLValue value: Bool) -> Bool { set(key, value) }
    @discardableResult open func setCustomAttributeWithKey(_ key: String, andIntegerValue value: Int) -> Bool { set(key, value) }
    @discardableResult open func setCustomAttributeWithKey(_ key: String, andDoubleValue value: Double) -> Bool { set(key, value) }
    @discardableResult open func setCustomAttributeWithKey(_ key: String, andStringValue value: String) -> Bool { set(key, value) }
    @discardableResult open func setCustomAttributeWithKey(_ key: String, andDateValue value: Date) -> Bool { set(key, value) }
    @discardableResult open func unsetCustomAttributeWithKey(_ key: String) -> Bool {
        guard !key.isEmpty else { return false }
        attributes.withLock { _ = $0.removeValue(forKey: key) }
        note("custom." + key, nil); return true
    }
    /// Adds `incrementValue` to an integer attribute (a missing one starts at 0); other types are left alone
    /// (returns false).
    @discardableResult open func incrementCustomUserAttribute(_ key: String, by incrementValue: Int) -> Bool {
        guard !key.isEmpty else { return false }
        let result = attributes.withLock { a -> Int? in
            switch a[key] {
            case nil: a[key] = incrementValue; return incrementValue
            case let i as Int: a[key] = i + incrementValue; return i + incrementValue
            default: return nil
            }
        }
        guard let result else { return false }
        note("custom." + key, "\(result)"); return true
    }
    @discardableResult open func incrementCustomUserAttribute(_ key: String) -> Bool { incrementCustomUserAttribute(key, by: 1) }
    @discardableResult open func setCustomAttributeArrayWithKey(_ key: String, array valueArray: [Any]?) -> Bool {
        guard let strings = valueArray?.compactMap({ $0 as? String }) else { return unsetCustomAttributeWithKey(key) }
        return set(key, strings)
    }
    @discardableResult open func addToCustomAttributeArrayWithKey(_ key: String, value: String) -> Bool {
        guard !key.isEmpty else { return false }
        attributes.withLock { a in a[key] = ((a[key] as? [String]) ?? []) + [value] }
        note("custom." + key, "+" + value); return true
    }
    @discardableResult open func removeFromCustomAttributeArrayWithKey(_ key: String, value: String) -> Bool {
        guard !key.isEmpty else { return false }
        attributes.withLock { a in a[key] = ((a[key] as? [String]) ?? []).filter { $0 != value } }
        note("custom." + key, "-" + value); return true
    }

    private func set(_ key: String, _ value: Any) -> Bool {
        guard !key.isEmpty else { return false }
        attributes.withLock { $0[key] = value }
        note("custom." + key, "\(value)")
        return true
    }

    private func note(_ name: String, _ value: String?) {
        environment.trace.record(.analytics, "user.set", ["user": userID ?? "", "attribute": name, "value": value ?? "nil"])
    }
}
