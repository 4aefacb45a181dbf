import Foundation
import InAppCore

extension Braze.InAppMessage {
    /// The fields every message kind shares.
    public struct Data: Sendable, Equatable, Codable {
        /// The campaign's message id; nil for messages built in the app.
        public var id: String?
        /// What a tap on the message body does.
        public var clickAction: ClickAction
        /// How the message closes.
        public var messageClose: MessageClose
        /// The device orientations the message may be displayed in.
        public var orientation: Orientation
        /// Key/value pairs set by the campaign author.
        public var extras: [String: Any] {
            get { extrasBox.value }
            set { extrasBox = ExtrasBox(newValue) }
        }
        public var animateIn: Bool
        public var animateOut: Bool
        /// Whether the message was sent as a test from the dashboard.
        public var isTestSend: Bool
        /// The SDK context (analytics, validity); nil for messages built in the app.
        public var context: Context?

        private var extrasBox: ExtrasBox
        /// Identity of a message without `id` (kept across copies and edits).
        package var localID: String

        public init(id: String? = nil, clickAction: ClickAction = .none, messageClose: MessageClose = .userInteraction,
                    orientation: Orientation = .any, extras: [String: Any] = [:], animateIn: Bool = true,
                    animateOut: Bool = true, isTestSend: Bool = false, context: Context? = nil) {
            self.id = id
            self.clickAction = clickAction
            self.messageClose = messageClose
            self.orientation = orientation
            self.extrasBox = ExtrasBox(extras)
            self.animateIn = animateIn
            self.animateOut = animateOut
            self.isTestSend = isTestSend
            self.context = context
            self.localID = "local-" + UniqueID.next()
        }

        /// Extras as JSON values (what equality and coding use).
        package var jsonExtras: [String: JSONValue] { extrasBox.json }

        public static func == (a: Data, b: Data) -> Bool {
            a.id == b.id && a.clickAction == b.clickAction && a.messageClose == b.messageClose
                && a.orientation == b.orientation && a.extrasBox.json == b.extrasBox.json
                && a.animateIn == b.animateIn && a.animateOut == b.animateOut && a.isTestSend == b.isTestSend
                && a.context === b.context
        }

        private enum CodingKeys: String, CodingKey {
            case id, clickAction, messageClose, orientation, extras, animateIn, animateOut, isTestSend
        }

        /// Decodes the shared fields; `context` is never encoded (it belongs to one SDK session).
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(id: try c.decodeIfPresent(String.self, forKey: .id),
                      clickAction: try c.decodeIfPresent(ClickAction.self, forKey: .clickAction) ?? .none,
                      messageClose: try c.decodeIfPresent(MessageClose.self, forKey: .messageClose) ?? .userInteraction,
                      orientation: try c.decodeIfPresent(Orientation.self, forKey: .orientation) ?? .any,
                      animateIn: try c.decodeIfPresent(Bool.self, forKey: .animateIn) ?? true,
                      animateOut: try c.decodeIfPresent(Bool.self, forKey: .animateOut) ?? true,
                      isTestSend: try c.decodeIfPresent(Bool.self, forKey: .isTestSend) ?? false)
            let json = try c.decodeIfPresent([String: JSONValue].self, forKey: .extras) ?? [:]
            extrasBox = ExtrasBox(json: json)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(id, forKey: .id)
            try c.encode(clickAction, forKey: .clickAction)
            try c.encode(messageClose, forKey: .messageClose)
            try c.encode(orientation, forKey: .orientation)
            try c.encode(extrasBox.json, forKey: .extras)
            try c.encode(animateIn, forKey: .animateIn)
            try c.encode(animateOut, forKey: .animateOut)
            try c.encode(isTestSend, forKey: .isTestSend)
        }
    }
}

/// Immutable holder of an extras dictionary, so `Data` stays a Sendable value while keeping the values
/// exactly as the app stored them (`[String: Any]`).
private final class ExtrasBox: @unchecked Sendable {
    let value: [String: Any]
    let json: [String: JSONValue]
    init(_ value: [String: Any]) { self.value = value; self.json = value.mapValues { JSONValue(any: $0) } }
    init(json: [String: JSONValue]) { self.json = json; self.value = json.mapValues(\.foundationValue) }
}
