import Foundation
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// A button of a modal or full message.
open class ABKInAppMessageButton: NSObject, @unchecked Sendable {
    open var buttonText: String?
    open var buttonBackgroundColor: UIColor?
    open var buttonBorderColor: UIColor?
    open var buttonTextColor: UIColor?
    open var buttonTextFont: UIFont?
    /// What a tap does (set with `setButtonClickAction(_:withURI:)`).
    public private(set) var buttonClickActionType: ABKInAppMessageClickActionType = .noneClickAction
    public private(set) var buttonClickedURI: URL?
    open var buttonOpenUrlInWebView: Bool = false
    /// The button's id (its index among the message's buttons unless the campaign set one).
    public private(set) var buttonID: Int = 0
    private(set) var hasID = false

    public override init() { super.init() }

    init(core: MessageButton) {
        super.init()
        buttonText = core.text
        buttonID = core.id
        hasID = true
        if case .url(let url, let inWebView) = core.action {
            setButtonClickAction(.redirectToURI, withURI: url)
            buttonOpenUrlInWebView = inWebView
        }
        buttonBackgroundColor = UIColor(core.themes.light.background)
        buttonBorderColor = UIColor(core.themes.light.border)
        buttonTextColor = UIColor(core.themes.light.text)
    }

    func assignID(_ id: Int) { buttonID = id; hasID = true }

    /// Sets what a tap does. `.redirectToURI` without a URI behaves as `.noneClickAction`.
    open func setButtonClickAction(_ clickActionType: ABKInAppMessageClickActionType, withURI uri: URL?) {
        buttonClickActionType = uri == nil ? .noneClickAction : clickActionType
        buttonClickedURI = clickActionType == .redirectToURI ? uri : nil
    }

    func coreButton(dark: ABKInAppMessageDarkTheme?) -> MessageButton {
        var light = ButtonTheme.defaultLight
        if let c = buttonTextColor { light.text = c.rgba }
        if let c = buttonBackgroundColor { light.background = c.rgba }
        if let c = buttonBorderColor { light.border = c.rgba }
        let index = buttonID
        let darkTheme = dark?.buttons.flatMap { $0.indices.contains(index) ? $0[index].theme : nil }
        return MessageButton(id: buttonID, text: buttonText ?? "",
                             action: buttonClickActionType.action(uri: buttonClickedURI, inWebView: buttonOpenUrlInWebView),
                             themes: ButtonThemeSet(light: light, dark: darkTheme))
    }
}
