import Foundation
import InAppCore

/// The hub's event history: the events recorded (dispatched with a `mask`, or through `recordHistoricalEvent`),
/// each kept as the flattened values of its masked keys and its timestamp. In memory, one per environment.
final class EventHistoryStore: @unchecked Sendable {
    private struct Entry {
        var values: [String: JSONValue]
        var date: Date
    }
    private let entries = Locked([Entry]())

    /// `event`'s data flattened (`a.b` for nested keys), restricted to its mask when it has one.
    static func maskedValues(of event: Event) -> [String: JSONValue] {
        var flat: [String: JSONValue] = [:]
        flatten(JSONValue(any: event.data ?? [:]), prefix: "", into: &flat)
        guard let mask = event.mask else { return flat }
        return flat.filter { mask.contains($0.key) }
    }

    static func flatten(_ value: JSONValue, prefix: String, into flat: inout [String: JSONValue]) {
        if case .object(let o) = value {
            for (key, child) in o { flatten(child, prefix: prefix.isEmpty ? key : "\(prefix).\(key)", into: &flat) }
        } else if !prefix.isEmpty {
            flat[prefix] = value
        }
    }

    func record(_ event: Event) {
        let values = EventHistoryStore.maskedValues(of: event)
        guard !values.isEmpty else { return }
        entries.withLock { $0.append(Entry(values: values, date: event.timestamp)) }
    }

    /// Per request: the recorded events holding every key/value of its mask within its dates. With
    /// `enforceOrder`, a request only counts events at or after the oldest match of the request before it (a
    /// request with no match makes the later ones count 0).
    func query(_ requests: [EventHistoryRequest], enforceOrder: Bool) -> [EventHistoryResult] {
        let all = entries.snapshot
        var after: Date?
        var broken = false
        return requests.map { request in
            if enforceOrder && broken { return EventHistoryResult(count: 0) }
            var wanted: [String: JSONValue] = [:]
            EventHistoryStore.flatten(JSONValue(any: request.mask), prefix: "", into: &wanted)
            let matches = all.filter { entry in
                if let from = request.fromDate, entry.date < from { return false }
                if let to = request.toDate, entry.date > to { return false }
                if enforceOrder, let after, entry.date < after { return false }
                return wanted.allSatisfy { entry.values[$0.key] == $0.value }
            }
            let dates = matches.map(\.date)
            if enforceOrder {
                if let first = dates.min() { after = first } else { broken = true }
            }
            return EventHistoryResult(count: matches.count, oldest: dates.min(), newest: dates.max())
        }
    }
}
