import Foundation

/// Told when the server refuses the SDK authentication signature, so the app can fetch a new one and pass it
/// to `Braze.set(sdkAuthenticationSignature:)`.
public protocol BrazeSDKAuthDelegate: AnyObject {
    func braze(_ braze: Braze, sdkAuthenticationFailedWithError error: Braze.SDKAuthenticationError)
}
