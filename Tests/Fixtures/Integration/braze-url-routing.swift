// Written here (not vendor code): the deep-link routing pattern of Braze integrations, type-checked by
// ConformanceTests.IntegrationSnippetTests in Swift 5 mode.
import Foundation
import BrazeKit

final class LinkRouter: NSObject, BrazeDelegate {
    private(set) var routed: [URL] = []

    func braze(_ braze: Braze, shouldOpenURL context: Braze.URLContext) -> Bool {
        guard context.url.scheme == "myapp" || context.url.host?.lowercased() == "example.com" else {
            return true                                  // the SDK opens anything else
        }
        if context.channel == .inAppMessage, context.extras["route"] as? String != nil || !context.useWebView {
            routed.append(context.url)
        }
        return false
    }

    func install(on braze: Braze) {
        braze.delegate = self
    }
}
