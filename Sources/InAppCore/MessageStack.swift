/// A last-in, first-out stack of pending messages with identity by `messageID`: pushing a message whose id
/// is already stacked moves it to the top instead of adding a copy. The invariants (unique ids, the id
/// index matching the elements) are checked after every mutation; `violations` lists any breach.
public struct MessageStack<Element: PresentableMessage>: Sendable {
    /// Bottom first; the last element is the top.
    public private(set) var elements: [Element] = []
    private var ids: Set<MessageID> = []
    /// Invariant breaches found after mutations (empty unless there is a bug).
    public private(set) var violations: [String] = []

    public init() {}
    public init(_ elements: [Element]) { for e in elements { push(e) } }

    public var count: Int { elements.count }
    public var isEmpty: Bool { elements.isEmpty }
    public var top: Element? { elements.last }
    public var messageIDs: [MessageID] { elements.map(\.messageID) }
    public func contains(_ id: MessageID) -> Bool { ids.contains(id) }

    /// Puts `element` on top, removing an earlier copy with the same id.
    public mutating func push(_ element: Element) {
        if ids.contains(element.messageID) { elements.removeAll { $0.messageID == element.messageID } }
        elements.append(element)
        ids.insert(element.messageID)
        check()
    }

    /// Removes and returns the top element.
    @discardableResult
    public mutating func pop() -> Element? {
        guard let last = elements.popLast() else { return nil }
        ids.remove(last.messageID)
        check()
        return last
    }

    /// Removes the element with `id`, if stacked, and returns it.
    @discardableResult
    public mutating func remove(_ id: MessageID) -> Element? {
        guard ids.contains(id), let index = elements.lastIndex(where: { $0.messageID == id }) else { return nil }
        let removed = elements.remove(at: index)
        ids.remove(id)
        check()
        return removed
    }

    /// Empties the stack and returns what it held, bottom first.
    @discardableResult
    public mutating func removeAll() -> [Element] {
        let all = elements
        elements.removeAll()
        ids.removeAll()
        check()
        return all
    }

    /// Full check of the invariants: every id once, and the index equal to the elements' ids.
    public func validate() -> [String] {
        var problems: [String] = []
        var seen = Set<MessageID>()
        for e in elements where !seen.insert(e.messageID).inserted {
            problems.append("duplicate id \(e.messageID)")
        }
        if seen != ids { problems.append("id index out of step with elements") }
        return problems
    }

    private mutating func check() {
        // Constant-time checks always; the full scan while the stack is small enough to afford it.
        if elements.count != ids.count {
            violations.append("count \(elements.count) != index \(ids.count)")
        } else if let top = elements.last, !ids.contains(top.messageID) {
            violations.append("top \(top.messageID) missing from index")
        } else if elements.count <= 64 {
            violations += validate()
        }
    }
}
