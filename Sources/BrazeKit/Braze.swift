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
        /// Campaign messages as the app gave them, by id (so triggers hand back the exact Braze message).
        var campaignMessages: [MessageID: InAppMessage] = [:]
        weak var delegate: (any BrazeDelegate)?
    }

    /// The configuration the instance was created with.
    public let configuration: Configuration
    /// The current user.
    public let user: User
    /// The environment (clock, device, trace) this instance records into.
    package let environment: MessagingEnvironment
    private let state: Locked<State>
    /// SDK-wide switches: `enabled`, the SDK authentication signature and delegate (Braze+SDK.swift).
    package let sdkSettings = Locked(BrazeSDKSettings())
    package let authFailures = Subscribers<SDKAuthenticationError>()
    /// The core delivery engine evaluating this instance's triggers (campaigns, property filters, priority,
    /// `triggerMinimumTimeInterval`). Messages it selects go to `inAppMessagePresenter`. Test API: feed it
    /// campaigns with `startSession(campaigns:)` (Braze messages) or `deliveryEngine.startSession(with:)`.
    public let deliveryEngine: DeliveryEngine

    public init(configuration: Configuration) {
        self.configuration = configuration
        let environment = MessagingEnvironment.current
        self.environment = environment
        self.user = User(environment: environment)
        self.server = BrazeServer(environment: environment)
        self.notifications = Notifications(environment: environment)
        self.contentCards = ContentCards(environment: environment)
        self.featureFlags = FeatureFlags(environment: environment)
        self.banners = Banners(environment: environment)
        self.state = Locked(State(triggerSink: Braze.defaultTriggerSink.snapshot))
        let owner = WeakBraze()
        deliveryEngine = DeliveryEngine(
            environment: environment,
            configuration: DeliveryConfiguration(minimumTriggerInterval: configuration.triggerMinimumTimeInterval),
            handoff: DeliveryHandoff(present: { core in owner.value?.triggered(core) }))
        owner.value = self
        for channel in [notifications.link, contentCards.link, featureFlags.link, banners.link] as [BrazeLink] { channel.braze = self }
        environment.trace.record(.delivery, "brazeStarted", ["apiKey": configuration.apiKey, "endpoint": configuration.endpoint,
                                                            "triggerMinimumTimeInterval": String(configuration.triggerMinimumTimeInterval)])
        started()
    }

    /// Push notifications: device token, notification handling, subscription updates.
    public let notifications: Notifications
    /// Content cards from the simulated server.
    public let contentCards: ContentCards
    /// Feature flags from the simulated server.
    public let featureFlags: FeatureFlags
    /// Banners from the simulated server.
    public let banners: Banners
    /// Test API: the simulated Braze backend that answers refreshes (content cards, feature flags, banners) and
    /// checks SDK authentication signatures.
    public let server: BrazeServer

    /// The app's delegate, asked before the SDK opens a URL (`braze(_:shouldOpenURL:)`). Held weakly.
    public var delegate: (any BrazeDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
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
        if let sdkAuthSignature { set(sdkAuthenticationSignature: sdkAuthSignature) }
        guard user.id != userId else { return }
        user.reset(id: userId)
        state.withLock { $0.generation += 1 }
        environment.trace.record(.delivery, "changeUser", ["userId": userId])
        inAppMessagePresenter?.dismiss(reason: .changeUser)
        userChanged()
    }

    /// Erases the SDK's data: the user id becomes nil, pending messages become invalid, and the presenter is
    /// told to drop them (`dismiss(reason: .wipeData)`).
    public func wipeData() {
        user.reset(id: nil)
        state.withLock { $0.generation += 1 }
        environment.trace.record(.delivery, "wipeData")
        inAppMessagePresenter?.dismiss(reason: .wipeData)
        dataWiped()
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
            return
        }
        let interval = configuration.triggerMinimumTimeInterval
        if deliveryEngine.minimumTriggerInterval != interval { deliveryEngine.minimumTriggerInterval = interval }
        func props(_ p: [String: JSONValue]) -> [String: EventPropertyValue] {
            p.compactMapValues { EventPropertyValue(any: $0.foundationValue) }
        }
        switch event {
        case .customEvent(let name, let properties):
            deliveryEngine.logCustomEvent(name, properties: props(properties))
        case .purchase(let product, _, _, _, let properties):
            deliveryEngine.logPurchase(product, properties: props(properties))
        }
    }

    // MARK: Campaigns (test API)

    /// A campaign as the simulated server delivers it: a message and the events that trigger it.
    public struct Campaign: Sendable {
        public var message: InAppMessage
        public var triggers: [Trigger]
        /// Higher wins when one event makes several campaigns eligible.
        public var priority: Int
        public init(message: InAppMessage, triggers: [Trigger], priority: Int = 0) {
            self.message = message; self.triggers = triggers; self.priority = priority
        }
    }

    /// Test API: a session starts with `campaigns` (each message gets an id if it has none); session-start
    /// triggers fire. Triggered messages reach `inAppMessagePresenter` with a fresh context.
    @discardableResult
    public func startSession(campaigns: [Campaign]) -> TriggerOutcome {
        var core: [InAppCore.Campaign] = []
        var originals: [MessageID: InAppMessage] = [:]
        for (index, campaign) in campaigns.enumerated() {
            var message = campaign.message
            if message.data.id == nil { message.data.id = "campaign-\(index)" }
            originals[message.traceID] = message
            core.append(InAppCore.Campaign(message: message.coreMessage, triggers: campaign.triggers, priority: campaign.priority))
        }
        state.withLock { $0.campaignMessages = originals }
        return deliveryEngine.startSession(with: core)
    }

    /// The delivery engine chose `core`: hand the Braze message, with a context for the current user, to the presenter.
    private func triggered(_ core: InAppCore.InAppMessage) {
        var message = state.withLock { $0.campaignMessages[core.id] } ?? InAppMessage(core: core)
        message.data.id = core.id.rawValue
        message.data.context = InAppMessage.Context(message: message, using: self)
        deliver(message)
    }

    /// Hands a triggered message to the presenter (what the delivery engine calls when a trigger matches).
    package func deliver(_ message: InAppMessage) {
        guard let presenter = inAppMessagePresenter else {
            environment.trace.record(.diagnostic, "noInAppMessagePresenter", message: message.traceID)
            return
        }
        Self.callPresenter(presenter, message)
    }

    /// Calls the main-actor `present(message:)` on the driving thread. The headless SDK has no run loop to hop
    /// to: like every delegate callback here it runs synchronously where the engine runs (see Docs/Braze.md).
    private static func callPresenter(_ presenter: any BrazeInAppMessagePresenter, _ message: InAppMessage) {
        let isolated: @MainActor (any BrazeInAppMessagePresenter, InAppMessage) -> Void = { $0.present(message: $1) }
        let call = unsafeBitCast(isolated, to: ((any BrazeInAppMessagePresenter, InAppMessage) -> Void).self)
        call(presenter, message)
    }

    /// Bumped by `changeUser` and `wipeData`; contexts created before are no longer valid.
    package var generation: Int { state.withLock { $0.generation } }
}

/// The delivery engine's way back to its `Braze` instance without keeping it alive.
private final class WeakBraze: @unchecked Sendable {
    private let lock = NSLock()
    private weak var _value: Braze?
    var value: Braze? {
        get { lock.lock(); defer { lock.unlock() }; return _value }
        set { lock.lock(); _value = newValue; lock.unlock() }
    }
}
