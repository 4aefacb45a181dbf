import Foundation
import BrazeKit
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

extension BrazeInAppMessageUI {
    /// The stock view of a modal image message: an image card with optional buttons.
    open class ModalImageView: UIView, InAppMessageView {
        public struct Attributes: Sendable {
            public var margin = UIEdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
            public var padding = UIEdgeInsets(top: 0, left: 25, bottom: 30, right: 25)
            public var cornerRadius: Double = 8
            public var cornerCurve = CALayerCornerCurve.circular
            public var shadow: Shadow? = .inAppMessage
            public var minWidth: Double = 320
            public var maxWidth: ViewDimension = .init(regular: 450, large: 720)
            public var maxHeight: ViewDimension = .init(regular: 720, large: 450)
            public var scrollLargeImages = false
            public var dismissOnBackgroundTap = false
            public var buttonsAttributes = ButtonView.Attributes.defaults
            public var onPresent: (@Sendable (ModalImageView) -> Void)?
            public var onLayout: (@Sendable (ModalImageView) -> Void)?
            public var onTheme: (@Sendable (ModalImageView) -> Void)?
            public init() {}

            // Process-wide as upstream; a test with its own environment (parallel tests) sets and sees its own.
            private static let store = EnvironmentSetting(Attributes())
            public static var defaults: Attributes {
                get { store.value }
                set { store.value = newValue }
            }
        }

        public var message: Braze.InAppMessage.ModalImage { didSet { applyTheme() } }
        public var attributes: Attributes { didSet { applyAttributes() } }
        public private(set) var presented: Bool
        public let gifViewProvider: GIFViewProvider
        let environment: MessagingEnvironment

        public let imageView: UIView
        public private(set) var buttonsContainer: UIView?
        public private(set) var buttons: [ButtonView] = []
        /// Closes the message (a user close, as the stock close button does on a device).
        public let closeButton = UIButton(type: .custom)

        public init(message: Braze.InAppMessage.ModalImage, attributes: Attributes = .defaults,
                    gifViewProvider: GIFViewProvider = .shared, presented: Bool = false) {
            self.message = message; self.attributes = attributes; self.gifViewProvider = gifViewProvider
            self.presented = presented
            environment = MessagingEnvironment.current
            imageView = gifViewProvider.view(message.imageURL)
            super.init(frame: .zero)
            addSubview(imageView)
            (buttonsContainer, buttons) = makeButtons(message.buttons, attributes.buttonsAttributes, in: self)
            closeButton.accessibilityIdentifier = "✕"
            closeButton.accessibilityLabel = "Close"
            closeButton.addAction(UIAction { [weak self] _ in
                guard let self else { return }
                if let ui = self.hostingUI { ui.userClose(self) } else { self.dismiss() }
            }, for: .touchUpInside)
            addSubview(closeButton)
            installCard()
            applyTheme()
            applyAttributes()
        }

        /// The simulated device's traits (appearance and size classes).
        open override var traitCollection: UITraitCollection { StockView.traits(environment) }

        /// The shadow behind the card (its shadow follows `attributes.shadow`).
        open lazy var shadowView = ShadowView(.inAppMessage)
        /// The rounded, themed card holding the message's content.
        open lazy var contentView = StackView(frame: .zero)
        /// A tap on the card (recorded; clicks go through the image, the buttons or the message body).
        open lazy var tapGesture = UITapGestureRecognizer(target: self, action: Selector("tap:"))
        /// A tap on the backdrop; dismisses the message when `attributes.dismissOnBackgroundTap` is set.
        open lazy var tapBackgroundGesture: UITapGestureRecognizer = {
            let tap = UITapGestureRecognizer(target: self, action: Selector("tapBackground:"))
            tap.addHandler { [weak self] g in
                guard let self, g.state == .ended, self.attributes.dismissOnBackgroundTap else { return }
                if let ui = self.hostingUI { ui.userClose(self) } else { self.dismiss() }
            }
            return tap
        }()

        /// Whether `installPresentationConstraintsIfNeeded()` has pinned the view to its superview.
        open var presentationConstraintsInstalled = false

        /// Centres the card, as wide as the view allows between `attributes.minWidth` and `attributes.maxWidth`
        /// (the large value on a regular-by-regular device), with the shadow behind it.
        open func installInternalConstraints() {
            let t = traitCollection
            let large = t.horizontalSizeClass == .regular && t.verticalSizeClass == .regular
            let available = bounds.width - attributes.margin.left - attributes.margin.right
            let width = min(max(available, attributes.minWidth), large ? attributes.maxWidth.large : attributes.maxWidth.regular)
            for v in [shadowView, contentView] as [UIView] {
                v.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.deactivate(v.constraints.filter { $0.firstItem === v && $0.secondItem !== contentView.stack })
                NSLayoutConstraint.activate([
                    v.centerXAnchor.constraint(equalTo: centerXAnchor),
                    v.centerYAnchor.constraint(equalTo: centerYAnchor),
                    v.widthAnchor.constraint(equalToConstant: max(0, width)),
                    v.heightAnchor.constraint(equalToConstant: max(0, contentView.stack.intrinsicContentSize.height)),
                ])
            }
        }

        /// Once in a superview: covers it (the backdrop), with the card centred inside.
        open func installPresentationConstraintsIfNeeded() {
            guard !presentationConstraintsInstalled, let superview else { return }
            translatesAutoresizingMaskIntoConstraints = false
            NSLayoutConstraint.activate([
                topAnchor.constraint(equalTo: superview.topAnchor),
                bottomAnchor.constraint(equalTo: superview.bottomAnchor),
                leadingAnchor.constraint(equalTo: superview.leadingAnchor),
                trailingAnchor.constraint(equalTo: superview.trailingAnchor),
            ])
            presentationConstraintsInstalled = true
            superview.layoutIfNeeded()
            installInternalConstraints()
            layoutIfNeeded()
        }

        open override func layoutSubviews() {
            super.layoutSubviews()
            installPresentationConstraintsIfNeeded()
        }

        /// Installs the shadow, card and gestures (called once from init).
        func installCard() {
            insertSubview(shadowView, at: 0)
            insertSubview(contentView, aboveSubview: shadowView)
            contentView.addGestureRecognizer(tapGesture)
            addGestureRecognizer(tapBackgroundGesture)
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { fatalError("init(coder:) is not available") }


        public var theme: Braze.InAppMessage.Theme { message.theme(for: StockView.traits(environment)) }

        open func applyAttributes() {
            contentView.layer.cornerRadius = attributes.cornerRadius
            contentView.layer.cornerCurve = attributes.cornerCurve
            contentView.stack.layoutMargins = attributes.padding
            shadowView.layer.cornerRadius = attributes.cornerRadius
            shadowView.shadow = attributes.shadow
            attributes.onLayout?(self)
        }

        open func applyTheme() {
            contentView.backgroundColor = theme.backgroundColor.uiColor
            backgroundColor = theme.frameColor.uiColor
            closeButton.backgroundColor = theme.closeButtonColor.uiColor
            buttons.forEach { $0.applyTheme() }
            attributes.onTheme?(self)
        }

        open func present(completion: (() -> Void)? = nil) {
            installPresentationConstraintsIfNeeded()
            StockView.present(self, setPresented: { presented = $0 }, onPresent: { attributes.onPresent?(self) },
                              completion: completion)
        }

        open func dismiss(completion: (() -> Void)? = nil) {
            isUserInteractionEnabled = false
            StockView.dismiss(self, setPresented: { presented = $0 }, completion: completion)
        }
    }
}
