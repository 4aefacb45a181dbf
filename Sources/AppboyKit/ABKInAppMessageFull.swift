import InAppCore

/// A full-screen message; with `imageStyle == .graphic` a full-screen image. Needs an image to be displayed.
open class ABKInAppMessageFull: ABKInAppMessageImmersive, @unchecked Sendable {
    override var layout: MessageLayout { imageStyle == .graphic ? .fullImage : .full }
}
