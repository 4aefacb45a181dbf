import BrazeKit
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

extension BrazeInAppMessageUI {
    /// One button of a modal, modal image, full or full image message: a `UIButton` titled with the button's
    /// text, styled by its `Attributes` and themed by its button theme. A tap (`simulateTap()`, `tap()`) clicks it.
    open class ButtonView: UIButton {
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

        public var button: Braze.InAppMessage.Button { didSet { setTitle(button.text, for: .normal); applyTheme() } }
        public var attributes: Attributes { didSet { applyAttributes() } }
        let environment: MessagingEnvironment
        let onClick: (ButtonView) -> Void

        init(button: Braze.InAppMessage.Button, attributes: Attributes, onClick: @escaping (ButtonView) -> Void) {
            self.button = button; self.attributes = attributes; self.onClick = onClick
            environment = MessagingEnvironment.current
            super.init(frame: .zero)
            accessibilityIdentifier = button.text
            setTitle(button.text, for: .normal)
            addAction(UIAction { [weak self] _ in
                guard let self else { return }
                self.onClick(self)
            }, for: .touchUpInside)
            applyAttributes()
            applyTheme()
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { fatalError("init(coder:) is not available") }

        /// The simulated device's traits (appearance and size classes).
        open override var traitCollection: UITraitCollection { StockView.traits(environment) }

        /// The theme for the view's traits.
        public var theme: Braze.InAppMessage.ButtonTheme { button.theme(for: traitCollection) }

        /// Font, padding, corner radius and border width from `attributes`.
        open func applyAttributes() {
            titleLabel?.font = attributes.font
            contentEdgeInsets = attributes.padding
            layer.cornerRadius = attributes.cornerRadius
            layer.borderWidth = attributes.borderWidth
        }

        /// Background, title and border colours from the button theme.
        open func applyTheme() {
            backgroundColor = theme.backgroundColor.uiColor
            setTitleColor(theme.textColor.uiColor, for: .normal)
            layer.borderColor = theme.borderColor.uiColor.cgColor
        }

        /// Clicks the button (same as `simulateTap()`).
        public func tap() { simulateTap() }
    }
}
