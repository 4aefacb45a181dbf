// The selector form of `NotificationCenter.addObserver`, which the Linux Foundation lacks (it has no Objective-C
// runtime to send a selector). UIKit code uses it beside the block form, so the stand-in accepts it.

private final class SelectorObservers: @unchecked Sendable {
    struct Entry { weak var observer: AnyObject?; let selector: Selector; let name: NSNotification.Name? }
    let lock = NSLock()
    var entries: [Entry] = []
}
private let selectorObservers = SelectorObservers()

extension NotificationCenter {
    /// Records the registration, holding the observer weakly (headless: the selector is never sent; there is no
    /// Objective-C runtime). Read it
    /// back with `selectorObservations(of:)`; `removeSelectorObserver(_:)` forgets it.
    public func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?) {
        selectorObservers.lock.lock(); defer { selectorObservers.lock.unlock() }
        selectorObservers.entries.removeAll { $0.observer == nil }
        selectorObservers.entries.append(.init(observer: observer as AnyObject, selector: aSelector, name: aName))
    }

    /// The selector registrations of `observer`, oldest first (headless extra).
    public func selectorObservations(of observer: AnyObject) -> [(selector: Selector, name: NSNotification.Name?)] {
        selectorObservers.lock.lock(); defer { selectorObservers.lock.unlock() }
        return selectorObservers.entries.filter { $0.observer === observer }.map { ($0.selector, $0.name) }
    }

    /// Forgets the selector registrations of `observer` (headless extra; `removeObserver(_:)` removes block observers).
    public func removeSelectorObserver(_ observer: AnyObject) {
        selectorObservers.lock.lock(); defer { selectorObservers.lock.unlock() }
        selectorObservers.entries.removeAll { $0.observer === observer }
    }
}
