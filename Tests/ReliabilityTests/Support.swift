import Foundation
import XCTest
import InAppTestSupport

/// A small deterministic generator, so a failing run can be replayed from its seed.
struct Rng {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// Size of the stress runs: OPENINAPP_STRESS_OPS operations per thread (small by default so `swift test` stays
/// fast; `.ci/stress` passes 100 000).
enum StressSize {
    static var opsPerThread: Int {
        ProcessInfo.processInfo.environment["OPENINAPP_STRESS_OPS"].flatMap(Int.init) ?? 400
    }
}

/// Collects, through a trace observer, what the invariants need without keeping the whole trace: the engine's
/// display-related state events (ordered by trace sequence afterwards) and per-message callback counts.
final class TraceTally: @unchecked Sendable {
    struct StateEvent { var sequence: Int; var id: MessageID; var name: String }
    private let states = Locked([StateEvent]())
    private let counts = Locked([String: [MessageID: Int]]())
    private let watched: Set<String>

    init(trace: Trace, callbacks: Set<String>) {
        watched = callbacks
        trace.observe { [self] event in
            guard let id = event.messageID else { return }
            if event.kind == .state, ["displayed", "dismissing", "hidden", "dismissed"].contains(event.name) {
                states.withLock { $0.append(StateEvent(sequence: event.sequence, id: id, name: event.name)) }
                if event.name == "hidden" { counts.withLock { $0["state.hidden", default: [:]][id, default: 0] += 1 } }
            } else if event.kind == .callback, watched.contains(event.name) {
                counts.withLock { $0[event.name, default: [:]][id, default: 0] += 1 }
            }
        }
    }

    func count(_ name: String) -> [MessageID: Int] { counts.snapshot[name] ?? [:] }
    func total(_ name: String) -> Int { count(name).values.reduce(0, +) }

    /// Pairs of messages that were displayed at the same time on this trace's monitor (empty when the
    /// one-at-a-time rule held): between two `displayed` states there must be a `dismissing` or `hidden`.
    func overlaps() -> [String] {
        var onScreen: MessageID?
        var found: [String] = []
        for e in states.snapshot.sorted(by: { $0.sequence < $1.sequence }) {
            switch e.name {
            case "displayed":
                if let current = onScreen, current != e.id { found.append("\(current) and \(e.id)") }
                onScreen = e.id
            default:
                if onScreen == e.id { onScreen = nil }
            }
        }
        return found
    }
}

/// Checks that a message that entered an engine ended in an accounted-for state.
func assertAccountedFor(_ id: MessageID, _ state: PresentationState?, displayed: MessageID?, stacked: Bool,
                        followup: MessageID?, file: StaticString = #filePath, line: UInt = #line) -> Bool {
    guard let state else { XCTFail("\(id) has no state (lost)", file: file, line: line); return false }
    switch state {
    case .displayed:
        if id != displayed { XCTFail("\(id) displayed but not the displayed message", file: file, line: line); return false }
    case .stacked:
        if !stacked { XCTFail("\(id) stacked but not on the stack", file: file, line: line); return false }
    case .dismissed, .hidden:
        break
    case .discarded(let r), .suppressed(let r), .failed(let r):
        if r.code.isEmpty { XCTFail("\(id) ended \(state.name) without a reason", file: file, line: line); return false }
    case .received:
        if followup != id { XCTFail("\(id) stuck in received", file: file, line: line); return false }
    case .deciding, .presenting, .dismissing:
        XCTFail("\(id) stuck in \(state.name)", file: file, line: line); return false
    }
    return true
}

/// Runs `threads` real threads (not a pool limited to the core count) and turns the main run loop while they
/// work, so work the facades send to the main queue interleaves with them.
func runThreads(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for t in 0..<threads {
        group.enter()
        let thread = Thread {
            body(t)
            group.leave()
        }
        thread.stackSize = 4 << 20
        thread.start()
    }
    while group.wait(timeout: .now()) == .timedOut {
        _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.002))
    }
}
