import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells a delegate's own method from the protocol's default. Upstream the delegates are Objective-C protocols
/// whose requirements are optional and matched by selector, so the SDK asks whether a method is implemented and an
/// implementation is called whatever optionality or message subclass it declares; a Swift protocol needs a
/// requirement per spelling, and the defaults mark that they ran so the SDK can fall back as upstream does when a
/// method is missing.
package enum OptionalRequirement {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Called by a default implementation.
    package static func defaultRan() { pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1)) }

    /// Runs `body` (one delegate call) and says whether the delegate's own method answered.
    package static func call<R>(_ body: () -> R) -> (value: R, implemented: Bool) {
        pthread_setspecific(key, nil)
        let value = body()
        let ranDefault = pthread_getspecific(key) != nil
        pthread_setspecific(key, nil)
        return (value, !ranDefault)
    }
}
