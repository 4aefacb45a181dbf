import Foundation

/// An immutable lookup structure over delivered campaigns, rebuilt when campaigns are delivered.
///
/// Custom events, purchases and push clicks are found by name in hash tables; a small bit filter over all names
/// answers "certainly no campaign listens to this" without touching the tables, so an event nobody listens to costs
/// one string hash and two bit tests however many campaigns there are.
final class TriggerIndex: Sendable {
    struct Entry: Sendable {
        let campaign: Int
        let filters: [PropertyFilter]
    }

    let campaigns: [Campaign]
    private let sessionStart: [Entry]
    private let anyPurchase: [Entry]
    private let customEvents: [String: [Entry]]
    private let purchases: [String: [Entry]]
    private let pushClicks: [String: [Entry]]
    private let names: NameFilter

    static let empty = TriggerIndex([])

    init(_ campaigns: [Campaign]) {
        self.campaigns = campaigns
        var session: [Entry] = [], any: [Entry] = []
        var custom: [String: [Entry]] = [:], purchase: [String: [Entry]] = [:], push: [String: [Entry]] = [:]
        for (position, campaign) in campaigns.enumerated() {
            for trigger in campaign.triggers {
                let entry = Entry(campaign: position, filters: trigger.filters)
                switch trigger {
                case .sessionStart: session.append(entry)
                case .anyPurchase: any.append(entry)
                case .customEvent(let name, _): custom[name, default: []].append(entry)
                case .purchase(let product, _): purchase[product, default: []].append(entry)
                case .pushClick(let id): push[id, default: []].append(entry)
                }
            }
        }
        var filter = NameFilter(capacity: custom.count + purchase.count + push.count)
        for name in custom.keys { filter.insert(name, kind: 1) }
        for name in purchase.keys { filter.insert(name, kind: 2) }
        for name in push.keys { filter.insert(name, kind: 3) }
        sessionStart = session; anyPurchase = any; customEvents = custom; purchases = purchase; pushClicks = push
        names = filter
    }

    /// False when no campaign can possibly match `kind` (no false negatives).
    @inline(__always)
    func mayMatch(_ kind: TriggerEvent.Kind) -> Bool {
        switch kind {
        case .sessionStart: return !sessionStart.isEmpty
        case .customEvent(let name): return names.mayContain(name, kind: 1)
        case .purchase(let product): return !anyPurchase.isEmpty || names.mayContain(product, kind: 2)
        case .pushClick(let id): return names.mayContain(id, kind: 3)
        }
    }

    /// Calls `body` for every trigger entry listening to `kind`.
    func forEachEntry(_ kind: TriggerEvent.Kind, _ body: (Entry) -> Void) {
        switch kind {
        case .sessionStart: sessionStart.forEach(body)
        case .customEvent(let name): customEvents[name]?.forEach(body)
        case .purchase(let product):
            anyPurchase.forEach(body)
            purchases[product]?.forEach(body)
        case .pushClick(let id): pushClicks[id]?.forEach(body)
        }
    }
}

/// A Bloom-style bit filter over names: `mayContain` is false only for names never inserted.
struct NameFilter: Sendable {
    private var bits: [UInt64]
    private let mask: UInt64

    init(capacity: Int) {
        // 16 bits per name, at least 64, a power of two; two probes → about 1.4 % false positives.
        var size = 64
        while size < capacity * 16 { size <<= 1 }
        bits = Array(repeating: 0, count: size / 64)
        mask = UInt64(size - 1)
    }

    mutating func insert(_ name: String, kind: UInt64) {
        let h = Self.hash(name, kind: kind)
        for bit in [h & mask, (h >> 32) & mask] { bits[Int(bit >> 6)] |= 1 << (bit & 63) }
    }

    @inline(__always)
    func mayContain(_ name: String, kind: UInt64) -> Bool {
        let h = Self.hash(name, kind: kind)
        let a = h & mask, b = (h >> 32) & mask
        return bits[Int(a >> 6)] & (1 << (a & 63)) != 0 && bits[Int(b >> 6)] & (1 << (b & 63)) != 0
    }

    /// FNV-1a over the UTF-8 bytes, seeded by the kind, with a final avalanche.
    @inline(__always)
    static func hash(_ name: String, kind: UInt64) -> UInt64 {
        let seed: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (kind &* 0x9E37_79B9_7F4A_7C15)
        var h = name.utf8.withContiguousStorageIfAvailable { bytes -> UInt64 in
            var h = seed
            for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
            return h
        } ?? {
            var h = seed
            for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
            return h
        }()
        h ^= h >> 33
        h &*= 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        return h
    }
}
