import Foundation
import InAppCore
import AEPServices

/// The `data` of an in-app proposition item (schema `https://ns.adobe.com/personalization/message/in-app`).
/// Only `content` and `contentType` are required.
struct InAppSchemaData {
    static let schema = "https://ns.adobe.com/personalization/message/in-app"

    var content: JSONValue
    var contentType: String
    var publishedDate: Int?
    var expiryDate: Int?
    var meta: [String: JSONValue]?
    var mobileParameters: JSONValue?
    var webParameters: JSONValue?
    var remoteAssets: [String]?

    init(_ data: JSONValue, path: String) throws {
        guard case .object(let o) = data else { throw MessagingPropositionError.unexpectedType(path: path, expected: "object") }
        guard let content = o["content"], content != .null else { throw MessagingPropositionError.missingField(path: path + ".content") }
        guard let contentType = o["contentType"]?.stringValue else {
            throw MessagingPropositionError.missingField(path: path + ".contentType")
        }
        self.content = content
        self.contentType = contentType
        publishedDate = o["publishedDate"]?.intValue
        expiryDate = o["expiryDate"]?.intValue
        if case .object(let meta)? = o["meta"] { self.meta = meta }
        if case .object? = o["mobileParameters"] { mobileParameters = o["mobileParameters"] }
        webParameters = o["webParameters"]
        if case .array(let assets)? = o["remoteAssets"] { remoteAssets = assets.compactMap(\.stringValue) }
    }

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
