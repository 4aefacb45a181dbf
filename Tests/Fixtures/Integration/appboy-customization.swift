// Written here (not vendor code): the patterns legacy Appboy customization code uses, type-checked by
// ConformanceTests.IntegrationSnippetTests in Swift 5 mode — subclassing the built-in view controllers and messages
// and overriding their properties, the UI delegate's view controller factory, the URL delegate, the UI helpers.
import UIKit
import AppboyUI

final class RaisedSlideupController: ABKInAppMessageSlideupViewController {
    var lift: CGFloat = 12
    override var offset: CGFloat {
        get { super.offset }
        set { super.offset = newValue - lift }
    }
    override func beforeMoveInAppMessageViewOnScreen() {
        super.beforeMoveInAppMessageViewOnScreen()
        offset = 0
    }
    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        coordinator.animate(alongsideTransition: { _ in self.offset = 0 }, completion: nil)
    }
}

final class TaggedSlideup: ABKInAppMessageSlideup {
    override var message: String {
        get { super.message }
        set { super.message = "[promo] " + newValue }
    }
}

final class MessageCustomizer: NSObject, ABKInAppMessageUIDelegate, ABKURLDelegate {
    func inAppMessageViewControllerWith(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageViewController? {
        switch inAppMessage {
        case is ABKInAppMessageSlideup: return RaisedSlideupController(inAppMessage: inAppMessage)
        case is ABKInAppMessageModal: return ABKInAppMessageModalViewController(inAppMessage: inAppMessage)
        case is ABKInAppMessageHTML: return ABKInAppMessageHTMLViewController(inAppMessage: inAppMessage)
        default: return nil
        }
    }

    func onInAppMessageClicked(_ inAppMessage: ABKInAppMessage) -> Bool { false }

    func onInAppMessageButtonClicked(_ inAppMessage: ABKInAppMessageImmersive, button: ABKInAppMessageButton) -> Bool {
        button.buttonID == 1
    }

    func handleAppboyURL(_ url: URL?, from channel: ABKChannel, withExtras extras: [AnyHashable: Any]?) -> Bool {
        url?.scheme == "myapp"
    }

    var presentingController: UIViewController { ABKUIUtils.activeApplicationViewController }

    func install(application: UIApplication) {
        Appboy.start(withApiKey: "API-KEY", in: application, withLaunchOptions: nil,
                     withAppboyOptions: [ABKURLDelegateKey: self, ABKMinimumTriggerTimeIntervalKey: 5])
        Appboy.sharedInstance()?.inAppMessageController.inAppMessageUIController?.setInAppMessageUIDelegate?(self)
        if let ui = Appboy.sharedInstance()?.inAppMessageController.inAppMessageUIController as? ABKInAppMessageUIController {
            ui.supportedOrientationMask = .portrait
        }
    }
}

final class PortraitOnlyUIController: ABKInAppMessageUIController {
    override var supportedOrientationMask: UIInterfaceOrientationMask {
        get { .portrait }
        set { super.supportedOrientationMask = newValue }
    }
    override func inAppMessageCurrentlyVisible() -> Bool {
        super.inAppMessageCurrentlyVisible()
    }
}
