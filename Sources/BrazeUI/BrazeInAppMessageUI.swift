import Foundation
import BrazeKit
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// The stock in-app message presenter: set it as `braze.inAppMessagePresenter` and it displays triggered
/// messages one at a time, keeping the others on a stack.
///
/// It is a thin translation onto the core `PresentationEngine` (one engine per instance: busy → stack,
/// orientation checked, every step run synchronously on the calling thread). The engine owns the display
/// monitor, the stack, the follow-up slot used while a click is processed, and the auto-dismiss timer;
/// this class maps each step to the Braze delegate calls, views and analytics.
///
/// Threading: like upstream (which is `@MainActor`), drive one instance from one thread — the main thread in
/// an app, the test's thread in a test. The compiler does not enforce it here; see Docs/Braze.md.
open class BrazeInAppMessageUI: BrazeInAppMessagePresenter, @unchecked Sendable {
    /// What the engine presents: a Braze message with the identity it arrived with.
    struct Item: PresentableMessage {
        let message: Braze.InAppMessage
        let messageID: MessageID
        init(_ message: Braze.InAppMessage, id: MessageID? = nil) {
            self.message = message
            self.messageID = id ?? message.traceID
        }
        var supportedOrientations: OrientationSupport { message.orientation.support }
        var closeBehavior: CloseBehavior {
            if case .auto(let t) = message.messageClose { return .automatic(after: t) }
            return .userAction
        }
    }

    /// One displayed message and its view.
    final class Presentation: @unchecked Sendable {
        let id: MessageID
        var context: PresentationContext
        let view: any InAppMessageView
        var orientation: UIInterfaceOrientation
        var completions: [() -> Void] = []
        var viewDidDismiss = false
        /// Set for an HTML link that must not log a click (no abButtonId, not legacy).
        var skipClickLog = false
        /// The window hosting the view while it is presented (sized to the simulated screen).
        var window: UIWindow?
        init(id: MessageID, context: PresentationContext, view: any InAppMessageView, orientation: UIInterfaceOrientation) {
            self.id = id; self.context = context; self.view = view; self.orientation = orientation
        }
    }

    private final class WeakDelegate: @unchecked Sendable {
        weak var value: (any BrazeInAppMessageUIDelegate)?
    }

    /// The environment (clock, device, trace) this UI runs in: `MessagingEnvironment.current` at creation.
    public let environment: MessagingEnvironment
    let engine: PresentationEngine<Item>
    private let delegateBox = Locked(WeakDelegate())
    private let current = Locked<Presentation?>(nil)
    private var deviceToken: Int?

    public init() {
        environment = MessagingEnvironment.current
        engine = PresentationEngine(environment: environment, rules: PresentationRules(
            whenBusy: .stack, checksOrientation: true, decisionExecutor: ImmediateExecutor(), dismissExecutor: ImmediateExecutor()))
        installHooks()
        deviceToken = environment.device.addObserver { [weak self] change in self?.deviceChanged(change) }
    }

    deinit {
        if let deviceToken { environment.device.removeObserver(deviceToken) }
    }

    // MARK: Public API

    /// The delegate, held weakly (keep your own reference).
    public var delegate: (any BrazeInAppMessageUIDelegate)? {
        get { delegateBox.withLock { $0.value } }
        set { delegateBox.withLock { $0.value = newValue } }
    }

    /// The view of the displayed message, if any.
    public var messageView: (any InAppMessageView)? { current.withLock { $0?.view } }

    /// Messages waiting to be displayed; the last is the top (what `presentNext()` offers).
    public var stack: [Braze.InAppMessage] { engine.stack.elements.map(\.message) }

    /// Presents `message`: on top of the stack when another message is displayed (or as the follow-up
    /// while a click on it is processed), otherwise after asking the delegate's display choice.
    nonisolated open func present(message: Braze.InAppMessage) {
        if engine.isDisplaying && !engine.isProcessingClick {
            report(.otherMessagePresented(push: true), context: nil, id: message.traceID)
        }
        engine.present(Item(message), consultingDecision: true)
    }

    /// Presents a raw message (e.g. parsed from a JSON payload). A raw message that cannot become a typed one
    /// is dropped with `rawToTypedConversion` logged.
    open func present(message: Braze.InAppMessageRaw) {
        do {
            present(message: try Braze.InAppMessage(message))
        } catch {
            report(.rawToTypedConversion(String(describing: error)), context: message.context, id: nil)
        }
    }

    /// Drops every pending message (stack and follow-up, their contexts discarded), discards the displayed
    /// message's context and dismisses it. Called by `Braze.changeUser` and `Braze.wipeData`.
    public func dismiss(reason: Braze.InAppMessage.DismissalReason) {
        environment.trace.record(.decision, "dismissAll", ["reason": reason.rawValue])
        if let shown = engine.displayedMessage { shown.message.context?.discard() }
        engine.reset(reason: Reason.reset.with(detail: reason.rawValue))
    }

    /// Offers the top of the stack for display, without asking the display choice (as upstream). It leaves
    /// the stack only once displayed or refused (orientation, invalid context); nothing happens while
    /// another message is displayed or when the stack is empty.
    public func presentNext() {
        if engine.isDisplaying, let top = engine.stack.top {
            report(.otherMessagePresented(push: false), context: nil, id: top.messageID)
        }
        engine.presentNext(consultingDecision: false)
    }

    /// Dismisses the displayed message; `completion` runs after its `didDismiss` (at once if none is shown).
    public func dismiss(completion: (() -> Void)? = nil) {
        guard let pres = current.snapshot else { completion?(); return }
        if let completion { current.withLock { _ = $0.map { $0.completions.append(completion) } } }
        if !engine.dismiss(pres.id, cause: .app) {
            let pending = current.withLock { p -> [() -> Void] in
                guard let p, p === pres else { return [] }
                defer { p.completions.removeAll() }
                return p.completions
            }
            pending.forEach { $0() }
        }
    }

    // MARK: Test-visible presentation state

    /// The context of the displayed message, as `prepareWith` left it.
    public var presentationContext: PresentationContext? { current.withLock { $0?.context } }

    /// Whether the status bar is hidden now (false when nothing is displayed): `.hidden`/`.visible` from the
    /// presentation context, else the view's `prefersStatusBarHidden`, else the preferences proxy's, else false.
    public var isStatusBarHidden: Bool {
        guard let pres = current.snapshot else { return false }
        switch pres.context.statusBarHideBehavior {
        case .hidden: return true
        case .visible: return false
        case .auto: return pres.view.prefersStatusBarHidden ?? pres.context.preferencesProxy?.prefersStatusBarHidden ?? false
        }
    }

    /// The interface orientation the displayed message is shown in (nil when nothing is displayed).
    public var messageOrientation: UIInterfaceOrientation? { current.withLock { $0?.orientation } }

    /// The displayed message laid out by the environment's renderer on the simulated screen (as prepared,
    /// in the device's current appearance and orientation); nil when nothing is displayed or it cannot be laid out.
    public var renderedMessage: RenderedMessage? {
        guard let pres = current.snapshot else { return nil }
        var rendered = try? environment.renderer.render(pres.context.message.coreMessage,
                                                        in: RenderContext(device: environment.device.state))
        rendered?.hidesStatusBar = isStatusBarHidden
        return rendered
    }

    /// Breaches of the engine's state-machine and stack invariants (empty unless there is a bug).
    package var invariantViolations: [String] { engine.invariantViolations }

    /// Puts a message on the stack without presenting it (for the legacy Appboy controller).
    package func enqueue(_ message: Braze.InAppMessage) {
        engine.enqueue(Item(message))
    }

    /// The window level of the displayed message.
    public var windowLevel: UIWindow.Level? { current.withLock { $0?.context.windowLevel } }

    // MARK: Engine hooks

    private func installHooks() {
        var hooks = PresentationHooks<Item>()
        hooks.decide = { [weak self] item in self?.decide(item) ?? .show }
        hooks.prepare = { [weak self] item in self?.prepare(item) }
        hooks.willPresent = { [weak self] item in self?.engineWillPresent(item) }
        hooks.didPresent = { [weak self] item in self?.engineDidPresent(item) }
        hooks.presentFailed = { [weak self] item, reason in
            self?.environment.trace.record(.diagnostic, "presentFailed", message: item.messageID, ["reason": reason.description])
        }
        hooks.discarded = { [weak self] item, reason in self?.discarded(item, reason) }
        hooks.willDismiss = { [weak self] item, _ in self?.engineWillDismiss(item) }
        hooks.didDismiss = { [weak self] item, _ in self?.engineDidDismiss(item) }
        hooks.clicked = { [weak self] item, click in self?.clicked(item, click) }
        hooks.shouldProcessClick = { [weak self] item, click in self?.shouldProcess(item, click) ?? true }
        hooks.processClick = { [weak self] item, click in self?.processClick(item, click) }
        engine.hooks = hooks
    }

    private func callback(_ name: String, _ id: MessageID) {
        environment.trace.record(.callback, name, message: id)
    }

    private func decide(_ item: Item) -> Decision {
        guard let delegate else { return .show }
        callback("inAppMessage(_:displayChoiceForMessage:)", item.messageID)
        switch delegate.inAppMessage(self, displayChoiceForMessage: item.message) {
        case .now: return .show
        case .reenqueue: return .reenqueue
        case .discard: return .discard(.discardedByDecision)
        }
    }

    private func discarded(_ item: Item, _ reason: Reason) {
        switch reason.code {
        case Reason.orientationMismatch.code:
            report(.noMatchingOrientation, context: item.message.context, id: item.messageID)
        case Reason.discardedByDecision.code, Reason.reset.code:
            item.message.context?.discard()
        default:
            break
        }
    }

    private func currentInterfaceOrientation() -> UIInterfaceOrientation {
        UIInterfaceOrientation(environment.device.state.orientation)
    }

    /// Prepares in this UI's environment, whichever thread or test calls: the default attributes, the image
    /// provider and the views belong to the world the UI was created in.
    private func prepare(_ item: Item) -> Item? {
        environment.withCurrent { prepareInEnvironment(item) }
    }

    private func prepareInEnvironment(_ item: Item) -> Item? {
        let id = item.messageID
        if let ctx = item.message.context, !ctx.valid {
            report(.messageContextInvalid, context: ctx, id: id)
            return nil
        }
        var context = PresentationContext(message: item.message, attributes: .defaults(for: item.message),
                                          preferredOrientation: currentInterfaceOrientation())
        if let delegate {
            callback("inAppMessage(_:prepareWith:)", id)
            delegate.inAppMessage(self, prepareWith: &context)
        }
        guard let view = context.customView ?? Self.createMessageView(context.message, context.attributes) else {
            report(.noMessageView, context: item.message.context, id: id)
            return nil
        }
        if let ctx = item.message.context, let braze = ctx.braze, braze.user.id != ctx.userID {
            report(.triggeredUserCurrentUserMismatch(messageId: item.message.data.id, currentUser: braze.user.id,
                                                     previousUser: ctx.userID), context: ctx, id: id)
            return nil
        }
        let orientation = resolveOrientation(preferred: context.preferredOrientation, message: context.message)
        let pres = Presentation(id: id, context: context, view: view, orientation: orientation)
        ViewRegistry.update(view) { $0.ui = self }
        current.withLock { $0 = pres }
        environment.trace.record(.device, "presentationOrientation", message: id, ["orientation": "\(orientation)"])
        return Item(context.message, id: id)
    }

    /// The preferred orientation when the message and the app both allow it, else the device's.
    private func resolveOrientation(preferred: UIInterfaceOrientation, message: Braze.InAppMessage) -> UIInterfaceOrientation {
        let device = environment.device.state
        if let p = DeviceOrientation(preferred), message.orientation.support.supports(p), device.supportedOrientations.contains(p) {
            return preferred
        }
        return UIInterfaceOrientation(device.orientation)
    }

    private func presentation(_ id: MessageID) -> Presentation? {
        current.withLock { p in p?.id == id ? p : nil }
    }

    private func engineWillPresent(_ item: Item) {
        guard let pres = presentation(item.messageID) else { return }
        pres.window = hostWindow(for: pres)
        pres.view.present(completion: nil)
    }

    /// A window of the simulated screen's size at the context's level, holding the view (full size unless it
    /// is a slideup, which places itself), so views see a superview, a window and safe-area insets as on a device.
    private func hostWindow(for pres: Presentation) -> UIWindow {
        let device = environment.device.state
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: device.screenSize.width, height: device.screenSize.height))
        window.windowLevel = pres.context.windowLevel
        window.simulateSafeAreaInsets(UIEdgeInsets(top: device.statusBarHeight, left: 0, bottom: 0, right: 0))
        window.addSubview(pres.view)
        if !(pres.view is SlideupView) { pres.view.frame = window.bounds }
        return window
    }

    private func engineDidPresent(_ item: Item) {
        if case .control = item.message {
            engine.dismiss(item.messageID, cause: .app)
        }
    }

    private func engineWillDismiss(_ item: Item) {
        guard let pres = presentation(item.messageID) else { return }
        pres.view.dismiss(completion: nil)
    }

    private func engineDidDismiss(_ item: Item) {
        let pres: Presentation? = current.withLock { p in
            guard let found = p, found.id == item.messageID else { return nil }
            p = nil
            return found
        }
        guard let pres else { return }
        ViewRegistry.remove(pres.view)
        if pres.view.superview === pres.window { pres.view.removeFromSuperview() }
        pres.window = nil
        if let delegate {
            callback("inAppMessage(_:didDismiss:view:)", item.messageID)
            delegate.inAppMessage(self, didDismiss: item.message, view: pres.view)
        }
        pres.completions.forEach { $0() }
    }

    private func clicked(_ item: Item, _ click: Click) {
        guard let pres = presentation(item.messageID) else { return }
        if pres.skipClickLog {
            pres.skipClickLog = false
            return
        }
        logClick(for: pres.view, buttonId: click.buttonID)
    }

    private func shouldProcess(_ item: Item, _ click: Click) -> Bool {
        guard let delegate, let pres = presentation(item.messageID) else { return true }
        callback("inAppMessage(_:shouldProcess:buttonId:message:view:)", item.messageID)
        return delegate.inAppMessage(self, shouldProcess: Braze.InAppMessage.ClickAction(click.action),
                                     buttonId: click.buttonID, message: item.message, view: pres.view)
    }

    private func processClick(_ item: Item, _ click: Click) {
        guard let context = item.message.context else {
            report(.noContextProcessClickAction, context: nil, id: item.messageID)
            return
        }
        context.processClickAction(Braze.InAppMessage.ClickAction(click.action), target: nil)
    }

    // MARK: Called by views (InAppMessageView extension)

    private func presentation(of view: any InAppMessageView) -> Presentation? {
        current.withLock { p in p?.view === view ? p : nil }
    }

    func viewWillPresent(_ view: any InAppMessageView) {
        guard let pres = presentation(of: view), let delegate else { return }
        callback("inAppMessage(_:willPresent:view:)", pres.id)
        delegate.inAppMessage(self, willPresent: pres.context.message, view: view)
    }

    func viewDidPresent(_ view: any InAppMessageView) {
        guard let pres = presentation(of: view), let delegate else { return }
        callback("inAppMessage(_:didPresent:view:)", pres.id)
        delegate.inAppMessage(self, didPresent: pres.context.message, view: view)
    }

    func viewWillDismiss(_ view: any InAppMessageView) {
        guard let pres = presentation(of: view), let delegate else { return }
        callback("inAppMessage(_:willDismiss:view:)", pres.id)
        delegate.inAppMessage(self, willDismiss: pres.context.message, view: view)
    }

    func viewDidDismiss(_ view: any InAppMessageView) {
        presentation(of: view)?.viewDidDismiss = true
    }

    func logImpression(for view: any InAppMessageView) {
        guard let pres = presentation(of: view) else { return }
        if let context = pres.context.message.context {
            context.logImpression()
        } else {
            report(.noContextLogImpression, context: nil, id: pres.id)
        }
    }

    func logClick(for view: any InAppMessageView, buttonId: String?) {
        guard let pres = presentation(of: view) else { return }
        if let context = pres.context.message.context {
            context.logClick(buttonId: buttonId)
        } else {
            report(.noContextLogClick, context: nil, id: pres.id)
        }
    }

    func process(for view: any InAppMessageView, clickAction: Braze.InAppMessage.ClickAction, buttonId: String?) {
        guard let pres = presentation(of: view) else { return }
        if let delegate {
            callback("inAppMessage(_:shouldProcess:buttonId:message:view:)", pres.id)
            guard delegate.inAppMessage(self, shouldProcess: clickAction, buttonId: buttonId, message: pres.context.message,
                                        view: view) else { return }
        }
        guard let context = pres.context.message.context else {
            report(.noContextProcessClickAction, context: nil, id: pres.id)
            return
        }
        context.processClickAction(clickAction, target: nil)
    }

    func logError(_ error: Error, view: any InAppMessageView) {
        let pres = presentation(of: view)
        report(error, context: pres?.context.message.context, id: pres?.id)
    }

    /// Logs through the message context when there is one, else records a diagnostic.
    func report(_ error: Error, context: Braze.InAppMessage.Context?, id: MessageID?) {
        if let context {
            context.logError(flattened: error.flattened)
        } else {
            var details = ["error": error.flattened]
            if let fix = error.fixWithoutContext { details["fix"] = fix }
            environment.trace.record(.diagnostic, "error", message: id, details)
        }
    }

    // MARK: User input (used by the views and the simulation API)

    /// Routes a click on the displayed view through the engine (log → shouldProcess → process → dismiss).
    func click(on view: any InAppMessageView, buttonId: String?, action: Braze.InAppMessage.ClickAction,
               keepsMessage: Bool = false, logsClick: Bool = true) {
        guard let pres = presentation(of: view) else {
            environment.trace.record(.diagnostic, "clickIgnored", ["reason": "viewNotDisplayed"])
            return
        }
        pres.skipClickLog = !logsClick
        let target: Click.Target = buttonId.map { .button(id: $0) } ?? .body
        engine.click(pres.id, Click(target: target, action: action.core, keepsMessage: keepsMessage))
    }

    /// The engine id of `view`'s message, when `view` is displayed.
    func displayedID(of view: any InAppMessageView) -> MessageID? { presentation(of: view)?.id }

    /// The Braze instance behind the displayed message (through its context).
    func brazeInstance(for view: any InAppMessageView) -> Braze? { presentation(of: view)?.context.message.context?.braze }

    /// Dismisses because the user closed the view (close button, swipe, background tap).
    func userClose(_ view: any InAppMessageView) {
        guard let pres = presentation(of: view) else { return }
        engine.dismiss(pres.id, cause: .user)
    }

    /// A stock view asked to be dismissed (its `dismiss(completion:)` outside a teardown).
    func requestDismiss(_ view: any InAppMessageView, completion: (() -> Void)?) -> Bool {
        guard let pres = presentation(of: view) else { return false }
        if let completion { pres.completions.append(completion) }
        engine.dismiss(pres.id, cause: .app)
        return true
    }

    /// Whether the UI is currently taking `view` down (its dismissal should run now).
    func isTearingDown(_ view: any InAppMessageView) -> Bool {
        guard let pres = presentation(of: view) else { return true }
        return engine.state(of: pres.id) == .dismissing
    }

    // MARK: Device

    private func deviceChanged(_ change: DeviceChange) {
        if change.old.appearance != change.new.appearance || change.old.screenSize != change.new.screenSize {
            messageView?.html?.syncPageViewport()
        }
        if change.old.appearance != change.new.appearance, let view = messageView {
            // Stock views re-apply their theme when the traits change.
            view.slideup?.applyTheme()
            view.modal?.applyTheme()
            view.modalImage?.applyTheme()
        }
        guard change.old.orientation != change.new.orientation else { return }
        let o = change.new.orientation
        current.withLock { p in
            guard let p, p.context.message.orientation.support.supports(o),
                  change.new.supportedOrientations.contains(o) else { return }
            p.orientation = UIInterfaceOrientation(o)
        }
    }

    // MARK: Views

    /// The stock view for a message and attributes of the same kind (control ignores attributes); nil on a
    /// kind mismatch.
    static func createMessageView(_ message: Braze.InAppMessage, _ attributes: ViewAttributes?) -> (any InAppMessageView)? {
        switch (message, attributes) {
        case (.slideup(let m), .slideup(let a)?): return SlideupView(message: m, attributes: a)
        case (.modal(let m), .modal(let a)?): return ModalView(message: m, attributes: a)
        case (.modalImage(let m), .modalImage(let a)?): return ModalImageView(message: m, attributes: a)
        case (.full(let m), .full(let a)?): return FullView(message: m, attributes: a)
        case (.fullImage(let m), .fullImage(let a)?): return FullImageView(message: m, attributes: a)
        case (.html(let m), .html(let a)?): return HtmlView(message: m, attributes: a)
        case (.control(let m), _): return ControlView(message: m)
        default: return nil
        }
    }
}

extension UIInterfaceOrientation {
    init(_ o: DeviceOrientation) {
        switch o {
        case .portrait: self = .portrait
        case .portraitUpsideDown: self = .portraitUpsideDown
        case .landscapeLeft: self = .landscapeLeft
        case .landscapeRight: self = .landscapeRight
        }
    }
}

extension DeviceOrientation {
    init?(_ o: UIInterfaceOrientation) {
        switch o {
        case .portrait: self = .portrait
        case .portraitUpsideDown: self = .portraitUpsideDown
        case .landscapeLeft: self = .landscapeLeft
        case .landscapeRight: self = .landscapeRight
        default: return nil
        }
    }
}

extension Braze.InAppMessage.ClickAction {
    init(_ core: InAppCore.ClickAction) {
        switch core {
        case .none: self = .none
        case .url(let url, let inWebView): self = .url(url, useWebView: inWebView)
        }
    }
}
