/// Why a message was not displayed, was stacked, or was discarded. A code that tests and tools match on,
/// plus optional free text. Facades and the delivery engine add their own codes.
public struct Reason: Hashable, Sendable, Codable, CustomStringConvertible {
    public var code: String
    public var detail: String?
    public init(_ code: String, detail: String? = nil) { self.code = code; self.detail = detail }

    /// The same code with a detail attached.
    public func with(detail: String) -> Reason { Reason(code, detail: detail) }

    public var description: String { detail.map { "\(code): \($0)" } ?? code }

    /// Another message is displayed and this one may not wait.
    public static let conflict = Reason("conflict")
    /// Another message is displayed, so this one went on the stack.
    public static let anotherMessageDisplayed = Reason("anotherMessageDisplayed")
    /// The decision hook said not now, keep it for later.
    public static let reenqueued = Reason("reenqueued")
    /// The decision hook said never.
    public static let discardedByDecision = Reason("discardedByDecision")
    /// The decision hook said no (and the message stays usable).
    public static let suppressedByDecision = Reason("suppressedByDecision")
    /// The message does not support the device's orientation.
    public static let orientationMismatch = Reason("orientationMismatch")
    /// Preparation produced nothing to display.
    public static let noView = Reason("noView")
    /// The message passed its display deadline.
    public static let expired = Reason("expired")
    /// The app was in the background.
    public static let appInBackground = Reason("appInBackground")
    /// The keyboard was on screen.
    public static let keyboardVisible = Reason("keyboardVisible")
    /// The message is already displayed.
    public static let alreadyDisplayed = Reason("alreadyDisplayed")
    /// Pending messages were dropped on request (user change, data wipe).
    public static let reset = Reason("reset")
    /// A newer message took its place as the follow-up of a click.
    public static let followupReplaced = Reason("followupReplaced")
    /// Its assets could not be loaded.
    public static let assetFailure = Reason("assetFailure")
}

/// Where a message is in its presentation.
///
/// One attempt runs `received → deciding → presenting → displayed → dismissing → dismissed`, or ends early in
/// `suppressed`, `stacked`, `discarded` or `failed`. `hidden` is a displayed message taken off screen that
/// can be shown again. A message that ended an attempt may start a new one at `received`.
public enum PresentationState: Hashable, Sendable, Codable, CustomStringConvertible {
    case received
    case deciding
    case presenting
    case displayed
    case hidden
    case dismissing
    case dismissed
    case suppressed(Reason)
    case stacked(Reason)
    case discarded(Reason)
    case failed(Reason)

    /// The state's name without its reason ("stacked", "failed"…), as used in the trace.
    public var name: String {
        switch self {
        case .received: return "received"
        case .deciding: return "deciding"
        case .presenting: return "presenting"
        case .displayed: return "displayed"
        case .hidden: return "hidden"
        case .dismissing: return "dismissing"
        case .dismissed: return "dismissed"
        case .suppressed: return "suppressed"
        case .stacked: return "stacked"
        case .discarded: return "discarded"
        case .failed: return "failed"
        }
    }

    public var reason: Reason? {
        switch self {
        case .suppressed(let r), .stacked(let r), .discarded(let r), .failed(let r): return r
        default: return nil
        }
    }

    public var description: String { reason.map { "\(name)(\($0))" } ?? name }

    /// Whether the message is between attempts (a new attempt may start).
    public var isIdle: Bool {
        switch self {
        case .deciding, .presenting, .displayed, .dismissing: return false
        default: return true
        }
    }

    /// Whether moving from `self` to `next` is a legal step of the state machine.
    public func canMove(to next: PresentationState) -> Bool {
        switch (self, next) {
        case (_, .received): return isIdle
        case (.received, .deciding), (.received, .presenting), (.received, .stacked), (.received, .failed),
             (.received, .discarded), (.received, .suppressed):
            return true
        case (.deciding, .presenting), (.deciding, .suppressed), (.deciding, .stacked), (.deciding, .discarded),
             (.deciding, .failed):
            return true
        case (.stacked, .deciding), (.stacked, .presenting), (.stacked, .discarded), (.stacked, .stacked),
             (.stacked, .failed):
            return true
        case (.presenting, .displayed), (.presenting, .failed), (.presenting, .discarded), (.presenting, .stacked):
            return true
        case (.displayed, .dismissing), (.displayed, .hidden): return true
        case (.dismissing, .dismissed): return true
        default: return false
        }
    }
}
