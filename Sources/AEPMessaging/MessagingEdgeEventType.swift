import Foundation

/// The kinds of tracking event AEPMessaging sends (AEPMessaging `MessagingEdgeEventType`).
public enum MessagingEdgeEventType: Int, Sendable {
    case pushApplicationOpened = 4
    case pushCustomAction = 5
    case dismiss = 6
    case interact = 7
    case trigger = 8
    case display = 9
    case disqualify = 10
    case suppressDisplay = 11

    /// The XDM `eventType` string, e.g. `decisioning.propositionDisplay`.
    public func toString() -> String {
        switch self {
        case .dismiss: return "decisioning.propositionDismiss"
        case .interact: return "decisioning.propositionInteract"
        case .trigger: return "decisioning.propositionTrigger"
        case .display: return "decisioning.propositionDisplay"
        case .disqualify: return "decisioning.propositionDisqualify"
        case .suppressDisplay: return "decisioning.propositionSuppressDisplay"
        case .pushApplicationOpened: return "pushTracking.applicationOpened"
        case .pushCustomAction: return "pushTracking.customAction"
        }
    }

    /// The key under `propositionEventType` in the XDM, and the event-history `eventType`.
    var propositionEventType: String {
        switch self {
        case .dismiss: return "dismiss"
        case .interact: return "interact"
        case .trigger: return "trigger"
        case .display: return "display"
        case .disqualify: return "disqualify"
        case .suppressDisplay: return "suppressDisplay"
        case .pushApplicationOpened, .pushCustomAction: return ""
        }
    }

    /// From a `toString()` value; unknown strings give nil.
    init?(fromType type: String) {
        guard let match = Self.all.first(where: { $0.toString() == type }) else { return nil }
        self = match
    }

    /// From a `propositionEventType` key; unknown or empty strings give nil.
    init?(fromPropositionEventType type: String) {
        guard !type.isEmpty, let match = Self.all.first(where: { $0.propositionEventType == type }) else { return nil }
        self = match
    }

    static let all: [MessagingEdgeEventType] = [.pushApplicationOpened, .pushCustomAction, .dismiss, .interact,
                                                .trigger, .display, .disqualify, .suppressDisplay]
}
