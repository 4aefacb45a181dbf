import Foundation
import InAppCore

/// The Braze SDK instance, reduced to what in-app messages need: configuration, the current user, the
/// in-app message presenter, and the events that trigger messages.
///
/// Headless: nothing is sent to a server. Impressions, clicks and events are recorded in the trace of the
/// `MessagingEnvironment` that was current when the instance was created.
public final class Braze: @unchecked Sendable {
    private struct State {
        var presenter: (any BrazeInAppMessagePresenter)?
        var generation = 0
        var triggerSink: (@Sendable (Braze, TriggerEventRecord) -> Void)?
    }

    /// The configuration the instance was created with.
    public let configuration: Configuration
    /// The current user.
    public let user: User
    /// The environment (clock, device, trace) this instance records into.
    package let environment: MessagingEnvironment
    private let state: Locked<State>

    public init(configuration: Configuration) {
        self.configuration = configuration
        self.environment = MessagingEnvironment.current
        self.user = User()
        self.state = Locked(State(triggerSink: Braze.defaultTriggerSink.snapshot))
        environment.trace.record(.delivery, "brazeStarted", ["apiKey": configuration.apiKey, "endpoint": configuration.endpoint])
    }

    /// Receives every in-app message this instance triggers. `nil` means messages are dropped (recorded).
    /// Set it to a `BrazeInAppMessageUI` (or your own presenter) to display messages.
    public var inAppMessagePresenter: (any BrazeInAppMessagePresenter)? {
        get { state.withLock { $0.presenter } }
        set { state.withLock { $0.presenter = newValue } }
    }

    /// Changes the current user. Messages pending for the previous user become invalid and the presenter
    /// is told to drop them (`dismiss(reason: .changeUser)`). Changing to the same user does nothing.
    public func changeUser(userId: String, sdkAuthSignature: String? = nil) {
        guard user.id != userId else { return }
        user.id = userId
        state.withLock { $0.generation += 1 }
        environment.trace.record(.delivery, "changeUser", ["userId": userId])
        inAppMessagePresenter?.dismiss(reason: .changeUser)
    }

    /// Erases the SDK's data: the user id becomes nil, pending messages become invalid, and the presenter is
    /// told to drop them (`dismiss(reason: .wipeData)`).
    public func wipeData() {
        user.id = nil
        state.withLock { $0.generation += 1 }
        environment.trace.record(.delivery, "wipeData")
        inAppMessagePresenter?.dismiss(reason: .wipeData)
    }

    /// Logs a custom event; custom events can trigger in-app messages.
    public func logCustomEvent(name: String, properties: [String: Any]? = nil) {
        let props = (properties ?? [:]).mapValues { JSONValue(any: $0) }
        var details = ["name": name]
        if !props.isEmpty { details["properties"] = JSONValue.object(props).description }
        environment.trace.record(.delivery, "logCustomEvent", details)
        forward(.customEvent(name: name, properties: props))
    }

    /// Logs a purchase; purchases can trigger in-app messages.
    public func logPurchase(productId: String, currency: String, price: Double, quantity: Int = 1,
                            properties: [String: Any]? = nil) {
        let props = (properties ?? [:]).mapValues { JSONValue(any: $0) }
        environment.trace.record(.delivery, "logPurchase", ["productId": productId, "currency": currency,
                                                           "price": String(price), "quantity": String(quantity)])
        forward(.purchase(productId: productId, currency: currency, price: price, quantity: quantity, properties: props))
    }

    // MARK: Seam for the delivery engine

    /// An event that may trigger in-app messages, as handed to the delivery engine.
    package enum TriggerEventRecord: Hashable, Sendable {
        case customEvent(name: String, properties: [String: JSONValue])
        case purchase(productId: String, currency: String, price: Double, quantity: Int, properties: [String: JSONValue])
    }

    /// Where this instance forwards trigger events (the delivery engine plugs in here). Without one the
    /// event is only recorded.
    package var triggerEventSink: (@Sendable (Braze, TriggerEventRecord) -> Void)? {
        get { state.withLock { $0.triggerSink } }
        set { state.withLock { $0.triggerSink = newValue } }
    }

    /// The sink new instances start with (the delivery engine installs itself here once).
    package static let defaultTriggerSink = Locked<(@Sendable (Braze, TriggerEventRecord) -> Void)?>(nil)

    private func forward(_ event: TriggerEventRecord) {
        if let sink = triggerEventSink {
            sink(self, event)
        } else {
            environment.trace.record(.diagnostic, "noDeliveryEngine", ["event": "\(event)"])
        }
    }

    /// Hands a triggered message to the presenter (what the delivery engine calls when a trigger matches).
    package func deliver(_ message: InAppMessage) {
        guard let presenter = inAppMessagePresenter else {
            environment.trace.record(.diagnostic, "noInAppMessagePresenter", message: message.traceID)
            return
        }
        presenter.present(message: message)
    }

    /// Bumped by `changeUser` and `wipeData`; contexts created before are no longer valid.
    package var generation: Int { state.withLock { $0.generation } }
}
