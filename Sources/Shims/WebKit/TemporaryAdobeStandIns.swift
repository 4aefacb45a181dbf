// TEMPORARY (branch `adobe`): minimal WebKit stand-ins so the Adobe facade compiles and runs before the
// real content model lands on branch `content`. This file is deleted when `content` is merged.
// Only the names the brief lists are declared; the "script engine" understands exactly two statements:
//   window.location = '<url>'                          → a navigation (decidePolicyFor, then didFinish)
//   window.webkit.messageHandlers.<name>.postMessage(<string|number|bool|JSON>)  → script message
import Foundation
import UIKit
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif

public final class WKNavigation {}

public enum WKNavigationType: Int, Sendable { case linkActivated = 0, formSubmitted, backForward, reload, formResubmitted, other = -1 }
public enum WKNavigationActionPolicy: Int, Sendable { case cancel = 0, allow = 1 }

public final class WKNavigationAction {
    public let request: URLRequest
    public let navigationType: WKNavigationType
    public init(request: URLRequest, navigationType: WKNavigationType) { self.request = request; self.navigationType = navigationType }
}

public final class WKScriptMessage {
    public let body: Any
    public let name: String
    public init(name: String, body: Any) { self.name = name; self.body = body }
}

public protocol WKScriptMessageHandler: AnyObject {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

public protocol WKNavigationDelegate: AnyObject {
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                 decisionHandler: @escaping (WKNavigationActionPolicy) -> Void)
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
}
public extension WKNavigationDelegate {
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                 decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) { decisionHandler(.allow) }
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
}

public final class WKUserContentController {
    fileprivate var handlers: [String: any WKScriptMessageHandler] = [:]
    public init() {}
    public func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) { handlers[name] = scriptMessageHandler }
    public func removeScriptMessageHandler(forName name: String) { handlers[name] = nil }
}

public final class WKWebViewConfiguration {
    public var userContentController = WKUserContentController()
    public init() {}
}

open class WKWebView: UIView {
    public let configuration: WKWebViewConfiguration
    public weak var navigationDelegate: (any WKNavigationDelegate)?
    public private(set) var url: URL?
    public private(set) var isLoading = false
    public private(set) var html: String?

    public init(frame: CGRect, configuration: WKWebViewConfiguration) {
        self.configuration = configuration
        super.init(frame: frame)
    }

    @discardableResult
    open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
        html = string
        return navigate(to: baseURL ?? URL(string: "about:blank")!, type: .other)
    }

    @discardableResult
    private func navigate(to url: URL, type: WKNavigationType) -> WKNavigation? {
        var policy = WKNavigationActionPolicy.allow
        var decided = false
        if let delegate = navigationDelegate {
            delegate.webView(self, decidePolicyFor: WKNavigationAction(request: URLRequest(url: url), navigationType: type)) {
                policy = $0; decided = true
            }
        } else { decided = true }
        guard decided, policy == .allow else { return nil }
        self.url = url
        let navigation = WKNavigation()
        navigationDelegate?.webView(self, didFinish: navigation)
        return navigation
    }

    open func evaluateJavaScript(_ javaScriptString: String, completionHandler: ((Any?, (any Error)?) -> Void)? = nil) {
        let js = javaScriptString.trimmingCharacters(in: .whitespacesAndNewlines)
        if let range = js.range(of: #"^window\.location(\.href)?\s*=\s*(['"])(.*)\2;?$"#, options: .regularExpression) {
            let body = String(js[range])
            let quote: Character = body.contains("'") ? "'" : "\""
            let parts = body.split(separator: quote, omittingEmptySubsequences: false)
            if parts.count >= 2, let url = URL(string: String(parts[1])) { navigate(to: url, type: .linkActivated) }
            completionHandler?(nil, nil)
            return
        }
        let prefix = "window.webkit.messageHandlers."
        if js.hasPrefix(prefix), let dot = js.range(of: ".postMessage(") {
            let name = String(js[js.index(js.startIndex, offsetBy: prefix.count)..<dot.lowerBound])
            var arg = String(js[dot.upperBound...])
            if arg.hasSuffix(";") { arg.removeLast() }
            if arg.hasSuffix(")") { arg.removeLast() }
            let body: Any
            if let data = arg.replacingOccurrences(of: "'", with: "\"").data(using: .utf8),
               let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) { body = value }
            else { body = arg }
            if let handler = configuration.userContentController.handlers[name] {
                handler.userContentController(configuration.userContentController, didReceive: WKScriptMessage(name: name, body: body))
            }
            completionHandler?(nil, nil)
            return
        }
        completionHandler?(nil, nil)
    }
}
