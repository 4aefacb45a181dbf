import AppboyKit

/// The built-in view controller of an HTML full message (older campaigns). Subclass it to customise that kind of message.
open class ABKInAppMessageHTMLFullViewController: ABKInAppMessageHTMLBaseViewController {}
