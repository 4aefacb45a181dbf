import Foundation
import InAppContent
import InAppCore

/// The legacy in-app message controller: a thin translation onto the core `PresentationEngine`, which owns the
/// stack (last in, first out), the one-at-a-time display, the auto-close timer and the return-to-stack rules
/// (app in background, another message visible, keyboard up, `.displayInAppMessageLater`).
open class ABKInAppMessageController: NSObject, @unchecked Sendable {
    /// Asked before each display (on the main thread). Held weakly.
    open weak var delegate: (any ABKInAppMessageControllerDelegate)?
    /// The UI. With the module `AppboyUI` linked it starts as that module's `ABKInAppMessageUIController` (as
    /// upstream, where the compatibility UI is used when present), whose UI delegate joins the display flow;
    /// otherwise nil. A custom UI set here is told about each displayed message and asked for display choices when
    /// there is no `delegate`.
    open var inAppMessageUIController: (any ABKInAppMessageUIControlling)?
    /// Whether a tap outside a modal closes it (read by the modal UI; default false).
    open var enableDismissModalOnOutsideTap: Bool = false

    package let environment: MessagingEnvironment
    let presenter: PresentationEngine<AppboyMessage>
    /// The instance that owns this controller: its URL delegate, and its delivery engine's asset cache for HTML pages.
    weak var appboy: Appboy?
    /// The web views of displayed HTML messages (one at a time on screen; kept per id while dismissing).
    private let htmlPages = Locked<[MessageID: ABKInAppMessageWebViewBridge]>([:])

    /// Headless extra (not upstream): the page of the HTML message on screen, running its JavaScript, or nil when
    /// none is displayed. Tap, type, press and advance its timers as a person and time would
    /// (`try controller.htmlPage?.tap(selector: "#vote")`); bridge calls and links reach the SDK as on a device.
    open var htmlPage: ContentPage? {
        guard let displayed = presenter.displayedMessage?.messageID else { return nil }
        return htmlPages.withLock { $0[displayed]?.page }
    }

    init(environment: MessagingEnvironment) {
        self.environment = environment
        presenter = PresentationEngine(environment: environment, rules: .stackingTriggeredMessages(
            keyboardHandledByApp: false, decisionExecutor: environment.main, dismissExecutor: environment.main))
        super.init()
        installHooks()
        if let ui = Self.makeBuiltInUI() {
            inAppMessageUIController = ui
            ui.attach(to: self)
        }
    }

    /// The module `AppboyUI`'s UI controller, when that module is in the program (looked up by name, as the
    /// upstream SDK looks for its compatibility UI class).
    private static func makeBuiltInUI() -> (any ABKInAppMessageBuiltInUI)? {
        guard let type = NSClassFromString("AppboyUI.ABKInAppMessageUIController") as? any ABKInAppMessageBuiltInUI.Type
        else { return nil }
        return type.init()
    }

    /// The UI controller when it is the built-in one.
    package var builtInUI: (any ABKInAppMessageBuiltInUI)? { inAppMessageUIController as? any ABKInAppMessageBuiltInUI }

    /// The message on screen, or nil.
    package var displayedInAppMessage: ABKInAppMessage? { presenter.displayedMessage?.object }

    /// Offers the top-most message of the stack (the most recently stacked one) for display; the delegate is
    /// asked again. Nothing happens when the stack is empty.
    open func displayNextInAppMessage() {
        presenter.presentNext(consultingDecision: true)
    }

    /// Deprecated form of `displayNextInAppMessage()`. As upstream, `delegate` is not used (nil is fine): the
    /// controller's own `delegate` is asked.
    open func displayNextInAppMessage(with delegate: (any ABKInAppMessageControllerDelegate)?) {
        displayNextInAppMessage()
    }

    /// How many messages wait on the stack.
    open func inAppMessagesRemainingOnStack() -> Int { presenter.stack.count }

    /// Displays a message created in the app, through the full display flow (delegate, stack rules). Messages
    /// created in the app record no impressions or clicks.
    open func add(_ newInAppMessage: ABKInAppMessage) {
        environment.trace.record(.delivery, "localMessage", message: newInAppMessage.messageID)
        presenter.present(AppboyMessage(newInAppMessage), consultingDecision: true)
    }

    // MARK: What the built-in UI asks for (AppboyUI)

    /// A person's click on the displayed message `m` (its body when `button` is nil). With `takenOver` (the UI
    /// delegate handled it) the message stays, with no action; otherwise the message's or button's click action
    /// runs and the message closes. The click is logged when the message leaves the screen. False when `m` is not
    /// on screen.
    package func userClicked(_ m: ABKInAppMessage, button: ABKInAppMessageButton?, takenOver: Bool) -> Bool {
        let target: Click.Target = button.map { .button(id: String($0.buttonID)) } ?? .body
        let action: ClickAction
        if takenOver {
            action = .none
        } else if let button {
            action = button.buttonClickActionType.action(uri: button.buttonClickedURI, inWebView: button.buttonOpenUrlInWebView)
        } else {
            action = m.inAppMessageClickActionType.action(uri: m.uri, inWebView: m.openUrlInWebView)
        }
        // As upstream's UI: the click is remembered and logged when the message's window closes (the last one, if
        // several were taken over), and a tap on the body stops the message's timer.
        return presenter.click(m.messageID, Click(target: target, action: action, keepsMessage: takenOver,
                                                  logging: .whenDismissed, stopsAutoClose: button == nil))
    }

    /// Closes the displayed message `m` for `cause` (a person's close button or swipe: `.user`; the app: `.app`).
    package func close(_ m: ABKInAppMessage, cause: DismissCause) -> Bool {
        presenter.dismiss(m.messageID, cause: cause)
    }

    /// Displays `m` now if nothing is on screen, without asking the delegates (upstream `showInAppMessage:`).
    package func showWithoutDecision(_ m: ABKInAppMessage) {
        environment.trace.record(.delivery, "shownByUIController", message: m.messageID)
        presenter.present(AppboyMessage(m), consultingDecision: false)
    }

    // MARK: Translation

    private func displayChoice(for m: AppboyMessage) -> ABKInAppMessageDisplayChoice {
        let trace = environment.trace
        let builtIn = builtInUI
        if let choice = controllerDelegateChoice(for: m) {
            // Upstream the built-in UI asks again before drawing: its UI delegate's (deprecated) display question.
            if choice == .displayInAppMessageNow, !m.object.isControl, let asked = builtIn?.uiDelegateDisplayChoice(for: m.object) {
                return asked
            }
            return choice
        }
        if let builtIn {
            if m.object.isControl { return .displayInAppMessageNow }
            return builtIn.uiDelegateDisplayChoice(for: m.object) ?? .displayInAppMessageNow
        }
        if let ui = inAppMessageUIController {
            if m.object.isControl {
                trace.record(.callback, "getCurrentDisplayChoiceForControl(_:)", message: m.messageID)
                return ui.getCurrentDisplayChoiceForControl(m.object)
            }
            trace.record(.callback, "getCurrentDisplayChoiceFor(_:)", message: m.messageID)
            return ui.getCurrentDisplayChoiceFor(m.object)
        }
        return .displayInAppMessageNow
    }

    /// With the keyboard up (rule 28c): without the built-in UI or its UI delegate, nil (the message is stacked for the
    /// keyboard, no one asked). With a UI delegate, the controller delegate's question comes first, as upstream asks it
    /// before the UI sees the message (later or discard decide); then the UI delegate's (deprecated) keyboard question
    /// decides if the delegate implements it; otherwise nil: the message waits for the keyboard, as the rule says.
    /// (Upstream's UI would also let the controller delegate's display question, asked a second time there,
    /// overrule the keyboard; the rule does not.)
    private func keyboardDisplayChoice(for m: AppboyMessage) -> ABKInAppMessageDisplayChoice? {
        guard let builtIn = builtInUI, builtIn.hasUIDelegate else { return nil }
        if let choice = controllerDelegateChoice(for: m), choice != .displayInAppMessageNow { return choice }
        if !m.object.isControl, let own = builtIn.uiDelegateDisplayChoice(for: m.object) { return own }
        return nil
    }

    /// The controller delegate's display question for `m` (its control-message question for a control message),
    /// traced; nil without a delegate.
    private func controllerDelegateChoice(for m: AppboyMessage) -> ABKInAppMessageDisplayChoice? {
        guard let delegate else { return nil }
        if m.object.isControl {
            environment.trace.record(.callback, "beforeControlMessageImpressionLogged(_:)", message: m.messageID)
            return delegate.beforeControlMessageImpressionLogged(m.object)
        }
        environment.trace.record(.callback, "before(inAppMessageDisplayed:)", message: m.messageID)
        return delegate.before(inAppMessageDisplayed: m.object)
    }

    private static func decision(_ choice: ABKInAppMessageDisplayChoice, for m: AppboyMessage) -> Decision {
        switch choice {
        case .displayInAppMessageNow:
            // The object may have been edited by the delegate: check what will be shown.
            if let reason = DeliveryChecks.missingRequiredImage(m.object.coreMessage) { return .discard(reason) }
            return .show
        case .reenqueueInAppMessage, .displayInAppMessageLater:
            return .reenqueue
        case .discardInAppMessage:
            return .discard(.discardedByDecision)
        }
    }

    private func installHooks() {
        var hooks = PresentationHooks<AppboyMessage>()
        hooks.decide = { [weak self] m in
            guard let self else { return .show }
            return Self.decision(self.displayChoice(for: m), for: m)
        }
        hooks.keyboardDecision = { [weak self] m in
            guard let self, let choice = self.keyboardDisplayChoice(for: m) else { return nil }
            return Self.decision(choice, for: m)
        }
        hooks.prepare = { [weak self] m in
            if let slideup = m.object as? ABKInAppMessageSlideup, slideup.inAppMessageClickActionType == .noneClickAction {
                slideup.hideChevron = true
            }
            // The built-in UI's delegate may give no view controller: then nothing is displayed (`noView`).
            if !m.object.isControl, let ui = self?.builtInUI, !ui.viewControllerAvailable(for: m.object) { return nil }
            return AppboyMessage(m.object)
        }
        hooks.didPresent = { [weak self] m in
            guard let self else { return }
            if let builtIn = self.builtInUI {
                if !m.object.isControl { builtIn.didShow(m.object) }
            } else if let ui = self.inAppMessageUIController {
                self.environment.trace.record(.callback, "show(_:)", message: m.messageID)
                ui.show(m.object)
            }
            MessageAnalytics.impression(m.core, trace: self.environment.trace)
            if m.object.isControl { self.presenter.dismiss(m.messageID, cause: .app) }
            if let html = m.object as? ABKInAppMessageHTMLBase {
                let bridge = ABKInAppMessageWebViewBridge(message: html, id: m.messageID, controller: self)
                self.htmlPages.withLock { $0[m.messageID] = bridge }
            }
        }
        hooks.willDismiss = { [weak self] m, cause in
            if !m.object.isControl { self?.builtInUI?.willHide(m.object, cause: cause) }
        }
        hooks.didDismiss = { [weak self] m, _ in
            self?.htmlPages.withLock { $0[m.messageID] = nil }
        }
        hooks.clicked = { [weak self] m, click in
            guard let self else { return }
            MessageAnalytics.click(m.core, buttonID: click.buttonID, trace: self.environment.trace)
        }
        hooks.processClick = { [weak self] m, click in
            guard let self, case .url(let url, let inWebView) = click.action else { return }
            if let urlDelegate = self.appboy?.appboyUrlDelegate {
                self.environment.trace.record(.callback, "handleAppboyURL(_:from:withExtras:)", message: m.messageID,
                                              ["url": url.absoluteString])
                if urlDelegate.handleAppboyURL(url, from: .inAppMessageChannel, withExtras: m.object.extras) {
                    self.environment.trace.record(.navigation, "urlHandledByApp", message: m.messageID,
                                                  ["url": url.absoluteString])
                    return
                }
            }
            self.environment.trace.record(.navigation, "openURL", message: m.messageID,
                                          ["url": url.absoluteString, "inWebView": String(inWebView)])
        }
        presenter.hooks = hooks
    }
}
