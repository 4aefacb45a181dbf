import AppboyKit

/// The built-in view controller of a slideup. Subclass it to customise that kind of message.
open class ABKInAppMessageSlideupViewController: ABKInAppMessageViewController {}
