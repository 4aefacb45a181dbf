import AppboyKit

/// The built-in view controller of HTML messages (the page runs in the controller's headless web view). Subclass it to customise that kind of message.
open class ABKInAppMessageHTMLBaseViewController: ABKInAppMessageViewController {}
