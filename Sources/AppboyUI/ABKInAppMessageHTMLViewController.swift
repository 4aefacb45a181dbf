import AppboyKit

/// The built-in view controller of an HTML message. Subclass it to customise that kind of message.
open class ABKInAppMessageHTMLViewController: ABKInAppMessageHTMLBaseViewController {}
