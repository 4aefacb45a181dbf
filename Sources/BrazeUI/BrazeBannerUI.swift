import BrazeKit
import Foundation
import InAppCore
import UIKit
import WebKit

/// Braze's banner views.
public enum BrazeBannerUI {
    /// What a banner view reports after it renders: the content's height in points (the height of the banner's
    /// document laid out at the view's width), 0 after the content is removed.
    public struct ContentUpdates: Sendable, Hashable {
        public var height: CGFloat?
        public init(height: CGFloat? = nil) { self.height = height }
    }

    /// Why a banner view has nothing to show.
    public enum BannerError: Swift.Error, Hashable, Sendable {
        case noBanner(placementId: String)
        case controlBanner
        case noBrazeInstance
    }

    /// A view that shows the banner of one placement: it asks `braze` for the placement's banner, follows its
    /// updates, and loads the banner's HTML in a web view (headlessly, the content model) with the Braze
    /// bridge, as HTML in-app messages are. The impression is logged once the content loads; `brazeBridge`
    /// calls (`logClick`, `closeMessage`, `logCustomEvent`, `getUser().<setter>`) and link taps go to the banner's
    /// context, the SDK and the user profile.
    open class BannerUIView: UIView, WKNavigationDelegate {
        public let placementId: String
        public private(set) var banner: Braze.Banner?
        public private(set) var webView: WKWebView?
        /// Called when the user dismisses the banner.
        public var onDismiss: ((Braze.BannerDismissalEvent) -> Void)?
        private weak var braze: Braze?
        private var processContentUpdates: ((Result<ContentUpdates, any Swift.Error>) -> Void)?
        private var subscription: Braze.Cancellable?
        private var dismissalSubscription: Braze.Cancellable?
        private var loading = false

        public init(placementId: String, braze: Braze,
                    processContentUpdates: ((Result<ContentUpdates, any Swift.Error>) -> Void)? = nil) {
            self.placementId = placementId
            self.braze = braze
            self.processContentUpdates = processContentUpdates
            super.init(frame: .zero)
            subscription = braze.banners.subscribeToUpdates { [weak self] banners in
                guard let self else { return }
                if let banner = banners[self.placementId] { self.render(with: banner) }
                else { self.removeBannerContent(reason: .noBanner) }
            }
            dismissalSubscription = braze.banners.subscribeToDismissals { [weak self] event in
                guard let self, event.placementId == self.placementId, self.banner != nil else { return }
                self.onDismiss?(event)
                self.removeBannerContent(reason: .dismissal)
            }
            braze.banners.getBanner(for: placementId) { [weak self] banner in
                guard let self else { return }
                if let banner { self.render(with: banner) }
                else { self.processContentUpdates?(.failure(BannerError.noBanner(placementId: self.placementId))) }
            }
        }

        public required init?(coder: NSCoder) { nil }

        /// Shows `banner` (a control banner logs its impression and shows nothing).
        open func render(with banner: Braze.Banner) {
            if self.banner?.identifier == banner.identifier && self.banner?.html == banner.html && webView != nil { return }
            self.banner = banner
            if banner.isControl {
                banner.context?.logImpression()
                processContentUpdates?(.failure(BannerError.controlBanner))
                return
            }
            let view = webView ?? makeWebView()
            #if !canImport(Darwin)
            if bounds.width > 0 { view.page.viewport.width = Double(bounds.width) }
            #endif
            loading = true
            _ = view.loadHTMLString(banner.html, baseURL: URL(string: "https://bannercache.braze"))
            loading = false
            banner.context?.logImpression()
            processContentUpdates?(.success(ContentUpdates(height: contentHeight(of: view))))
        }

        /// The height of the loaded document (its root element's border box) laid out at the view's width (the
        /// page's default width while the view has none), as the banner view measures it on a device.
        private func contentHeight(of view: WKWebView) -> CGFloat? {
            #if canImport(Darwin)
            return nil
            #else
            return view.page.layoutBox(of: view.page.document.documentElement).map { CGFloat($0.height) }
            #endif
        }

        /// Clears the view.
        public func removeBannerContent(reason: Braze.Banner.RemovalReason) {
            banner = nil
            webView?.removeFromSuperview()
            webView = nil
            processContentUpdates?(.success(ContentUpdates(height: 0)))
        }

        private func makeWebView() -> WKWebView {
            let view = WKWebView(frame: bounds, configuration: WKWebViewConfiguration())
            view.navigationDelegate = self
            #if !canImport(Darwin)
            view.bridgeReceiver = { [weak self] call in
                self?.handleBridgeCall(call.path, arguments: call.arguments.map { JSONValue(any: $0.foundationValue) })
            }
            #endif
            addSubview(view)
            webView = view
            return view
        }

        /// A `brazeBridge` call from the banner's scripts.
        open func handleBridgeCall(_ function: String, arguments: [JSONValue]) {
            guard let banner, let context = banner.context else { return }
            switch function {
            case "logClick":
                context.logClick(buttonId: arguments.first?.stringValue.flatMap { $0.isEmpty ? nil : $0 })
            case "closeMessage":
                // The dismissal reaches this view (onDismiss, then the content is removed) through the SDK.
                context.dismiss()
            case "logCustomEvent":
                guard let name = arguments.first?.stringValue, !name.isEmpty else { return }
                var properties: [String: Any]?
                if arguments.count > 1, case .object(let o) = arguments[1] { properties = o.mapValues(\.foundationValue) }
                braze?.logCustomEvent(name: name, properties: properties)
            case "requestImmediateDataFlush":
                braze?.requestImmediateDataFlush()
            default:
                if function.hasPrefix("getUser()."), let braze {
                    if let problem = braze.user.applyBridgeCall(String(function.dropFirst("getUser().".count)), arguments) {
                        braze.environment.trace.record(.diagnostic, "bannerBridgeCall", ["function": function, "problem": problem])
                    }
                } else {
                    braze?.environment.trace.record(.diagnostic, "unsupportedBannerBridgeCall", ["function": function])
                }
            }
        }

        /// The initial load goes through; a link the user follows is a click, opened through the banner's context.
        open func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                          decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
            guard !loading, let url = navigationAction.request.url, !url.isFileURL, let context = banner?.context else {
                return decisionHandler(.allow)
            }
            decisionHandler(.cancel)
            let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let buttonId = query.first { $0.name == "abButtonId" }?.value
            context.logClick(buttonId: buttonId)
            let useWebView = query.first { $0.name == "abExternalOpen" }?.value?.lowercased() != "true"
                && query.first { $0.name == "abDeepLink" }?.value?.lowercased() != "true"
                && ["http", "https"].contains(url.scheme?.lowercased() ?? "")
            context.processURL(url, useWebView: useWebView)
        }
    }
}
