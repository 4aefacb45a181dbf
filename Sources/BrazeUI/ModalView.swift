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
        public let closeButton = UIView()

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
            addSubview(closeButton)
            applyAttributes()
            applyTheme()
        }

        /// The theme for the simulated device's appearance.
        public var theme: Braze.InAppMessage.Theme { message.theme(for: StockView.traits(environment)) }

        open func applyAttributes() {
            headerLabel.font = attributes.headerFont
            messageLabel.font = attributes.messageFont
            attributes.onLayout?(self)
        }

        open func applyTheme() {
            backgroundColor = theme.frameColor.uiColor
            headerLabel.textColor = theme.headerTextColor.uiColor
            messageLabel.textColor = theme.textColor.uiColor
            closeButton.backgroundColor = theme.closeButtonColor.uiColor
            buttons.forEach { $0.applyTheme() }
            attributes.onTheme?(self)
        }

        open func present(completion: (() -> Void)? = nil) {
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
