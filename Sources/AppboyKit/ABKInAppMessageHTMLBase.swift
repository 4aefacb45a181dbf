import Foundation
import InAppCore

/// The common base of HTML messages; `message` holds the HTML document.
open class ABKInAppMessageHTMLBase: ABKInAppMessage, @unchecked Sendable {
    var baseURL: URL?

    /// The directory the document's assets are read from ("localhost" when there is none).
    open var assetsLocalDirectoryPath: URL {
        get { baseURL ?? URL(string: "localhost")! }
        set { baseURL = newValue }
    }

    /// Records a click on an HTML button (nothing for messages created in the app).
    open func logInAppMessageHTMLClick(withButtonID buttonID: String) {
        MessageAnalytics.click(coreMessage, buttonID: buttonID, trace: environment.trace)
    }

    var assetURLList: [URL] { [] }

    override func coreContent() -> MessageContent {
        .html(HTMLContent(html: message, baseURL: baseURL, assetURLs: assetURLList))
    }
}
