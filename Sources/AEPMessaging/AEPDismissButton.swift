import Foundation

/// The dismiss button of a content card: `{"style": "none" | "simple" | "circleFill"}`.
public class AEPDismissButton: @unchecked Sendable {
    public var style: DismissButtonStyle
    weak var template: BaseTemplate?

    init(_ data: [String: Any], _ template: BaseTemplate) {
        style = DismissButtonStyle(from: data["style"] as? String)
        self.template = template
    }

    /// Taps the button as a user would (headless extra): a `dismiss` event and the listener's `onDismiss`.
    /// A button of style `.none` is not shown and cannot be tapped (nothing happens).
    public func simulateTap() {
        guard style != .none else { return }
        template?.eventHandler?.onDismiss()
    }
}
