import Foundation
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// How a full-screen message is sized, placed, animated and backed (AEPServices `MessageSettings`).
///
/// Every property starts `nil`. The builder setters return the settings so calls chain; four of them coerce
/// `nil` to a default (`setVerticalAlign`/`setHorizontalAlign` → `.center`, `setUiTakeover`/`setFitToContent`
/// → `false`, `setDisplayAnimation`/`setDismissAnimation` → `.none`); the others store `nil` as given.
/// Thread-safe.
public class MessageSettings: NSObject, @unchecked Sendable {
    struct Values {
        var width: Int?
        var maxWidth: Int?
        var height: Int?
        var verticalAlign: MessageAlignment?
        var verticalInset: Int?
        var horizontalAlign: MessageAlignment?
        var horizontalInset: Int?
        var uiTakeover: Bool?
        var fitToContent: Bool?
        var cornerRadius: CGFloat?
        var gestures: [MessageGesture: URL]?
        var dismissAnimation: MessageAnimation?
        var displayAnimation: MessageAnimation?
        var backdropColor: String?
        var backdropOpacity: CGFloat?
    }

    /// The parent reference. Held strongly, as upstream — except while the owning full-screen message is idle
    /// and the parent is also its listener (AEPMessaging's `Message`): then it is held weakly so the
    /// Message ⇄ FullscreenMessage pair does not keep itself alive (see `FullscreenMessage`).
    private struct ParentLink {
        var strong: Any?
        weak var weak: AnyObject?
    }

    private let values = Locked(Values())
    private let link: Locked<ParentLink>

    /// Creates empty settings; `parent` is the object these settings belong to (AEPMessaging passes the `Message`).
    public init(parent: Any? = nil) {
        link = Locked(ParentLink(strong: parent))
        super.init()
    }

    /// The object these settings belong to; AEPMessaging reads it as `FullscreenMessage.parent`.
    public var parent: Any? { link.withLock { $0.strong ?? $0.weak } }

    /// Holds the parent weakly (it must be a class instance); used when the cycle would otherwise leak.
    func weakenParent() {
        link.withLock { l in
            guard let strong = l.strong, isReferenceType(strong) else { return }
            l.weak = strong as AnyObject
            l.strong = nil
        }
    }

    /// Holds the parent strongly again (no-op when it is gone).
    func strengthenParent() {
        link.withLock { l in
            if l.strong == nil, let weak = l.weak { l.strong = weak }
        }
    }

    /// Whether `object` is the parent (identity).
    func parentIs(_ object: AnyObject) -> Bool {
        link.withLock { l in
            if let s = l.strong, isReferenceType(s) { return (s as AnyObject) === object }
            return l.weak === object
        }
    }

    /// Message width in percent of the screen width (nil: 100).
    public var width: Int? { values.withLock { $0.width } }
    /// Absolute cap on the width, in points.
    public var maxWidth: Int? { values.withLock { $0.maxWidth } }
    /// Message height in percent of the screen height (nil: 100).
    public var height: Int? { values.withLock { $0.height } }
    public var verticalAlign: MessageAlignment? { values.withLock { $0.verticalAlign } }
    /// Vertical inset in percent of the screen height.
    public var verticalInset: Int? { values.withLock { $0.verticalInset } }
    public var horizontalAlign: MessageAlignment? { values.withLock { $0.horizontalAlign } }
    /// Horizontal inset in percent of the screen width.
    public var horizontalInset: Int? { values.withLock { $0.horizontalInset } }
    /// Whether a backdrop covers the rest of the screen and blocks other UI.
    public var uiTakeover: Bool? { values.withLock { $0.uiTakeover } }
    /// Whether the height follows the content (the HTML posts its height to `inAppContentHeightHandler`).
    public var fitToContent: Bool? { values.withLock { $0.fitToContent } }
    public var cornerRadius: CGFloat? { values.withLock { $0.cornerRadius } }
    /// Gesture → URL loaded in the message when the gesture is recognized.
    public var gestures: [MessageGesture: URL]? { values.withLock { $0.gestures } }
    public var dismissAnimation: MessageAnimation? { values.withLock { $0.dismissAnimation } }
    public var displayAnimation: MessageAnimation? { values.withLock { $0.displayAnimation } }

    /// The backdrop colour: the hex `RRGGBB` backdrop colour (white when unset) with alpha `opacity`, else the
    /// backdrop opacity, else 0. The colour is scanned as hexadecimal without skipping a leading `#`, so
    /// `"#RRGGBB"` reads as 0 (black), as upstream.
    public func getBackgroundColor(opacity: CGFloat? = nil) -> UIColor {
        let (color, storedOpacity) = values.withLock { ($0.backdropColor, $0.backdropOpacity) }
        let alpha = opacity ?? storedOpacity ?? 0
        guard let color else { return UIColor(red: 1, green: 1, blue: 1, alpha: alpha) }
        let rgb = Scanner(string: color).scanUInt64(representation: .hexadecimal) ?? 0
        return UIColor(red: CGFloat((rgb >> 16) & 0xFF) / 255, green: CGFloat((rgb >> 8) & 0xFF) / 255,
                       blue: CGFloat(rgb & 0xFF) / 255, alpha: alpha)
    }

    @discardableResult public func setWidth(_ width: Int?) -> MessageSettings { set { $0.width = width } }
    @discardableResult public func setMaxWidth(_ maxWidth: Int?) -> MessageSettings { set { $0.maxWidth = maxWidth } }
    @discardableResult public func setHeight(_ height: Int?) -> MessageSettings { set { $0.height = height } }
    /// nil becomes `.center`.
    @discardableResult public func setVerticalAlign(_ verticalAlign: MessageAlignment?) -> MessageSettings {
        set { $0.verticalAlign = verticalAlign ?? .center }
    }
    /// nil becomes `.center`.
    @discardableResult public func setHorizontalAlign(_ horizontalAlign: MessageAlignment?) -> MessageSettings {
        set { $0.horizontalAlign = horizontalAlign ?? .center }
    }
    @discardableResult public func setVerticalInset(_ verticalInset: Int?) -> MessageSettings { set { $0.verticalInset = verticalInset } }
    @discardableResult public func setHorizontalInset(_ horizontalInset: Int?) -> MessageSettings { set { $0.horizontalInset = horizontalInset } }
    /// nil becomes `false`.
    @discardableResult public func setUiTakeover(_ uiTakeover: Bool?) -> MessageSettings { set { $0.uiTakeover = uiTakeover ?? false } }
    /// nil becomes `false`.
    @discardableResult public func setFitToContent(_ fitToContent: Bool?) -> MessageSettings { set { $0.fitToContent = fitToContent ?? false } }
    @discardableResult public func setBackdropColor(_ color: String?) -> MessageSettings { set { $0.backdropColor = color } }
    @discardableResult public func setBackdropOpacity(_ opacity: CGFloat?) -> MessageSettings { set { $0.backdropOpacity = opacity } }
    @discardableResult public func setCornerRadius(_ cornerRadius: CGFloat?) -> MessageSettings { set { $0.cornerRadius = cornerRadius } }
    @discardableResult public func setGestures(_ gestures: [MessageGesture: URL]?) -> MessageSettings { set { $0.gestures = gestures } }
    /// nil becomes `.none`.
    @discardableResult public func setDisplayAnimation(_ animation: MessageAnimation?) -> MessageSettings {
        set { $0.displayAnimation = animation ?? MessageAnimation.none }
    }
    /// nil becomes `.none`.
    @discardableResult public func setDismissAnimation(_ animation: MessageAnimation?) -> MessageSettings {
        set { $0.dismissAnimation = animation ?? MessageAnimation.none }
    }

    private func set(_ change: (inout Values) -> Void) -> MessageSettings {
        values.withLock { change(&$0) }
        return self
    }
}

func isReferenceType(_ value: Any) -> Bool { type(of: value) is AnyClass }
