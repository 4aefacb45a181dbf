import Foundation
import BrazeKit
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

extension BrazeInAppMessageUI {
    /// The stock view of a full message: a `ModalView` laid out full screen (`.full` display mode, status
    /// bar hidden) on phones, as a large card (`.modal`) when both size classes are regular.
    open class FullView: ModalView {
        public enum DisplayMode: Sendable, Hashable { case modal, full }

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
            public var dismissOnBackgroundTap = false
            public var buttonsAttributes = ButtonView.Attributes.defaults
            /// Forces a display mode (nil: chosen from the size classes).
            public var preferredDisplayMode: DisplayMode?
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

            var modalAttributes: ModalView.Attributes {
                var a = ModalView.Attributes()
                a.margin = margin; a.padding = padding; a.labelsSpacing = labelsSpacing; a.spacing = spacing
                a.headerFont = headerFont; a.messageFont = messageFont; a.cornerRadius = cornerRadius
                a.cornerCurve = cornerCurve; a.shadow = shadow; a.minWidth = minWidth; a.maxWidth = maxWidth
                a.maxHeight = maxHeight; a.dismissOnBackgroundTap = dismissOnBackgroundTap
                a.buttonsAttributes = buttonsAttributes; a.onPresent = onPresent; a.onLayout = onLayout; a.onTheme = onTheme
                return a
            }
        }

        /// The full message this view shows.
        public let fullMessage: Braze.InAppMessage.Full
        public var preferredDisplayMode: DisplayMode?
        /// The image above the text.
        public var imageView: UIView? { graphicView }

        public init(message: Braze.InAppMessage.Full, attributes: Attributes = .defaults,
                    gifViewProvider: GIFViewProvider = .shared, presented: Bool = false) {
            fullMessage = message
            preferredDisplayMode = attributes.preferredDisplayMode
            super.init(message: Braze.InAppMessage.Modal(
                data: message.data, graphic: .image(message.imageURL), imageAltText: message.imageAltText,
                language: message.language, header: message.header, headerTextAlignment: message.headerTextAlignment,
                message: message.message, messageTextAlignment: message.messageTextAlignment, buttons: message.buttons,
                themes: message.themes), attributes: attributes.modalAttributes, gifViewProvider: gifViewProvider, presented: presented)
            prefersStatusBarHidden = displayMode == .full ? true : nil
        }

        /// `.modal` when both size classes are regular, else `.full` (unless `preferredDisplayMode` says).
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
