import Foundation
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// The common base of modal and full messages: header, buttons, frame.
open class ABKInAppMessageImmersive: ABKInAppMessage, @unchecked Sendable {
    open var header: String?
    open var headerTextColor: UIColor?
    open var closeButtonColor: UIColor?
    /// The buttons, set with `setInAppMessageButtons(_:)`.
    public private(set) var buttons: [ABKInAppMessageButton]?
    /// The backdrop colour behind the message.
    open var frameColor: UIColor?
    open var headerTextAlignment: NSTextAlignment = .center
    /// `.graphic` makes the message image-only.
    open var imageStyle: ABKInAppMessageImmersiveImageStyle = .topImage

    /// Records a click on a button (logged with the id as text; nothing for messages created in the app).
    open func logInAppMessageClicked(withButtonID buttonID: Int) {
        MessageAnalytics.click(coreMessage, buttonID: String(buttonID), trace: environment.trace)
    }

    /// Sets the buttons. Elements that are not `ABKInAppMessageButton`s are ignored (recorded in the trace).
    /// Buttons keep their ids; a button without one gets its index.
    open func setInAppMessageButtons(_ buttons: [Any]) {
        var kept: [ABKInAppMessageButton] = []
        for (index, element) in buttons.enumerated() {
            guard let button = element as? ABKInAppMessageButton else {
                environment.trace.record(.diagnostic, "buttonIgnored", message: messageID,
                                         ["reason": "notAnABKInAppMessageButton", "index": String(index)])
                continue
            }
            if !button.hasID { button.assignID(index) }
            kept.append(button)
        }
        self.buttons = kept
    }

    /// The layout for this object (modal unless a subclass says otherwise).
    var layout: MessageLayout { imageStyle == .graphic ? .modalImage : .modal }

    override func coreContent() -> MessageContent {
        .structured(StructuredContent(layout: layout, header: header, body: message, imageURL: imageURI, icon: icon,
                                      buttons: (buttons ?? []).map { $0.coreButton(dark: enableDarkTheme ? darkTheme : nil) },
                                      clickAction: clickAction, themes: themes()))
    }

    override func lightTheme() -> Theme {
        var t = super.lightTheme()
        if let c = headerTextColor { t.header = c.rgba }
        if let c = closeButtonColor { t.closeButton = c.rgba }
        if let c = frameColor { t.frame = c.rgba }
        return t
    }

    override func fill(from m: InAppMessage) {
        super.fill(from: m)
        guard let s = m.content.structured else { return }
        header = s.header
        imageStyle = (s.layout == .modalImage || s.layout == .fullImage) ? .graphic : .topImage
        headerTextColor = UIColor(s.themes.light.header)
        closeButtonColor = UIColor(s.themes.light.closeButton)
        frameColor = UIColor(s.themes.light.frame)
        buttons = s.buttons.isEmpty ? nil : s.buttons.map(ABKInAppMessageButton.init(core:))
    }
}
