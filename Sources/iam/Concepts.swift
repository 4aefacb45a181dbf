/// One idea both vendors have, spelled each vendor's way, with the core type that implements it.
struct Concept {
    let name: String
    let adobe: [String]
    let braze: [String]
    let appboy: [String]
    let core: [String]
    /// Where the vendors differ, in one or two sentences.
    let difference: String
}

/// The concept map behind `iam compare` and Compatibility/adobe-vs-braze.md.
let concepts: [Concept] = [
    Concept(name: "Delegate registration",
            adobe: ["MobileCore.messagingDelegate", "ServiceProvider.shared.messagingDelegate", "MobileCore.setMessagingDelegate(_:)"],
            braze: ["BrazeInAppMessageUI.delegate", "Braze.inAppMessagePresenter"],
            appboy: ["ABKInAppMessageController.delegate", "Appboy.inAppMessageController"],
            core: ["PresentationEngine.hooks"],
            difference: "Adobe has one app-wide delegate slot, held weakly; Braze's delegate belongs to a BrazeInAppMessageUI (held weakly) that only counts once it is the Braze instance's presenter."),
    Concept(name: "Deciding whether to show",
            adobe: ["MessagingDelegate.shouldShowMessage(message:)"],
            braze: ["BrazeInAppMessageUIDelegate.inAppMessage(_:displayChoiceForMessage:)", "BrazeInAppMessageUI.DisplayChoice"],
            appboy: ["ABKInAppMessageControllerDelegate.before(inAppMessageDisplayed:)", "ABKInAppMessageDisplayChoice"],
            core: ["PresentationHooks.decide", "Decision"],
            difference: "Adobe answers yes/no on a background thread and a refused message is suppressed but stays usable; Braze answers now / reenqueue (back on top of the stack) / discard on the main thread."),
    Concept(name: "Editing a message before it is shown",
            adobe: ["MessageSettings", "FullscreenMessage.settings"],
            braze: ["BrazeInAppMessageUIDelegate.inAppMessage(_:prepareWith:)", "BrazeInAppMessageUI.PresentationContext"],
            appboy: [],
            core: ["PresentationHooks.prepare"],
            difference: "Braze hands the delegate a mutable presentation context per display; Adobe's layout comes from the campaign's settings and is not offered for editing at display time."),
    Concept(name: "Shown",
            adobe: ["MessagingDelegate.onShow(message:)", "FullscreenMessageDelegate.onShow(message:)"],
            braze: ["BrazeInAppMessageUIDelegate.inAppMessage(_:willPresent:view:)", "BrazeInAppMessageUIDelegate.inAppMessage(_:didPresent:view:)"],
            appboy: [],
            core: ["PresentationHooks.willPresent", "PresentationHooks.didPresent"],
            difference: "Adobe calls the listener then the delegate, on a background thread, before anything is on screen; Braze calls willPresent, logs the impression, then didPresent."),
    Concept(name: "Dismissed",
            adobe: ["MessagingDelegate.onDismiss(message:)", "FullscreenMessageDelegate.onDismiss(message:)"],
            braze: ["BrazeInAppMessageUIDelegate.inAppMessage(_:willDismiss:view:)", "BrazeInAppMessageUIDelegate.inAppMessage(_:didDismiss:view:)"],
            appboy: [],
            core: ["PresentationHooks.willDismiss", "PresentationHooks.didDismiss"],
            difference: "Adobe calls onDismiss on the main thread after the view is gone; Braze calls willDismiss and didDismiss, then presents any follow-up message."),
    Concept(name: "Refused or failed display",
            adobe: ["FullscreenMessageDelegate.onShowFailure()", "FullscreenMessageDelegate.onError(message:error:)", "PresentationError.getReason()"],
            braze: ["BrazeInAppMessageUI.Error", "Braze.InAppMessage.Context.logError(flattened:)"],
            appboy: [],
            core: ["PresentationHooks.presentFailed", "PresentationHooks.discarded", "Reason"],
            difference: "Adobe reports Conflict or SuppressedByAppDeveloper to the message's listener (not the app delegate); Braze logs an error through the message context."),
    Concept(name: "Clicks and links",
            adobe: ["FullscreenMessageDelegate.overrideUrlLoad(message:url:)", "MessagingDelegate.urlLoaded(_:byMessage:)"],
            braze: ["BrazeInAppMessageUIDelegate.inAppMessage(_:shouldProcess:buttonId:message:view:)", "Braze.InAppMessage.ClickAction"],
            appboy: [],
            core: ["PresentationHooks.shouldProcessClick", "PresentationHooks.processClick", "Click"],
            difference: "Adobe messages are HTML: every navigation passes overrideUrlLoad and adbinapp:// URLs drive dismiss/track/open; Braze asks shouldProcess for each click (button id as a string) and then dismisses."),
    Concept(name: "Showing a held message later",
            adobe: ["Message.show()", "FullscreenMessage.show(withMessagingDelegateControl:)"],
            braze: ["BrazeInAppMessageUI.presentNext()", "BrazeInAppMessageUI.stack"],
            appboy: ["ABKInAppMessageController.displayNextInAppMessage(with:)", "ABKInAppMessageController.inAppMessagesRemainingOnStack()"],
            core: ["PresentationEngine.presentNext(consultingDecision:)", "PresentationEngine.present(_:consultingDecision:)", "MessageStack"],
            difference: "Adobe apps keep the Message themselves and call show(), which skips shouldShowMessage; Braze keeps a LIFO stack and presentNext() shows its top without asking displayChoice again."),
    Concept(name: "Dismissing from code",
            adobe: ["Message.dismiss(suppressAutoTrack:)", "FullscreenMessage.dismiss()", "FullscreenMessage.hide()"],
            braze: ["BrazeInAppMessageUI.dismiss(completion:)", "BrazeInAppMessageUI.dismiss(reason:)"],
            appboy: [],
            core: ["PresentationEngine.dismiss(_:cause:)", "PresentationEngine.hide(_:)"],
            difference: "Only Adobe can hide (off screen, no callbacks, shown again later); a dismiss from a message that is not the displayed one is ignored in both."),
    Concept(name: "The message",
            adobe: ["Message", "Message.id", "Message.metadata", "FullscreenMessage", "FullscreenMessage.parent"],
            braze: ["Braze.InAppMessage", "Braze.InAppMessage.Data", "Braze.InAppMessage.extras"],
            appboy: ["ABKInAppMessage", "ABKInAppMessageSlideup"],
            core: ["InAppMessage", "MessageID", "InAppMessage.extras"],
            difference: "Adobe messages are HTML documents wrapped in a FullscreenMessage (reach the Message through parent); Braze messages are an enum of seven kinds, six of them structured."),
    Concept(name: "Web content and JavaScript",
            adobe: ["Message.view", "FullscreenMessage.webView", "Message.handleJavascriptMessage(_:withHandler:)"],
            braze: ["BrazeInAppMessageUI.HtmlView", "brazeBridge"],
            appboy: [],
            core: ["InAppContent", "WKWebView"],
            difference: "Adobe exposes the web view and named script handlers (webkit.messageHandlers.NAME.postMessage); Braze HTML talks to the SDK through the brazeBridge JavaScript object and link conventions."),
    Concept(name: "Theming and dark mode",
            adobe: ["MessageSettings.getBackgroundColor(opacity:)", "MessageSettings.cornerRadius"],
            braze: ["Braze.InAppMessage.Themes", "Braze.InAppMessage.ButtonThemes"],
            appboy: ["ABKInAppMessageDarkTheme"],
            core: ["ThemeSet", "ButtonThemeSet", "Appearance"],
            difference: "Braze carries light and optional dark themes per message and per button, chosen from the device appearance; Adobe styles in HTML/CSS and only sets backdrop colour and corners natively."),
    Concept(name: "Orientation",
            adobe: [],
            braze: ["Braze.InAppMessage.orientation", "Braze.InAppMessage.Orientation", "BrazeInAppMessageUI.PresentationContext.preferredOrientation"],
            appboy: ["ABKInAppMessage.orientation"],
            core: ["OrientationSupport", "PresentationRules.checksOrientation", "DeviceState.orientation"],
            difference: "Braze refuses (and drops) a message whose orientation excludes the device's; Adobe has no orientation rule."),
    Concept(name: "Rate limiting and triggers",
            adobe: ["Messaging.refreshInAppMessages()"],
            braze: ["Braze.Configuration.triggerMinimumTimeInterval", "Braze.logCustomEvent(name:properties:)", "Braze.logPurchase(productId:currency:price:quantity:properties:)"],
            appboy: ["ABKMinimumTriggerTimeIntervalKey", "Appboy.logCustomEvent(_:withProperties:)"],
            core: ["DeliveryEngine"],
            difference: "Braze triggers locally from logged events with a minimum interval (30 s by default); Adobe evaluates rules in its rules engine and has no display interval."),
    Concept(name: "Analytics",
            adobe: ["Message.track(_:withEdgeEventType:)", "MessagingEdgeEventType", "Message.autoTrack", "Message.recordDisplay()"],
            braze: ["Braze.InAppMessage.Context.logImpression()", "Braze.InAppMessage.Context.logClick(buttonId:)"],
            appboy: ["ABKInAppMessage.logInAppMessageClicked()", "ABKInAppMessageUIDelegate.onInAppMessageClicked(_:)"],
            core: ["Trace", "TraceEvent.Kind.analytics", "Click.logging"],
            difference: "Adobe sends edge events (display, interact, dismiss, suppressDisplay) governed by autoTrack; Braze logs an impression when shown and a click per tap; the legacy Appboy built-in UI logs one click per display, as the message leaves the screen; local messages record nothing."),
    Concept(name: "User change and reset",
            adobe: [],
            braze: ["Braze.changeUser(userId:sdkAuthSignature:)", "Braze.wipeData()", "Braze.InAppMessage.DismissalReason"],
            appboy: [],
            core: ["PresentationEngine.reset(reason:)"],
            difference: "Braze discards everything pending (stack, follow-up, the shown message's context) on a user change or data wipe; Adobe has no equivalent in the display layer."),
]

/// Concepts mentioning `query`: a case-insensitive match on a whole symbol, its last component, or its name
/// without the argument labels ("shouldShowMessage" finds "MessagingDelegate.shouldShowMessage(message:)").
func concepts(matching query: String) -> [Concept] {
    let q = query.lowercased()
    func matches(_ symbol: String) -> Bool {
        let s = symbol.lowercased()
        if s == q { return true }
        let last = s.split(separator: ".").last.map(String.init) ?? s
        let bare = last.split(separator: "(").first.map(String.init) ?? last
        let labels = s.split(separator: "(").dropFirst().first.map { $0.split(separator: ":").map(String.init) } ?? []
        return last == q || bare == q || s.hasSuffix("." + q) || s.split(separator: "(").first.map(String.init) == q
            || labels.contains(q)
    }
    return concepts.filter { c in
        (c.adobe + c.braze + c.appboy + c.core).contains(where: matches) || c.name.lowercased() == q
    }
}
