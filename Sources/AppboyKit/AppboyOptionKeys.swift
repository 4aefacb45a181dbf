/// `appboyOptions` key: minimum seconds between two triggered in-app messages (a number; default 30).
public let ABKMinimumTriggerTimeIntervalKey = "ABKMinimumTriggerTimeInterval"
/// `appboyOptions` key: an `ABKInAppMessageControllerDelegate` to install as `inAppMessageController.delegate`.
public let ABKInAppMessageControllerDelegateKey = "ABKInAppMessageControllerDelegate"
/// `appboyOptions` key: a Bool for `inAppMessageController.enableDismissModalOnOutsideTap` (default false).
public let ABKEnableDismissModalOnOutsideTapKey = "ABKEnableDismissModalOnOutsideTap"
/// `appboyOptions` key: an `ABKURLDelegate` deciding whether the SDK opens URLs (set as `Appboy.appboyUrlDelegate`).
public let ABKURLDelegateKey = "ABKURLDelegate"
