// Filled by the content-model issue: WKWebView and friends wrap InAppContent.
@_exported import UIKit
@_exported import InAppContent
