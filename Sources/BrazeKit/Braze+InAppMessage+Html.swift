import Foundation

extension Braze.InAppMessage {
    /// A message written in HTML, shown in a web view with the `brazeBridge` script interface.
    public struct Html: Sendable, Equatable, Codable {
        public var data: Data
        /// The HTML document.
        public var message: String
        /// The folder the document's relative URLs resolve against (where its assets were unpacked).
        public var baseURL: URL?
        /// Remote assets the document uses.
        public var assetURLs: [URL]
        /// A message made with the legacy HTML editor: links without `abButtonId` count as body clicks.
        public var legacy: Bool

        public init(data: Data = .init(), message: String = "", baseURL: URL? = nil, assetURLs: [URL] = [],
                    legacy: Bool = false) {
            self.data = data; self.message = message; self.baseURL = baseURL; self.assetURLs = assetURLs
            self.legacy = legacy
        }
    }
}

extension Braze.InAppMessage.Html {

    // Forwarded `Data` fields.
    public var clickAction: Braze.InAppMessage.ClickAction {
        get { data.clickAction }
        set { data.clickAction = newValue }
    }
    public var messageClose: Braze.InAppMessage.MessageClose {
        get { data.messageClose }
        set { data.messageClose = newValue }
    }
    public var orientation: Braze.InAppMessage.Orientation {
        get { data.orientation }
        set { data.orientation = newValue }
    }
    public var extras: [String: Any] {
        get { data.extras }
        set { data.extras = newValue }
    }
    public var animateIn: Bool {
        get { data.animateIn }
        set { data.animateIn = newValue }
    }
    public var animateOut: Bool {
        get { data.animateOut }
        set { data.animateOut = newValue }
    }
    public var context: Braze.InAppMessage.Context? { data.context }
    public var isTestSend: Bool { data.isTestSend }
}
