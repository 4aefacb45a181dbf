import Foundation
import BrazeKit
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

extension BrazeInAppMessageUI {
    /// The stock view of a slideup: graphic, up to three lines of text, a chevron when the message has a
    /// click action. Headless: the subviews hold text and colours; nothing is drawn.
    open class SlideupView: UIView, InAppMessageView {
        /// When the chevron shows.
        public enum ChevronVisibility: Sendable, Hashable {
            /// Shown when the message has a click action.
            case auto
            case hidden
            case visible
        }

        public struct Attributes: Sendable {
            public var margin = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            public var padding = UIEdgeInsets(top: 15, left: 20, bottom: 15, right: 20)
            public var graphicLeadingPadding: Double = 15
            public var spacing: Double = 10
            public var font = UIFont(pointSize: 15, weight: .bold, textStyle: .subheadline)
            public var imageSize = CGSize(width: 50, height: 50)
            public var imageCornerRadius: Double = 0
            public var imageCornerCurve = CALayerCornerCurve.circular
            public var chevronVisibility = ChevronVisibility.auto
            public var cornerRadius: Double = 15
            public var cornerCurve = CALayerCornerCurve.circular
            /// Whether a swipe toward the edge dismisses it.
            public var dismissible = true
            public var shadow: Shadow? = .inAppMessage
            public var minHeight: Double = 60
            public var maxWidth: Double = 450
            public var onPresent: (@Sendable (SlideupView) -> Void)?
            public var onLayout: (@Sendable (SlideupView) -> Void)?
            public var onTheme: (@Sendable (SlideupView) -> Void)?
            public init() {}

            // Process-wide as upstream; a test with its own environment (parallel tests) sets and sees its own.
            private static let store = EnvironmentSetting(Attributes())
            /// The attributes new views start with.
            public static var defaults: Attributes {
                get { store.value }
                set { store.value = newValue }
            }
        }

        public var message: Braze.InAppMessage.Slideup { didSet { applyTheme() } }
        public var attributes: Attributes { didSet { applyAttributes() } }
        /// Whether the view is on screen; with presentation constraints installed, toggles between the inner
        /// (visible) and outer (off-screen) vertical constraint.
        open var presented: Bool {
            didSet {
                guard presentationConstraintsInstalled, oldValue != presented else { return }
                NSLayoutConstraint.deactivate([presented ? outerYConstraint : innerYConstraint])
                NSLayoutConstraint.activate([presented ? innerYConstraint : outerYConstraint])
                superview?.setNeedsLayout()
                superview?.layoutIfNeeded()
            }
        }
        /// The graphic's width and height (`attributes.imageSize`).
        private var graphicSizeConstraints: [NSLayoutConstraint] = []
        /// Whether `installPresentationConstraintsIfNeeded()` has placed the view in its superview.
        open var presentationConstraintsInstalled = false
        /// Pins the view inside its superview's safe area at its edge (active while presented).
        open var innerYConstraint: NSLayoutConstraint!
        /// Pins the view just outside its superview's edge (active while not presented).
        open var outerYConstraint: NSLayoutConstraint!
        public let gifViewProvider: GIFViewProvider
        let environment: MessagingEnvironment

        /// The icon or image beside the text (nil without a graphic).
        open lazy var graphicView: UIView? = {
            switch message.graphic {
            case .icon(let glyph)?: let label = UILabel(); label.text = glyph; return label
            case .image(let url)?: return gifViewProvider.view(url)
            case nil: return nil
            }
        }()
        open lazy var messageLabel: UILabel = {
            let label = UILabel()
            label.text = message.message
            label.numberOfLines = 3
            return label
        }()
        open lazy var chevronView: UIImageView = UIImageView(frame: .zero)
        /// The shadow behind the content (its shadow follows `attributes.shadow`).
        open lazy var shadowView = ShadowView(.inAppMessage)
        /// The rounded, themed card holding the graphic, the text and the chevron in its `stack`.
        open lazy var contentView: StackView = {
            let view = StackView(arrangedSubviews: [graphicView, messageLabel, chevronView].compactMap { $0 })
            view.stack.alignment = .center
            view.stack.isLayoutMarginsRelativeArrangement = true
            return view
        }()
        /// Swipes toward the edge dismiss (when `attributes.dismissible`); attached to `contentView`.
        open lazy var panGesture = UIPanGestureRecognizer(target: self, action: Selector("pan:"))
        /// Taps (a press with no minimum duration) click the message; attached to `contentView`.
        open lazy var pressGesture: UILongPressGestureRecognizer = {
            let press = UILongPressGestureRecognizer(target: self, action: Selector("press:"))
            press.minimumPressDuration = 0
            return press
        }()

        public init(message: Braze.InAppMessage.Slideup, attributes: Attributes = .defaults,
                    gifViewProvider: GIFViewProvider = .shared, presented: Bool = false) {
            self.message = message; self.attributes = attributes; self.gifViewProvider = gifViewProvider
            self.presented = presented
            environment = MessagingEnvironment.current
            super.init(frame: .zero)
            addSubview(shadowView)
            addSubview(contentView)
            installInternalConstraints()
            contentView.addGestureRecognizer(panGesture)
            contentView.addGestureRecognizer(pressGesture)
            pressGesture.addHandler { [weak self] g in
                guard let self, g.state == .ended, let ui = self.hostingUI else { return }
                ui.click(on: self, buttonId: nil, action: self.message.clickAction)
            }
            panGesture.addHandler { [weak self] g in
                guard let self, g.state == .ended, self.attributes.dismissible else { return }
                let dy = (g as? UIPanGestureRecognizer)?.translation(in: self).y ?? 0
                let towardEdge = self.message.slideFrom == .top ? dy < 0 : dy > 0
                guard towardEdge else { return }
                if let ui = self.hostingUI { ui.userClose(self) } else { self.dismiss() }
            }
            applyTheme()
            applyAttributes()
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { fatalError("init(coder:) is not available") }

        /// The simulated device's traits (appearance and size classes).
        open override var traitCollection: UITraitCollection { StockView.traits(environment) }

        /// The theme for the view's traits (dark only if the message has a dark theme).
        public var theme: Braze.InAppMessage.Theme { message.theme(for: traitCollection) }

        /// Whether the chevron is visible with the current attributes and click action.
        public var isChevronVisible: Bool { !chevronView.isHidden }

        open func applyAttributes() {
            layoutMargins = attributes.margin
            contentView.stack.layoutMargins = attributes.padding
            contentView.stack.spacing = attributes.spacing
            contentView.layer.cornerRadius = attributes.cornerRadius
            contentView.layer.cornerCurve = attributes.cornerCurve
            shadowView.layer.cornerRadius = attributes.cornerRadius
            shadowView.layer.cornerCurve = attributes.cornerCurve
            shadowView.shadow = attributes.shadow
            messageLabel.font = attributes.font
            if let graphicView {
                if graphicSizeConstraints.isEmpty {
                    graphicSizeConstraints = [graphicView.widthAnchor.constraint(equalToConstant: attributes.imageSize.width),
                                              graphicView.heightAnchor.constraint(equalToConstant: attributes.imageSize.height)]
                    NSLayoutConstraint.activate(graphicSizeConstraints)
                }
                graphicSizeConstraints[0].constant = attributes.imageSize.width
                graphicSizeConstraints[1].constant = attributes.imageSize.height
                graphicView.frame.size = attributes.imageSize
                graphicView.layer.cornerRadius = attributes.imageCornerRadius
                graphicView.layer.cornerCurve = attributes.imageCornerCurve
                graphicView.clipsToBounds = true
            }
            switch attributes.chevronVisibility {
            case .auto: chevronView.isHidden = message.clickAction == .none
            case .hidden: chevronView.isHidden = true
            case .visible: chevronView.isHidden = false
            }
            if #available(iOS 17.0, *) {
                contentView.hoverStyle = UIHoverStyle(shape: .rect(cornerRadius: attributes.cornerRadius))
            }
            attributes.onLayout?(self)
        }

        open func applyTheme() {
            contentView.backgroundColor = theme.backgroundColor.uiColor
            messageLabel.textColor = theme.textColor.uiColor
            chevronView.tintColor = theme.closeButtonColor.uiColor
            chevronView.backgroundColor = theme.closeButtonColor.uiColor
            if case .icon? = message.graphic, let icon = graphicView as? UILabel {
                icon.textColor = theme.iconColor.uiColor
                icon.backgroundColor = theme.iconBackgroundColor.uiColor
            }
            attributes.onTheme?(self)
        }

        /// Pins the shadow and the card to the layout margins (`attributes.margin`).
        open func installInternalConstraints() {
            for v in [shadowView, contentView] as [UIView] {
                v.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate([
                    v.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
                    v.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor),
                    v.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
                    v.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
                ])
            }
        }

        /// Once in a superview: centred, as wide as the superview up to `attributes.maxWidth`, as tall as its
        /// content (at least `attributes.minHeight`), at the edge it slides from.
        open func installPresentationConstraintsIfNeeded() {
            guard !presentationConstraintsInstalled, let superview else { return }
            translatesAutoresizingMaskIntoConstraints = false
            let guide = superview.safeAreaLayoutGuide
            switch message.slideFrom {
            case .top:
                innerYConstraint = topAnchor.constraint(equalTo: guide.topAnchor)
                outerYConstraint = bottomAnchor.constraint(equalTo: superview.topAnchor)
            case .bottom:
                innerYConstraint = bottomAnchor.constraint(equalTo: guide.bottomAnchor)
                outerYConstraint = topAnchor.constraint(equalTo: superview.bottomAnchor)
            }
            let content = contentView.intrinsicContentSize.height + attributes.margin.top + attributes.margin.bottom
            NSLayoutConstraint.activate([
                centerXAnchor.constraint(equalTo: superview.centerXAnchor),
                widthAnchor.constraint(equalToConstant: min(attributes.maxWidth, superview.bounds.width)),
                heightAnchor.constraint(equalToConstant: max(attributes.minHeight, content)),
                presented ? innerYConstraint : outerYConstraint,
            ])
            presentationConstraintsInstalled = true
            superview.layoutIfNeeded()
        }

        open override func layoutSubviews() {
            super.layoutSubviews()
            installPresentationConstraintsIfNeeded()
        }

        /// Touches count only over the content card, not the margins around it.
        open override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            contentView.point(inside: convert(point, to: contentView), with: event)
        }

        open func present(completion: (() -> Void)? = nil) {
            installPresentationConstraintsIfNeeded()
            StockView.present(self, setPresented: { presented = $0 }, onPresent: { attributes.onPresent?(self) },
                              completion: completion)
        }

        open func dismiss(completion: (() -> Void)? = nil) {
            StockView.dismiss(self, setPresented: { presented = $0 }, completion: completion)
        }
    }
}
