import Foundation
import XCTest
import InAppTestSupport
@testable import AppboyKit
#if canImport(UIKit)
import UIKit
#endif

/// Tests for AppboyKit symbols in Compatibility/status/appboy.tsv that no behaviour test exercised directly:
/// every enum case, the option keys and colour constants, every property default of each ABK class, where each
/// field lands in the core model (or that it has none), the analytics methods, the hidden chevron, the
/// `ABKInAppMessageUIControlling` requirements and the `noMatchingTrigger` event kinds.
final class AppboyCompatibilityCoverageTests: XCTestCase {

    // MARK: Enums, option keys, constants

    func test_everyEnumCaseHasItsUpstreamNameAndDeclarationOrderRawValue() {
        // (case as spelled, raw value) in declaration order; `String(describing:)` gives the Swift case name,
        // so deprecated cases are checked without being named in code.
        func names<E: RawRepresentable>(_ type: E.Type, _ count: Int) -> [String] where E.RawValue == Int {
            (0..<count).map { E(rawValue: $0).map { String(describing: $0) } ?? "missing" }
        }
        XCTAssertEqual(names(ABKInAppMessageClickActionType.self, 2), ["redirectToURI", "noneClickAction"])
        XCTAssertEqual(names(ABKInAppMessageDismissType.self, 2), ["automatically", "manually"])
        XCTAssertEqual(names(ABKInAppMessageOrientation.self, 3), ["any", "portrait", "landscape"])
        XCTAssertEqual(names(ABKInAppMessageSlideupAnchor.self, 2), ["fromTop", "fromBottom"])
        XCTAssertEqual(names(ABKInAppMessageImmersiveImageStyle.self, 2), ["graphic", "topImage"])
        XCTAssertEqual(names(ABKInAppMessageDisplayChoice.self, 4),
                       ["displayInAppMessageNow", "reenqueueInAppMessage", "displayInAppMessageLater", "discardInAppMessage"])
        XCTAssertEqual(names(ABKTriggerEventType.self, 4), ["sessionStart", "customEvent", "purchase", "other"])
        XCTAssertEqual(names(ABKChannel.self, 4),
                       ["pushNotificationChannel", "inAppMessageChannel", "contentCardChannel", "unknownChannel"])
        // No extra cases past the upstream ones.
        XCTAssertNil(ABKInAppMessageClickActionType(rawValue: 2))
        XCTAssertNil(ABKInAppMessageDismissType(rawValue: 2))
        XCTAssertNil(ABKInAppMessageOrientation(rawValue: 3))
        XCTAssertNil(ABKInAppMessageSlideupAnchor(rawValue: 2))
        XCTAssertNil(ABKInAppMessageImmersiveImageStyle(rawValue: 2))
        XCTAssertNil(ABKInAppMessageDisplayChoice(rawValue: 4))
        XCTAssertNil(ABKTriggerEventType(rawValue: 4))
        XCTAssertNil(ABKChannel(rawValue: 4))
    }

    func test_optionKeysAndColourConstantsHaveTheUpstreamValues() {
        XCTAssertEqual(ABKMinimumTriggerTimeIntervalKey, "ABKMinimumTriggerTimeInterval")
        XCTAssertEqual(ABKInAppMessageControllerDelegateKey, "ABKInAppMessageControllerDelegate")
        XCTAssertEqual(ABKEnableDismissModalOnOutsideTapKey, "ABKEnableDismissModalOnOutsideTap")
        XCTAssertEqual(ABKURLDelegateKey, "ABKURLDelegate")
        XCTAssertEqual(RedValueOfDefaultIconColorAndButtonBgColor, 0)
        XCTAssertEqual(GreenValueOfDefaultIconColorAndButtonBgColor, 115.0 / 255.0, accuracy: 1e-12)
        XCTAssertEqual(BlueValueOfDefaultIconColorAndButtonBgColor, 213.0 / 255.0, accuracy: 1e-12)
        XCTAssertEqual(AlphaValueOfDefaultIconColorAndButtonBgColor, 1)
        // The port's messages do not take their default icon and button colours from these constants: the core
        // theme defaults apply (the difference stated in appboy.tsv).
        _ = Harness()
        let modal = ABKInAppMessageModal()
        modal.setInAppMessageButtons([ABKInAppMessageButton()])
        let content = modal.coreMessage.content.structured
        XCTAssertEqual(content?.themes.light.iconBackground, RGBAColor(argb: 0xFF00_76FF))
        XCTAssertEqual(content?.buttons.first?.themes.light.background, RGBAColor(argb: 0xFF1B_78CF))
    }

    // MARK: Defaults of every class

    func test_everyMessageClassStartsWithTheDocumentedDefaults() {
        _ = Harness()
        let all: [ABKInAppMessage] = [ABKInAppMessage(), ABKInAppMessageSlideup(), ABKInAppMessageImmersive(),
                                      ABKInAppMessageModal(), ABKInAppMessageFull(), ABKInAppMessageHTMLBase(),
                                      ABKInAppMessageHTML(), ABKInAppMessageHTMLFull(), ABKInAppMessageControl()]
        for m in all {
            let name = String(describing: type(of: m))
            XCTAssertEqual(m.message, "", name)
            XCTAssertNil(m.extras, name)
            XCTAssertEqual(m.duration, 5, name)
            XCTAssertEqual(m.inAppMessageClickActionType, .noneClickAction, name)
            XCTAssertNil(m.uri, name)
            XCTAssertFalse(m.openUrlInWebView, name)
            XCTAssertEqual(m.inAppMessageDismissType, .automatically, name)
            XCTAssertNil(m.backgroundColor, name)
            XCTAssertNil(m.textColor, name)
            XCTAssertNil(m.icon, name)
            XCTAssertNil(m.iconColor, name)
            XCTAssertNil(m.iconBackgroundColor, name)
            XCTAssertTrue(m.enableDarkTheme, name)
            XCTAssertNil(m.darkTheme, name)
            XCTAssertEqual(m.overrideUserInterfaceStyle, 0, name)
            XCTAssertNil(m.imageURI, name)
            XCTAssertEqual(m.imageContentMode, m is ABKInAppMessageFull ? .scaleAspectFill : .scaleAspectFit, name)
            XCTAssertEqual(m.orientation, .any, name)
            XCTAssertEqual(m.messageTextAlignment, .center, name)
            XCTAssertTrue(m.animateIn, name)
            XCTAssertTrue(m.animateOut, name)
            XCTAssertEqual(m.isControl, m is ABKInAppMessageControl, name)
            if let s = m as? ABKInAppMessageSlideup {
                XCTAssertFalse(s.hideChevron)
                XCTAssertEqual(s.inAppMessageSlideupAnchor, .fromBottom)
                XCTAssertNil(s.chevronColor)
            }
            if let i = m as? ABKInAppMessageImmersive {
                XCTAssertNil(i.header, name)
                XCTAssertNil(i.headerTextColor, name)
                XCTAssertNil(i.closeButtonColor, name)
                XCTAssertNil(i.buttons, name)
                XCTAssertNil(i.frameColor, name)
                XCTAssertEqual(i.headerTextAlignment, .center, name)
                XCTAssertEqual(i.imageStyle, .topImage, name)
            }
            if let h = m as? ABKInAppMessageHTMLBase {
                XCTAssertEqual(h.assetsLocalDirectoryPath, URL(string: "localhost"), name)
            }
        }
        let html = ABKInAppMessageHTML()
        XCTAssertFalse(html.trusted)
        XCTAssertNil(html.assetUrls)
        XCTAssertNil(html.messageFields)
        XCTAssertNil(ABKInAppMessageHTMLFull().assetsZipRemoteUrl)

        let button = ABKInAppMessageButton()
        XCTAssertNil(button.buttonText)
        XCTAssertNil(button.buttonBackgroundColor)
        XCTAssertNil(button.buttonBorderColor)
        XCTAssertNil(button.buttonTextColor)
        XCTAssertNil(button.buttonTextFont)
        XCTAssertEqual(button.buttonClickActionType, .noneClickAction)
        XCTAssertNil(button.buttonClickedURI)
        XCTAssertFalse(button.buttonOpenUrlInWebView)
        XCTAssertEqual(button.buttonID, 0)

        let dark = ABKInAppMessageDarkTheme()
        for (field, value) in [("backgroundColor", dark.backgroundColor), ("textColor", dark.textColor),
                               ("iconColor", dark.iconColor), ("iconBackgroundColor", dark.iconBackgroundColor),
                               ("headerTextColor", dark.headerTextColor), ("closeButtonColor", dark.closeButtonColor),
                               ("frameColor", dark.frameColor)] {
            XCTAssertNil(value, field)
        }
        XCTAssertNil(dark.buttons)

        let darkButton = ABKInAppMessageDarkButtonTheme()
        XCTAssertEqual(darkButton.buttonTextColor, UIColor(ButtonTheme.defaultDark.text))
        XCTAssertEqual(darkButton.buttonBackgroundColor, UIColor(ButtonTheme.defaultDark.background))
        XCTAssertEqual(darkButton.buttonBorderColor, UIColor(ButtonTheme.defaultDark.border))
    }

    // MARK: Colours

    func test_everyColourFieldReachesItsCoreThemeSlot() {
        _ = Harness()
        func colour(_ n: Int) -> UIColor { UIColor(red: CGFloat(n) / 100, green: 0.5, blue: 0.25, alpha: 1) }
        func rgba(_ n: Int) -> RGBAColor { RGBAColor(red: Double(n) / 100, green: 0.5, blue: 0.25) }

        let modal = ABKInAppMessageModal()
        modal.backgroundColor = colour(1)
        modal.textColor = colour(2)
        modal.iconColor = colour(3)
        modal.iconBackgroundColor = colour(4)
        modal.headerTextColor = colour(5)
        modal.closeButtonColor = colour(6)
        modal.frameColor = colour(7)
        let button = ABKInAppMessageButton()
        button.buttonTextColor = colour(8)
        button.buttonBackgroundColor = colour(9)
        button.buttonBorderColor = colour(10)
        modal.setInAppMessageButtons([button])
        let dark = ABKInAppMessageDarkTheme()
        dark.backgroundColor = colour(11)
        dark.textColor = colour(12)
        dark.iconColor = colour(13)
        dark.iconBackgroundColor = colour(14)
        dark.headerTextColor = colour(15)
        dark.closeButtonColor = colour(16)
        // frameColor left nil: the light one applies in dark mode too.
        let darkButton = ABKInAppMessageDarkButtonTheme()
        darkButton.buttonTextColor = colour(17)
        darkButton.buttonBackgroundColor = colour(18)
        darkButton.buttonBorderColor = colour(19)
        dark.buttons = [darkButton]
        modal.darkTheme = dark

        let s = modal.coreMessage.content.structured
        let light = s?.themes.light, darkCore = s?.themes.dark
        let table: [(String, RGBAColor?, Int)] = [
            ("backgroundColor", light?.background, 1), ("textColor", light?.text, 2), ("iconColor", light?.icon, 3),
            ("iconBackgroundColor", light?.iconBackground, 4), ("headerTextColor", light?.header, 5),
            ("closeButtonColor", light?.closeButton, 6), ("frameColor", light?.frame, 7),
            ("buttonTextColor", s?.buttons.first?.themes.light.text, 8),
            ("buttonBackgroundColor", s?.buttons.first?.themes.light.background, 9),
            ("buttonBorderColor", s?.buttons.first?.themes.light.border, 10),
            ("dark.backgroundColor", darkCore?.background, 11), ("dark.textColor", darkCore?.text, 12),
            ("dark.iconColor", darkCore?.icon, 13), ("dark.iconBackgroundColor", darkCore?.iconBackground, 14),
            ("dark.headerTextColor", darkCore?.header, 15), ("dark.closeButtonColor", darkCore?.closeButton, 16),
            ("dark.frameColor (nil → light)", darkCore?.frame, 7),
            ("dark.buttonTextColor", s?.buttons.first?.themes.dark?.text, 17),
            ("dark.buttonBackgroundColor", s?.buttons.first?.themes.dark?.background, 18),
            ("dark.buttonBorderColor", s?.buttons.first?.themes.dark?.border, 19),
        ]
        for (field, actual, n) in table { XCTAssertEqual(actual, rgba(n), field) }

        // The slideup's chevron is the theme's close button.
        let slideup = ABKInAppMessageSlideup()
        slideup.chevronColor = colour(20)
        XCTAssertEqual(slideup.coreMessage.content.structured?.themes.light.closeButton, rgba(20))

        // enableDarkTheme = false drops the dark theme of the message and of its buttons.
        modal.enableDarkTheme = false
        XCTAssertNil(modal.coreMessage.content.structured?.themes.dark)
        XCTAssertNil(modal.coreMessage.content.structured?.buttons.first?.themes.dark)
    }

    // MARK: Fields with and without an effect on the message

    func test_fieldsReachTheCoreMessageOrAreKeptWithoutEffect() throws {
        _ = Harness()
        let m = ABKInAppMessageModal()
        m.message = "body"
        m.header = "head"
        m.icon = "\u{f042}"
        m.imageURI = URL(string: "file:///tmp/image.png")
        m.animateIn = false
        m.animateOut = false
        m.setInAppMessageClickAction(.redirectToURI, withURI: URL(string: "https://example.com/a"))
        m.openUrlInWebView = true
        let core = m.coreMessage
        let s = try XCTUnwrap(core.content.structured)
        XCTAssertEqual(s.layout, .modal)
        XCTAssertEqual(s.body, "body")
        XCTAssertEqual(s.header, "head")
        XCTAssertEqual(s.icon, "\u{f042}")
        XCTAssertEqual(s.imageURL, URL(string: "file:///tmp/image.png"))
        XCTAssertEqual(s.clickAction, .url(URL(string: "https://example.com/a")!, inWebView: true))
        XCTAssertFalse(core.animatesIn)
        XCTAssertFalse(core.animatesOut)
        m.imageStyle = .graphic
        XCTAssertEqual(m.coreMessage.content.structured?.layout, .modalImage)
        let full = ABKInAppMessageFull()
        XCTAssertEqual(full.coreMessage.content.structured?.layout, .full)
        full.imageStyle = .graphic
        XCTAssertEqual(full.coreMessage.content.structured?.layout, .fullImage)
        XCTAssertEqual(ABKInAppMessageImmersive().coreMessage.content.structured?.layout, .modal)

        // Click action: redirect without a URI is no action; no action drops the URI.
        m.setInAppMessageClickAction(.redirectToURI, withURI: nil)
        XCTAssertEqual(m.inAppMessageClickActionType, .noneClickAction)
        XCTAssertNil(m.uri)
        m.setInAppMessageClickAction(.noneClickAction, withURI: URL(string: "https://example.com/b"))
        XCTAssertEqual(m.inAppMessageClickActionType, .noneClickAction)
        XCTAssertNil(m.uri)
        XCTAssertEqual(m.coreMessage.content.structured?.clickAction, ClickAction.none)

        // A button's web-view flag travels with its action; its font is kept but not part of the message.
        let button = ABKInAppMessageButton()
        button.buttonText = "Go"
        button.setButtonClickAction(.redirectToURI, withURI: URL(string: "https://example.com/c"))
        button.buttonOpenUrlInWebView = true
        m.setInAppMessageButtons([button])
        let before = m.coreMessage
        XCTAssertEqual(before.content.structured?.buttons.first?.action, .url(URL(string: "https://example.com/c")!, inWebView: true))
        XCTAssertEqual(before.content.structured?.buttons.first?.text, "Go")
        button.buttonTextFont = UIFont.systemFont(ofSize: 20)
        XCTAssertEqual(button.buttonTextFont, UIFont.systemFont(ofSize: 20))

        // Stored, but with no effect on what is presented (nothing is drawn headless).
        m.overrideUserInterfaceStyle = 2
        m.imageContentMode = .center
        m.messageTextAlignment = .right
        m.headerTextAlignment = .left
        XCTAssertEqual(m.overrideUserInterfaceStyle, 2)
        XCTAssertEqual(m.imageContentMode, .center)
        XCTAssertEqual(m.messageTextAlignment, .right)
        XCTAssertEqual(m.headerTextAlignment, .left)
        XCTAssertEqual(m.coreMessage, before)

        // HTML: the document, its base URL and its assets reach the core; trusted, messageFields and
        // assetsZipRemoteUrl are kept without effect, as upstream.
        let html = ABKInAppMessageHTML()
        html.message = "<p>x</p>"
        html.assetsLocalDirectoryPath = URL(fileURLWithPath: "/tmp/assets")
        html.assetUrls = ["https://cdn.example/a.png", URL(string: "https://cdn.example/b.png")!, 7]
        let htmlBefore = html.coreMessage
        XCTAssertEqual(htmlBefore.content.html,
                       HTMLContent(html: "<p>x</p>", baseURL: URL(fileURLWithPath: "/tmp/assets"),
                                   assetURLs: [URL(string: "https://cdn.example/a.png")!, URL(string: "https://cdn.example/b.png")!]))
        XCTAssertEqual(html.assetsLocalDirectoryPath, URL(fileURLWithPath: "/tmp/assets"))
        html.trusted = true
        html.messageFields = ["k": "v"]
        XCTAssertTrue(html.trusted)
        XCTAssertEqual(html.messageFields?["k"] as? String, "v")
        XCTAssertEqual(html.coreMessage, htmlBefore)
        let htmlFull = ABKInAppMessageHTMLFull()
        htmlFull.message = "<p>full</p>"
        let htmlFullBefore = htmlFull.coreMessage
        XCTAssertEqual(htmlFullBefore.content.html?.html, "<p>full</p>")
        XCTAssertEqual(htmlFullBefore.content.html?.assetURLs, [])
        htmlFull.assetsZipRemoteUrl = URL(string: "https://cdn.example/assets.zip")
        XCTAssertEqual(htmlFull.assetsZipRemoteUrl, URL(string: "https://cdn.example/assets.zip"))
        XCTAssertEqual(htmlFull.coreMessage, htmlFullBefore)
    }

    func test_localHtmlImmersiveAndControlMessagesGoThroughTheDisplayFlow() {
        let (h, appboy) = startAppboy()
        let controller = appboy.inAppMessageController
        // AppboyKit without its built-in UI (AppboyUI): every message is drawn from its raw type.
        controller.inAppMessageUIController = nil
        let html = ABKInAppMessageHTML()
        html.message = "<p>html</p>"
        html.inAppMessageDismissType = .manually
        controller.add(html)
        XCTAssertEqual(h.displayCount(html), 1)
        XCTAssertEqual(controller.presenter.displayedMessage?.core.content.html?.html, "<p>html</p>")
        XCTAssertTrue(controller.presenter.dismiss())

        let htmlFull = ABKInAppMessageHTMLFull()
        htmlFull.message = "<p>full</p>"
        htmlFull.inAppMessageDismissType = .manually
        controller.add(htmlFull)
        XCTAssertEqual(h.displayCount(htmlFull), 1)
        XCTAssertTrue(controller.presenter.dismiss())

        let immersive = ABKInAppMessageImmersive()
        immersive.header = "deprecated base class"
        immersive.inAppMessageDismissType = .manually
        controller.add(immersive)
        XCTAssertEqual(h.displayCount(immersive), 1)
        XCTAssertEqual(controller.presenter.displayedMessage?.core.content.structured?.layout, .modal)
        XCTAssertTrue(controller.presenter.dismiss())

        let delegate = RecordingDelegate()
        controller.delegate = delegate
        let control = ABKInAppMessageControl()
        controller.add(control)
        h.settle()
        XCTAssertEqual(delegate.controlAsked.count, 1)
        XCTAssertTrue(delegate.controlAsked.first === control)
        XCTAssertEqual(delegate.asked.count, 0)
        XCTAssertEqual(h.states(of: control.messageID).last, "dismissed")
        XCTAssertEqual(h.analytics(for: control.messageID), [], "a local control message records nothing")
    }

    // MARK: Analytics methods

    func test_analyticsMethodsOfTriggeredObjectsRecordImpressionsAndClicks() throws {
        let (h, appboy) = startAppboy([ABKMinimumTriggerTimeIntervalKey: 0])
        let delegate = RecordingDelegate()
        delegate.script = [.discardInAppMessage, .discardInAppMessage, .discardInAppMessage]
        appboy.inAppMessageController.delegate = delegate
        appboy.deliveryEngine.startSession(with: [
            Campaign(message: Fixtures.slideup(id: "slide"), triggers: [.customEvent("slide")]),
            Campaign(message: Fixtures.modalTwoButtons(id: "modal"), triggers: [.customEvent("modal")]),
            Campaign(message: Fixtures.html(id: "html"), triggers: [.customEvent("html")]),
        ])
        for e in ["slide", "modal", "html"] { appboy.logCustomEvent(e) }
        XCTAssertEqual(delegate.asked.count, 3)
        let slide = try XCTUnwrap(delegate.asked[0] as? ABKInAppMessageSlideup)
        let modal = try XCTUnwrap(delegate.asked[1] as? ABKInAppMessageModal)
        let html = try XCTUnwrap(delegate.asked[2] as? ABKInAppMessageHTML)
        XCTAssertEqual(h.analytics(), [], "discarded before display: nothing recorded yet")

        slide.logInAppMessageImpression()
        slide.logInAppMessageClicked()
        modal.logInAppMessageClicked(withButtonID: 1)
        html.logInAppMessageHTMLClick(withButtonID: "cta")
        XCTAssertEqual(h.analytics(for: "slide"), ["impression", "click"])
        XCTAssertEqual(h.analytics(for: "modal"), ["click"])
        XCTAssertEqual(h.analytics(for: "html"), ["click"])
        let buttons = h.trace.events.filter { $0.kind == .analytics && $0.name == "click" }.map { $0.details["button"] }
        XCTAssertEqual(buttons, [nil, "1", "cta"])

        // Created in the app: the same calls record nothing but a diagnostic.
        let local = ABKInAppMessageModal()
        local.logInAppMessageClicked(withButtonID: 0)
        let localHTML = ABKInAppMessageHTML()
        localHTML.logInAppMessageHTMLClick(withButtonID: "x")
        XCTAssertEqual(h.analytics(for: local.messageID), [])
        XCTAssertEqual(h.analytics(for: localHTML.messageID), [])
        XCTAssertEqual(h.trace.events(for: local.messageID).map(\.label), ["diagnostic.analyticsSkipped"])
        XCTAssertEqual(h.trace.events(for: localHTML.messageID).map(\.label), ["diagnostic.analyticsSkipped"])
    }

    // MARK: Slideup chevron

    func test_displayedSlideupWithoutClickActionHidesItsChevron() {
        let (h, appboy) = startAppboy()
        let plain = localSlideup("plain")
        XCTAssertFalse(plain.hideChevron)
        appboy.inAppMessageController.add(plain)
        XCTAssertEqual(h.displayCount(plain), 1)
        XCTAssertTrue(plain.hideChevron)
        XCTAssertTrue(appboy.inAppMessageController.presenter.dismiss())

        let linked = localSlideup("linked")
        linked.setInAppMessageClickAction(.redirectToURI, withURI: URL(string: "https://example.com"))
        appboy.inAppMessageController.add(linked)
        XCTAssertEqual(h.displayCount(linked), 1)
        XCTAssertFalse(linked.hideChevron)
    }

    // MARK: Controller delegate and UI controlling

    func test_delegateIsWeakItsRequirementsDefaultToDisplayNowAndItOutranksTheUIController() {
        final class Bare: ABKInAppMessageControllerDelegate {}
        final class UI: ABKInAppMessageUIControlling, @unchecked Sendable {
            var asked = 0
            func getCurrentDisplayChoiceFor(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice {
                asked += 1
                return .discardInAppMessage
            }
        }
        let (h, appboy) = startAppboy()
        let controller = appboy.inAppMessageController
        let ui = UI()
        controller.inAppMessageUIController = ui
        var bare: Bare? = Bare()
        controller.delegate = bare
        XCTAssertEqual(bare?.before(inAppMessageDisplayed: ABKInAppMessage()), .displayInAppMessageNow)
        XCTAssertEqual(bare?.beforeControlMessageImpressionLogged(ABKInAppMessageControl()), .displayInAppMessageNow)
        let first = localSlideup("shown")
        controller.add(first)
        XCTAssertEqual(h.displayCount(first), 1, "a delegate without methods displays now")
        XCTAssertEqual(ui.asked, 0, "the UI controller is not asked while a delegate is set")
        XCTAssertTrue(controller.presenter.dismiss())

        bare = nil
        XCTAssertNil(controller.delegate, "held weakly")
        let second = localSlideup("asked")
        controller.add(second)
        XCTAssertEqual(ui.asked, 1)
        XCTAssertEqual(h.displayCount(second), 0)
    }

    func test_uiControllerIsAskedForControlMessagesAndItsOtherRequirementsAreNeverCalled() {
        final class UI: ABKInAppMessageUIControlling, @unchecked Sendable {
            var calls: [String] = []
            func setInAppMessageUIDelegate(_ delegate: Any) { calls.append("setInAppMessageUIDelegate") }
            func hideCurrent(inAppMessage animated: Bool) { calls.append("hideCurrent") }
            func getCurrentDisplayChoiceFor(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice {
                calls.append("getCurrentDisplayChoiceFor")
                return .displayInAppMessageNow
            }
            func getCurrentDisplayChoiceForControl(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice {
                calls.append("getCurrentDisplayChoiceForControl")
                return .discardInAppMessage
            }
            func show(_ inAppMessage: ABKInAppMessage) { calls.append("show") }
            func inAppMessageCurrentlyVisible() -> Bool { calls.append("inAppMessageCurrentlyVisible"); return true }
        }
        final class Bare: ABKInAppMessageUIControlling {}

        let (h, appboy) = startAppboy()
        let controller = appboy.inAppMessageController
        let ui = UI()
        controller.inAppMessageUIController = ui
        appboy.deliveryEngine.startSession(with: [Campaign(message: Fixtures.control(id: "ctl"), triggers: [.sessionStart])])
        XCTAssertEqual(ui.calls, ["getCurrentDisplayChoiceForControl"])
        XCTAssertEqual(controller.presenter.state(of: "ctl"), .discarded(.discardedByDecision))
        XCTAssertEqual(h.analytics(for: "ctl"), [])

        let m = localSlideup("m")
        controller.add(m)
        XCTAssertEqual(h.displayCount(m), 1, "inAppMessageCurrentlyVisible() returning true does not block it")
        XCTAssertEqual(ui.calls, ["getCurrentDisplayChoiceForControl", "getCurrentDisplayChoiceFor", "show"])

        // The defaults of a UI controller that implements nothing: display now, nothing visible, no-ops.
        let bare = Bare()
        XCTAssertEqual(bare.getCurrentDisplayChoiceFor(m), .displayInAppMessageNow)
        XCTAssertEqual(bare.getCurrentDisplayChoiceForControl(ABKInAppMessageControl()), .displayInAppMessageNow)
        XCTAssertFalse(bare.inAppMessageCurrentlyVisible())
        controller.inAppMessageUIController = bare
        bare.setInAppMessageUIDelegate(NSObject())
        bare.hideCurrent(inAppMessage: true)
        bare.show(m)
        h.settle()
        XCTAssertTrue(controller.presenter.displayedMessage?.object === m, "hideCurrent(inAppMessage:) hides nothing")
        XCTAssertEqual(h.states(of: m.messageID).last, "displayed")
    }

    func test_noMatchingTriggerReportsEveryEventKind() {
        let (h, appboy) = startAppboy()
        let delegate = RecordingDelegate()
        appboy.inAppMessageController.delegate = delegate
        appboy.deliveryEngine.startSession(with: [])
        appboy.logCustomEvent("nobody", withProperties: ["k": 1])
        appboy.logPurchase("sku", inCurrency: "USD", atPrice: NSDecimalNumber(string: "2.50"), withQuantity: 3, andProperties: nil)
        appboy.deliveryEngine.logPushClick(campaignID: "push")
        h.settle()
        XCTAssertEqual(delegate.unmatched, ["0:nil", "1:nobody", "2:sku", "3:push"])
    }

    // MARK: Start-up options

    func test_urlDelegateDecidesWhetherTheSDKOpensTheURL() {
        // The integration example of the legacy documentation: handle one domain, let the SDK open the rest.
        final class URLDelegate: NSObject, ABKURLDelegate {
            var asked: [(String, ABKChannel, String?)] = []
            func handleAppboyURL(_ url: URL?, from channel: ABKChannel, withExtras extras: [AnyHashable: Any]?) -> Bool {
                asked.append((url?.absoluteString ?? "nil", channel, extras?["k"] as? String))
                return url?.host?.lowercased() == "my-domain.com"
            }
        }
        let urlDelegate = URLDelegate()
        let (h, appboy) = startAppboy([ABKURLDelegateKey: urlDelegate, ABKMinimumTriggerTimeIntervalKey: 0])
        XCTAssertTrue(appboy.appboyUrlDelegate === urlDelegate)
        XCTAssertFalse(appboy.inAppMessageController.enableDismissModalOnOutsideTap, "default without the option")
        XCTAssertEqual(appboy.apiKey, "test-key")
        var message = Fixtures.slideup(id: "s")
        message.extras = ["k": "v"]
        appboy.deliveryEngine.startSession(with: [Campaign(message: message, triggers: [.sessionStart])])
        XCTAssertTrue(appboy.inAppMessageController.presenter.click("s", Click(target: .body, action: .url(Fixtures.clickURL, inWebView: false))))
        h.settle()
        XCTAssertEqual(urlDelegate.asked.map(\.0), [Fixtures.clickURL.absoluteString])
        XCTAssertEqual(urlDelegate.asked.first?.1, .inAppMessageChannel)
        XCTAssertEqual(urlDelegate.asked.first?.2, "v", "the message's extras")
        let opened = h.trace.events(for: "s").filter { $0.label == "navigation.openURL" }
        XCTAssertEqual(opened.map { $0.details["url"] }, [Fixtures.clickURL.absoluteString], "not handled: the SDK opens it")
        XCTAssertEqual(opened.map { $0.details["inWebView"] }, ["false"])

        // A URL the delegate handles is not opened by the SDK.
        let mine = URL(string: "https://MY-DOMAIN.com/offer")!
        appboy.deliveryEngine.startSession(with: [Campaign(message: Fixtures.slideup(id: "t"), triggers: [.sessionStart])])
        XCTAssertTrue(appboy.inAppMessageController.presenter.click("t", Click(target: .body, action: .url(mine, inWebView: false))))
        h.settle()
        XCTAssertEqual(urlDelegate.asked.count, 2)
        XCTAssertFalse(h.labels(for: "t").contains("navigation.openURL"))
        XCTAssertTrue(h.labels(for: "t").contains("navigation.urlHandledByApp"))

        // Something that is not a URL delegate is refused, and said so.
        let (h2, other) = startAppboy([ABKURLDelegateKey: NSObject()])
        XCTAssertNil(other.appboyUrlDelegate)
        XCTAssertTrue(h2.labels().contains("diagnostic.invalidOption"))

        // The outside-tap flag is stored only: the presented content does not dismiss on a backdrop tap.
        let (_, flagged) = startAppboy([ABKEnableDismissModalOnOutsideTapKey: true])
        XCTAssertTrue(flagged.inAppMessageController.enableDismissModalOnOutsideTap)
        let modal = ABKInAppMessageModal()
        modal.inAppMessageDismissType = .manually
        flagged.inAppMessageController.add(modal)
        XCTAssertEqual(flagged.inAppMessageController.presenter.displayedMessage?.core.content.structured?.dismissesOnBackgroundTap, false)
    }
}
