import Foundation
#if canImport(UIKit)
import UIKit
#endif

extension Braze {
    /// What the SDK knows of a URL it is about to open, handed to `BrazeDelegate.braze(_:shouldOpenURL:)`.
    public final class URLContext: @unchecked Sendable {
        /// The URL to open.
        public var url: URL
        /// Whether the URL is to open in the SDK's in-app web view rather than outside the app.
        public var useWebView: Bool
        /// Whether the URL is one of the app's universal links (headless: never decided, false).
        public var isUniversalLink: Bool
        /// Where the URL came from.
        public var channel: Braze.Channel
        /// The key/values of the message the URL came from.
        public var extras: [AnyHashable: Any]
        #if canImport(UIKit)
        /// The scene the URL should open in (headless: nil).
        public weak var targetScene: UIScene?
        #endif

        #if canImport(UIKit)
        public init(url: URL, useWebView: Bool = false, isUniversalLink: Bool = false, channel: Braze.Channel = .inAppMessage,
                    extras: [AnyHashable: Any] = [:], targetScene: UIScene? = nil) {
            self.url = url; self.useWebView = useWebView; self.isUniversalLink = isUniversalLink
            self.channel = channel; self.extras = extras; self.targetScene = targetScene
        }
        #else
        public init(url: URL, useWebView: Bool = false, isUniversalLink: Bool = false, channel: Braze.Channel = .inAppMessage,
                    extras: [AnyHashable: Any] = [:]) {
            self.url = url; self.useWebView = useWebView; self.isUniversalLink = isUniversalLink
            self.channel = channel; self.extras = extras
        }
        #endif
    }
}
