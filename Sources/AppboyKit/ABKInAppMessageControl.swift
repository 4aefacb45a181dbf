import InAppCore

/// A control message: never drawn; when it would be displayed only its impression is recorded.
open class ABKInAppMessageControl: ABKInAppMessage, @unchecked Sendable {
    override func coreContent() -> MessageContent { .structured(StructuredContent(layout: .control)) }
}
