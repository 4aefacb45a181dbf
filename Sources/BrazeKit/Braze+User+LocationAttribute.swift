import Foundation
import InAppCore

extension Braze.User {
    /// Sets a location custom attribute (a named point, e.g. "favorite_store"). Invalid coordinates are refused
    /// with a `diagnostic.invalidLocation` record; a valid one is kept in `customAttributes` as
    /// `{"latitude", "longitude"}` and recorded as `user.setCustomAttribute`.
    public func setLocationCustomAttribute(key: String, latitude: Double, longitude: Double) {
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            environment.trace.record(.diagnostic, "invalidLocation", ["key": key, "latitude": String(latitude), "longitude": String(longitude)])
            return
        }
        setCustom(key, .object(["latitude": .number(latitude), "longitude": .number(longitude)]))
    }

    /// A nested (object) attribute; with `merge`, the keys join the object already stored under `key` (a key
    /// set again takes the new value) instead of replacing it.
    public func setCustomAttribute(key: String, dictionary: [String: Any?], merge: Bool) {
        var fields = dictionary.mapValues { JSONValue(any: $0) }
        if merge, case .object(let existing)? = customAttributes[key] {
            fields = existing.merging(fields) { _, new in new }
        }
        setCustom(key, .object(fields))
    }
}
