import Foundation
import InAppCore
import AEPServices

/// The data of an in-app proposition item (AEPMessaging `InAppSchemaData`), schema
/// `https://ns.adobe.com/personalization/message/in-app`. As upstream, `contentType` is required; with
/// `application/json` the content must be an object or an array, otherwise it must be a string (the HTML);
/// the other fields are optional and a field of the wrong type reads as nil. Only string content makes a message.
public class InAppSchemaData: NSObject, Codable, @unchecked Sendable {
    static let schema = "https://ns.adobe.com/personalization/message/in-app"

    /// The HTML (`String`), or for `application/json` a `[String: Any]` or `[Any]`.
    public let content: Any
    public let contentType: ContentType
    public let publishedDate: Int?
    public let expiryDate: Int?
    public let meta: [String: Any]?
    public let mobileParameters: [String: Any]?
    public let webParameters: [String: Any]?
    public let remoteAssets: [String]?

    /// The same fields as JSON, for the facade.
    let contentJSON: JSONValue
    let metaJSON: [String: JSONValue]?
    let mobileParametersJSON: JSONValue?
    let webParametersJSON: JSONValue?

    enum CodingKeys: String, CodingKey {
        case content, contentType, publishedDate, expiryDate, meta, mobileParameters, webParameters, remoteAssets
    }

    init(_ data: JSONValue, path: String) throws {
        guard case .object(let o) = data else { throw MessagingPropositionError.unexpectedType(path: path, expected: "object") }
        guard let typeName = o["contentType"]?.stringValue else {
            throw MessagingPropositionError.missingField(path: path + ".contentType")
        }
        contentType = ContentType(from: typeName)
        switch (contentType, o["content"]) {
        case (.applicationJson, .object?), (.applicationJson, .array?): break
        case (.applicationJson, _):
            throw MessagingPropositionError.unexpectedType(path: path + ".content", expected: "object or array (application/json)")
        case (_, .string?): break
        case (_, nil), (_, .null?): throw MessagingPropositionError.missingField(path: path + ".content")
        default: throw MessagingPropositionError.unexpectedType(path: path + ".content", expected: "string")
        }
        contentJSON = o["content"]!
        content = contentJSON.foundationPreservingIntegers
        publishedDate = o["publishedDate"]?.intValue
        expiryDate = o["expiryDate"]?.intValue
        if case .object(let m)? = o["meta"] { metaJSON = m; meta = m.mapValues(\.foundationPreservingIntegers) }
        else { metaJSON = nil; meta = nil }
        if case .object(let m)? = o["mobileParameters"] {
            mobileParametersJSON = o["mobileParameters"]; mobileParameters = m.mapValues(\.foundationPreservingIntegers)
        } else { mobileParametersJSON = nil; mobileParameters = nil }
        if case .object(let m)? = o["webParameters"] {
            webParametersJSON = o["webParameters"]; webParameters = m.mapValues(\.foundationPreservingIntegers)
        } else { webParametersJSON = nil; webParameters = nil }
        if case .array(let assets)? = o["remoteAssets"] {
            let strings = assets.compactMap(\.stringValue)
            remoteAssets = strings.count == assets.count ? strings : nil
        } else { remoteAssets = nil }
    }

    public required convenience init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do { try self.init(value, path: "data") } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(error)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(contentType.toString(), forKey: .contentType)
        try c.encode(contentJSON, forKey: .content)
        try c.encodeIfPresent(publishedDate, forKey: .publishedDate)
        try c.encodeIfPresent(expiryDate, forKey: .expiryDate)
        try c.encodeIfPresent(metaJSON.map(JSONValue.object), forKey: .meta)
        try c.encodeIfPresent(mobileParametersJSON, forKey: .mobileParameters)
        try c.encodeIfPresent(webParametersJSON, forKey: .webParameters)
        try c.encodeIfPresent(remoteAssets, forKey: .remoteAssets)
    }

    /// The HTML, when the content is a string (only then can it become a message).
    var html: String? { contentJSON.stringValue }

    /// Upstream `getMessageSettings(with:)`: bare settings without `mobileParameters`; otherwise every key with the
    /// defaults of the AJO mapping (missing `uiTakeover` → true, alignments → center, animations → none…).
    static func messageSettings(from parameters: JSONValue?, parent: Any?) -> MessageSettings {
        let settings = MessageSettings(parent: parent)
        guard case .object(let p)? = parameters else { return settings }
        var gestures: [MessageGesture: URL]?
        if case .object(let map)? = p["gestures"] {
            var parsed: [MessageGesture: URL] = [:]
            for (name, value) in map {
                if let gesture = MessageGesture.fromString(name), let text = value.stringValue, let url = URL(string: text) {
                    parsed[gesture] = url
                }
            }
            gestures = parsed
        }
        settings.setWidth(p["width"]?.intValue)
            .setMaxWidth(p["maxWidth"]?.intValue)
            .setHeight(p["height"]?.intValue)
            .setVerticalAlign(MessageAlignment.fromString(p["verticalAlign"]?.stringValue ?? "center"))
            .setVerticalInset(p["verticalInset"]?.intValue)
            .setHorizontalAlign(MessageAlignment.fromString(p["horizontalAlign"]?.stringValue ?? "center"))
            .setHorizontalInset(p["horizontalInset"]?.intValue)
            .setUiTakeover(p["uiTakeover"]?.boolValue ?? true)
            .setFitToContent(p["fitToContent"]?.boolValue ?? false)
            .setBackdropColor(p["backdropColor"]?.stringValue)
            .setBackdropOpacity(p["backdropOpacity"]?.numberValue.map { CGFloat($0) })
            .setCornerRadius(p["cornerRadius"]?.intValue.map { CGFloat($0) })
            .setDisplayAnimation(MessageAnimation.fromString(p["displayAnimation"]?.stringValue ?? "none"))
            .setDismissAnimation(MessageAnimation.fromString(p["dismissAnimation"]?.stringValue ?? "none"))
            .setGestures(gestures)
        return settings
    }
}

extension JSONValue {
    /// An integral number as `Int` (a fractional one is nil).
    var intValue: Int? {
        guard case .number(let n) = self, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }

    /// The Foundation form with integral numbers as `Int`, for `metadata`.
    var foundationPreservingIntegers: Any {
        switch self {
        case .number(let n): return intValue.map { $0 as Any } ?? n
        case .array(let a): return a.map(\.foundationPreservingIntegers)
        case .object(let o): return o.mapValues(\.foundationPreservingIntegers)
        default: return foundationValue
        }
    }
}
