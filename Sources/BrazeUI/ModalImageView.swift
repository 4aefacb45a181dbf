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
        public let closeButton = UIView()

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
            addSubview(closeButton)
            applyAttributes()
            applyTheme()
        }

        public var theme: Braze.InAppMessage.Theme { message.theme(for: StockView.traits(environment)) }

        open func applyAttributes() { attributes.onLayout?(self) }

        open func applyTheme() {
            backgroundColor = theme.frameColor.uiColor
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
