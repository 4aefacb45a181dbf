import Foundation

// AEPServices' bridges between Codable values and `[String: Any]` (what AEP's event data and the cross-platform
// plugins pass around).

extension Encodable {
    /// The value encoded as JSON and read back as a dictionary; nil when it does not encode, or not to an object.
    public func asDictionary(dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate) -> [String: Any]? {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = dateEncodingStrategy
        guard let data = try? encoder.encode(self),
              let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        return object as? [String: Any]
    }
}

extension Decodable {
    /// A value decoded from `dictionary` (through JSON); nil when the dictionary is not valid JSON or does not
    /// decode as `Self`.
    public static func fromDictionary(_ dictionary: [String: Any],
                                      dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate) -> Self? {
        guard JSONSerialization.isValidJSONObject(dictionary),
              let data = try? JSONSerialization.data(withJSONObject: dictionary) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = dateDecodingStrategy
        return try? decoder.decode(Self.self, from: data)
    }
}
