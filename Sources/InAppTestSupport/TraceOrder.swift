import Foundation
import InAppCore

/// Whether some entries of the trace (callbacks, states, analytics) occur in a given order, other entries
/// allowed in between — with what to print when they do not.
///
/// Made for `#expect` (and `XCTAssert`): Swift Testing prints the value of `harness.callbacks(inOrder: …)` when
/// the expectation fails, and that value describes the first missing entry and an excerpt of the trace.
///
/// ```swift
/// #expect(harness.callbacks(inOrder: ["shouldShowMessage", "onShow"], for: "welcome").holds)
/// XCTAssertTrue(order.holds, "\(order)")
/// ```
public struct TraceOrder: Sendable, CustomStringConvertible {
    /// What the check was about ("callbacks for welcome", …).
    public let subject: String
    /// The entries that had to occur, in order.
    public let expected: [String]
    /// The entries found, in order.
    public let actual: [String]
    /// How many of `expected` were found in order before one was missing (all of them when the order holds).
    public let matchedCount: Int
    /// The trace lines printed on failure (the newest events of the subject).
    public let excerpt: [String]

    /// Whether every expected entry occurs, in order.
    public var holds: Bool { matchedCount == expected.count }

    /// The first expected entry not found in order, if any.
    public var firstMissing: String? { holds ? nil : expected[matchedCount] }

    public init(subject: String, expected: [String], actual: [String], excerpt: [String]) {
        self.subject = subject
        self.expected = expected
        self.actual = actual
        self.excerpt = excerpt
        var index = actual.startIndex
        var matched = 0
        for item in expected {
            guard let found = actual[index...].firstIndex(of: item) else { break }
            index = actual.index(after: found)
            matched += 1
        }
        matchedCount = matched
    }

    public var description: String {
        if holds { return "\(subject) include \(expected) in order" }
        let after = matchedCount == 0 ? "" : " after \(expected[..<matchedCount].map { "\"\($0)\"" }.joined(separator: ", "))"
        var text = "\(subject): missing \"\(firstMissing ?? "")\"\(after)\n  expected in order: \(expected)\n  actual: \(actual)"
        if !excerpt.isEmpty {
            text += "\n  trace excerpt:\n" + excerpt.map { "    " + $0 }.joined(separator: "\n")
        }
        return text
    }

    /// One trace event on one line: time, thread, label, message and details.
    public static func line(_ event: TraceEvent) -> String {
        var text = "#\(event.sequence) t=\(event.time) [\(event.thread)] \(event.label)"
        if let id = event.messageID { text += " \(id)" }
        if !event.details.isEmpty {
            text += " " + event.details.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        return text
    }
}

extension Harness {
    /// How many trace lines a failed `TraceOrder` prints.
    public static let excerptLength = 40

    /// Whether the callbacks into integration code (about `id`, or all) include `expected` in order.
    public func callbacks(inOrder expected: [String], for id: MessageID? = nil) -> TraceOrder {
        order(expected, actual: callbacks(for: id), subject: "callbacks" + (id.map { " for \($0)" } ?? ""), id: id)
    }

    /// Whether the states of `id` include `expected` in order.
    public func states(inOrder expected: [String], of id: MessageID) -> TraceOrder {
        order(expected, actual: states(of: id), subject: "states of \(id)", id: id)
    }

    /// Whether the analytics records (about `id`, or all) include `expected` in order.
    public func analytics(inOrder expected: [String], for id: MessageID? = nil) -> TraceOrder {
        order(expected, actual: analytics(for: id), subject: "analytics" + (id.map { " for \($0)" } ?? ""), id: id)
    }

    /// Whether the trace labels ("kind.name", about `id` or all) include `expected` in order.
    public func labels(inOrder expected: [String], for id: MessageID? = nil) -> TraceOrder {
        order(expected, actual: labels(for: id), subject: "trace" + (id.map { " for \($0)" } ?? ""), id: id)
    }

    private func order(_ expected: [String], actual: [String], subject: String, id: MessageID?) -> TraceOrder {
        // The excerpt is computed only when the order does not hold (it is what a failure prints).
        let probe = TraceOrder(subject: subject, expected: expected, actual: actual, excerpt: [])
        guard !probe.holds else { return probe }
        let events = id.map { trace.events(for: $0) } ?? trace.events
        return TraceOrder(subject: subject, expected: expected, actual: actual,
                          excerpt: events.suffix(Self.excerptLength).map(TraceOrder.line))
    }
}
