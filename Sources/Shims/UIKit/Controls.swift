// Leaf views and controls: labels, images, buttons, switches, stacks, scroll and text views. Headless:
// text is not measured beyond a rough estimate, and controls fire their closure actions when a test calls
// `sendActions(for:)` (target-selector pairs are recorded; selectors cannot be sent off Apple platforms).

/// A closure-based action (iOS 14).
public final class UIAction {
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
    public let title: String
    public let image: UIImage?
    public let identifier: Identifier
    public let handler: (UIAction) -> Void
    /// The control that sent the action, while it runs.
    public internal(set) weak var sender: AnyObject?
    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, handler: @escaping (UIAction) -> Void) {
        self.title = title; self.image = image; self.identifier = identifier ?? Identifier(UUID().uuidString); self.handler = handler
    }
}

/// A view that sends actions for events.
open class UIControl: UIView {
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }
    public enum ContentHorizontalAlignment: Int, Sendable { case center, left, right, fill, leading, trailing }
    public enum ContentVerticalAlignment: Int, Sendable { case center, top, bottom, fill }

    open var isEnabled = true
    open var isSelected = false
    open var isHighlighted = false
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center
    open var contentVerticalAlignment: ContentVerticalAlignment = .center
    open var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }
    /// Target-selector pairs with their events (recorded only; targets are not retained, as in UIKit).
    public var targetActions: [(target: AnyObject?, action: Selector, events: Event)] { targetRefs.map { ($0.target, $0.action, $0.events) } }
    private var targetRefs: [TargetRef] = []
    private struct TargetRef { weak var target: AnyObject?; let action: Selector; let events: Event }
    private var actions: [(action: UIAction, events: Event)] = []

    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        targetRefs.append(TargetRef(target: target.map { $0 as AnyObject }, action: action, events: controlEvents))
    }
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        targetRefs.removeAll { t in
            (target == nil || t.target === (target.map { $0 as AnyObject })) && (action == nil || t.action == action)
                && !t.events.isDisjoint(with: controlEvents)
        }
    }
    open func allTargets() -> Set<AnyHashable> {
        Set(targetActions.compactMap { ($0.target as? NSObject).map { AnyHashable($0) } })
    }
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let names = targetActions.filter { $0.target === (target.map { $0 as AnyObject }) && $0.events.contains(controlEvent) }.map(\.action.name)
        return names.isEmpty ? nil : names
    }
    open func addAction(_ action: UIAction, for controlEvents: Event) { actions.append((action, controlEvents)) }
    open func removeAction(_ action: UIAction, for controlEvents: Event) { actions.removeAll { $0.action === action } }
    open func removeAction(identifiedBy identifier: UIAction.Identifier, for controlEvents: Event) {
        actions.removeAll { $0.action.identifier == identifier }
    }
    /// Runs the closure actions registered for `controlEvents` (when enabled). Selector targets are recorded,
    /// not sent (no Objective-C runtime).
    open func sendActions(for controlEvents: Event) {
        guard isEnabled else { return }
        for (action, events) in actions where !events.isDisjoint(with: controlEvents) {
            action.sender = self
            action.handler(action)
            action.sender = nil
        }
    }
    open func sendAction(_ action: UIAction) { action.sender = self; action.handler(action); action.sender = nil }
}

/// A view showing text.
open class UILabel: UIView {
    open var text: String? { didSet { invalidateIntrinsicContentSize() } }
    open var attributedText: NSAttributedString? {
        get { text.map { NSAttributedString(string: $0) } }
        set { text = newValue?.string }
    }
    open var textColor: UIColor! = .label
    open var font: UIFont! = .systemFont(ofSize: 17) { didSet { invalidateIntrinsicContentSize() } }
    open var textAlignment: NSTextAlignment = .natural
    open var numberOfLines: Int = 1
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    open var adjustsFontSizeToFitWidth = false
    open var adjustsFontForContentSizeCategory = false
    open var minimumScaleFactor: CGFloat = 0
    open var preferredMaxLayoutWidth: CGFloat = 0
    open var isEnabled = true
    open var highlightedTextColor: UIColor?
    open var isHighlighted = false
    /// An estimate (no text measurement headlessly): 0.55 em per character, wrapped at `preferredMaxLayoutWidth`
    /// when set, and at most `numberOfLines` lines (0: no limit).
    open override var intrinsicContentSize: CGSize {
        guard let text, !text.isEmpty else { return .zero }
        var size = TextMetrics.size(of: text, font: font, width: preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : .greatestFiniteMagnitude)
        if numberOfLines > 0 { size.height = min(size.height, CGFloat(numberOfLines) * (font?.lineHeight ?? 20)) }
        return size
    }
}

/// How lines break (recorded only).
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// A view showing an image.
open class UIImageView: UIView {
    open var image: UIImage? { didSet { invalidateIntrinsicContentSize() } }
    open var highlightedImage: UIImage?
    open var isHighlighted = false
    open var animationImages: [UIImage]?
    open var animationDuration: TimeInterval = 0
    open var animationRepeatCount = 0
    open private(set) var isAnimating = false
    open var adjustsImageSizeForAccessibilityContentSizeCategory = false
    public init(image: UIImage?) { self.image = image; super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero)) }
    public init(image: UIImage?, highlightedImage: UIImage?) {
        self.image = image; self.highlightedImage = highlightedImage
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open override var intrinsicContentSize: CGSize { image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    open func startAnimating() { isAnimating = true }
    open func stopAnimating() { isAnimating = false }
}

/// A button: per-state titles, colours and images, and a title label.
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable { case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, close }
    /// Button configurations (iOS 15), recorded only.
    public struct Configuration: Hashable, Sendable {
        public var title: String?
        public var subtitle: String?
        public var image: UIImage?
        public var baseForegroundColor: UIColor?
        public var baseBackgroundColor: UIColor?
        public var contentInsets = NSDirectionalEdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12)
        public var imagePadding: CGFloat = 0
        public init() {}
        public static func plain() -> Configuration { Configuration() }
        public static func filled() -> Configuration { Configuration() }
        public static func tinted() -> Configuration { Configuration() }
        public static func gray() -> Configuration { Configuration() }
        public static func borderless() -> Configuration { Configuration() }
        public static func == (a: Configuration, b: Configuration) -> Bool { a.title == b.title && a.subtitle == b.subtitle }
        public func hash(into h: inout Hasher) { h.combine(title) }
    }

    public private(set) var buttonType: ButtonType = .custom
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    open var configuration: Configuration?
    open var contentEdgeInsets = UIEdgeInsets.zero
    open var titleEdgeInsets = UIEdgeInsets.zero
    open var imageEdgeInsets = UIEdgeInsets.zero
    open var adjustsImageWhenHighlighted = true
    open var showsMenuAsPrimaryAction = false

    /// The label showing the current title.
    open private(set) lazy var titleLabel: UILabel? = {
        let label = UILabel(); label.font = .systemFont(ofSize: 18); return label
    }()
    /// The view showing the current image.
    open private(set) lazy var imageView: UIImageView? = UIImageView(frame: .zero)

    /// A button of `buttonType` (a convenience initializer, as in UIKit, so subclasses inherit it).
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        refresh()
    }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered); setTitle(primaryAction.title, for: .normal) }
    }
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system, primaryAction: primaryAction)
        self.configuration = configuration
        if let title = configuration.title { setTitle(title, for: .normal) }
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    private func lookup<T>(_ table: [UInt: T], _ state: State) -> T? { table[state.rawValue] ?? table[State.normal.rawValue] }
    open func setTitle(_ title: String?, for state: State) { titles[state.rawValue] = title; refresh() }
    open func title(for state: State) -> String? { lookup(titles, state) }
    open func setTitleColor(_ color: UIColor?, for state: State) { titleColors[state.rawValue] = color; refresh() }
    open func titleColor(for state: State) -> UIColor? { lookup(titleColors, state) }
    open func setImage(_ image: UIImage?, for state: State) { images[state.rawValue] = image; refresh() }
    open func image(for state: State) -> UIImage? { lookup(images, state) }
    open func setBackgroundImage(_ image: UIImage?, for state: State) { backgroundImages[state.rawValue] = image; refresh() }
    open func backgroundImage(for state: State) -> UIImage? { lookup(backgroundImages, state) }
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) { attributedTitles[state.rawValue] = title; refresh() }
    open func attributedTitle(for state: State) -> NSAttributedString? { lookup(attributedTitles, state) }
    open var currentTitle: String? { title(for: state) }
    open var currentTitleColor: UIColor { titleColor(for: state) ?? (buttonType == .system ? tintColor : .white) }
    open var currentImage: UIImage? { image(for: state) }
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    open override var isSelected: Bool { didSet { refresh() } }
    open override var isHighlighted: Bool { didSet { refresh() } }
    open override var isEnabled: Bool { didSet { refresh() } }

    private func refresh() {
        titleLabel?.text = attributedTitle(for: state)?.string ?? currentTitle
        titleLabel?.textColor = currentTitleColor
        imageView?.image = currentImage
    }
    open override var intrinsicContentSize: CGSize {
        let t = titleLabel?.intrinsicContentSize ?? .zero, i = currentImage?.size ?? .zero
        return CGSize(width: t.width + i.width + contentEdgeInsets.left + contentEdgeInsets.right,
                      height: max(t.height, i.height) + contentEdgeInsets.top + contentEdgeInsets.bottom)
    }
    /// Simulates a tap: highlight, `touchUpInside` and `primaryActionTriggered` actions (headless extra).
    public func simulateTap() {
        guard isEnabled, isUserInteractionEnabled, !isHidden else { return }
        isHighlighted = true
        isHighlighted = false
        sendActions(for: [.touchUpInside, .primaryActionTriggered])
    }
}

/// An on/off switch.
open class UISwitch: UIControl {
    open var isOn = false
    open var onTintColor: UIColor?
    open var thumbTintColor: UIColor?
    open func setOn(_ on: Bool, animated: Bool) { isOn = on }
}

/// A spinning activity indicator (recorded only).
///
/// The legacy styles (`.whiteLarge`, `.white`, `.gray`) keep their raw values and imply a tint (white or gray) when
/// no `color` was set; `.large` and `.whiteLarge` are 37 points square, the others 20.
open class UIActivityIndicatorView: UIView {
    public enum Style: Int, Sendable {
        case whiteLarge = 0, white = 1, gray = 2
        case medium = 100, large = 101
        var side: CGFloat { self == .large || self == .whiteLarge ? 37 : 20 }
        var impliedColor: UIColor? {
            switch self {
            case .whiteLarge, .white: return .white
            case .gray: return .gray
            case .medium, .large: return nil
            }
        }
    }
    open var style: Style = .medium { didSet { invalidateIntrinsicContentSize() } }
    private var explicitColor: UIColor?
    open var color: UIColor! {
        get { explicitColor ?? style.impliedColor }
        set { explicitColor = newValue }
    }
    open override var intrinsicContentSize: CGSize { CGSize(width: style.side, height: style.side) }
    open var hidesWhenStopped = true
    open private(set) var isAnimating = false
    public init(style: Style) { self.style = style; super.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open func startAnimating() { isAnimating = true; if hidesWhenStopped { isHidden = false } }
    open func stopAnimating() { isAnimating = false; if hidesWhenStopped { isHidden = true } }
}

/// A view that lines up its arranged subviews in a row or column.
///
/// Headless layout: `layoutSubviews()` places arranged subviews one after another along the axis using their
/// intrinsic (or fixed-constraint) sizes, `spacing` and the layout margins when they are relative.
open class UIStackView: UIView {
    public enum Distribution: Int, Sendable { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }
    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    public static let spacingUseSystem = CGFloat(8)

    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { setNeedsLayout() } }
    open var distribution: Distribution = .fill { didSet { setNeedsLayout() } }
    open var alignment: Alignment = .fill { didSet { setNeedsLayout() } }
    open var spacing: CGFloat = 0 { didSet { setNeedsLayout() } }
    open var isLayoutMarginsRelativeArrangement = false { didSet { setNeedsLayout() } }
    open var isBaselineRelativeArrangement = false
    open private(set) var arrangedSubviews: [UIView] = []
    private var customSpacing: [ObjectIdentifier: CGFloat] = [:]

    public init(arrangedSubviews views: [UIView]) {
        super.init(frame: .zero)
        for v in views { addArrangedSubview(v) }
    }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init(coder: NSCoder) { super.init(frame: .zero) }

    open func addArrangedSubview(_ view: UIView) { insertArrangedSubview(view, at: arrangedSubviews.count) }
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: max(0, min(stackIndex, arrangedSubviews.count)))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        setNeedsLayout()
    }
    open func removeArrangedSubview(_ view: UIView) { arrangedSubviews.removeAll { $0 === view }; setNeedsLayout() }
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        arrangedSubviews.removeAll { $0 === subview }
    }
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) { customSpacing[ObjectIdentifier(arrangedSubview)] = spacing }
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat { customSpacing[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault }

    private func size(of view: UIView) -> CGSize {
        let s = LayoutSolver.fittingSize(of: view, target: .zero)
        return CGSize(width: max(0, s.width), height: max(0, s.height))
    }
    open override var intrinsicContentSize: CGSize {
        let visible = arrangedSubviews.filter { !$0.isHidden }
        let sizes = visible.map(size(of:))
        let gaps = CGFloat(max(0, visible.count - 1)) * spacing
        let m = isLayoutMarginsRelativeArrangement ? layoutMargins : .zero
        if axis == .horizontal {
            return CGSize(width: sizes.map(\.width).reduce(0, +) + gaps + m.left + m.right, height: (sizes.map(\.height).max() ?? 0) + m.top + m.bottom)
        }
        return CGSize(width: (sizes.map(\.width).max() ?? 0) + m.left + m.right, height: sizes.map(\.height).reduce(0, +) + gaps + m.top + m.bottom)
    }
    open override func layoutSubviews() {
        let area = isLayoutMarginsRelativeArrangement ? bounds.inset(by: layoutMargins) : bounds
        let visible = arrangedSubviews.filter { !$0.isHidden }
        var cursor = axis == .horizontal ? area.minX : area.minY
        let equal = visible.isEmpty ? 0 : ((axis == .horizontal ? area.width : area.height) - CGFloat(visible.count - 1) * spacing) / CGFloat(visible.count)
        for v in visible {
            var s = size(of: v)
            if distribution == .fillEqually { if axis == .horizontal { s.width = equal } else { s.height = equal } }
            if axis == .horizontal {
                let h = alignment == .fill ? area.height : min(s.height, area.height)
                let y = alignment == .center ? area.midY - h / 2 : (alignment == .trailing ? area.maxY - h : area.minY)
                v.frame = CGRect(x: cursor, y: y, width: s.width, height: h)
                cursor += s.width
            } else {
                let w = alignment == .fill ? area.width : min(s.width, area.width)
                let x = alignment == .center ? area.midX - w / 2 : (alignment == .trailing ? area.maxX - w : area.minX)
                v.frame = CGRect(x: x, y: cursor, width: w, height: s.height)
                cursor += s.height
            }
            let custom = customSpacing(after: v)
            cursor += custom == UIStackView.spacingUseDefault ? spacing : custom
        }
        for v in subviews where !arrangedSubviews.contains(where: { $0 === v }) && !v.translatesAutoresizingMaskIntoConstraints {
            if let f = LayoutSolver.solve(v, in: self) { v.frame = f }
        }
    }
}

/// A view whose content can be larger than itself.
open class UIScrollView: UIView {
    public enum ContentInsetAdjustmentBehavior: Int, Sendable { case automatic, scrollableAxes, never, always }
    public enum KeyboardDismissMode: Int, Sendable { case none, onDrag, interactive }
    open var contentSize = CGSize.zero
    open var contentOffset = CGPoint.zero
    open var contentInset = UIEdgeInsets.zero
    open var scrollIndicatorInsets = UIEdgeInsets.zero
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    open var keyboardDismissMode: KeyboardDismissMode = .none
    open var isScrollEnabled = true
    open var isPagingEnabled = false
    open var bounces = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var minimumZoomScale: CGFloat = 1
    open var maximumZoomScale: CGFloat = 1
    open var zoomScale: CGFloat = 1
    open func setContentOffset(_ offset: CGPoint, animated: Bool) { contentOffset = offset }
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {}
    public private(set) lazy var contentLayoutGuide: UILayoutGuide = { let g = UILayoutGuide(); addLayoutGuide(g); return g }()
    public private(set) lazy var frameLayoutGuide: UILayoutGuide = { let g = UILayoutGuide(); addLayoutGuide(g); return g }()
}

/// A scrolling, optionally editable, multi-line text view.
open class UITextView: UIScrollView {
    open var text: String! = ""
    open var attributedText: NSAttributedString! {
        get { NSAttributedString(string: text ?? "") }
        set { text = newValue?.string ?? "" }
    }
    open var font: UIFont?
    open var textColor: UIColor?
    open var textAlignment: NSTextAlignment = .natural
    open var isEditable = true
    open var isSelectable = true
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0)
    open var dataDetectorTypes: UIDataDetectorTypes = []
    open var linkTextAttributes: [NSAttributedString.Key: Any]! = [:]
    open var adjustsFontForContentSizeCategory = false
    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }
}

/// Data a text view turns into links (recorded only).
public struct UIDataDetectorTypes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let phoneNumber = Self(rawValue: 1 << 0)
    public static let link = Self(rawValue: 1 << 1)
    public static let address = Self(rawValue: 1 << 2)
    public static let all = Self(rawValue: .max)
}

/// A one-line editable text field.
open class UITextField: UIControl {
    public enum BorderStyle: Int, Sendable { case none, line, bezel, roundedRect }
    open var text: String? { didSet { sendActions(for: .editingChanged) } }
    open var placeholder: String?
    open var font: UIFont?
    open var textColor: UIColor?
    open var textAlignment: NSTextAlignment = .natural
    open var borderStyle: BorderStyle = .none
    open var isSecureTextEntry = false
    open override var canBecomeFirstResponder: Bool { isEnabled }
}

/// A blur or vibrancy effect (recorded only).
open class UIVisualEffect: NSObject {}
/// A blur effect (recorded only).
open class UIBlurEffect: UIVisualEffect {
    public enum Style: Int, Sendable {
        case extraLight, light, dark, regular, prominent
        case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
    }
    public let style: Style
    public init(style: Style) { self.style = style; super.init() }
}
/// A view showing a visual effect behind its `contentView`.
open class UIVisualEffectView: UIView {
    open var effect: UIVisualEffect?
    public let contentView = UIView()
    public init(effect: UIVisualEffect?) { self.effect = effect; super.init(frame: .zero); addSubview(contentView) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}
