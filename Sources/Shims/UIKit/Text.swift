// Text attributes and measurement: the attribute keys, paragraph styles and string-size helpers UIKit adds to
// Foundation. Headless: sizes are estimates (0.55 em per character, the font's line height per line).

extension NSAttributedString.Key {
    public static let font = NSAttributedString.Key("NSFont")
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    public static let kern = NSAttributedString.Key("NSKern")
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    public static let link = NSAttributedString.Key("NSLink")
    public static let shadow = NSAttributedString.Key("NSShadow")
    public static let attachment = NSAttributedString.Key("NSAttachment")
}

/// Underline and strikethrough styles.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
}

/// Paragraph settings of attributed text (recorded only).
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying {
    open internal(set) var alignment: NSTextAlignment = .natural
    open internal(set) var lineSpacing: CGFloat = 0
    open internal(set) var paragraphSpacing: CGFloat = 0
    open internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    open internal(set) var minimumLineHeight: CGFloat = 0
    open internal(set) var maximumLineHeight: CGFloat = 0
    open internal(set) var lineHeightMultiple: CGFloat = 0
    open internal(set) var firstLineHeadIndent: CGFloat = 0
    open internal(set) var headIndent: CGFloat = 0
    public override init() { super.init() }
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }
    fileprivate func copyValues(to other: NSParagraphStyle) -> NSParagraphStyle {
        other.alignment = alignment; other.lineSpacing = lineSpacing; other.paragraphSpacing = paragraphSpacing
        other.lineBreakMode = lineBreakMode; other.minimumLineHeight = minimumLineHeight
        other.maximumLineHeight = maximumLineHeight; other.lineHeightMultiple = lineHeightMultiple
        other.firstLineHeadIndent = firstLineHeadIndent; other.headIndent = headIndent
        return other
    }
    open func copy(with zone: NSZone? = nil) -> Any { copyValues(to: NSParagraphStyle()) }
    open func mutableCopy(with zone: NSZone? = nil) -> Any { copyValues(to: NSMutableParagraphStyle()) }
}

/// A paragraph style whose settings can be changed.
open class NSMutableParagraphStyle: NSParagraphStyle {
    open override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    open override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
    open override var paragraphSpacing: CGFloat { get { super.paragraphSpacing } set { super.paragraphSpacing = newValue } }
    open override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    open override var minimumLineHeight: CGFloat { get { super.minimumLineHeight } set { super.minimumLineHeight = newValue } }
    open override var maximumLineHeight: CGFloat { get { super.maximumLineHeight } set { super.maximumLineHeight = newValue } }
    open override var lineHeightMultiple: CGFloat { get { super.lineHeightMultiple } set { super.lineHeightMultiple = newValue } }
    open override var firstLineHeadIndent: CGFloat { get { super.firstLineHeadIndent } set { super.firstLineHeadIndent = newValue } }
    open override var headIndent: CGFloat { get { super.headIndent } set { super.headIndent = newValue } }
}

/// Options of `boundingRect(with:options:context:)`.
public struct NSStringDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let usesLineFragmentOrigin = Self(rawValue: 1 << 0)
    public static let usesFontLeading = Self(rawValue: 1 << 1)
    public static let truncatesLastVisibleLine = Self(rawValue: 1 << 5)
}
/// Drawing context of string measurement (accepted and ignored).
open class NSStringDrawingContext: NSObject {}

/// The estimate every headless text size uses: 0.55 em per character, wrapped at `width`.
enum TextMetrics {
    static func size(of text: String, font: UIFont?, width: CGFloat = .greatestFiniteMagnitude) -> CGSize {
        let f = font ?? .systemFont(ofSize: 17)
        let em = f.pointSize * 0.55
        var lines = 0, widest: CGFloat = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let w = CGFloat(line.count) * em
            let wraps = width > 0 && width.isFinite ? max(1, Int((w / width).rounded(.up))) : 1
            lines += wraps
            widest = max(widest, min(w, width))
        }
        return CGSize(width: widest.rounded(.up), height: CGFloat(max(lines, 1)) * f.lineHeight)
    }
}

extension String {
    /// The estimated size of the string in `attributes[.font]`.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        TextMetrics.size(of: self, font: attrs?[.font] as? UIFont)
    }
    /// The estimated size of the string wrapped at `size.width`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        CGRect(origin: .zero, size: TextMetrics.size(of: self, font: attributes?[.font] as? UIFont, width: size.width))
    }
    /// Records a text draw in the current image renderer context (as a filled rectangle of its size).
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        GraphicsState.current?.fill(CGRect(origin: rect.origin, size: size(withAttributes: attrs)))
    }
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        GraphicsState.current?.fill(CGRect(origin: point, size: size(withAttributes: attrs)))
    }
}

extension NSAttributedString {
    /// The estimated size, using the font of the first character.
    public func size() -> CGSize {
        TextMetrics.size(of: string, font: length > 0 ? attribute(.font, at: 0, effectiveRange: nil) as? UIFont : nil)
    }
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        let font = length > 0 ? attribute(.font, at: 0, effectiveRange: nil) as? UIFont : nil
        return CGRect(origin: .zero, size: TextMetrics.size(of: string, font: font, width: size.width))
    }
    /// Records a text draw in the current image renderer context.
    public func draw(in rect: CGRect) { GraphicsState.current?.fill(CGRect(origin: rect.origin, size: size())) }
    public func draw(at point: CGPoint) { GraphicsState.current?.fill(CGRect(origin: point, size: size())) }
}
