import Foundation

/// What a decision hook answers for a message about to be displayed.
public enum Decision: Hashable, Sendable {
    /// Display it now.
    case show
    /// Do not display it now; put it on top of the stack for later.
    case reenqueue
    /// Never display it.
    case discard(Reason)
    /// Do not display it; it is not stacked and stays usable for a later, explicit attempt.
    case suppress(Reason)

    @usableFromInline var name: String {
        switch self {
        case .show: return "show"
        case .reenqueue: return "reenqueue"
        case .discard: return "discard"
        case .suppress: return "suppress"
        }
    }
}

/// Why a displayed message went away.
public enum DismissCause: String, Hashable, Sendable, Codable {
    /// The app asked.
    case app
    /// The user closed it (close button, swipe, background tap).
    case user
    /// The user clicked it or one of its buttons.
    case click
    /// Its automatic close timer fired.
    case timeout
    /// Pending messages were reset (user change, data wipe).
    case reset
    /// Its content asked (a close link or script).
    case content
}

extension DismissCause {
    /// `["cause": rawValue]`, built once per cause (the dismissed state's trace details).
    @usableFromInline var traceDetails: [String: String] {
        switch self {
        case .app: return Self.details.app
        case .user: return Self.details.user
        case .click: return Self.details.click
        case .timeout: return Self.details.timeout
        case .reset: return Self.details.reset
        case .content: return Self.details.content
        }
    }

    private static let details = (app: ["cause": "app"], user: ["cause": "user"], click: ["cause": "click"],
                                  timeout: ["cause": "timeout"], reset: ["cause": "reset"], content: ["cause": "content"])
}

/// A user's click on a displayed message.
public struct Click: Hashable, Sendable, Codable {
    public enum Target: Hashable, Sendable, Codable {
        case body
        case button(id: String)
    }
    public var target: Target
    public var action: ClickAction
    /// A click whose handling keeps the message on screen (e.g. a link opened over it).
    public var keepsMessage: Bool
    /// When the click is reported to the `clicked` hook (where a facade logs it).
    public enum Logging: String, Hashable, Sendable, Codable {
        /// At the click.
        case atClick
        /// When the message leaves the screen (dismissed or hidden); a later such click replaces it, so one click
        /// is reported per display (a UI that remembers "the message was clicked" and reports it as its window closes).
        case whenDismissed
        /// Never; it replaces a remembered click with none (such a UI's latest click, which it does not report).
        case clearsRemembered
    }
    public var logging: Logging
    /// The click stops the message's automatic close (a tap on a slideup stops its timer).
    public var stopsAutoClose: Bool

    public init(target: Target, action: ClickAction, keepsMessage: Bool = false, logging: Logging = .atClick,
                stopsAutoClose: Bool = false) {
        self.target = target; self.action = action; self.keepsMessage = keepsMessage
        self.logging = logging; self.stopsAutoClose = stopsAutoClose
    }

    private enum CodingKeys: String, CodingKey { case target, action, keepsMessage, logging, stopsAutoClose }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        target = try c.decode(Target.self, forKey: .target)
        action = try c.decode(ClickAction.self, forKey: .action)
        keepsMessage = try c.decodeIfPresent(Bool.self, forKey: .keepsMessage) ?? false
        logging = try c.decodeIfPresent(Logging.self, forKey: .logging) ?? .atClick
        stopsAutoClose = try c.decodeIfPresent(Bool.self, forKey: .stopsAutoClose) ?? false
    }

    /// The button id, or nil for a click on the message body.
    public var buttonID: String? { if case .button(let id) = target { return id }; return nil }
}

/// The engine's rules for situations where vendors differ.
public struct PresentationRules: Sendable {
    /// What happens to a message that arrives while another is displayed.
    public enum WhenBusy: Sendable, Hashable {
        /// It fails with `Reason.conflict` and is not kept.
        case fail
        /// It goes on top of the stack.
        case stack
    }
    public var whenBusy: WhenBusy
    /// Refuse (and discard) a message whose orientations exclude the device's.
    public var checksOrientation: Bool
    /// Stack arriving messages while the app is in the background.
    public var stacksWhileInBackground: Bool
    /// Stack arriving messages while the keyboard is visible.
    public var stacksWhileKeyboardVisible: Bool
    /// Where decisions and presentation callbacks run.
    public var decisionExecutor: any CallbackExecutor
    /// Where dismissal callbacks run.
    public var dismissExecutor: any CallbackExecutor
    /// How many ended attempts (dismissed, discarded, failed, suppressed) keep their final state for `state(of:)`.
    /// nil (the default) keeps every one, so any message's outcome can be asked for later; a number bounds the
    /// table for long runs (older outcomes are forgotten; their trace entries are not affected).
    public var finishedStatesKept: Int? = nil

    public init(whenBusy: WhenBusy = .stack, checksOrientation: Bool = false, stacksWhileInBackground: Bool = false,
                stacksWhileKeyboardVisible: Bool = false, decisionExecutor: any CallbackExecutor = ImmediateExecutor(),
                dismissExecutor: any CallbackExecutor = ImmediateExecutor()) {
        self.whenBusy = whenBusy; self.checksOrientation = checksOrientation
        self.stacksWhileInBackground = stacksWhileInBackground; self.stacksWhileKeyboardVisible = stacksWhileKeyboardVisible
        self.decisionExecutor = decisionExecutor; self.dismissExecutor = dismissExecutor
    }
}

/// The points where a facade plugs its vendor's behaviour into the engine. Every hook is optional.
public struct PresentationHooks<Message: PresentableMessage>: Sendable {
    /// Asked before each consulted display (default: show).
    public var decide: (@Sendable (Message) -> Decision)?
    /// Asked instead of `decide` when a message arrives while the keyboard is visible and the rules stack it then:
    /// the app's decision made knowing the keyboard is up, or nil to stack the message for the keyboard
    /// (`keyboardVisible`, as without this hook). For a vendor whose app can answer the keyboard question itself.
    public var keyboardDecision: (@Sendable (Message) -> Decision?)?
    /// Last edit before display; returning nil means nothing can be displayed (the attempt fails, `noView`).
    public var prepare: (@Sendable (Message) -> Message?)?
    public var willPresent: (@Sendable (Message) -> Void)?
    public var didPresent: (@Sendable (Message) -> Void)?
    /// A display attempt failed or was suppressed (the message is not stacked).
    public var presentFailed: (@Sendable (Message, Reason) -> Void)?
    /// The message was discarded and will not be displayed.
    public var discarded: (@Sendable (Message, Reason) -> Void)?
    public var willDismiss: (@Sendable (Message, DismissCause) -> Void)?
    public var didDismiss: (@Sendable (Message, DismissCause) -> Void)?
    /// A click arrived (log it here).
    public var clicked: (@Sendable (Message, Click) -> Void)?
    /// Whether the click's action should be carried out (default: yes).
    public var shouldProcessClick: (@Sendable (Message, Click) -> Bool)?
    /// Carry out the click's action.
    public var processClick: (@Sendable (Message, Click) -> Void)?

    public init() {}
}

/// Presents messages one at a time.
///
/// The engine owns the display monitor (at most one message displayed; only the displayed message can be
/// dismissed), the stack of pending messages, the follow-up slot used while a click is processed, the
/// automatic-close timer, and the state of every message it has seen. Facades configure it with
/// `PresentationRules` and plug in `PresentationHooks`; they keep no state machine of their own.
///
/// All methods are safe to call from any thread. Hooks are called without any lock held, on the executor
/// the rules name for that step (or the caller's thread for `click`).
public final class PresentationEngine<Message: PresentableMessage>: @unchecked Sendable {
    @usableFromInline struct State {
        @usableFromInline var states: [MessageID: PresentationState] = [:]
        @usableFromInline var displayed: Message?
        @usableFromInline var stack = MessageStack<Message>()
        @usableFromInline var followup: Message?
        @usableFromInline var processingClick = false
        @usableFromInline var autoClose: ScheduledTimer?
        @usableFromInline var pendingDismiss: DismissCause?
        /// A click of the displayed message to be reported when it leaves the screen (`Click.Logging.whenDismissed`).
        @usableFromInline var clickToLog: Click?
        @usableFromInline var hooks = HookBox(PresentationHooks<Message>())
        @usableFromInline var invalidTransitions: [String] = []
        /// Ids whose attempt ended (dismissed, discarded, failed, suppressed), oldest first from `finishedHead`.
        @usableFromInline var finished: [MessageID] = []
        @usableFromInline var finishedHead = 0
    }

    public let environment: MessagingEnvironment
    public let rules: PresentationRules
    @usableFromInline let state = Locked(State())
    /// Whether the rules' executors run work in place (`ImmediateExecutor`): then the engine calls the work
    /// directly instead of wrapping it in an escaping closure for the executor.
    @usableFromInline let decidesInline: Bool
    @usableFromInline let dismissesInline: Bool
    private var deviceToken: Int?

    public init(environment: MessagingEnvironment, rules: PresentationRules = PresentationRules()) {
        self.environment = environment
        self.rules = rules
        decidesInline = rules.decisionExecutor is ImmediateExecutor
        dismissesInline = rules.dismissExecutor is ImmediateExecutor
        deviceToken = environment.device.addObserver { [weak self] change in self?.deviceChanged(change) }
    }

    deinit {
        if let deviceToken { environment.device.removeObserver(deviceToken) }
        state.withLock { $0.autoClose?.cancel() }
    }

    @inlinable var trace: Trace { environment.trace }

    // MARK: Configuration and inspection

    @inlinable public var hooks: PresentationHooks<Message> {
        get { state.withLock { $0.hooks.hooks } }
        set { state.withLock { $0.hooks = HookBox(newValue) } }
    }

    /// The current hooks, by reference: reading one hook retains only that closure.
    @inlinable var hookBox: HookBox { state.withLock { $0.hooks } }

    /// Hooks are replaced as a whole, so a box never changes after it is made.
    @usableFromInline final class HookBox: @unchecked Sendable {
        @usableFromInline let hooks: PresentationHooks<Message>
        @usableFromInline init(_ hooks: PresentationHooks<Message>) { self.hooks = hooks }
    }

    /// The message on screen (as prepared), if any — including while it is being presented or dismissed.
    @inlinable public var displayedMessage: Message? { state.withLock { $0.displayed } }

    /// Whether a message occupies the display.
    @inlinable public var isDisplaying: Bool { displayedMessage != nil }

    /// The pending messages, bottom first (the last is the top).
    @inlinable public var stack: MessageStack<Message> { state.withLock { $0.stack } }

    /// The message waiting to be presented after the current one is dismissed, if a click set one.
    @inlinable public var followup: Message? { state.withLock { $0.followup } }

    /// Whether a click on the displayed message is being processed.
    @inlinable public var isProcessingClick: Bool { state.withLock { $0.processingClick } }

    /// The latest state of a message, or nil if the engine never saw it.
    @inlinable public func state(of id: MessageID) -> PresentationState? { state.withLock { $0.states[id] } }

    /// Breaches of the state machine or stack invariants seen so far (empty unless there is a bug).
    @inlinable public var invariantViolations: [String] {
        state.withLock { s in
            var all = s.invalidTransitions + s.stack.violations
            if let d = s.displayed, s.stack.contains(d.messageID) { all.append("displayed \(d.messageID) is also stacked") }
            for id in s.stack.messageIDs where s.states[id]?.name != "stacked" {
                all.append("stacked \(id) has state \(s.states[id].map(\.description) ?? "none")")
            }
            return all
        }
    }

    /// Forgets the states of messages that are between attempts and not stacked, keeping memory flat over
    /// long runs. Their trace entries remain.
    @inlinable public func forgetFinishedMessages() {
        state.withLock { s in
            s.states = s.states.filter { id, st in !st.isIdle || s.stack.contains(id) || s.followup?.messageID == id }
            s.finished.removeAll()
            s.finishedHead = 0
        }
    }

    // MARK: Presenting

    /// Starts a display attempt for `message`. With `consultingDecision` the decision hook is asked first.
    /// The attempt runs on the rules' decision executor.
    @inlinable public func present(_ message: Message, consultingDecision: Bool = true) {
        if decidesInline { return runPresent(message, consultingDecision: consultingDecision) }
        rules.decisionExecutor.execute { [self] in
            runPresent(message, consultingDecision: consultingDecision)
        }
    }

    /// Offers the top of the stack for display (it is removed once it is displayed or refused for good).
    /// Without `consultingDecision` the decision hook is skipped. Returns false when the stack is empty.
    @discardableResult
    @inlinable public func presentNext(consultingDecision: Bool = false) -> Bool {
        guard let top = state.withLock({ $0.stack.top }) else {
            trace.record(.diagnostic, "presentNextWithEmptyStack")
            return false
        }
        let id = top.messageID
        rules.decisionExecutor.execute { [self] in
            guard consultingDecision else {
                showNow(top, fromStack: true)
                return
            }
            // Take it off the stack while the decision hook runs; a reenqueue puts it back on top.
            let current: Message? = state.withLock { s in
                guard let m = s.stack.remove(id) else { return nil }
                setState(&s, id, .deciding)
                return m
            }
            guard let current else {
                trace.record(.diagnostic, "presentNextStale", message: id)
                return
            }
            decideThenShow(current)
        }
        return true
    }

    /// Puts a message on the stack without trying to display it.
    @inlinable public func enqueue(_ message: Message, reason: Reason = .reenqueued) {
        let accepted: Bool = state.withLock { s in
            if s.states[message.messageID].map({ !$0.isIdle }) ?? false { return false }
            s.stack.push(message)
            setState(&s, message.messageID, .stacked(reason))
            return true
        }
        if !accepted { trace.record(.diagnostic, "enqueueIgnored", message: message.messageID, ["reason": "attemptInProgress"]) }
    }

    @usableFromInline enum Arrival {
        case proceed
        case stacked(Reason)
        case conflict
        case alreadyDisplayed
        case attemptInProgress
        case followup(replaced: Message?)
        case keyboardQuestion
    }

    @inlinable func runPresent(_ message: Message, consultingDecision: Bool) {
        let id = message.messageID
        let device = rules.stacksWhileInBackground || rules.stacksWhileKeyboardVisible ? environment.device.state : nil
        var box: HookBox?
        let arrival: Arrival = state.withLock { s in
            box = s.hooks
            if s.displayed?.messageID == id { return .alreadyDisplayed }
            guard setState(&s, id, .received) else { return .attemptInProgress }
            // A new attempt for a stacked message takes it off the stack; it is pushed again if it must wait.
            s.stack.remove(id)
            if s.displayed != nil {
                if s.processingClick {
                    let old = s.followup
                    s.followup = message
                    return .followup(replaced: old)
                }
                switch rules.whenBusy {
                case .fail:
                    setState(&s, id, .failed(.conflict))
                    return .conflict
                case .stack:
                    s.stack.push(message)
                    setState(&s, id, .stacked(.anotherMessageDisplayed))
                    return .stacked(.anotherMessageDisplayed)
                }
            }
            if let device, rules.stacksWhileInBackground && !device.isInForeground {
                s.stack.push(message)
                setState(&s, id, .stacked(.appInBackground))
                return .stacked(.appInBackground)
            }
            if let device, rules.stacksWhileKeyboardVisible && device.isKeyboardVisible {
                if consultingDecision && s.hooks.hooks.keyboardDecision != nil {
                    setState(&s, id, .deciding)
                    return .keyboardQuestion
                }
                s.stack.push(message)
                setState(&s, id, .stacked(.keyboardVisible))
                return .stacked(.keyboardVisible)
            }
            if consultingDecision { setState(&s, id, .deciding) }
            return .proceed
        }
        switch arrival {
        case .alreadyDisplayed:
            trace.record(.diagnostic, "alreadyDisplayed", message: id)
            hookBox.hooks.presentFailed?(message, .alreadyDisplayed)
        case .attemptInProgress:
            trace.record(.diagnostic, "presentIgnored", message: id, ["reason": "attemptInProgress"])
        case .conflict:
            hookBox.hooks.presentFailed?(message, .conflict)
        case .stacked:
            break
        case .followup(let replaced):
            trace.record(.decision, "followup", message: id)
            if let replaced {
                state.withLock { s in
                    s.stack.push(replaced)
                    setState(&s, replaced.messageID, .stacked(.followupReplaced))
                }
            }
        case .proceed:
            if consultingDecision { decideThenShow(message, box: box) } else { showNow(message, fromStack: false) }
        case .keyboardQuestion:
            let hooksBox = box ?? hookBox
            if let decision = hooksBox.hooks.keyboardDecision?(message) {
                trace.record(.decision, decision.name, message: id, decisionDetails(decision).merging(["keyboardVisible": "true"]) { a, _ in a })
                apply(decision, to: message, box: hooksBox)
            } else {
                state.withLock { s in
                    s.stack.push(message)
                    setState(&s, id, .stacked(.keyboardVisible))
                }
            }
        }
    }

    @inlinable func decideThenShow(_ message: Message, box given: HookBox? = nil) {
        let id = message.messageID
        let box = given ?? hookBox
        let decision = box.hooks.decide?(message) ?? .show
        trace.record(.decision, decision.name, message: id, decisionDetails(decision))
        apply(decision, to: message, box: box)
    }

    @inlinable func apply(_ decision: Decision, to message: Message, box: HookBox) {
        let id = message.messageID
        switch decision {
        case .show:
            showNow(message, fromStack: false)
        case .reenqueue:
            state.withLock { s in
                s.stack.push(message)
                setState(&s, id, .stacked(.reenqueued))
            }
        case .discard(let reason):
            state.withLock { s in
                s.stack.remove(id)
                setState(&s, id, .discarded(reason))
            }
            box.hooks.discarded?(message, reason)
        case .suppress(let reason):
            state.withLock { s in
                s.stack.remove(id)
                setState(&s, id, .suppressed(reason))
            }
            box.hooks.presentFailed?(message, reason)
        }
    }

    @inlinable func decisionDetails(_ d: Decision) -> [String: String] {
        switch d {
        case .discard(let r), .suppress(let r): return ["reason": r.description]
        default: return [:]
        }
    }

    @usableFromInline enum ShowCheck {
        case ok
        case stale
        case leftOnStack
        case stacked
        case conflict
        case discarded(Reason)
    }

    @inlinable func showNow(_ message: Message, fromStack: Bool) {
        let id = message.messageID
        let device = rules.checksOrientation ? environment.device.state : nil
        let now = environment.clock.now
        var box: HookBox?
        let check: ShowCheck = state.withLock { s in
            box = s.hooks
            // A stack candidate that was removed or re-presented meanwhile is no longer ours to show.
            if fromStack && !s.stack.contains(id) { return .stale }
            if s.displayed != nil {
                if fromStack && s.stack.contains(id) {
                    if s.states[id]?.name != "stacked" { setState(&s, id, .stacked(.anotherMessageDisplayed)) }
                    return .leftOnStack
                }
                switch rules.whenBusy {
                case .fail:
                    setState(&s, id, .failed(.conflict))
                    return .conflict
                case .stack:
                    s.stack.push(message)
                    setState(&s, id, .stacked(.anotherMessageDisplayed))
                    return .stacked
                }
            }
            if let device, !message.supportedOrientations.supports(device.orientation) {
                s.stack.remove(id)
                let reason = Reason.orientationMismatch.with(
                    detail: "message \(message.supportedOrientations.rawValue), device \(device.orientation.rawValue)")
                setState(&s, id, .discarded(reason))
                return .discarded(reason)
            }
            if let deadline = message.expiresAt, now > deadline {
                s.stack.remove(id)
                setState(&s, id, .discarded(.expired))
                return .discarded(.expired)
            }
            s.stack.remove(id)
            setState(&s, id, .presenting)
            s.displayed = message
            s.pendingDismiss = nil
            s.clickToLog = nil
            return .ok
        }
        switch check {
        case .stale:
            trace.record(.diagnostic, "presentNextStale", message: id)
            return
        case .leftOnStack:
            trace.record(.diagnostic, "otherMessageDisplayed", message: id, ["stack": "unchanged"])
            return
        case .stacked:
            return
        case .conflict:
            box?.hooks.presentFailed?(message, .conflict)
            return
        case .discarded(let reason):
            box?.hooks.discarded?(message, reason)
            return
        case .ok:
            break
        }

        let hooksBox = box ?? hookBox
        guard let prepared = hooksBox.hooks.prepare.map({ $0(message) }) ?? message else {
            state.withLock { s in
                s.displayed = nil
                setState(&s, id, .failed(.noView))
            }
            hooksBox.hooks.presentFailed?(message, .noView)
            return
        }
        state.withLock { s in
            s.displayed = prepared
            if case .automatic(let seconds) = message.closeBehavior {
                s.autoClose?.cancel()
                s.autoClose = environment.clock.schedule(after: seconds) { [weak self] in
                    self?.autoCloseFired(id)
                }
            }
        }
        if case .automatic(let seconds) = message.closeBehavior {
            trace.record(.timer, "autoCloseScheduled", message: id, ["after": String(seconds)])
        }
        hooksBox.hooks.willPresent?(prepared)
        let pending: DismissCause? = state.withLock { s in
            setState(&s, id, .displayed)
            defer { s.pendingDismiss = nil }
            return s.pendingDismiss
        }
        hooksBox.hooks.didPresent?(prepared)
        if let pending { dismiss(id, cause: pending) }
    }

    @inlinable func autoCloseFired(_ id: MessageID) {
        trace.record(.timer, "autoCloseFired", message: id)
        dismiss(id, cause: .timeout)
    }

    // MARK: Dismissing

    /// Dismisses the displayed message. With an `id`, only if that message is the one displayed; otherwise
    /// the call is ignored (traced) and returns false. Callbacks run on the rules' dismiss executor.
    @discardableResult
    @inlinable public func dismiss(_ id: MessageID? = nil, cause: DismissCause = .app) -> Bool {
        var box: HookBox?
        let outcome: DismissOutcome = state.withLock { s in
            guard let shown = s.displayed else { return .ignored("nothingDisplayed") }
            if let id, id != shown.messageID { return .ignored("notTheDisplayedMessage") }
            box = s.hooks
            switch s.states[shown.messageID] {
            case .displayed?:
                setState(&s, shown.messageID, .dismissing)
                s.autoClose?.cancel()
                s.autoClose = nil
                return .go(shown)
            case .presenting?:
                s.pendingDismiss = cause
                return .deferred
            default:
                return .ignored("alreadyDismissing")
            }
        }
        switch outcome {
        case .ignored(let why):
            trace.record(.diagnostic, "dismissIgnored", message: id, ["reason": why])
            return false
        case .deferred:
            trace.record(.diagnostic, "dismissDeferredUntilPresented", message: id)
            return true
        case .go(let shown):
            if dismissesInline {
                finishDismiss(shown, cause: cause, box: box)
            } else {
                rules.dismissExecutor.execute { [self] in finishDismiss(shown, cause: cause) }
            }
            return true
        }
    }

    @usableFromInline enum DismissOutcome { case go(Message), deferred, ignored(String) }

    @inlinable func finishDismiss(_ shown: Message, cause: DismissCause, box given: HookBox? = nil) {
        let box = given ?? hookBox
        box.hooks.willDismiss?(shown, cause)
        var clickToLog: Click?
        let next: Message? = state.withLock { s in
            s.displayed = nil
            s.processingClick = false
            clickToLog = s.clickToLog
            s.clickToLog = nil
            setState(&s, shown.messageID, .dismissed, cause.traceDetails)
            let f = s.followup
            s.followup = nil
            return f
        }
        if let clickToLog { box.hooks.clicked?(shown, clickToLog) }
        box.hooks.didDismiss?(shown, cause)
        if let next {
            trace.record(.decision, "presentFollowup", message: next.messageID)
            present(next)
        }
    }

    /// Takes the displayed message off screen without dismissing it: no callbacks, and the display is free
    /// for another message. The message can be presented again later.
    @discardableResult
    @inlinable public func hide(_ id: MessageID? = nil) -> Bool {
        var clickToLog: (Message, Click)?
        let hidden: Bool = state.withLock { s in
            guard let shown = s.displayed, id == nil || id == shown.messageID,
                  s.states[shown.messageID] == .displayed else { return false }
            s.displayed = nil
            s.autoClose?.cancel()
            s.autoClose = nil
            if let click = s.clickToLog { clickToLog = (shown, click) }
            s.clickToLog = nil
            setState(&s, shown.messageID, .hidden)
            return true
        }
        if !hidden { trace.record(.diagnostic, "hideIgnored", message: id) }
        // A deferred click is logged when the message leaves the screen, hidden included.
        if let clickToLog { hookBox.hooks.clicked?(clickToLog.0, clickToLog.1) }
        return hidden
    }

    // MARK: Clicks

    /// Handles a click on the displayed message: the `clicked` hook, then `shouldProcessClick`, then (if
    /// allowed) `processClick`, then dismissal unless the click keeps the message. A message presented
    /// while the click is processed becomes the follow-up, shown after this one is dismissed.
    /// Returns false (and traces why) when `id` is not the displayed message.
    @discardableResult
    @inlinable public func click(_ id: MessageID?, _ click: Click) -> Bool {
        var current: HookBox?
        let target: Message? = state.withLock { s in
            guard let shown = s.displayed, id == nil || id == shown.messageID,
                  s.states[shown.messageID] == .displayed else { return nil }
            current = s.hooks
            return shown
        }
        guard let shown = target, let box = current else {
            trace.record(.diagnostic, "clickIgnored", message: id, ["reason": "notDisplayed"])
            return false
        }
        let clicked = click.buttonID.map { "button:\($0)" } ?? "body"
        let details: [String: String]
        if case .url(let url, _) = click.action {
            details = ["target": clicked, "url": url.absoluteString]
        } else {
            details = ["target": clicked]
        }
        trace.record(.decision, "click", message: shown.messageID, details)
        if click.logging != .atClick || click.stopsAutoClose {
            state.withLock { s in
                guard s.displayed?.messageID == shown.messageID else { return }
                switch click.logging {
                case .atClick: break
                case .whenDismissed: s.clickToLog = click
                case .clearsRemembered: s.clickToLog = nil
                }
                if click.stopsAutoClose, let timer = s.autoClose {
                    timer.cancel()
                    s.autoClose = nil
                    trace.record(.decision, "autoCloseStopped", message: shown.messageID)
                }
            }
        }
        switch click.logging {
        case .atClick: box.hooks.clicked?(shown, click)
        case .whenDismissed: trace.record(.decision, "clickLogDeferred", message: shown.messageID, ["target": clicked])
        case .clearsRemembered: trace.record(.decision, "clickLogCleared", message: shown.messageID, ["target": clicked])
        }
        let process = box.hooks.shouldProcessClick?(shown, click) ?? true
        trace.record(.decision, process ? "processClick" : "skipClickAction", message: shown.messageID)
        if process {
            state.withLock { $0.processingClick = !click.keepsMessage }
            box.hooks.processClick?(shown, click)
        }
        if !click.keepsMessage { dismiss(shown.messageID, cause: .click) }
        return true
    }

    // MARK: Reset

    /// Discards everything pending (stack and follow-up) with `reason`, then dismisses the displayed message.
    @inlinable public func reset(reason: Reason = .reset) {
        let dropped: [Message] = state.withLock { s in
            var all = s.stack.removeAll()
            if let f = s.followup { all.append(f) }
            s.followup = nil
            s.processingClick = false
            for m in all { setState(&s, m.messageID, .discarded(reason)) }
            return all
        }
        let box = hookBox
        for m in dropped { box.hooks.discarded?(m, reason) }
        if isDisplaying { dismiss(nil, cause: .reset) }
    }

    // MARK: Internals

    /// Moves a message to `next`, recording the change; an illegal move is recorded as a violation and made anyway
    /// (the engine never traps).
    @discardableResult
    @inlinable func setState(_ s: inout State, _ id: MessageID, _ next: PresentationState,
                          _ extra: [String: String] = [:]) -> Bool {
        // One hash lookup on the common path: write first, and put the old state back if the move is refused.
        if let current = s.states.updateValue(next, forKey: id), !current.canMove(to: next) {
            if case .received = next {
                s.states[id] = current
                return false
            }
            s.invalidTransitions.append("\(id): \(current) -> \(next)")
        }
        switch next {
        case .dismissed, .discarded, .failed, .suppressed: retireOldFinished(&s, adding: id)
        default: break
        }
        if let r = next.reason {
            var details = extra
            details["reason"] = r.description
            trace.record(.state, next.name, message: id, details)
        } else {
            trace.record(.state, next.name, message: id, extra)
        }
        return true
    }

    /// With `rules.finishedStatesKept` set, keeps the states of at most that many ended attempts: past it, the oldest is forgotten
    /// (if it has not started again, is not stacked and is not the follow-up), so memory stays flat however many
    /// messages go through. Its trace entries are unaffected.
    @inlinable func retireOldFinished(_ s: inout State, adding id: MessageID) {
        guard let kept = rules.finishedStatesKept else { return }
        s.finished.append(id)
        guard s.finished.count - s.finishedHead > kept else { return }
        let old = s.finished[s.finishedHead]
        s.finishedHead += 1
        if let st = s.states[old], st.isIdle, st != .hidden, !s.stack.contains(old), s.followup?.messageID != old {
            s.states[old] = nil
        }
        if s.finishedHead > 4096 && s.finishedHead * 2 > s.finished.count {
            s.finished.removeFirst(s.finishedHead)
            s.finishedHead = 0
        }
    }

    @inlinable func move(_ id: MessageID, to next: PresentationState) -> Bool {
        state.withLock { s in setState(&s, id, next) }
    }

    private func deviceChanged(_ change: DeviceChange) {
        guard change.old.orientation != change.new.orientation,
              let shown = displayedMessage else { return }
        let o = change.new.orientation
        if shown.supportedOrientations.supports(o) {
            trace.record(.device, "messageRotated", message: shown.messageID, ["orientation": o.rawValue])
        } else {
            trace.record(.diagnostic, "rotationNotSupported", message: shown.messageID, ["orientation": o.rawValue])
        }
    }
}

extension PresentableMessage {
    /// Clock time after which the message may no longer be displayed; nil by default.
    public var expiresAt: TimeInterval? { nil }
}
