import Foundation

/// Which shared state a read accepts (AEPCore `SharedStateResolution`).
public enum SharedStateResolution: Int, Sendable {
    /// The last state that was set, skipping pending ones.
    case lastSet
    /// The latest state, pending or set.
    case any
}

/// The state of a shared state (AEPCore `SharedStateStatus`).
public enum SharedStateStatus: Int, Sendable {
    /// Published, with a value.
    case set
    /// Reserved; its value comes later.
    case pending
    /// Nothing published yet.
    case none
}

/// Sets a pending shared state (AEPCore `SharedStateResolver`).
public typealias SharedStateResolver = ([String: Any]?) -> Void

/// What `MobileCore.registerEventListener` and `registerListener` call (AEPCore `EventListener`).
public typealias EventListener = (Event) -> Void
