import Foundation
import InAppCore

/// An event of the AEP event hub (AEPCore `Event`): a name, a type and a source (the strings of `EventType` and
/// `EventSource`, or your own), optional data, and the identifiers that tie a response to the event it answers.
/// Headless, `MobileCore.dispatch(event:)` hands it to the in-process listeners: AEPMessaging's in-app rules and
/// the listeners registered with `MobileCore.registerEventListener(type:source:listener:)`.
public class Event: NSObject, Codable, @unchecked Sendable {
    public let name: String
    public private(set) var id = UUID()
    public let type: String
    public let source: String
    public private(set) var data: [String: Any]?
    public private(set) var timestamp = Date()
    /// For a response event: the `id` of the event it answers.
    public private(set) var responseID: UUID?
    /// For a chained event: the `id` of the event that caused it.
    public private(set) var parentID: UUID?
    /// The data keys that make two events the same for event history (nil: every key).
    public private(set) var mask: [String]?

    public convenience init(name: String, type: String, source: String, data: [String: Any]?) {
        self.init(name: name, type: type, source: source, data: data, mask: nil)
    }

    public init(name: String, type: String, source: String, data: [String: Any]?, mask: [String]? = nil) {
        self.name = name
        self.type = type
        self.source = source
        self.data = data
        self.mask = mask
        super.init()
    }

    /// A response to this event (its `responseID` is this event's `id`), as an extension answers a request.
    public func createResponseEvent(name: String, type: String, source: String, data: [String: Any]?) -> Event {
        let response = Event(name: name, type: type, source: source, data: data)
        response.responseID = id
        return response
    }

    /// An event caused by this one (its `parentID` is this event's `id`).
    public func createChainedEvent(name: String, type: String, source: String, data: [String: Any]?,
                                   mask: [String]? = nil) -> Event {
        let chained = Event(name: name, type: type, source: source, data: data, mask: mask)
        chained.parentID = id
        return chained
    }

    override public var description: String {
        let payload = data.map { JSONValue(any: $0).description } ?? "nil"
        return "Event(name: \(name), type: \(type), source: \(source), id: \(id), data: \(payload))"
    }

    private enum CodingKeys: String, CodingKey {
        case name, id, type, source, data, timestamp, responseID, parentID, mask
    }

    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        type = try c.decode(String.self, forKey: .type)
        source = try c.decode(String.self, forKey: .source)
        id = try c.decodeIfPresent(UUID.self, forKey: .id) ?? UUID()
        timestamp = try c.decodeIfPresent(Date.self, forKey: .timestamp) ?? Date()
        responseID = try c.decodeIfPresent(UUID.self, forKey: .responseID)
        parentID = try c.decodeIfPresent(UUID.self, forKey: .parentID)
        mask = try c.decodeIfPresent([String].self, forKey: .mask)
        if let json = try c.decodeIfPresent(JSONValue.self, forKey: .data), case .object = json {
            data = json.foundationValue as? [String: Any]
        }
        super.init()
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(id, forKey: .id)
        try c.encode(type, forKey: .type)
        try c.encode(source, forKey: .source)
        try c.encode(timestamp, forKey: .timestamp)
        try c.encodeIfPresent(responseID, forKey: .responseID)
        try c.encodeIfPresent(parentID, forKey: .parentID)
        try c.encodeIfPresent(mask, forKey: .mask)
        if let data { try c.encode(JSONValue(any: data), forKey: .data) }
    }
}

/// The event types AEP's extensions use (`Event.type`).
public final class EventType: NSObject, Sendable {
    private override init() { super.init() }
    public static let acquisition = "com.adobe.eventType.acquisition"
    public static let analytics = "com.adobe.eventType.analytics"
    public static let audienceManager = "com.adobe.eventType.audienceManager"
    public static let campaign = "com.adobe.eventType.campaign"
    public static let configuration = "com.adobe.eventType.configuration"
    public static let custom = "com.adobe.eventType.custom"
    public static let edge = "com.adobe.eventType.edge"
    public static let edgeConsent = "com.adobe.eventType.edgeConsent"
    public static let edgeIdentity = "com.adobe.eventType.edgeIdentity"
    public static let edgeMedia = "com.adobe.eventType.edgeMedia"
    public static let genericData = "com.adobe.eventType.generic.data"
    public static let genericIdentity = "com.adobe.eventType.generic.identity"
    public static let genericProfileAttributes = "com.adobe.eventType.generic.profileAttributes"
    public static let genericLifecycle = "com.adobe.eventType.generic.lifecycle"
    public static let genericPii = "com.adobe.eventType.generic.pii"
    public static let genericTrack = "com.adobe.eventType.generic.track"
    public static let hub = "com.adobe.eventType.hub"
    public static let identity = "com.adobe.eventType.identity"
    public static let lifecycle = "com.adobe.eventType.lifecycle"
    public static let location = "com.adobe.eventType.location"
    public static let media = "com.adobe.eventType.media"
    public static let messaging = "com.adobe.eventType.messaging"
    public static let offerDecisioning = "com.adobe.eventType.offerDecisioning"
    public static let optimize = "com.adobe.eventType.optimize"
    public static let pii = "com.adobe.eventType.pii"
    public static let places = "com.adobe.eventType.places"
    public static let rulesEngine = "com.adobe.eventType.rulesEngine"
    public static let signal = "com.adobe.eventType.signal"
    public static let system = "com.adobe.eventType.system"
    public static let target = "com.adobe.eventType.target"
    public static let userProfile = "com.adobe.eventType.userProfile"
    public static let wildcard = "com.adobe.eventType._wildcard_"
}

/// The event sources AEP's extensions use (`Event.source`).
public final class EventSource: NSObject, Sendable {
    private override init() { super.init() }
    public static let none = "com.adobe.eventSource.none"
    public static let os = "com.adobe.eventSource.os"
    public static let requestContent = "com.adobe.eventSource.requestContent"
    public static let requestIdentity = "com.adobe.eventSource.requestIdentity"
    public static let requestProfile = "com.adobe.eventSource.requestProfile"
    public static let requestReset = "com.adobe.eventSource.requestReset"
    public static let responseContent = "com.adobe.eventSource.responseContent"
    public static let responseIdentity = "com.adobe.eventSource.responseIdentity"
    public static let responseProfile = "com.adobe.eventSource.responseProfile"
    public static let sharedState = "com.adobe.eventSource.sharedState"
    public static let notification = "com.adobe.eventSource.notification"
    public static let updateConsent = "com.adobe.eventSource.updateConsent"
    public static let updateIdentity = "com.adobe.eventSource.updateIdentity"
    public static let removeIdentity = "com.adobe.eventSource.removeIdentity"
    public static let wildcard = "com.adobe.eventSource._wildcard_"
    public static let resetComplete = "com.adobe.eventSource.resetComplete"
    public static let applicationLaunch = "com.adobe.eventSource.applicationLaunch"
    public static let applicationClose = "com.adobe.eventSource.applicationClose"
    public static let personalizationDecisions = "personalization:decisions"
    public static let locationHintResult = "locationHint:result"
    public static let errorResponseContent = "com.adobe.eventSource.errorResponseContent"
    public static let createTracker = "com.adobe.eventSource.createTracker"
    public static let trackMedia = "com.adobe.eventSource.trackMedia"
    public static let contentComplete = "com.adobe.eventSource.contentComplete"
    public static let debug = "com.adobe.eventSource.debug"
}
