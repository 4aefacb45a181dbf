// Scaffolding stand-in for the third-party Tealium SDK core (only names the Braze remote command uses).
import Foundation
public enum TealiumQueues { public static let backgroundSerialQueue = DispatchQueue(label: "tealium") }
public final class TealiumReplaySubject<T> {
    private var cache: [T] = []; private var subs: [(T) -> Void] = []; let size: Int
    public init(cacheSize: Int? = nil) { size = cacheSize ?? 1 }
    public func publish(_ v: T) { cache.append(v); if cache.count > size { cache.removeFirst() }; let s = subs; subs = []; s.forEach { $0(v) } }
    public func last() -> T? { cache.last }
    public func subscribeOnce(_ f: @escaping (T) -> Void) { if let v = cache.last { f(v) } else { subs.append(f) } }
}
public typealias TealiumDispatchQueue = DispatchQueue
