import AppboyKit

/// The built-in view controller of modal and full messages (header, buttons, close button). Subclass it to customise that kind of message.
open class ABKInAppMessageImmersiveViewController: ABKInAppMessageViewController {}
