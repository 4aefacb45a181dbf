/// A last-in, first-out stack of pending messages with identity by `messageID`: pushing a message whose id
/// is already stacked moves it to the top instead of adding a copy. The invariants (unique ids, the id
/// index matching the elements) are checked after every mutation; `violations` lists any breach.
public struct MessageStack<Element: PresentableMessage>: Sendable {
    /// Bottom first; the last element is the top.
    @inlinable public var elements: [Element] { storage }
    /// Invariant breaches found after mutations (empty unless there is a bug).
    @inlinable public var violations: [String] { problems }

    // Internal storage, visible to inlinable code so generic users are specialized where they are compiled.
    @usableFromInline var storage: [Element] = []
    @usableFromInline var ids: Set<MessageID> = []
    @usableFromInline var problems: [String] = []

    public init() {}
    public init(_ elements: [Element]) { for e in elements { push(e) } }

    @inlinable
    public var count: Int { storage.count }
    @inlinable
    public var isEmpty: Bool { storage.isEmpty }
    @inlinable
    public var top: Element? { storage.last }
    @inlinable
    public var messageIDs: [MessageID] { storage.map(\.messageID) }
    @inlinable
    public func contains(_ id: MessageID) -> Bool { !storage.isEmpty && ids.contains(id) }

    /// Puts `element` on top, removing an earlier copy with the same id.
    @inlinable
    public mutating func push(_ element: Element) {
        if ids.contains(element.messageID) { storage.removeAll { $0.messageID == element.messageID } }
        storage.append(element)
        ids.insert(element.messageID)
        check()
    }

    /// Removes and returns the top element.
    @inlinable @discardableResult
    public mutating func pop() -> Element? {
        guard let last = storage.popLast() else { return nil }
        ids.remove(last.messageID)
        check()
        return last
    }

    /// Removes the element with `id`, if stacked, and returns it.
    @inlinable @discardableResult
    public mutating func remove(_ id: MessageID) -> Element? {
        guard !storage.isEmpty, ids.contains(id), let index = storage.lastIndex(where: { $0.messageID == id }) else { return nil }
        let removed = storage.remove(at: index)
        ids.remove(id)
        check()
        return removed
    }

    /// Empties the stack and returns what it held, bottom first.
    @inlinable @discardableResult
    public mutating func removeAll() -> [Element] {
        let all = storage
        storage.removeAll()
        ids.removeAll()
        check()
        return all
    }

    /// Full check of the invariants: every id once, and the index equal to the elements' ids.
    @inlinable
    public func validate() -> [String] {
        var found: [String] = []
        var seen = Set<MessageID>()
        for e in storage where !seen.insert(e.messageID).inserted {
            found.append("duplicate id \(e.messageID)")
        }
        if seen != ids { found.append("id index out of step with elements") }
        return found
    }

    @inlinable
    mutating func check() {
        // Constant-time checks always; the full scan while the stack is small enough to afford it.
        if elements.count != ids.count {
            problems.append("count \(elements.count) != index \(ids.count)")
        } else if let top = elements.last, !ids.contains(top.messageID) {
            problems.append("top \(top.messageID) missing from index")
        } else if elements.count <= 64 {
            problems += validate()
        }
    }
}
