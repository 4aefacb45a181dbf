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
        public private(set) var presented: Bool
        public let gifViewProvider: GIFViewProvider
        let environment: MessagingEnvironment

        /// The icon or image beside the text (nil without a graphic).
        public private(set) var graphicView: UIView?
        public let messageLabel = UILabel()
        public let chevronView = UIView()

        public init(message: Braze.InAppMessage.Slideup, attributes: Attributes = .defaults,
                    gifViewProvider: GIFViewProvider = .shared, presented: Bool = false) {
            self.message = message; self.attributes = attributes; self.gifViewProvider = gifViewProvider
            self.presented = presented
            environment = MessagingEnvironment.current
            super.init(frame: .zero)
            switch message.graphic {
            case .icon(let glyph)?:
                let label = UILabel(); label.text = glyph; graphicView = label
            case .image(let url)?:
                graphicView = gifViewProvider.view(url)
            case nil:
                graphicView = nil
            }
            if let graphicView { addSubview(graphicView) }
            messageLabel.text = message.message
            messageLabel.numberOfLines = 3
            addSubview(messageLabel)
            addSubview(chevronView)
            applyAttributes()
            applyTheme()
        }

        /// The theme for the simulated device's appearance (dark only if the message has a dark theme).
        public var theme: Braze.InAppMessage.Theme { message.theme(for: StockView.traits(environment)) }

        /// Whether the chevron is visible with the current attributes and click action.
        public var isChevronVisible: Bool { !chevronView.isHidden }

        open func applyAttributes() {
            messageLabel.font = attributes.font
            switch attributes.chevronVisibility {
            case .auto: chevronView.isHidden = message.clickAction == .none
            case .hidden: chevronView.isHidden = true
            case .visible: chevronView.isHidden = false
            }
            attributes.onLayout?(self)
        }

        open func applyTheme() {
            backgroundColor = theme.backgroundColor.uiColor
            messageLabel.textColor = theme.textColor.uiColor
            chevronView.backgroundColor = theme.closeButtonColor.uiColor
            attributes.onTheme?(self)
        }

        open func present(completion: (() -> Void)? = nil) {
            StockView.present(self, setPresented: { presented = $0 }, onPresent: { attributes.onPresent?(self) },
                              completion: completion)
        }

        open func dismiss(completion: (() -> Void)? = nil) {
            StockView.dismiss(self, setPresented: { presented = $0 }, completion: completion)
        }
    }
}
