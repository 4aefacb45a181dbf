import Foundation

/// One thing that happened: a state change, a callback into integration code, a decision, an analytics
/// record, a navigation, a diagnostic. Tests assert on these; `iam simulate` prints them as JSON lines.
public struct TraceEvent: Hashable, Sendable, Codable {
    /// What family of event this is.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A message moved between presentation states; `name` is the new state.
        case state
        /// Integration code was called (a delegate or listener method); `name` is the method.
        case callback
        /// A decision was taken (show/suppress/stack/discard, process a click or not).
        case decision
        /// An analytics record (impression, click, edge event) — what a vendor would send.
        case analytics
        /// A navigation or URL handling step in message content.
        case navigation
        /// Script bridge activity in message content.
        case script
        /// A timer was scheduled, fired or cancelled.
        case timer
        /// The simulated device changed.
        case device
        /// Delivery engine activity: triggers, eligibility, rate limiting.
        case delivery
        /// Something was ignored, refused or went wrong (with a reason).
        case diagnostic
        /// A scripted run's own marks (`iam simulate`): where each step starts (`step`, with its index and what
        /// it does) and where each named run of a scenario file starts (`run`).
        case scenario
        /// Push notifications: authorization, device tokens, delivered and opened notifications.
        case push
        /// User profile changes (attributes, aliases, subscriptions) and SDK authentication.
        case user
        /// Content cards: refreshes, impressions, clicks, dismissals.
        case card
        /// Banners: refreshes, placements, impressions, clicks.
        case banner
        /// Feature flags: refreshes and impressions.
        case flag
        /// An event went through a vendor's event hub (AEP's `MobileCore.dispatch`); `name` is the event's name.
        case event
    }

    public var sequence: Int
    public var time: TimeInterval
    public var messageID: MessageID?
    public var kind: Kind
    public var name: String
    /// The executor or thread the event was recorded on ("main", an executor label, or "thread").
    public var thread: String
    public var onMainThread: Bool
    public var details: [String: String]

    public init(sequence: Int, time: TimeInterval, messageID: MessageID?, kind: Kind, name: String,
                thread: String, onMainThread: Bool, details: [String: String] = [:]) {
        self.sequence = sequence
        self.time = time
        self.messageID = messageID
        self.kind = kind
        self.name = name
        self.thread = thread
        self.onMainThread = onMainThread
        self.details = details
    }

    /// `kind.name`, the short form used in assertions: "state.displayed", "callback.onShow".
    public var label: String { "\(kind.rawValue).\(name)" }
}

/// A thread-safe, append-only record of `TraceEvent`s. Optionally bounded: past `limit` events the oldest
/// are dropped (and counted), so long runs keep flat memory.
public final class Trace: @unchecked Sendable {
    public typealias Observer = @Sendable (TraceEvent) -> Void
    /// Events live in `events`; when the trace is bounded and full, it is a ring whose oldest event is at `head`
    /// (each new event overwrites the oldest in place, so recording stays constant-time without moving memory).
    private struct Store {
        var events: [TraceEvent] = []
        var head = 0
        var sequence = 0
        var dropped = 0
        var observers: [Observer] = []

        /// Every event kept, oldest first.
        var ordered: [TraceEvent] {
            head == 0 ? events : Array(events[head...] + events[..<head])
        }
    }
    private let store = Locked(Store())
    private let clock: any MessagingClock
    public let limit: Int?

    public init(clock: any MessagingClock, limit: Int? = nil) {
        self.clock = clock
        self.limit = limit.map { max(1, $0) }
    }

    /// Appends an event stamped with the clock's time and the current thread.
    public func record(_ kind: TraceEvent.Kind, _ name: String, message: MessageID? = nil,
                       _ details: [String: String] = [:]) {
        let time = clock.now
        let main = ExecutionContext.isMainThread
        let thread = ExecutionContext.label ?? (main ? "main" : "thread")
        // The event is built and stored under the lock; a copy leaves the lock only when observers want it.
        let observed: (Int, [Observer])? = store.withLock { s in
            s.sequence += 1
            let sequence = s.sequence
            if let limit, s.events.count >= limit {
                // Full: the new event takes the oldest one's place (built in place, no temporary copy).
                let slot = s.head
                s.head = s.head + 1 == s.events.count ? 0 : s.head + 1
                s.dropped += 1
                s.events.withUnsafeMutableBufferPointer { buffer in
                    let place = buffer.baseAddress! + slot
                    place.deinitialize(count: 1)
                    place.initialize(to: TraceEvent(sequence: sequence, time: time, messageID: message, kind: kind,
                                                    name: name, thread: thread, onMainThread: main, details: details))
                }
            } else {
                s.events.append(TraceEvent(sequence: sequence, time: time, messageID: message, kind: kind, name: name,
                                           thread: thread, onMainThread: main, details: details))
            }
            return s.observers.isEmpty ? nil : (sequence, s.observers)
        }
        if let (sequence, observers) = observed {
            // The same event as stored (the trace's copy is not handed out while the lock is held).
            let event = TraceEvent(sequence: sequence, time: time, messageID: message, kind: kind, name: name,
                                   thread: thread, onMainThread: main, details: details)
            for observer in observers { observer(event) }
        }
    }

    /// Calls `observer` for every event recorded from now on, on the recording thread.
    public func observe(_ observer: @escaping Observer) {
        store.withLock { $0.observers.append(observer) }
    }

    /// Every event kept, oldest first.
    public var events: [TraceEvent] { store.withLock { $0.ordered } }

    /// How many events were dropped because of `limit`.
    public var droppedCount: Int { store.withLock { $0.dropped } }

    public func events(for id: MessageID) -> [TraceEvent] { events.filter { $0.messageID == id } }

    /// The labels ("kind.name") of the events about one message, or of all events.
    public func labels(for id: MessageID? = nil, kinds: Set<TraceEvent.Kind>? = nil) -> [String] {
        events.filter { (id == nil || $0.messageID == id) && (kinds == nil || kinds!.contains($0.kind)) }.map(\.label)
    }

    /// The names of callbacks made, in order (optionally for one message).
    public func callbacks(for id: MessageID? = nil) -> [String] {
        events.filter { $0.kind == .callback && (id == nil || $0.messageID == id) }.map(\.name)
    }

    /// The sequence of states a message went through.
    public func states(of id: MessageID) -> [String] {
        events(for: id).filter { $0.kind == .state }.map(\.name)
    }

    public func clear() { store.withLock { $0.events.removeAll(); $0.head = 0 } }

    /// One JSON object per line, keys sorted, in recording order.
    public func jsonLines() -> String {
        events.map(Trace.jsonLine).joined(separator: "\n")
    }

    /// The JSON form of one event on one line.
    public static func jsonLine(_ event: TraceEvent) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(event), let line = String(data: data, encoding: .utf8) else { return "{}" }
        return line
    }

    /// Reads JSON lines written by `jsonLines()`; blank lines are skipped.
    public static func decode(jsonLines text: String) throws -> [TraceEvent] {
        let decoder = JSONDecoder()
        return try text.split(whereSeparator: \.isNewline).map { line in
            try decoder.decode(TraceEvent.self, from: Data(line.utf8))
        }
    }
}
