import Foundation

/// Hears what happens to content cards (every method optional).
public protocol ContentCardUIEventListening {
    /// The card was displayed for the first time.
    func onDisplay(_ card: ContentCardUI)
    /// The user dismissed the card.
    func onDismiss(_ card: ContentCardUI)
    /// The user tapped the card or one of its buttons; true: the app handled `actionURL` and nothing is opened.
    func onInteract(_ card: ContentCardUI, _ interactionId: String, actionURL: URL?) -> Bool
}

extension ContentCardUIEventListening {
    public func onDisplay(_ card: ContentCardUI) {}
    public func onDismiss(_ card: ContentCardUI) {}
    public func onInteract(_ card: ContentCardUI, _ interactionId: String, actionURL: URL?) -> Bool { false }
}
