import BrazeKit
import Foundation
import UIKit

extension BrazeContentCardUI {
    /// The feed in a navigation controller with a Done button, for modal presentation.
    open class ModalViewController: UINavigationController {
        /// The feed shown.
        public let viewController: ViewController

        /// A modal feed of `braze`'s cards.
        public init(braze: Braze, attributes: ViewController.Attributes = .defaults, title: String? = nil) {
            viewController = ViewController(braze: braze, attributes: attributes)
            super.init(rootViewController: viewController)
            if let title { viewController.title = title }
        }

        /// A modal feed of the given cards (see `ViewController.init(initialCards:refresh:subscribe:lastUpdate:attributes:)`).
        public init(initialCards: [Braze.ContentCard],
                    refresh: ((@escaping (Result<[Braze.ContentCard], any Error>) -> Void) -> Void)? = nil,
                    subscribe: ((@escaping ([Braze.ContentCard]) -> Void) -> Braze.Cancellable)? = nil,
                    lastUpdate: Date? = nil, attributes: ViewController.Attributes = .defaults, title: String? = nil) {
            viewController = ViewController(initialCards: initialCards, refresh: refresh, subscribe: subscribe,
                                            lastUpdate: lastUpdate, attributes: attributes)
            super.init(rootViewController: viewController)
            if let title { viewController.title = title }
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { nil }

        /// Dismisses the modal (its Done button).
        open func dismissModal() {
            dismiss(animated: true)
        }
    }
}
