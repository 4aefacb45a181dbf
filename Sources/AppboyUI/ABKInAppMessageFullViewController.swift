import AppboyKit

/// The built-in view controller of a full message. Subclass it to customise that kind of message.
open class ABKInAppMessageFullViewController: ABKInAppMessageImmersiveViewController {}
