import Foundation

/// Decides, URL by URL, whether the SDK opens a link itself. Set it with `ABKURLDelegateKey` in `appboyOptions`
/// or on `Appboy.sharedInstance()?.appboyUrlDelegate`. Asked before the SDK opens the URL of a clicked in-app
/// message, button or HTML link, with the message's extras.
public protocol ABKURLDelegate: AnyObject {
    /// true: the app handles the URL and the SDK opens nothing; false: the SDK opens it (headless: the trace's
    /// `navigation.openURL`).
    func handleAppboyURL(_ url: URL?, from channel: ABKChannel, withExtras extras: [AnyHashable: Any]?) -> Bool
}
