import Foundation
import InAppCore
import InAppContent

/// The live page of the HTML message a core `PresentationEngine<InAppMessage>` displays: made when the message is
/// presented, dropped when it is dismissed, on the environment's clock (its timers fire in time order with the
/// engine's auto-close as the clock moves).
///
/// The page's `brazeBridge`/`appboyBridge` calls are traced (`script.bridgeCall`, with `method` and `arguments`, at
/// the clock's time) and a few act on the engine as the vendors' bridges do: `closeMessage()` dismisses the message
/// (cause `user`), `logClick(id?)` reports a click on button `id` (the body without one) and keeps the message.
///
/// ```swift
/// let engine = PresentationEngine<InAppMessage>(environment: harness.environment)
/// let pages = ContentPresenter(engine: engine)     // before presenting
/// engine.present(message)
/// harness.advance(by: 10)                           // page timers and auto-close, in time order
/// ```
///
/// It chains the engine's `didPresent` and `didDismiss` hooks (hooks set later replace it).
public final class ContentPresenter: @unchecked Sendable {
    private let environment: MessagingEnvironment
    private weak var engine: PresentationEngine<InAppMessage>?
    private let scriptLimits: ScriptLimits
    private let limits: ContentLimits
    private let pages = Locked<[MessageID: ContentPage]>([:])

    public init(engine: PresentationEngine<InAppMessage>, limits: ContentLimits = .default,
                scriptLimits: ScriptLimits = .default) {
        self.environment = engine.environment
        self.engine = engine
        self.limits = limits
        self.scriptLimits = scriptLimits
        var hooks = engine.hooks
        let presented = hooks.didPresent, dismissed = hooks.didDismiss
        hooks.didPresent = { [weak self] message in
            presented?(message)
            self?.open(message)
        }
        hooks.didDismiss = { [weak self] message, cause in
            dismissed?(message, cause)
            self?.close(message.id)
        }
        engine.hooks = hooks
    }

    /// The page of the displayed HTML message `id`, if it is displayed.
    public func page(for id: MessageID) -> ContentPage? { pages.withLock { $0[id] } }

    /// The page of the displayed HTML message, if any.
    public var page: ContentPage? {
        guard let id = engine?.displayedMessage?.id else { return nil }
        return page(for: id)
    }

    private func open(_ message: InAppMessage) {
        guard case .html(let html) = message.content else { return }
        let page = ContentPage(limits: limits, scriptLimits: scriptLimits)
        page.clock = environment.contentClock
        let device = environment.device.state
        page.viewport = ContentViewport(width: device.screenSize.width, height: device.screenSize.height, scale: 3,
                                        darkMode: device.appearance == .dark)
        let id = message.id
        page.bridgeReceiver = { [weak self] call in self?.bridge(call, from: id) }
        pages.withLock { $0[id] = page }
        page.loadHTMLString(html.html, baseURL: html.baseURL)
    }

    private func close(_ id: MessageID) {
        let page = pages.withLock { $0.removeValue(forKey: id) }
        withExtendedLifetime(page) {}   // released outside the lock
    }

    private func bridge(_ call: BridgeCall, from id: MessageID) {
        environment.trace.record(.script, "bridgeCall", message: id,
                                 ["method": call.path, "arguments": "[" + call.arguments.map(\.description).joined(separator: ",") + "]"])
        guard let engine else { return }
        switch call.path {
        case "closeMessage":
            _ = engine.dismiss(id, cause: .user)
        case "logClick":
            let button: String? = call.arguments.first.flatMap { value in
                switch value {
                case .string(let s) where !s.isEmpty: return s
                case .number(let n) where n.isFinite: return n == n.rounded() ? String(Int(n)) : String(n)
                default: return nil
                }
            }
            _ = engine.click(id, Click(target: button.map { .button(id: $0) } ?? .body, action: .none, keepsMessage: true))
        default:
            break
        }
    }
}
