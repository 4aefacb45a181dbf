import Foundation
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

extension Braze {
    /// Opens a URL from a channel other than in-app messages (notifications, content cards, banners): offered to
    /// `delegate` first, then recorded as opened (on the UIKit stand-in, passed to `UIApplication.shared.open`).
    func open(_ context: URLContext, id: String?) {
        let details = ["url": context.url.absoluteString, "channel": context.channel.traceName]
        if configuration.forwardUniversalLinks, ["http", "https"].contains(context.url.scheme?.lowercased() ?? "") {
            context.isUniversalLink = true
        }
        if let delegate {
            environment.trace.record(.callback, "braze(_:shouldOpenURL:)", details)
            if !delegate.braze(self, shouldOpenURL: context) {
                environment.trace.record(.navigation, "urlHandledByApp", details)
                return
            }
        }
        environment.trace.record(.navigation, context.useWebView ? "openURLInWebView" : "openURL", details)
        #if canImport(UIKit) && !canImport(Darwin)
        if !context.useWebView { UIApplication.shared.open(context.url) }
        #endif
    }
}

extension Braze.Channel {
    var traceName: String {
        switch self {
        case .notification: return "notification"
        case .inAppMessage: return "inAppMessage"
        case .contentCard: return "contentCard"
        case .banner: return "banner"
        }
    }
}
