import Foundation
import XCTest
import InAppTestSupport

/// A delivery engine on a stacking presenter of core messages, on a harness (manual clock, simulated device).
final class Rig: @unchecked Sendable {
    let h: Harness
    let presenter: PresentationEngine<InAppMessage>
    let engine: DeliveryEngine
    private let shown = Locked<[MessageID]>([])
    private let decisions = Locked<[MessageID]>([])

    init(interval: TimeInterval = 30, rules: PresentationRules = .stackingTriggeredMessages(),
         configure: (inout DeliveryConfiguration) -> Void = { _ in },
         decide: (@Sendable (InAppMessage) -> Decision)? = nil) {
        h = Harness()
        presenter = PresentationEngine(environment: h.environment, rules: rules)
        let trace = h.trace
        var hooks = PresentationHooks<InAppMessage>()
        hooks.decide = { [decisions] m in
            decisions.withLock { $0.append(m.id) }
            return decide?(m) ?? .show
        }
        hooks.didPresent = { [shown] m in
            shown.withLock { $0.append(m.id) }
            MessageAnalytics.impression(m, trace: trace)
        }
        hooks.clicked = { m, c in MessageAnalytics.click(m, buttonID: c.buttonID, trace: trace) }
        presenter.hooks = hooks
        var config = DeliveryConfiguration(minimumTriggerInterval: interval)
        configure(&config)
        engine = DeliveryEngine(environment: h.environment, configuration: config, presenter: presenter)
    }

    /// Messages displayed so far, in order.
    var displayed: [MessageID] { shown.snapshot }
    /// Messages the decision hook was asked about, in order.
    var decided: [MessageID] { decisions.snapshot }

    func dismiss() {
        presenter.dismiss(nil, cause: .user)
        h.settle()
    }

    /// Delivery trace entries (name) for one message.
    func delivery(_ id: MessageID) -> [String] { h.trace.events(for: id).filter { $0.kind == .delivery }.map(\.name) }

    func reasons(_ id: MessageID) -> [String] { h.trace.events(for: id).compactMap { $0.details["reason"] } }
}

/// A slideup that stays until closed.
func sticky(_ id: MessageID, priority: Int = 0) -> InAppMessage {
    var m = Fixtures.slideup(id: id, close: .userAction)
    m.priority = priority
    return m
}

func campaign(_ id: MessageID, _ triggers: [Trigger], priority: Int = 0, timeout: TimeInterval? = nil) -> Campaign {
    Campaign(message: sticky(id, priority: priority), triggers: triggers, displayTimeout: timeout)
}

/// A 1×1 PNG-ish payload as a data: URL.
let dataImageURL = URL(string: "data:image/png;base64,iVBORw0KGgo=")!

/// An asset loader whose loads complete only when the test says so.
final class ManualAssetLoader: AssetLoader, @unchecked Sendable {
    private let pending = Locked<[(URL, @Sendable (Result<Data, AssetError>) -> Void)]>([])
    func load(_ url: URL, completion: @escaping @Sendable (Result<Data, AssetError>) -> Void) {
        pending.withLock { $0.append((url, completion)) }
    }
    var requested: [URL] { pending.snapshot.map(\.0) }
    func completeAll(failing: Bool = false) {
        let all = pending.withLock { p -> [(URL, @Sendable (Result<Data, AssetError>) -> Void)] in defer { p = [] }; return p }
        for (url, done) in all {
            done(failing ? .failure(AssetError(url: url, code: "networkError")) : .success(Data([1, 2, 3])))
        }
    }
}
