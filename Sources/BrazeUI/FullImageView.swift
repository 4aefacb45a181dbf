import Foundation
import BrazeKit
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

extension BrazeInAppMessageUI {
    /// The stock view of a full image message: a `ModalImageView` laid out full screen (status bar hidden)
    /// on phones, as a card when both size classes are regular.
    open class FullImageView: ModalImageView {
        public enum DisplayMode: Sendable, Hashable { case modal, full }

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
            public var preferredDisplayMode: DisplayMode?
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

            var modalImageAttributes: ModalImageView.Attributes {
                var a = ModalImageView.Attributes()
                a.margin = margin; a.padding = padding; a.cornerRadius = cornerRadius; a.cornerCurve = cornerCurve
                a.shadow = shadow; a.minWidth = minWidth; a.maxWidth = maxWidth; a.maxHeight = maxHeight
                a.scrollLargeImages = scrollLargeImages; a.dismissOnBackgroundTap = dismissOnBackgroundTap
                a.buttonsAttributes = buttonsAttributes; a.onPresent = onPresent; a.onLayout = onLayout; a.onTheme = onTheme
                return a
            }
        }

        public let fullImageMessage: Braze.InAppMessage.FullImage
        public var preferredDisplayMode: DisplayMode?

        public init(message: Braze.InAppMessage.FullImage, attributes: Attributes = .defaults,
                    gifViewProvider: GIFViewProvider = .shared, presented: Bool = false) {
            fullImageMessage = message
            preferredDisplayMode = attributes.preferredDisplayMode
            super.init(message: Braze.InAppMessage.ModalImage(
                data: message.data, imageURL: message.imageURL, imageAltText: message.imageAltText,
                language: message.language, buttons: message.buttons, themes: message.themes),
                       attributes: attributes.modalImageAttributes, gifViewProvider: gifViewProvider, presented: presented)
            prefersStatusBarHidden = displayMode == .full ? true : nil
        }

        public var displayMode: DisplayMode {
            if let preferredDisplayMode { return preferredDisplayMode }
            let t = StockView.traits(environment)
            return t.horizontalSizeClass == .regular && t.verticalSizeClass == .regular ? .modal : .full
        }

        /// In `.full` display mode the card covers the whole view; as a `.modal` card it is centred like a modal's.
        open override func installInternalConstraints() {
            guard displayMode == .full else { super.installInternalConstraints(); return }
            for v in [shadowView, contentView] as [UIView] {
                v.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate([
                    v.topAnchor.constraint(equalTo: topAnchor),
                    v.bottomAnchor.constraint(equalTo: bottomAnchor),
                    v.leadingAnchor.constraint(equalTo: leadingAnchor),
                    v.trailingAnchor.constraint(equalTo: trailingAnchor),
                ])
            }
        }

        open override func present(completion: (() -> Void)? = nil) {
            prefersStatusBarHidden = displayMode == .full ? true : nil
            super.present(completion: completion)
        }
    }
}
