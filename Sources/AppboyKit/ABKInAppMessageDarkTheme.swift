import Foundation
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// The colours a message uses in dark mode (when `enableDarkTheme` is true).
open class ABKInAppMessageDarkTheme: NSObject, @unchecked Sendable {
    open var backgroundColor: UIColor?
    open var textColor: UIColor?
    open var iconColor: UIColor?
    open var iconBackgroundColor: UIColor?
    open var headerTextColor: UIColor?
    open var closeButtonColor: UIColor?
    open var frameColor: UIColor?
    /// Dark themes of the buttons, in button order.
    open var buttons: [ABKInAppMessageDarkButtonTheme]?

    public override init() { super.init() }

    init(_ t: Theme, buttons: [MessageButton]) {
        super.init()
        backgroundColor = UIColor(t.background)
        textColor = UIColor(t.text)
        iconColor = UIColor(t.icon)
        iconBackgroundColor = UIColor(t.iconBackground)
        headerTextColor = UIColor(t.header)
        closeButtonColor = UIColor(t.closeButton)
        frameColor = UIColor(t.frame)
        let darkButtons = buttons.compactMap { $0.themes.dark.map(ABKInAppMessageDarkButtonTheme.init(core:)) }
        self.buttons = darkButtons.isEmpty ? nil : darkButtons
    }

    /// The core theme: fields left nil keep `base`'s colours.
    func theme(over base: Theme) -> Theme {
        var t = base
        if let c = backgroundColor { t.background = c.rgba }
        if let c = textColor { t.text = c.rgba }
        if let c = iconColor { t.icon = c.rgba }
        if let c = iconBackgroundColor { t.iconBackground = c.rgba }
        if let c = headerTextColor { t.header = c.rgba }
        if let c = closeButtonColor { t.closeButton = c.rgba }
        if let c = frameColor { t.frame = c.rgba }
        return t
    }
}
