// The bookkeeping of the content model's small caches of parsed text (style sheets by their text, page scripts by
// theirs): entries bounded in number and in bytes of text, the least recently used leaving first.

/// Values by key, at most `capacity` of them and `byteBudget` bytes of their keys' text (`size` measures a key). Not
/// thread-safe: its owner locks.
struct LeastRecentlyUsed<Key: Hashable, Value> {
    let capacity: Int
    let byteBudget: Int
    let size: (Key) -> Int
    private var entries: [Key: (value: Value, used: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0

    init(capacity: Int, byteBudget: Int, size: @escaping (Key) -> Int) {
        self.capacity = capacity
        self.byteBudget = byteBudget
        self.size = size
    }

    var count: Int { entries.count }
    var values: [Value] { entries.values.map(\.value) }

    /// The value kept for `key`, which becomes the most recently used.
    mutating func lookUp(_ key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.value, clock)
        return entry.value
    }

    /// Keeps `value` for `key` unless the key alone is over the budget; answers the values that left to make room
    /// (and `value` itself when it was not kept), for the owner to release.
    mutating func store(_ value: Value, for key: Key) -> [Value] {
        let keySize = size(key)
        guard keySize <= byteBudget else { return [value] }
        var left: [Value] = []
        if let old = entries[key] { left.append(old.value) } else { bytes += keySize }
        clock += 1
        entries[key] = (value, clock)
        while entries.count > capacity || bytes > byteBudget, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            entries[oldest.key] = nil
            bytes -= size(oldest.key)
            left.append(oldest.value.value)
        }
        return left
    }
}
