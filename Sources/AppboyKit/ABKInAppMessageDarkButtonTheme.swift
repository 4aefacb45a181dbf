import Foundation
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// The dark-mode colours of one button.
open class ABKInAppMessageDarkButtonTheme: NSObject, @unchecked Sendable {
    open var buttonBackgroundColor: UIColor
    open var buttonBorderColor: UIColor
    open var buttonTextColor: UIColor

    public override init() {
        let d = ButtonTheme.defaultDark
        buttonBackgroundColor = UIColor(d.background)
        buttonBorderColor = UIColor(d.border)
        buttonTextColor = UIColor(d.text)
        super.init()
    }

    init(core: ButtonTheme) {
        buttonBackgroundColor = UIColor(core.background)
        buttonBorderColor = UIColor(core.border)
        buttonTextColor = UIColor(core.text)
        super.init()
    }

    var theme: ButtonTheme {
        ButtonTheme(text: buttonTextColor.rgba, background: buttonBackgroundColor.rgba, border: buttonBorderColor.rgba)
    }
}
