// The `appboyOptions` keys of `Appboy.start(...)`. Every key is accepted; the ones with an effect headless are
// read by `Appboy.init`, the rest are recorded in the trace (`optionAccepted`) so a test can see what an app
// configured.

/// `appboyOptions` key: minimum seconds between two triggered in-app messages (a number; default 30).
public let ABKMinimumTriggerTimeIntervalKey = "ABKMinimumTriggerTimeInterval"
/// `appboyOptions` key: an `ABKInAppMessageControllerDelegate` to install as `inAppMessageController.delegate`.
public let ABKInAppMessageControllerDelegateKey = "ABKInAppMessageControllerDelegate"
/// `appboyOptions` key: a Bool for `inAppMessageController.enableDismissModalOnOutsideTap` (default false).
public let ABKEnableDismissModalOnOutsideTapKey = "ABKEnableDismissModalOnOutsideTap"
/// `appboyOptions` key: an `ABKURLDelegate` deciding whether the SDK opens URLs (set as `Appboy.appboyUrlDelegate`).
public let ABKURLDelegateKey = "ABKURLDelegate"
/// `appboyOptions` key: an `ABKRequestProcessingPolicy` (or its raw number) for `Appboy.requestProcessingPolicy`.
public let ABKRequestProcessingPolicyOptionKey = "ABKRequestProcessingPolicyOption"
/// `appboyOptions` key: seconds between automatic data flushes (a number; recorded only, nothing is sent).
public let ABKFlushIntervalOptionKey = "ABKFlushIntervalOption"
/// `appboyOptions` key: whether location is collected automatically (recorded only).
public let ABKEnableAutomaticLocationCollectionKey = "ABKEnableAutomaticLocationCollection"
/// `appboyOptions` key: whether geofences are enabled (recorded only).
public let ABKEnableGeofencesKey = "ABKEnableGeofences"
/// `appboyOptions` key: whether geofence requests are left to the app (recorded only).
public let ABKDisableAutomaticGeofenceRequestsKey = "ABKDisableAutomaticGeofenceRequests"
/// `appboyOptions` key: an advertising-identifier delegate (recorded only).
public let ABKIDFADelegateKey = "ABKIDFADelegate"
/// `appboyOptions` key: the SDK endpoint host (a string; read back from `Appboy.endpoint`, nothing is contacted).
public let ABKEndpointKey = "ABKEndpoint"
/// `appboyOptions` key: an image-loading delegate (recorded only).
public let ABKImageDelegateKey = "ABKImageDelegate"
/// `appboyOptions` key: whether SDK authentication is enabled (a Bool; recorded only).
public let ABKEnableSDKAuthenticationKey = "ABKEnableSDKAuthentication"
/// `appboyOptions` key: the SDK authentication delegate (recorded only).
public let ABKSdkAuthenticationDelegateKey = "ABKSdkAuthenticationDelegate"
/// `appboyOptions` key: seconds of inactivity that end a session (a number; recorded only).
public let ABKSessionTimeoutKey = "ABKSessionTimeout"
/// `appboyOptions` key: the wrapper SDK flavor (recorded only).
public let ABKSDKFlavorKey = "ABKSDKFlavor"
/// `appboyOptions` key: which device properties are collected (recorded only).
public let ABKDeviceAllowlistKey = "ABKDeviceAllowlistKey"
/// `appboyOptions` key: old name of `ABKDeviceAllowlistKey`.
@available(*, deprecated, renamed: "ABKDeviceAllowlistKey")
public let ABKDeviceWhitelistKey = "ABKDeviceWhitelistKey"
/// `appboyOptions` key: custom events the SDK does not keep for triggering (recorded only).
public let ABKEphemeralEventsKey = "ABKEphemeralEventsKey"
/// `appboyOptions` key: the app group shared with a push story extension (recorded only).
public let ABKPushStoryAppGroupKey = "ABKPushStoryAppGroup"
/// `appboyOptions` key: the SDK's log level (a number; recorded only).
public let ABKLogLevelKey = "ABKLogLevel"

/// When the SDK sends queued data. Headless nothing is sent; the policy is kept for code that reads it back.
public enum ABKRequestProcessingPolicy: Int, Sendable {
    case automaticRequestProcessing = 0
    case manualRequestProcessing = 1
}
