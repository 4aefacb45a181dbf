import Foundation
import InAppCore

extension Braze {
    /// The current user of a `Braze` instance: its id and profile. Headless: every change is kept in memory
    /// (readable with `attributes`, `customAttributes`, `aliases`, `subscriptionGroups`) and recorded in the
    /// trace (kind `user`); nothing is sent.
    public final class User: @unchecked Sendable {
        private struct Profile {
            var id: String?
            var attributes: [String: JSONValue] = [:]
            var custom: [String: JSONValue] = [:]
            var aliases: [String: String] = [:]
            var groups: Set<String> = []
        }
        private let profile = Locked(Profile())
        let environment: MessagingEnvironment
        init(environment: MessagingEnvironment) { self.environment = environment }

        /// The current user id; nil for an anonymous user and after `wipeData()`.
        public internal(set) var id: String? {
            get { profile.withLock { $0.id } }
            set { profile.withLock { $0.id = newValue } }
        }

        /// The user id, delivered to `completion` on `queue` (immediately when `queue` is the main queue and
        /// the caller is on the main thread; otherwise asynchronously).
        public func id(queue: DispatchQueue = .main, completion: @escaping @Sendable (String?) -> Void) {
            let value = id
            if queue === DispatchQueue.main && Thread.isMainThread { completion(value) } else { queue.async { completion(value) } }
        }

        /// The user id, without blocking.
        public func getId(_ completion: @escaping @Sendable (String?) -> Void) { id(queue: .main, completion: completion) }

        /// The user id (async form).
        public func getId() async -> String? { id }

        /// The user id, as the SDK's earlier async accessor spells it (`await braze.user.id()`).
        public func id() async -> String? { id }

        /// A new profile (after `changeUser` to another user or `wipeData`).
        func reset(id: String?) {
            profile.withLock { $0 = Profile(id: id) }
        }

        // MARK: Standard attributes

        public enum Gender: String, Sendable, Hashable, CaseIterable {
            case male = "m", female = "f", other = "o", unknown = "u", notApplicable = "n", preferNotToSay = "p"
        }

        public enum SubscriptionState: String, Sendable, Hashable, CaseIterable {
            case subscribed, optedIn = "opted_in", unsubscribed
        }

        func setStandard(_ key: String, _ value: JSONValue) {
            profile.withLock { $0.attributes[key] = value }
            environment.trace.record(.user, "setAttribute", ["key": key, "value": value.traceText])
        }

        public func set(email: String?) { setStandard("email", email.map(JSONValue.string) ?? .null) }
        public func set(firstName: String?) { setStandard("first_name", firstName.map(JSONValue.string) ?? .null) }
        public func set(lastName: String?) { setStandard("last_name", lastName.map(JSONValue.string) ?? .null) }
        public func set(phoneNumber: String?) { setStandard("phone", phoneNumber.map(JSONValue.string) ?? .null) }
        public func set(country: String?) { setStandard("country", country.map(JSONValue.string) ?? .null) }
        public func set(homeCity: String?) { setStandard("home_city", homeCity.map(JSONValue.string) ?? .null) }
        public func set(language: String?) { setStandard("language", language.map(JSONValue.string) ?? .null) }
        public func set(dateOfBirth: Date?) {
            setStandard("dob", dateOfBirth.map { .string(Self.day.string(from: $0)) } ?? .null)
        }
        public func set(gender: Gender?) { setStandard("gender", gender.map { .string($0.rawValue) } ?? .null) }
        public func set(emailSubscriptionState: SubscriptionState) { setStandard("email_subscribe", .string(emailSubscriptionState.rawValue)) }
        public func set(pushNotificationSubscriptionState: SubscriptionState) {
            setStandard("push_subscribe", .string(pushNotificationSubscriptionState.rawValue))
        }
        /// Records the user's last known location; invalid coordinates are refused (diagnostic).
        public func setLastKnownLocation(latitude: Double, longitude: Double, altitude: Double? = nil,
                                         horizontalAccuracy: Double, verticalAccuracy: Double? = nil) {
            guard (-90...90).contains(latitude), (-180...180).contains(longitude), horizontalAccuracy >= 0 else {
                environment.trace.record(.diagnostic, "invalidLocation", ["latitude": String(latitude), "longitude": String(longitude)])
                return
            }
            setStandard("last_known_location", .object(["latitude": .number(latitude), "longitude": .number(longitude)]))
        }

        // MARK: Custom attributes

        /// Custom attribute keys must be non-empty and must not start with `$`; values are refused (diagnostic) otherwise.
        func setCustom(_ key: String, _ value: JSONValue?) {
            guard !key.isEmpty, !key.hasPrefix("$") else {
                environment.trace.record(.diagnostic, "invalidCustomAttributeKey", ["key": key])
                return
            }
            profile.withLock { $0.custom[key] = value }
            environment.trace.record(.user, value == nil ? "unsetCustomAttribute" : "setCustomAttribute",
                                     ["key": key, "value": value?.traceText ?? "nil"])
        }

        public func setCustomAttribute(key: String, value: Bool) { setCustom(key, .bool(value)) }
        public func setCustomAttribute(key: String, value: Int) { setCustom(key, .number(Double(value))) }
        public func setCustomAttribute(key: String, value: Double) {
            guard value.isFinite else {
                environment.trace.record(.diagnostic, "invalidCustomAttributeValue", ["key": key])
                return
            }
            setCustom(key, .number(value))
        }
        public func setCustomAttribute(key: String, value: String) { setCustom(key, .string(value)) }
        public func setCustomAttribute(key: String, value: Date) { setCustom(key, .string(Self.instant.string(from: value))) }
        public func setCustomAttribute(key: String, array: [String]?) { setCustom(key, array.map { .array($0.map(JSONValue.string)) } ?? .null) }
        /// A nested (object) attribute.
        public func setCustomAttribute(key: String, dictionary: [String: Any?]) {
            setCustom(key, .object(dictionary.mapValues { JSONValue(any: $0) }))
        }
        /// An array of objects.
        public func setCustomAttribute(key: String, array: [[String: Any?]]) {
            setCustom(key, .array(array.map { .object($0.mapValues { JSONValue(any: $0) }) }))
        }
        public func unsetCustomAttribute(key: String) { setCustom(key, nil) }

        /// Adds `value` to a string-array attribute (created when missing or not an array).
        public func addToCustomAttributeStringArray(key: String, value: String) {
            let current = profile.withLock { $0.custom[key] }
            var items: [JSONValue] = []
            if case .array(let existing)? = current { items = existing }
            items.append(.string(value))
            setCustom(key, .array(items))
        }

        /// Removes every occurrence of `value` from a string-array attribute.
        public func removeFromCustomAttributeStringArray(key: String, value: String) {
            let current = profile.withLock { $0.custom[key] }
            guard case .array(let existing)? = current else {
                environment.trace.record(.diagnostic, "notAnArrayAttribute", ["key": key])
                return
            }
            setCustom(key, .array(existing.filter { $0 != .string(value) }))
        }

        /// Adds `amount` to a numeric attribute (a missing one counts from 0).
        public func incrementCustomUserAttribute(key: String, by amount: Int = 1) {
            let current = profile.withLock { $0.custom[key] }
            var base = 0.0
            if case .number(let n)? = current { base = n }
            setCustom(key, .number(base + Double(amount)))
        }

        // MARK: Aliases and subscription groups

        /// Adds an alias under `label` (a label keeps its newest alias).
        public func add(alias: String, label: String) {
            guard !alias.isEmpty, !label.isEmpty else {
                environment.trace.record(.diagnostic, "invalidAlias", ["alias": alias, "label": label])
                return
            }
            profile.withLock { $0.aliases[label] = alias }
            environment.trace.record(.user, "addAlias", ["alias": alias, "label": label])
        }

        public func addToSubscriptionGroup(id: String) {
            profile.withLock { _ = $0.groups.insert(id) }
            environment.trace.record(.user, "addToSubscriptionGroup", ["id": id])
        }

        public func removeFromSubscriptionGroup(id: String) {
            profile.withLock { _ = $0.groups.remove(id) }
            environment.trace.record(.user, "removeFromSubscriptionGroup", ["id": id])
        }

        // MARK: State (test API)

        /// Standard attributes by Braze's key (`email`, `first_name`, `dob`, `gender`, `push_subscribe`…).
        public var attributes: [String: JSONValue] { profile.withLock { $0.attributes } }
        /// Custom attributes as they would be sent.
        public var customAttributes: [String: JSONValue] { profile.withLock { $0.custom } }
        /// Aliases by label.
        public var aliases: [String: String] { profile.withLock { $0.aliases } }
        /// Subscription groups the user was added to.
        public var subscriptionGroups: Set<String> { profile.withLock { $0.groups } }

        private static let day: DateFormatter = {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = "yyyy-MM-dd"
            return f
        }()
        nonisolated(unsafe) private static let instant = ISO8601DateFormatter()
    }
}

extension JSONValue {
    /// A short text for the trace.
    var traceText: String {
        if case .string(let s) = self { return s }
        return description
    }
}
