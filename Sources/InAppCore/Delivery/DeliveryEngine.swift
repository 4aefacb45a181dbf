import Foundation

/// Settings of a `DeliveryEngine`.
public struct DeliveryConfiguration: Sendable {
    /// The default minimum interval between triggered displays, in seconds.
    public static let defaultMinimumTriggerInterval: TimeInterval = 30

    /// What a trigger does while the app is in the background.
    public enum BackgroundTriggers: String, Sendable, Hashable {
        /// Hand the message to the presenter anyway (a stacking presenter keeps it for later).
        case handOff
        /// Record the event and display nothing.
        case drop
    }

    /// Minimum seconds between two triggered displays, on the environment's clock. A trigger that comes sooner is
    /// dropped (recorded as `delivery.rateLimited`), not deferred. Negative or non-finite values count as 0.
    public var minimumTriggerInterval: TimeInterval
    public var backgroundTriggers: BackgroundTriggers
    /// Record a `delivery.noMatchingTrigger` event for events no campaign listens to (off by default: the
    /// hot path then records nothing).
    public var tracesUnmatchedEvents: Bool
    /// Fetches assets at delivery and, when missing, at trigger time.
    public var assetLoader: any AssetLoader

    public init(minimumTriggerInterval: TimeInterval = DeliveryConfiguration.defaultMinimumTriggerInterval,
                backgroundTriggers: BackgroundTriggers = .handOff, tracesUnmatchedEvents: Bool = false,
                assetLoader: any AssetLoader = LocalAssetLoader()) {
        self.minimumTriggerInterval = minimumTriggerInterval
        self.backgroundTriggers = backgroundTriggers
        self.tracesUnmatchedEvents = tracesUnmatchedEvents
        self.assetLoader = assetLoader
    }
}

/// What became of one logged event.
public enum TriggerOutcome: Hashable, Sendable {
    /// No campaign listens to this event (or none passed its filters).
    case noMatch
    /// The event was recorded and triggers nothing (server event, app in background with `.drop`).
    case ignored(Reason)
    /// The chosen message was handed to the presenter.
    case delivered(MessageID)
    /// The chosen message waits for its assets; it is handed over (or discarded) when they arrive.
    case awaitingAssets(MessageID)
    /// The chosen message was dropped: the minimum interval between triggered displays had not passed.
    case rateLimited(MessageID)
    /// The chosen message can never be displayed (missing image, asset failure).
    case discarded(MessageID, Reason)

    /// The message concerned, if any.
    public var messageID: MessageID? {
        switch self {
        case .delivered(let id), .awaitingAssets(let id), .rateLimited(let id), .discarded(let id, _): return id
        case .noMatch, .ignored: return nil
        }
    }
}

/// Where a delivery engine sends the messages it selects: usually a `PresentationEngine`.
public struct DeliveryHandoff: Sendable {
    /// Start a display attempt for a selected message.
    public var present: @Sendable (InAppMessage) -> Void
    /// Offer the top of the stack for display; false when there is nothing to offer.
    public var presentNext: @Sendable () -> Bool
    /// Drop everything pending, with a reason.
    public var reset: @Sendable (Reason) -> Void

    public init(present: @escaping @Sendable (InAppMessage) -> Void,
                presentNext: @escaping @Sendable () -> Bool = { false },
                reset: @escaping @Sendable (Reason) -> Void = { _ in }) {
        self.present = present; self.presentNext = presentNext; self.reset = reset
    }

    /// Hands messages to `presenter`, converting each with `convert` (return nil to refuse one).
    /// Presentation consults the presenter's decision hook; `presentNext` does too.
    public static func presenter<M>(_ presenter: PresentationEngine<M>,
                                    convert: @escaping @Sendable (InAppMessage) -> M?) -> DeliveryHandoff {
        DeliveryHandoff(
            present: { [weak presenter] message in
                guard let presenter else { return }
                if let m = convert(message) { presenter.present(m, consultingDecision: true) }
                else { presenter.environment.trace.record(.diagnostic, "conversionRefused", message: message.id) }
            },
            presentNext: { [weak presenter] in presenter?.presentNext(consultingDecision: true) ?? false },
            reset: { [weak presenter] reason in presenter?.reset(reason: reason) })
    }

    /// Hands messages unchanged to a presenter of core messages.
    public static func presenter(_ presenter: PresentationEngine<InAppMessage>) -> DeliveryHandoff {
        .presenter(presenter, convert: { $0 })
    }
}

/// Turns events into displays.
///
/// Campaigns (a message plus its triggers) are delivered at session start (`startSession(with:)`); their assets are
/// prefetched through the configured `AssetLoader`. Each event logged through `log(_:)` is looked up in an index by
/// event kind and name — the cost of an event does not grow with the number of campaigns listening to other events —
/// then filtered by property filters. Of the campaigns that match, only the one with the highest priority is chosen
/// (ties: the one delivered first). The chosen message is rate-limited (one triggered display per
/// `minimumTriggerInterval`, on the virtual clock), checked (required image, assets) and handed to the presenter,
/// which owns the stack, the orientation check and the return-to-stack rules. Events from the server path never
/// trigger.
///
/// Every message the engine selects ends handed over or with a reason in the trace (`delivery.*`).
public final class DeliveryEngine: @unchecked Sendable {
    private struct State {
        var configuration: DeliveryConfiguration
        var assets: [URL: Data] = [:]
        var failedAssets: [URL: AssetError] = [:]
        var lastTriggeredDisplay: TimeInterval?
    }

    /// What the per-event hot path reads, replaced as a whole when any part changes (one lock, one retain).
    private final class Routing: Sendable {
        let index: TriggerIndex
        let tracesUnmatched: Bool
        let noMatchingTrigger: (@Sendable (TriggerEvent) -> Void)?
        init(index: TriggerIndex, tracesUnmatched: Bool, noMatchingTrigger: (@Sendable (TriggerEvent) -> Void)?) {
            self.index = index; self.tracesUnmatched = tracesUnmatched; self.noMatchingTrigger = noMatchingTrigger
        }
        func with(index: TriggerIndex? = nil, tracesUnmatched: Bool? = nil,
                  noMatchingTrigger: (@Sendable (TriggerEvent) -> Void)?? = nil) -> Routing {
            Routing(index: index ?? self.index, tracesUnmatched: tracesUnmatched ?? self.tracesUnmatched,
                    noMatchingTrigger: noMatchingTrigger ?? self.noMatchingTrigger)
        }
    }

    private enum Selection {
        case none
        case ignored(Reason)
        case chosen(InAppMessage, losers: [MessageID])
        case rateLimited(MessageID, losers: [MessageID])
        case discarded(MessageID, Reason, losers: [MessageID])
    }

    public let environment: MessagingEnvironment
    private let handoff: DeliveryHandoff
    private let state: Locked<State>
    private let routing: Locked<Routing>

    public init(environment: MessagingEnvironment = .current, configuration: DeliveryConfiguration = DeliveryConfiguration(),
                handoff: DeliveryHandoff) {
        self.environment = environment
        self.handoff = handoff
        self.state = Locked(State(configuration: configuration))
        self.routing = Locked(Routing(index: .empty, tracesUnmatched: configuration.tracesUnmatchedEvents, noMatchingTrigger: nil))
    }

    /// An engine handing messages to `presenter` (a presenter of core messages).
    public convenience init(environment: MessagingEnvironment = .current,
                            configuration: DeliveryConfiguration = DeliveryConfiguration(),
                            presenter: PresentationEngine<InAppMessage>) {
        self.init(environment: environment, configuration: configuration, handoff: .presenter(presenter))
    }

    private var trace: Trace { environment.trace }

    // MARK: Configuration

    public var configuration: DeliveryConfiguration {
        get { state.withLock { $0.configuration } }
        set {
            state.withLock { $0.configuration = newValue }
            routing.withLock { $0 = $0.with(tracesUnmatched: newValue.tracesUnmatchedEvents) }
        }
    }

    /// Minimum seconds between two triggered displays (default 30).
    public var minimumTriggerInterval: TimeInterval {
        get { configuration.minimumTriggerInterval }
        set { state.withLock { $0.configuration.minimumTriggerInterval = newValue } }
    }

    /// Called (on the logging thread) for each SDK event no campaign matched.
    public var noMatchingTrigger: (@Sendable (TriggerEvent) -> Void)? {
        get { routing.snapshot.noMatchingTrigger }
        set { routing.withLock { $0 = $0.with(noMatchingTrigger: .some(newValue)) } }
    }

    /// The campaigns delivered at the last session start, in delivery order.
    public var campaigns: [Campaign] { routing.snapshot.index.campaigns }

    /// The prefetched data of an asset, if it is in the local cache.
    public func cachedAsset(_ url: URL) -> Data? { state.withLock { $0.assets[url] } }

    /// Why an asset failed to load, if it did.
    public func assetFailure(_ url: URL) -> AssetError? { state.withLock { $0.failedAssets[url] } }

    // MARK: Delivery

    /// A session starts: `campaigns` (every message the user is eligible for) replace the ones held, their assets
    /// are prefetched, then the session-start trigger fires.
    @discardableResult
    public func startSession(with campaigns: [Campaign]) -> TriggerOutcome {
        deliver(campaigns)
        return log(.sessionStart)
    }

    /// Replaces the campaigns held and prefetches their assets, without firing any trigger.
    public func deliver(_ campaigns: [Campaign]) {
        let index = TriggerIndex(campaigns)
        routing.withLock { $0 = $0.with(index: index) }
        trace.record(.delivery, "campaignsDelivered", ["count": String(campaigns.count)])
        prefetch(campaigns)
    }

    private func prefetch(_ campaigns: [Campaign]) {
        var seen = Set<URL>()
        let wanted: [URL] = state.withLock { s in
            campaigns.flatMap(\.message.assetURLs).filter { url in
                seen.insert(url).inserted && s.assets[url] == nil && s.failedAssets[url] == nil
            }
        }
        let loader = configuration.assetLoader
        for url in wanted {
            loader.load(url) { [weak self] result in self?.store(url, result) }
        }
    }

    private func store(_ url: URL, _ result: Result<Data, AssetError>) {
        switch result {
        case .success(let data):
            state.withLock { $0.assets[url] = data; $0.failedAssets[url] = nil }
            trace.record(.delivery, "assetCached", ["url": url.absoluteString])
        case .failure(let error):
            state.withLock { $0.failedAssets[url] = error }
            trace.record(.delivery, "assetFailed", ["url": url.absoluteString, "reason": error.description])
        }
    }

    // MARK: Events

    /// Logs a custom event.
    @discardableResult
    public func logCustomEvent(_ name: String, properties: [String: EventPropertyValue] = [:],
                               source: EventSource = .sdk) -> TriggerOutcome {
        log(.customEvent(name, properties: properties, source: source))
    }

    /// Logs a purchase.
    @discardableResult
    public func logPurchase(_ productID: String, properties: [String: EventPropertyValue] = [:],
                            source: EventSource = .sdk) -> TriggerOutcome {
        log(.purchase(productID, properties: properties, source: source))
    }

    /// The app was opened from a push notification of `campaignID`.
    @discardableResult
    public func logPushClick(campaignID: String) -> TriggerOutcome { log(.pushClick(campaignID: campaignID)) }

    /// Evaluates `event` against the campaigns' triggers and hands the chosen message over.
    @discardableResult
    public func log(_ event: TriggerEvent) -> TriggerOutcome {
        if event.source == .server {
            trace.record(.delivery, "eventIgnored", ["event": event.kindName, "name": event.name ?? "",
                                                     "reason": Reason.serverEvent.description])
            return .ignored(.serverEvent)
        }
        let route = routing.snapshot
        guard route.index.mayMatch(event.kind) else { return unmatched(event, route) }
        let selection = state.withLock { s in select(event, route.index, &s) }
        switch selection {
        case .none:
            return unmatched(event, route)
        case .ignored(let reason):
            trace.record(.delivery, "eventIgnored", ["event": event.kindName, "name": event.name ?? "",
                                                     "reason": reason.description])
            return .ignored(reason)
        case .rateLimited(let id, let losers):
            recordTriggered(id, event, losers)
            trace.record(.delivery, "rateLimited", message: id, ["reason": Reason.rateLimited.description])
            return .rateLimited(id)
        case .discarded(let id, let reason, let losers):
            recordTriggered(id, event, losers)
            trace.record(.delivery, "discarded", message: id, ["reason": reason.description])
            return .discarded(id, reason)
        case .chosen(let message, let losers):
            recordTriggered(message.id, event, losers)
            return handOff(message)
        }
    }

    private func unmatched(_ event: TriggerEvent, _ route: Routing) -> TriggerOutcome {
        if route.tracesUnmatched {
            trace.record(.delivery, "noMatchingTrigger", ["event": event.kindName, "name": event.name ?? ""])
        }
        route.noMatchingTrigger?(event)
        return .noMatch
    }

    private func recordTriggered(_ id: MessageID, _ event: TriggerEvent, _ losers: [MessageID]) {
        trace.record(.delivery, "triggered", message: id, ["event": event.kindName, "name": event.name ?? ""])
        for loser in losers {
            trace.record(.delivery, "notSelected", message: loser, ["reason": Reason.lowerPriority.description])
        }
    }

    /// Runs under the lock: finds the highest-priority matching campaign and applies the rate limit.
    private func select(_ event: TriggerEvent, _ index: TriggerIndex, _ s: inout State) -> Selection {
        var best = -1
        var bestPriority = Int.min
        var losers: [Int] = []
        let campaigns = index.campaigns
        index.forEachEntry(event.kind) { entry in
            guard entry.filters.allSatisfy({ $0.matches(event.properties) }) else { return }
            let priority = campaigns[entry.campaign].priority
            if best < 0 || priority > bestPriority || (priority == bestPriority && entry.campaign < best) {
                if best >= 0 { losers.append(best) }
                best = entry.campaign
                bestPriority = priority
            } else if entry.campaign != best {
                losers.append(entry.campaign)
            }
        }
        guard best >= 0 else { return .none }
        let campaign = campaigns[best]
        var loserIDs: [MessageID] = []
        if !losers.isEmpty {
            var seen: Set<Int> = [best]
            loserIDs = losers.filter { seen.insert($0).inserted }.map { campaigns[$0].message.id }
        }
        var message = campaign.message
        if s.configuration.backgroundTriggers == .drop && !environment.device.state.isInForeground {
            return .ignored(.appInBackground)
        }
        if let reason = DeliveryChecks.missingRequiredImage(message) {
            return .discarded(message.id, reason, losers: loserIDs)
        }
        for url in message.assetURLs {
            if let failed = s.failedAssets[url] { return .discarded(message.id, failed.reason, losers: loserIDs) }
        }
        let now = environment.clock.now
        let interval = s.configuration.minimumTriggerInterval
        let minimum = interval.isFinite ? max(0, interval) : 0
        if let last = s.lastTriggeredDisplay, now - last < minimum {
            return .rateLimited(message.id, losers: loserIDs)
        }
        s.lastTriggeredDisplay = now
        if let timeout = campaign.displayTimeout {
            let deadline = now + max(0, timeout)
            message.expiresAt = min(message.expiresAt ?? deadline, deadline)
        }
        return .chosen(message, losers: loserIDs)
    }

    /// Loads missing assets (if any), then hands `message` over; an asset failure discards it with a reason.
    private func handOff(_ message: InAppMessage) -> TriggerOutcome {
        let missing: [URL] = state.withLock { s in message.assetURLs.filter { s.assets[$0] == nil } }
        if missing.isEmpty {
            trace.record(.delivery, "handedOff", message: message.id)
            handoff.present(message)
            return .delivered(message.id)
        }
        trace.record(.delivery, "awaitingAssets", message: message.id, ["count": String(missing.count)])
        let remaining = Locked((count: missing.count, failure: AssetError?.none, done: false))
        let loader = configuration.assetLoader
        for url in missing {
            loader.load(url) { [weak self] result in
                guard let self else { return }
                self.store(url, result)
                let finished: (Bool, AssetError?) = remaining.withLock { r in
                    r.count -= 1
                    if case .failure(let e) = result, r.failure == nil { r.failure = e }
                    guard r.count == 0, !r.done else { return (false, nil) }
                    r.done = true
                    return (true, r.failure)
                }
                guard finished.0 else { return }
                if let failure = finished.1 {
                    self.trace.record(.delivery, "discarded", message: message.id, ["reason": failure.reason.description])
                } else {
                    self.trace.record(.delivery, "handedOff", message: message.id)
                    self.handoff.present(message)
                }
            }
        }
        let done = remaining.withLock { $0.done }
        return done ? (assetFailureOutcome(message) ?? .delivered(message.id)) : .awaitingAssets(message.id)
    }

    private func assetFailureOutcome(_ message: InAppMessage) -> TriggerOutcome? {
        state.withLock { s in
            for url in message.assetURLs {
                if let failed = s.failedAssets[url] { return .discarded(message.id, failed.reason) }
            }
            return nil
        }
    }

    // MARK: Local messages and manual display

    /// Displays a message created in the app: marked `.local` (no analytics), not rate-limited, no triggers.
    /// A message missing a required image is discarded with a reason.
    @discardableResult
    public func displayLocal(_ message: InAppMessage) -> TriggerOutcome {
        var local = message
        local.origin = .local
        trace.record(.delivery, "localMessage", message: local.id)
        if let reason = DeliveryChecks.missingRequiredImage(local) {
            trace.record(.delivery, "discarded", message: local.id, ["reason": reason.description])
            return .discarded(local.id, reason)
        }
        handoff.present(local)
        return .delivered(local.id)
    }

    /// Offers the top of the presenter's stack for display (the most recently stacked message).
    @discardableResult
    public func displayNext() -> Bool {
        trace.record(.delivery, "displayNext")
        return handoff.presentNext()
    }

    /// Simulates a relaunch of the app: everything held in memory — campaigns, asset cache, rate-limit state and the
    /// presenter's stack — is gone (stacked messages are discarded with `Reason.relaunched`).
    public func relaunch() {
        routing.withLock { $0 = $0.with(index: .empty) }
        state.withLock { s in
            s.assets = [:]
            s.failedAssets = [:]
            s.lastTriggeredDisplay = nil
        }
        trace.record(.delivery, "relaunched")
        handoff.reset(.relaunched)
    }
}
