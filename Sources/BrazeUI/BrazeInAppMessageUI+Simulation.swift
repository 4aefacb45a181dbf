import Foundation
import BrazeKit
import InAppCore

/// Simulated user input for tests (headless: there is no touch screen). Every tap goes through the core
/// engine's click path — log click → `shouldProcess` → click action → dismiss — exactly as a tap on the
/// real view would. Each returns false (and records a diagnostic) when the input does not apply.
extension BrazeInAppMessageUI {
    /// Taps the message body. Slideups always take it; modal, modal image, full and full image messages
    /// only when they have no buttons; HTML and control messages never (use `simulateLink`).
    @discardableResult
    public func simulateTap() -> Bool {
        guard let view = messageView else { return ignored("simulateTap", "nothingDisplayed") }
        let message = presentationContext?.message
        switch message {
        case .slideup(let m)?:
            click(on: view, buttonId: nil, action: m.clickAction)
        case .modal(let m)?:
            guard m.buttons.isEmpty else { return ignored("simulateTap", "messageHasButtons") }
            click(on: view, buttonId: nil, action: m.clickAction)
        case .modalImage(let m)?:
            guard m.buttons.isEmpty else { return ignored("simulateTap", "messageHasButtons") }
            click(on: view, buttonId: nil, action: m.clickAction)
        case .full(let m)?:
            guard m.buttons.isEmpty else { return ignored("simulateTap", "messageHasButtons") }
            click(on: view, buttonId: nil, action: m.clickAction)
        case .fullImage(let m)?:
            guard m.buttons.isEmpty else { return ignored("simulateTap", "messageHasButtons") }
            click(on: view, buttonId: nil, action: m.clickAction)
        default:
            return ignored("simulateTap", "noTappableBody")
        }
        return true
    }

    /// Taps the button at `index` of the displayed message's `buttons`.
    @discardableResult
    public func simulateTapButton(at index: Int) -> Bool {
        guard let views = buttonViews(), views.indices.contains(index) else { return ignored("simulateTapButton", "noSuchButton") }
        views[index].tap()
        return true
    }

    /// Taps the button whose `id` is `id`.
    @discardableResult
    public func simulateTapButton(id: Int) -> Bool {
        guard let view = buttonViews()?.first(where: { $0.button.id == id }) else { return ignored("simulateTapButton", "noSuchButton") }
        view.tap()
        return true
    }

    /// Taps the close button (✕) of a modal, modal image, full or full image message: dismisses, no click.
    @discardableResult
    public func simulateClose() -> Bool {
        guard let view = messageView, view.modal != nil || view.modalImage != nil else { return ignored("simulateClose", "noCloseButton") }
        userClose(view)
        return true
    }

    /// Swipes a slideup toward its edge: dismisses it when its attributes allow (`dismissible`), no click.
    @discardableResult
    public func simulateSwipe() -> Bool {
        guard let view = messageView?.slideup else { return ignored("simulateSwipe", "notASlideup") }
        guard view.attributes.dismissible else { return ignored("simulateSwipe", "notDismissible") }
        userClose(view)
        return true
    }

    /// Taps outside the card of a modal-style message: dismisses when `dismissOnBackgroundTap` is set.
    @discardableResult
    public func simulateBackgroundTap() -> Bool {
        guard let view = messageView else { return ignored("simulateBackgroundTap", "nothingDisplayed") }
        let allowed = view.modal?.attributes.dismissOnBackgroundTap ?? view.modalImage?.attributes.dismissOnBackgroundTap ?? false
        guard allowed else { return ignored("simulateBackgroundTap", "backgroundTapDisabled") }
        userClose(view)
        return true
    }

    /// Follows a link in the displayed HTML message (see `HtmlView.processNavigation(to:isTransientOpen:)`).
    @discardableResult
    public func simulateLink(_ url: URL, isTransientOpen: Bool = false) -> Bool {
        guard let view = messageView?.html else { return ignored("simulateLink", "notHtml") }
        view.processNavigation(to: url, isTransientOpen: isTransientOpen)
        return true
    }

    /// Calls the displayed HTML message's JavaScript bridge (see `HtmlView.handleBridgeCall(_:arguments:)`).
    @discardableResult
    public func simulateBridgeCall(_ name: String, arguments: [JSONValue] = []) -> Bool {
        guard let view = messageView?.html else { return ignored("simulateBridgeCall", "notHtml") }
        view.handleBridgeCall(name, arguments: arguments)
        return true
    }

    private func buttonViews() -> [ButtonView]? {
        guard let view = messageView else { return nil }
        return view.modal?.buttons ?? view.modalImage?.buttons
    }

    private func ignored(_ input: String, _ reason: String) -> Bool {
        environment.trace.record(.diagnostic, "inputIgnored", ["input": input, "reason": reason])
        return false
    }
}
