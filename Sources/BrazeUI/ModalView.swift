import Foundation
import BrazeKit
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

extension BrazeInAppMessageUI {
    /// The stock view of a modal: graphic, header, body, buttons, close button, over a backdrop.
    open class ModalView: UIView, InAppMessageView {
        public struct Attributes: Sendable {
            public var margin = UIEdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
            public var padding = UIEdgeInsets(top: 40, left: 25, bottom: 30, right: 25)
            public var labelsSpacing: Double = 10
            public var spacing: Double = 20
            public var headerFont = UIFont(pointSize: 20, weight: .bold, textStyle: .title3)
            public var messageFont = UIFont(pointSize: 15, textStyle: .subheadline)
            public var cornerRadius: Double = 8
            public var cornerCurve = CALayerCornerCurve.circular
            public var shadow: Shadow? = .inAppMessage
            public var minWidth: Double = 320
            public var maxWidth: ViewDimension = .init(regular: 450, large: 720)
            public var maxHeight: ViewDimension = .init(regular: 720, large: 450)
            /// Whether a tap on the backdrop dismisses the message.
            public var dismissOnBackgroundTap = false
            public var buttonsAttributes = ButtonView.Attributes.defaults
            public var onPresent: (@Sendable (ModalView) -> Void)?
            public var onLayout: (@Sendable (ModalView) -> Void)?
            public var onTheme: (@Sendable (ModalView) -> Void)?
            public init() {}

            // Process-wide as upstream; a test with its own environment (parallel tests) sets and sees its own.
            private static let store = EnvironmentSetting(Attributes())
            public static var defaults: Attributes {
                get { store.value }
                set { store.value = newValue }
            }
        }

        public var message: Braze.InAppMessage.Modal { didSet { applyTheme() } }
        public var attributes: Attributes { didSet { applyAttributes() } }
        public private(set) var presented: Bool
        public let gifViewProvider: GIFViewProvider
        let environment: MessagingEnvironment

        public private(set) var graphicView: UIView?
        public let headerLabel = UILabel()
        public let messageLabel = UILabel()
        /// Holds the buttons (nil without buttons).
        public private(set) var buttonsContainer: UIView?
        public private(set) var buttons: [ButtonView] = []
        /// Closes the message (a user close, as the stock close button does on a device).
        public let closeButton = UIButton(type: .custom)

        public init(message: Braze.InAppMessage.Modal, attributes: Attributes = .defaults,
                    gifViewProvider: GIFViewProvider = .shared, presented: Bool = false) {
            self.message = message; self.attributes = attributes; self.gifViewProvider = gifViewProvider
            self.presented = presented
            environment = MessagingEnvironment.current
            super.init(frame: .zero)
            switch message.graphic {
            case .icon(let glyph)?: let l = UILabel(); l.text = glyph; graphicView = l
            case .image(let url)?: graphicView = gifViewProvider.view(url)
            case nil: graphicView = nil
            }
            if let graphicView { addSubview(graphicView) }
            headerLabel.text = message.header
            messageLabel.text = message.message
            addSubview(headerLabel); addSubview(messageLabel)
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


        /// The theme for the simulated device's appearance.
        public var theme: Braze.InAppMessage.Theme { message.theme(for: StockView.traits(environment)) }

        open func applyAttributes() {
            contentView.layer.cornerRadius = attributes.cornerRadius
            contentView.layer.cornerCurve = attributes.cornerCurve
            contentView.stack.layoutMargins = attributes.padding
            shadowView.layer.cornerRadius = attributes.cornerRadius
            shadowView.shadow = attributes.shadow
            headerLabel.font = attributes.headerFont
            messageLabel.font = attributes.messageFont
            attributes.onLayout?(self)
        }

        open func applyTheme() {
            contentView.backgroundColor = theme.backgroundColor.uiColor
            backgroundColor = theme.frameColor.uiColor
            headerLabel.textColor = theme.headerTextColor.uiColor
            messageLabel.textColor = theme.textColor.uiColor
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

/// Builds the button row; each button's tap is a click with `buttonId` = "\(button.id)".
func makeButtons(_ buttons: [Braze.InAppMessage.Button], _ attributes: BrazeInAppMessageUI.ButtonView.Attributes,
                 in view: any InAppMessageView) -> (UIView?, [BrazeInAppMessageUI.ButtonView]) {
    guard !buttons.isEmpty else { return (nil, []) }
    let container = UIView()
    let views = buttons.map { button in
        BrazeInAppMessageUI.ButtonView(button: button, attributes: attributes) { [weak view] tapped in
            guard let view, let ui = view.hostingUI else { return }
            ui.click(on: view, buttonId: "\(tapped.button.id)", action: tapped.button.clickAction)
        }
    }
    views.forEach { container.addSubview($0) }
    view.addSubview(container)
    return (container, views)
}
