import BrazeKit
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

extension BrazeInAppMessageUI {
    /// One button of a modal, modal image, full or full image message.
    open class ButtonView: UIView {
        public struct Attributes: Sendable {
            public var padding = UIEdgeInsets(top: 10, left: 12, bottom: 10, right: 12)
            public var font = UIFont(pointSize: 15, weight: .bold, textStyle: .subheadline)
            public var borderWidth: Double = 1
            public var cornerRadius: Double = 5
            public var minWidth: Double = 80
            public var maxHeight: Double = 44
            public var language: String?
            public init() {}
            // Process-wide as upstream; a test with its own environment (parallel tests) sets and sees its own.
            private static let store = EnvironmentSetting(Attributes())
            public static var defaults: Attributes {
                get { store.value }
                set { store.value = newValue }
            }
        }

        public var button: Braze.InAppMessage.Button
        public var attributes: Attributes
        let environment: MessagingEnvironment
        let onClick: (ButtonView) -> Void

        init(button: Braze.InAppMessage.Button, attributes: Attributes, onClick: @escaping (ButtonView) -> Void) {
            self.button = button; self.attributes = attributes; self.onClick = onClick
            environment = MessagingEnvironment.current
            super.init(frame: .zero)
            accessibilityIdentifier = button.text
            applyTheme()
        }

        /// The theme for the simulated device's appearance.
        public var theme: Braze.InAppMessage.ButtonTheme { button.theme(for: StockView.traits(environment)) }

        open func applyTheme() {
            backgroundColor = theme.backgroundColor.uiColor
        }

        /// Simulates a tap on the button.
        public func tap() { onClick(self) }
    }
}
