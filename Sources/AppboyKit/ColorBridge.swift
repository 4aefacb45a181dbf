import Foundation
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

extension UIColor {
    var rgba: RGBAColor {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        getRed(&r, green: &g, blue: &b, alpha: &a)
        return RGBAColor(red: Double(r), green: Double(g), blue: Double(b), alpha: Double(a))
    }
    convenience init(_ c: RGBAColor) {
        self.init(red: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: CGFloat(c.alpha))
    }
}

extension ABKInAppMessageClickActionType {
    func action(uri: URL?, inWebView: Bool) -> ClickAction {
        if self == .redirectToURI, let uri { return .url(uri, inWebView: inWebView) }
        return .none
    }
}
