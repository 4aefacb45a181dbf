import Foundation
import InAppCore
@_spi(OpenInApp) import AEPCore

/// The XDM AEPMessaging sends for an interaction with a proposition (a message's `track`, a proposition item's
/// `track`): `{"eventType": <type>, "_experience": {"decisioning": {"propositionEventType": {<key>: 1},
/// "propositions": [{"id", "scope", "scopeDetails", "items"?: [{"id", "characteristics"?: {"tokens"}}]}],
/// "propositionAction"?: {...}}}}`.
enum PropositionInteraction {
    static func xdm(eventType: MessagingEdgeEventType, interaction: String?, info: PropositionInfo,
                    itemId: String?, tokens: [String]?) -> JSONValue {
        var details: [String: JSONValue] = ["id": .string(info.id), "scope": .string(info.scope),
                                            "scopeDetails": info.scopeDetails]
        if let itemId, !itemId.isEmpty {
            var item: [String: JSONValue] = ["id": .string(itemId)]
            if let tokens, !tokens.isEmpty { item["characteristics"] = ["tokens": .string(tokens.joined(separator: ","))] }
            details["items"] = [.object(item)]
        }
        var decisioning: [String: JSONValue] = [
            "propositionEventType": .object([eventType.propositionEventType: 1]),
            "propositions": [.object(details)],
        ]
        if eventType == .interact, let interaction {
            decisioning["propositionAction"] = ["id": .string(interaction), "label": .string(interaction)]
        } else if eventType == .suppressDisplay, let interaction {
            decisioning["propositionAction"] = ["reason": .string(interaction)]
        }
        return ["eventType": .string(eventType.toString()), "_experience": ["decisioning": .object(decisioning)]]
    }

    /// Sends an interaction: into the messaging event log and the trace at once, and to the Edge network as a
    /// "Messaging interaction event" through the hub (the Edge extension records it on `EdgeNetwork`).
    static func send(xdm: JSONValue, about id: String, eventType: MessagingEdgeEventType, interaction: String?,
                     environment: MessagingEnvironment, traceID: MessageID) {
        log(xdm: xdm, about: id, eventType: eventType, interaction: interaction, environment: environment, traceID: traceID)
        Messaging.dispatchInteraction(xdm: xdm)
    }

    /// Logs an interaction in the messaging event log and the trace.
    static func log(xdm: JSONValue, about id: String, eventType: MessagingEdgeEventType, interaction: String?,
                    environment: MessagingEnvironment, traceID: MessageID) {
        let data: JSONValue = ["xdm": xdm]
        MessagingEventLog.log(for: environment).append(
            MessagingEdgeEvent(messageID: id, eventType: eventType, interaction: interaction, data: data))
        var details = ["eventType": eventType.toString()]
        if let interaction { details["interaction"] = interaction }
        environment.trace.record(.analytics, "edge.\(eventType.propositionEventType)", message: traceID, details)
    }

    /// Writes an event-history record for an activity (skipped, with a diagnostic, without an activity id).
    static func recordHistory(about id: String, eventType: MessagingEdgeEventType, activityId: String,
                              interaction: String?, environment: MessagingEnvironment, traceID: MessageID) {
        guard !activityId.isEmpty else {
            environment.trace.record(.diagnostic, "historyIgnored", message: traceID,
                                     ["eventType": eventType.propositionEventType, "reason": "no activity id"])
            return
        }
        MessagingEventLog.log(for: environment).append(
            MessagingHistoryRecord(messageID: id, eventType: eventType, activityId: activityId, action: interaction ?? ""))
        var details = ["activityId": activityId]
        if let interaction { details["action"] = interaction }
        environment.trace.record(.analytics, "history.\(eventType.propositionEventType)", message: traceID, details)
        Messaging.dispatchHistoryWrite(activityId: activityId, eventType: eventType, action: interaction ?? "")
    }
}
