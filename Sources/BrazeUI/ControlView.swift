import BrazeKit
#if canImport(UIKit)
import UIKit
#endif

extension BrazeInAppMessageUI {
    /// The "view" of a control message: nothing is shown; presenting it logs the impression, and the UI
    /// dismisses it at once.
    open class ControlView: UIView, InAppMessageView {
        public let message: Braze.InAppMessage.Control
        public private(set) var presented = false

        public init(message: Braze.InAppMessage.Control) {
            self.message = message
            super.init(frame: .zero)
            isHidden = true
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { fatalError("init(coder:) is not available") }


        open func present(completion: (() -> Void)? = nil) {
            StockView.present(self, setPresented: { presented = $0 }, onPresent: {}, completion: completion)
        }

        open func dismiss(completion: (() -> Void)? = nil) {
            StockView.dismiss(self, setPresented: { presented = $0 }, completion: completion)
        }
    }
}
