import Foundation
import InAppCore

extension Braze.User {
    /// Applies a `brazeBridge.getUser().<method>(…)` call from an HTML message or banner to this profile.
    /// Returns nil when it was applied, otherwise why not (unknown method or bad arguments), for the caller to
    /// log as a script error.
    package func applyBridgeCall(_ method: String, _ arguments: [JSONValue]) -> String? {
        func string(_ i: Int) -> String? { i < arguments.count ? arguments[i].stringValue : nil }
        func number(_ i: Int) -> Double? { i < arguments.count ? arguments[i].numberValue : nil }
        switch method {
        case "setFirstName": set(firstName: string(0))
        case "setLastName": set(lastName: string(0))
        case "setEmail": set(email: string(0))
        case "setCountry": set(country: string(0))
        case "setHomeCity": set(homeCity: string(0))
        case "setLanguage": set(language: string(0))
        case "setPhoneNumber": set(phoneNumber: string(0))
        case "setGender":
            guard let raw = string(0)?.lowercased(), let gender = Gender(rawValue: raw) else { return "invalidArg(setGender)" }
            set(gender: gender)
        case "setDateOfBirth":
            guard let y = number(0), let m = number(1), let d = number(2),
                  let date = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
                                            year: Int(exactly: y), month: Int(exactly: m), day: Int(exactly: d)).date,
                  (1...12).contains(m), (1...31).contains(d) else { return "invalidArg(setDateOfBirth)" }
            set(dateOfBirth: date)
        case "setEmailNotificationSubscriptionType", "setPushNotificationSubscriptionType":
            guard let state = string(0).flatMap(SubscriptionState.init(rawValue:)) else { return "invalidArg(\(method))" }
            if method.hasPrefix("setEmail") { set(emailSubscriptionState: state) } else { set(pushNotificationSubscriptionState: state) }
        case "setCustomUserAttribute":
            guard let key = string(0), arguments.count > 1 else { return "invalidArg(setCustomUserAttribute)" }
            switch arguments[1] {
            case .string(let s): setCustomAttribute(key: key, value: s)
            case .bool(let b): setCustomAttribute(key: key, value: b)
            case .number(let n): if let i = Int(exactly: n) { setCustomAttribute(key: key, value: i) } else { setCustomAttribute(key: key, value: n) }
            case .array(let items): setCustomAttribute(key: key, array: items.compactMap(\.stringValue))
            case .object(let o): setCustomAttribute(key: key, dictionary: o.mapValues { $0.foundationValue })
            case .null: unsetCustomAttribute(key: key)
            }
        case "addToCustomAttributeArray", "removeFromCustomAttributeArray":
            guard let key = string(0), let value = string(1) else { return "invalidArg(\(method))" }
            if method.hasPrefix("add") { addToCustomAttributeStringArray(key: key, value: value) }
            else { removeFromCustomAttributeStringArray(key: key, value: value) }
        case "incrementCustomUserAttribute":
            guard let key = string(0) else { return "invalidArg(incrementCustomUserAttribute)" }
            incrementCustomUserAttribute(key: key, by: number(1).flatMap { Int(exactly: $0) } ?? 1)
        case "addAlias":
            guard let alias = string(0), let label = string(1) else { return "invalidArg(addAlias)" }
            add(alias: alias, label: label)
        case "addToSubscriptionGroup", "removeFromSubscriptionGroup":
            guard let id = string(0) else { return "invalidArg(\(method))" }
            if method.hasPrefix("add") { addToSubscriptionGroup(id: id) } else { removeFromSubscriptionGroup(id: id) }
        default:
            return "unknown(getUser().\(method))"
        }
        return nil
    }
}
