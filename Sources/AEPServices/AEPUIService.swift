import Foundation
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// What the core engine presents for AEPServices: one full-screen message, identified by its trace id.
struct PresentedFullscreenMessage: PresentableMessage {
    let message: FullscreenMessage
    var messageID: MessageID { message.id }
    var supportedOrientations: OrientationSupport { .any }
    var closeBehavior: CloseBehavior { .userAction }
}

/// The built-in `UIService`. It owns one core `PresentationEngine`: every message it creates shares that engine,
/// so at most one is displayed at a time (upstream's `MessageMonitor`). Rules: a show while another message is
/// displayed fails (`Conflict`); decisions and `onShow` run on the environment's background executor, dismissal
/// callbacks on main.
final class AEPUIService: UIService, @unchecked Sendable {
    let environment: MessagingEnvironment
    let engine: PresentationEngine<PresentedFullscreenMessage>
    /// The headless key window messages are added to (touch it on the main thread only).
    let window: UIWindow
    private let names = Locked([String: Int]())

    init(environment: MessagingEnvironment) {
        self.environment = environment
        engine = PresentationEngine(environment: environment, rules: PresentationRules(
            whenBusy: .fail, decisionExecutor: environment.background, dismissExecutor: environment.main))
        let screen = environment.device.state.screenSize
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: screen.width, height: screen.height))
        window.makeKeyAndVisible()
        var hooks = PresentationHooks<PresentedFullscreenMessage>()
        hooks.decide = { $0.message.decideDisplay() }
        hooks.didPresent = { $0.message.didShow() }
        hooks.presentFailed = { entry, reason in entry.message.showFailed(reason) }
        hooks.discarded = { entry, reason in entry.message.showFailed(reason) }
        hooks.didDismiss = { entry, _ in entry.message.didDismiss() }
        engine.hooks = hooks
        deviceToken = environment.device.addObserver { [weak self] change in
            guard let self, let shown = engine.displayedMessage?.message else { return }
            if change.old.screenSize != change.new.screenSize || change.old.statusBarHeight != change.new.statusBarHeight {
                environment.main.execute { shown.reframe() }
            } else if change.old.appearance != change.new.appearance {
                environment.main.execute { shown.syncPageViewport() }
            }
        }
    }

    private var deviceToken: Int?

    deinit {
        if let deviceToken { environment.device.removeObserver(deviceToken) }
    }

    /// A trace id for a new message: its parent's id when the parent is `Identifiable` (AEPMessaging's `Message`
    /// is), else `fullscreen-N`; a repeated id gets `#2`, `#3`… so two live messages never share one.
    func makeID(parent: Any?) -> MessageID {
        let base = (parent as? any Identifiable).map { "\($0.id)" } ?? "fullscreen"
        let count = names.withLock { n -> Int in
            n[base, default: 0] += 1
            return n[base]!
        }
        if base == "fullscreen" { return MessageID("fullscreen-\(count)") }
        return MessageID(count == 1 ? base : "\(base)#\(count)")
    }

    func createFullscreenMessage(payload: String, listener: (any FullscreenMessageDelegate)?,
                                 isLocalImageUsed: Bool) -> any FullscreenPresentable {
        FullscreenMessage(payload: payload, listener: listener, isLocalImageUsed: isLocalImageUsed, service: self)
    }

    func createFullscreenMessage(payload: String, listener: (any FullscreenMessageDelegate)?,
                                 isLocalImageUsed: Bool, settings: MessageSettings?) -> any FullscreenPresentable {
        FullscreenMessage(payload: payload, listener: listener, isLocalImageUsed: isLocalImageUsed, service: self,
                          settings: settings)
    }
}
