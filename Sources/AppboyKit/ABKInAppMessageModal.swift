import InAppCore

/// A centred card; with `imageStyle == .graphic` an image-only modal.
open class ABKInAppMessageModal: ABKInAppMessageImmersive, @unchecked Sendable {}
