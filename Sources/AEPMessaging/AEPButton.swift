import Foundation

/// A button of a content card: `{"interactId": ..., "actionUrl": ..., "text": {"content": ...}}`.
public class AEPButton: @unchecked Sendable {
    /// Sent as the interaction of the `interact` event when the button is tapped.
    public let interactId: String
    public let actionUrl: URL?
    public var text: AEPText
    weak var template: BaseTemplate?

    /// nil without an `interactId` or a text.
    init?(_ data: [String: Any], _ template: BaseTemplate) {
        guard let id = data["interactId"] as? String, let text = AEPText(data["text"] as? [String: Any]) else { return nil }
        interactId = id
        actionUrl = (data["actionUrl"] as? String).flatMap(URL.init(string:))
        self.text = text
        self.template = template
    }

    /// Taps the button as a user would (headless extra): an `interact` event with `interactId`, the listener's
    /// `onInteract`, and the button's URL opened unless the listener handled it.
    public func simulateTap() {
        template?.eventHandler?.onInteract(interactionId: interactId, actionURL: actionUrl)
    }
}
