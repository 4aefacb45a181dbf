import Foundation

/// The app's say in what the SDK does. Of its methods, the one in-app messages reach is
/// `braze(_:shouldOpenURL:)`, asked before the SDK opens a URL of a clicked message, button or HTML link. Set it on
/// `Braze.delegate` (held weakly: keep your own strong reference). Every requirement has a default.
public protocol BrazeDelegate: AnyObject {
    /// false: the app handles the URL and the SDK opens nothing; true (the default): the SDK opens it (headless:
    /// the trace's `navigation.openURL` / `openURLInWebView`).
    func braze(_ braze: Braze, shouldOpenURL context: Braze.URLContext) -> Bool
}

extension BrazeDelegate {
    public func braze(_ braze: Braze, shouldOpenURL context: Braze.URLContext) -> Bool { true }
}
