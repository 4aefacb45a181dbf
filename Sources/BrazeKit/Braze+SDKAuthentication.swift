import Foundation
import InAppCore

extension Braze {
    /// Told when the simulated server refuses a signature. Held weakly.
    public var sdkAuthDelegate: (any BrazeSDKAuthDelegate)? {
        get { sdkSettings.withLock { $0.authDelegate } }
        set { sdkSettings.withLock { $0.authDelegate = newValue } }
    }

    /// The signature the next requests carry (also set by `changeUser(userId:sdkAuthSignature:)`).
    public func set(sdkAuthenticationSignature signature: String) {
        sdkSettings.withLock { $0.signature = signature }
        environment.trace.record(.user, "setSDKAuthenticationSignature", ["length": String(signature.count)])
    }

    /// The signature requests carry now (nil until one is set, and after `wipeData()`).
    public var sdkAuthenticationSignature: String? { sdkSettings.withLock { $0.signature } }

    /// Calls `update` for every refused signature, besides the delegate.
    public func subscribeToSdkAuthenticationFailures(_ update: @escaping (SDKAuthenticationError) -> Void) -> Cancellable {
        authFailures.add(update)
    }

    func reportAuthenticationFailure(reason: String) {
        let error = SDKAuthenticationError(code: reason == "missing signature" ? 22 : 23, reason: reason,
                                           userId: user.id, signature: sdkAuthenticationSignature)
        environment.trace.record(.user, "sdkAuthenticationFailed", ["reason": reason, "userId": user.id ?? ""])
        if let delegate = sdkAuthDelegate {
            environment.trace.record(.callback, "braze(_:sdkAuthenticationFailedWithError:)")
            delegate.braze(self, sdkAuthenticationFailedWithError: error)
        }
        authFailures.send(error)
    }
}
