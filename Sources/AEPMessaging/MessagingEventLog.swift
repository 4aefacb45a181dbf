import Foundation
import InAppCore

/// A tracking event AEPMessaging would send to the Edge network (`Messaging interaction event`).
public struct MessagingEdgeEvent: Hashable, Sendable {
    /// The `Message.id` (proposition item id) it is about.
    public var messageID: String
    public var eventType: MessagingEdgeEventType
    /// The interaction (`interact`) or reason (`suppressDisplay`), if any.
    public var interaction: String?
    /// The event data: `{"xdm": {"eventType": …, "_experience": {"decisioning": {…}}}}`.
    public var data: JSONValue
    public var name: String
    public var type: String
    public var source: String

    public init(messageID: String, eventType: MessagingEdgeEventType, interaction: String?, data: JSONValue,
                name: String = "Messaging interaction event", type: String = "com.adobe.eventType.edge",
                source: String = "com.adobe.eventSource.requestContent") {
        self.messageID = messageID; self.eventType = eventType; self.interaction = interaction; self.data = data
        self.name = name; self.type = type; self.source = source
    }
}

/// An event-history record AEPMessaging would write (`Write IAM event to history`), used by frequency rules.
public struct MessagingHistoryRecord: Hashable, Sendable {
    public var messageID: String
    public var eventType: MessagingEdgeEventType
    /// `propositionInfo.scopeDetails.activity.id`.
    public var activityId: String
    /// The interaction or reason, or `""`.
    public var action: String

    public init(messageID: String, eventType: MessagingEdgeEventType, activityId: String, action: String) {
        self.messageID = messageID; self.eventType = eventType; self.activityId = activityId; self.action = action
    }

    /// The event data: `{"iam": {"eventType": …, "id": activityId, "action": action}}`.
    public var data: JSONValue {
        ["iam": ["eventType": .string(eventType.propositionEventType), "id": .string(activityId), "action": .string(action)]]
    }
}

/// What AEPMessaging sent, in order: Edge tracking events and event-history records. There is one log per
/// `MessagingEnvironment` (a test `Harness` gets its own); each entry is also in the environment's trace as
/// `analytics` (`edge.<type>`, `history.<type>`).
public final class MessagingEventLog: @unchecked Sendable {
    private struct Store {
        var edge: [MessagingEdgeEvent] = []
        var history: [MessagingHistoryRecord] = []
    }
    private let store = Locked(Store())

    public init() {}

    public var edgeEvents: [MessagingEdgeEvent] { store.withLock { $0.edge } }
    public var historyRecords: [MessagingHistoryRecord] { store.withLock { $0.history } }

    /// The Edge event types sent for one message, in order.
    public func edgeEventTypes(for messageID: String) -> [MessagingEdgeEventType] {
        edgeEvents.filter { $0.messageID == messageID }.map(\.eventType)
    }

    /// The history event types written for one message, in order.
    public func historyEventTypes(for messageID: String) -> [MessagingEdgeEventType] {
        historyRecords.filter { $0.messageID == messageID }.map(\.eventType)
    }

    public func clear() { store.withLock { $0 = Store() } }

    func append(_ event: MessagingEdgeEvent) { store.withLock { $0.edge.append(event) } }
    func append(_ record: MessagingHistoryRecord) { store.withLock { $0.history.append(record) } }

    private struct Entry {
        weak var environment: MessagingEnvironment?
        let log: MessagingEventLog
    }
    private static let registry = Locked([ObjectIdentifier: Entry]())

    /// The log of `environment`.
    public static func log(for environment: MessagingEnvironment) -> MessagingEventLog {
        registry.withLock { r in
            r = r.filter { $0.value.environment != nil }
            let key = ObjectIdentifier(environment)
            if let entry = r[key], entry.environment === environment { return entry.log }
            let log = MessagingEventLog()
            r[key] = Entry(environment: environment, log: log)
            return log
        }
    }

    /// The log of `MessagingEnvironment.current`.
    public static var current: MessagingEventLog { log(for: MessagingEnvironment.current) }
}
