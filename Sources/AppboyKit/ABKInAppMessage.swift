import Foundation
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// An in-app message of the legacy Appboy API. A mutable object: apps create one with `init()`, set its fields
/// and pass it to `ABKInAppMessageController.add(_:)`; messages that come from triggered campaigns arrive as
/// instances of the matching subclass. The object is translated to the core message when it enters the
/// presentation engine (its fields as they are at that moment).
open class ABKInAppMessage: NSObject, @unchecked Sendable {
    /// The body text (for HTML messages, the HTML document).
    open var message: String = ""
    /// Key/values set by the campaign author.
    open var extras: [AnyHashable: Any]?
    /// Seconds the message stays on screen when `inAppMessageDismissType` is `.automatically` (default 5).
    open var duration: TimeInterval = 5
    /// What a tap on the message does (set with `setInAppMessageClickAction(_:withURI:)`).
    public private(set) var inAppMessageClickActionType: ABKInAppMessageClickActionType = .noneClickAction
    /// The URL opened by a `.redirectToURI` tap.
    public private(set) var uri: URL?
    /// Open `uri` in an in-app web view rather than outside the app.
    open var openUrlInWebView: Bool = false
    open var inAppMessageDismissType: ABKInAppMessageDismissType = .automatically
    open var backgroundColor: UIColor?
    open var textColor: UIColor?
    /// An icon glyph (Font Awesome code point) shown beside the text.
    open var icon: String?
    open var iconColor: UIColor?
    open var iconBackgroundColor: UIColor?
    /// Whether `darkTheme` is used when the device is in dark mode.
    open var enableDarkTheme: Bool = true
    open var darkTheme: ABKInAppMessageDarkTheme?
    /// An app-chosen interface style override (raw `UIUserInterfaceStyle` value; 0 = unspecified).
    open var overrideUserInterfaceStyle: Int = 0
    open var imageURI: URL?
    /// How the image fills its frame: aspect fill for full messages, aspect fit otherwise.
    open var imageContentMode: UIView.ContentMode = .scaleAspectFit
    /// The device orientations the message may be displayed in.
    open var orientation: ABKInAppMessageOrientation = .any
    open var messageTextAlignment: NSTextAlignment = .center
    open var animateIn: Bool = true
    open var animateOut: Bool = true

    /// Whether this is a control message (never drawn; only its impression is recorded).
    open var isControl: Bool { self is ABKInAppMessageControl }

    // The core identity and delivery facts behind the object.
    package let messageID: MessageID
    let environment: MessagingEnvironment
    var origin: MessageOrigin = .local
    var priority: Int = 0
    var expiresAt: TimeInterval?

    public override init() {
        messageID = .random()
        environment = .current
        super.init()
        if self is ABKInAppMessageFull { imageContentMode = .scaleAspectFill }
    }

    init(id: MessageID, environment: MessagingEnvironment) {
        messageID = id
        self.environment = environment
        super.init()
        if self is ABKInAppMessageFull { imageContentMode = .scaleAspectFill }
    }

    /// Records an impression (nothing for messages created in the app: they have no analytics).
    open func logInAppMessageImpression() {
        MessageAnalytics.impression(coreMessage, trace: environment.trace)
    }

    /// Records a click on the message body (nothing for messages created in the app).
    open func logInAppMessageClicked() {
        MessageAnalytics.click(coreMessage, trace: environment.trace)
    }

    /// Sets what a tap on the message does. `.redirectToURI` without a URI behaves as `.noneClickAction`.
    open func setInAppMessageClickAction(_ clickActionType: ABKInAppMessageClickActionType, withURI uri: URL?) {
        inAppMessageClickActionType = uri == nil ? .noneClickAction : clickActionType
        self.uri = clickActionType == .redirectToURI ? uri : nil
    }

    /// The message as JSON (the core message model), or nil if it cannot be encoded.
    open func serializeToData() -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try? encoder.encode(coreMessage)
    }

    // MARK: Translation to and from the core model

    /// The core message for the object's current fields.
    var coreMessage: InAppMessage {
        var extrasJSON: [String: JSONValue] = [:]
        for (key, value) in extras ?? [:] { extrasJSON["\(key)"] = JSONValue(any: value) }
        let support: OrientationSupport = orientation == .portrait ? .portrait : (orientation == .landscape ? .landscape : .any)
        return InAppMessage(id: messageID, content: coreContent(), extras: extrasJSON, supportedOrientations: support,
                            priority: priority,
                            closeBehavior: inAppMessageDismissType == .automatically ? .automatic(after: duration) : .userAction,
                            animatesIn: animateIn, animatesOut: animateOut, origin: origin, expiresAt: expiresAt)
    }

    var clickAction: ClickAction { inAppMessageClickActionType.action(uri: uri, inWebView: openUrlInWebView) }

    /// The content in core terms; subclasses describe their layout.
    func coreContent() -> MessageContent {
        .structured(StructuredContent(layout: .slideup, body: message, imageURL: imageURI, icon: icon,
                                      clickAction: clickAction, themes: themes()))
    }

    /// The light theme from the colour fields; subclasses add theirs.
    func lightTheme() -> Theme {
        var t = Theme.defaultLight
        if let c = backgroundColor { t.background = c.rgba }
        if let c = textColor { t.text = c.rgba }
        if let c = iconColor { t.icon = c.rgba }
        if let c = iconBackgroundColor { t.iconBackground = c.rgba }
        return t
    }

    func themes() -> ThemeSet {
        ThemeSet(light: lightTheme(), dark: enableDarkTheme ? darkTheme?.theme(over: lightTheme()) : nil)
    }

    /// Copies the fields shared by all kinds from a core message.
    func fill(from m: InAppMessage) {
        origin = m.origin
        priority = m.priority
        expiresAt = m.expiresAt
        extras = m.extras.isEmpty ? nil : m.extras.reduce(into: [AnyHashable: Any]()) { $0[$1.key] = $1.value.foundationValue }
        switch m.supportedOrientations {
        case .any: orientation = .any
        case .portrait: orientation = .portrait
        case .landscape: orientation = .landscape
        }
        switch m.closeBehavior {
        case .automatic(let after): inAppMessageDismissType = .automatically; duration = after
        case .userAction: inAppMessageDismissType = .manually
        }
        animateIn = m.animatesIn
        animateOut = m.animatesOut
        guard let s = m.content.structured else { return }
        message = s.body ?? ""
        imageURI = s.imageURL
        icon = s.icon
        if case .url(let url, let inWebView) = s.clickAction {
            setInAppMessageClickAction(.redirectToURI, withURI: url)
            openUrlInWebView = inWebView
        }
        let t = s.themes.light
        backgroundColor = UIColor(t.background)
        textColor = UIColor(t.text)
        iconColor = UIColor(t.icon)
        iconBackgroundColor = UIColor(t.iconBackground)
        if let dark = s.themes.dark { darkTheme = ABKInAppMessageDarkTheme(dark, buttons: s.buttons) }
    }

    /// The object of the matching subclass for a core message (messages from triggered campaigns).
    static func make(from m: InAppMessage, environment: MessagingEnvironment) -> ABKInAppMessage {
        let object: ABKInAppMessage
        switch m.content {
        case .html(let h):
            let html = ABKInAppMessageHTML(id: m.id, environment: environment)
            html.message = h.html
            html.baseURL = h.baseURL
            html.assetUrls = h.assetURLs.map(\.absoluteString)
            object = html
        case .structured(let s):
            switch s.layout {
            case .slideup: object = ABKInAppMessageSlideup(id: m.id, environment: environment)
            case .modal, .modalImage: object = ABKInAppMessageModal(id: m.id, environment: environment)
            case .full, .fullImage: object = ABKInAppMessageFull(id: m.id, environment: environment)
            case .control: object = ABKInAppMessageControl(id: m.id, environment: environment)
            }
        }
        object.fill(from: m)
        return object
    }
}
