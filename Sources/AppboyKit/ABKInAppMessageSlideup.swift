import Foundation
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// A banner that slides in from the top or bottom edge.
open class ABKInAppMessageSlideup: ABKInAppMessage, @unchecked Sendable {
    /// Hide the chevron (set automatically for slideups without a click action when displayed).
    open var hideChevron: Bool = false
    open var inAppMessageSlideupAnchor: ABKInAppMessageSlideupAnchor = .fromBottom
    /// The chevron's colour (the close-button colour of the theme).
    open var chevronColor: UIColor?

    override func coreContent() -> MessageContent {
        .structured(StructuredContent(layout: .slideup, body: message, imageURL: imageURI, icon: icon,
                                      clickAction: clickAction, themes: themes(),
                                      slideFrom: inAppMessageSlideupAnchor == .fromTop ? .top : .bottom))
    }

    override func lightTheme() -> Theme {
        var t = super.lightTheme()
        if let c = chevronColor { t.closeButton = c.rgba }
        return t
    }

    override func fill(from m: InAppMessage) {
        super.fill(from: m)
        guard let s = m.content.structured else { return }
        inAppMessageSlideupAnchor = s.slideFrom == .top ? .fromTop : .fromBottom
        chevronColor = UIColor(s.themes.light.closeButton)
    }
}
