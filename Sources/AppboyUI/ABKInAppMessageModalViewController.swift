import AppboyKit

/// The built-in view controller of a modal message. Subclass it to customise that kind of message.
open class ABKInAppMessageModalViewController: ABKInAppMessageImmersiveViewController {}
