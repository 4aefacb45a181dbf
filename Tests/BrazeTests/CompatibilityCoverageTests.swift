import XCTest
import BrazeKit
import BrazeUI
import InAppTestSupport
#if canImport(UIKit)
import UIKit
#endif

/// Covers the BrazeKit / BrazeUI symbols listed in Compatibility/status/braze-*.tsv that no behaviour test
/// touches directly: every field of every model type, every enum case, every view attribute, view part,
/// error case and mock. Table-driven; each assertion checks a value, a callback or the trace.
final class CompatibilityCoverageTests: XCTestCase {
    typealias IAM = Braze.InAppMessage

    private func roundTrip<T: Codable & Equatable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) throws {
        let back = try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(value))
        XCTAssertEqual(back, value, file: file, line: line)
    }

    // MARK: BrazeKit model

    func test_kit_everyKindKeepsEveryFieldAndRoundTripsThroughCodable() throws {
        let data = IAM.Data(id: "c1", clickAction: .url(landingURL, useWebView: true), messageClose: .auto(7),
                            orientation: .landscape, extras: ["k": "v", "n": 2], animateIn: false, animateOut: false,
                            isTestSend: true, context: nil)
        XCTAssertEqual(data.id, "c1")
        XCTAssertEqual(data.clickAction, .url(landingURL, useWebView: true))
        XCTAssertEqual(data.messageClose, .auto(7))
        XCTAssertEqual(data.orientation, .landscape)
        XCTAssertEqual(data.extras["k"] as? String, "v")
        XCTAssertEqual(data.extras["n"] as? Int, 2)
        XCTAssertFalse(data.animateIn)
        XCTAssertFalse(data.animateOut)
        XCTAssertTrue(data.isTestSend)
        XCTAssertNil(data.context)
        try roundTrip(data)

        let slideup = IAM.Slideup(data: data, graphic: .icon("\u{f0f3}"), imageAltText: "alt", language: "fr", message: "m",
                                  slideFrom: .top, themes: bothThemes)
        XCTAssertEqual(slideup.data, data)
        XCTAssertEqual(slideup.graphic, .icon("\u{f0f3}"))
        XCTAssertEqual(slideup.imageAltText, "alt")
        XCTAssertEqual(slideup.language, "fr")
        XCTAssertEqual(slideup.message, "m")
        XCTAssertEqual(slideup.slideFrom, .top)
        XCTAssertEqual(slideup.themes, bothThemes)

        let modal = IAM.Modal(data: data, graphic: .image(imageURL), imageAltText: "alt", language: "de", header: "h",
                              headerTextAlignment: .leading, message: "m", messageTextAlignment: .trailing, buttons: twoButtons,
                              themes: bothThemes)
        XCTAssertEqual(modal.data, data)
        XCTAssertEqual(modal.graphic, .image(imageURL))
        XCTAssertEqual(modal.imageAltText, "alt")
        XCTAssertEqual(modal.language, "de")
        XCTAssertEqual(modal.header, "h")
        XCTAssertEqual(modal.headerTextAlignment, .leading)
        XCTAssertEqual(modal.message, "m")
        XCTAssertEqual(modal.messageTextAlignment, .trailing)
        XCTAssertEqual(modal.buttons, twoButtons)
        XCTAssertEqual(modal.themes, bothThemes)

        let modalImage = IAM.ModalImage(data: data, imageURL: imageURL, imageAltText: "alt", language: "es", buttons: twoButtons,
                                        themes: bothThemes)
        XCTAssertEqual(modalImage.data, data)
        XCTAssertEqual(modalImage.imageURL, imageURL)
        XCTAssertEqual(modalImage.imageAltText, "alt")
        XCTAssertEqual(modalImage.language, "es")
        XCTAssertEqual(modalImage.buttons, twoButtons)
        XCTAssertEqual(modalImage.themes, bothThemes)

        let full = IAM.Full(data: data, imageURL: imageURL, imageAltText: "alt", language: "it", header: "h",
                            headerTextAlignment: .center, message: "m", messageTextAlignment: .leading, buttons: twoButtons,
                            themes: bothThemes)
        XCTAssertEqual(full.data, data)
        XCTAssertEqual(full.imageURL, imageURL)
        XCTAssertEqual(full.imageAltText, "alt")
        XCTAssertEqual(full.language, "it")
        XCTAssertEqual(full.header, "h")
        XCTAssertEqual(full.headerTextAlignment, .center)
        XCTAssertEqual(full.message, "m")
        XCTAssertEqual(full.messageTextAlignment, .leading)
        XCTAssertEqual(full.buttons, twoButtons)
        XCTAssertEqual(full.themes, bothThemes)

        let fullImage = IAM.FullImage(data: data, imageURL: imageURL, imageAltText: "alt", language: "pt", buttons: twoButtons,
                                      themes: bothThemes)
        XCTAssertEqual(fullImage.data, data)
        XCTAssertEqual(fullImage.imageURL, imageURL)
        XCTAssertEqual(fullImage.imageAltText, "alt")
        XCTAssertEqual(fullImage.language, "pt")
        XCTAssertEqual(fullImage.buttons, twoButtons)
        XCTAssertEqual(fullImage.themes, bothThemes)

        let base = URL(string: "file:///tmp/assets/")!
        let html = IAM.Html(data: data, message: "<p>x</p>", baseURL: base, assetURLs: [imageURL], legacy: true)
        XCTAssertEqual(html.data, data)
        XCTAssertEqual(html.message, "<p>x</p>")
        XCTAssertEqual(html.baseURL, base)
        XCTAssertEqual(html.assetURLs, [imageURL])
        XCTAssertTrue(html.legacy)

        let control = IAM.Control(data: data)
        XCTAssertEqual(control.data, data)

        let all: [IAM] = [.slideup(slideup), .modal(modal), .modalImage(modalImage), .full(full), .fullImage(fullImage),
                          .html(html), .control(control)]
        for message in all {
            try roundTrip(message)
            XCTAssertEqual(message.data, data, "\(message)")
        }
        XCTAssertEqual(all.map { $0.slideup != nil }, [true, false, false, false, false, false, false])
        XCTAssertEqual(all.map { $0.modalImage != nil }, [false, false, true, false, false, false, false])
        XCTAssertEqual(all.map { $0.full != nil }, [false, false, false, true, false, false, false])
        XCTAssertEqual(all.map { $0.fullImage != nil }, [false, false, false, false, true, false, false])
        XCTAssertEqual(all.map { $0.html != nil }, [false, false, false, false, false, true, false])
        XCTAssertEqual(all.map { $0.control != nil }, [false, false, false, false, false, false, true])
    }

    /// Sets every forwarded `Data` field through a payload struct and reads it back from `data`.
    private func checkForwarding<T>(_ name: String, _ start: T, braze: Braze,
                                    data: WritableKeyPath<T, IAM.Data>,
                                    clickAction: WritableKeyPath<T, IAM.ClickAction>,
                                    messageClose: WritableKeyPath<T, IAM.MessageClose>,
                                    orientation: WritableKeyPath<T, IAM.Orientation>,
                                    extras: WritableKeyPath<T, [String: Any]>,
                                    animateIn: WritableKeyPath<T, Bool>,
                                    animateOut: WritableKeyPath<T, Bool>,
                                    context: KeyPath<T, IAM.Context?>) {
        var value = start
        value[keyPath: clickAction] = .url(landingURL, useWebView: true)
        value[keyPath: messageClose] = .auto(3)
        value[keyPath: orientation] = .portrait
        value[keyPath: extras] = ["a": true]
        value[keyPath: animateIn] = false
        value[keyPath: animateOut] = false
        let d = value[keyPath: data]
        XCTAssertEqual(d.clickAction, .url(landingURL, useWebView: true), name)
        XCTAssertEqual(d.messageClose, .auto(3), name)
        XCTAssertEqual(d.orientation, .portrait, name)
        XCTAssertEqual(d.extras["a"] as? Bool, true, name)
        XCTAssertFalse(d.animateIn, name)
        XCTAssertFalse(d.animateOut, name)
        XCTAssertEqual(value[keyPath: clickAction], .url(landingURL, useWebView: true), name)
        XCTAssertEqual(value[keyPath: messageClose], .auto(3), name)
        XCTAssertEqual(value[keyPath: orientation], .portrait, name)
        XCTAssertEqual(value[keyPath: extras]["a"] as? Bool, true, name)
        XCTAssertFalse(value[keyPath: animateIn], name)
        XCTAssertFalse(value[keyPath: animateOut], name)
        XCTAssertNil(value[keyPath: context], name)
        let ctx = IAM.Context(message: .control(.init()), using: braze)
        value[keyPath: data].context = ctx
        XCTAssertTrue(value[keyPath: context] === ctx, name)
    }

    func test_kit_forwardedDataFieldsOnEveryPayloadStructAndOnTheEnum() {
        let b = Bench()
        checkForwarding("Slideup", IAM.Slideup(message: "x"), braze: b.braze, data: \.data, clickAction: \.clickAction,
                        messageClose: \.messageClose, orientation: \.orientation, extras: \.extras, animateIn: \.animateIn,
                        animateOut: \.animateOut, context: \.context)
        checkForwarding("Modal", IAM.Modal(), braze: b.braze, data: \.data, clickAction: \.clickAction,
                        messageClose: \.messageClose, orientation: \.orientation, extras: \.extras, animateIn: \.animateIn,
                        animateOut: \.animateOut, context: \.context)
        checkForwarding("ModalImage", IAM.ModalImage(imageURL: imageURL), braze: b.braze, data: \.data, clickAction: \.clickAction,
                        messageClose: \.messageClose, orientation: \.orientation, extras: \.extras, animateIn: \.animateIn,
                        animateOut: \.animateOut, context: \.context)
        checkForwarding("Full", IAM.Full(imageURL: imageURL), braze: b.braze, data: \.data, clickAction: \.clickAction,
                        messageClose: \.messageClose, orientation: \.orientation, extras: \.extras, animateIn: \.animateIn,
                        animateOut: \.animateOut, context: \.context)
        checkForwarding("FullImage", IAM.FullImage(imageURL: imageURL), braze: b.braze, data: \.data, clickAction: \.clickAction,
                        messageClose: \.messageClose, orientation: \.orientation, extras: \.extras, animateIn: \.animateIn,
                        animateOut: \.animateOut, context: \.context)
        checkForwarding("Html", IAM.Html(), braze: b.braze, data: \.data, clickAction: \.clickAction,
                        messageClose: \.messageClose, orientation: \.orientation, extras: \.extras, animateIn: \.animateIn,
                        animateOut: \.animateOut, context: \.context)

        // The enum's read-only forwards.
        let triggered = b.triggered(.modal(.init(data: .init(messageClose: .auto(9), isTestSend: true))), id: "t")
        XCTAssertEqual(triggered.messageClose, .auto(9))
        XCTAssertTrue(triggered.isTestSend)
        XCTAssertFalse(slideup().isTestSend)
        XCTAssertTrue(triggered.context === triggered.data.context)
        XCTAssertNotNil(triggered.context)
    }

    func test_kit_supportingEnumsRoundTripEveryCaseThroughCodable() throws {
        for g in [IAM.Graphic.icon("\u{f0f3}"), .image(imageURL)] { try roundTrip(g) }
        for s in [IAM.SlideFrom.top, .bottom] { try roundTrip(s) }
        for t in [IAM.TextAlignment.leading, .center, .trailing] { try roundTrip(t) }
        XCTAssertEqual(Set([IAM.TextAlignment.leading, .center, .trailing]).count, 3)
        XCTAssertEqual(IAM.Orientation.allCases, [.any, .portrait, .landscape])
        for o in IAM.Orientation.allCases { try roundTrip(o) }
        for c in [IAM.MessageClose.userInteraction, .auto(2.5)] { try roundTrip(c) }
        XCTAssertNotEqual(IAM.MessageClose.auto(1), .auto(2))
        for a in [IAM.ClickAction.url(landingURL, useWebView: true), .url(landingURL, useWebView: false), .none] { try roundTrip(a) }
        XCTAssertEqual(IAM.ClickAction.url(landingURL, useWebView: false).url, landingURL)
        XCTAssertNil(IAM.ClickAction.none.url)
        for r in [IAM.DismissalReason.wipeData, .changeUser] { try roundTrip(r) }
        XCTAssertNotEqual(IAM.DismissalReason.wipeData, .changeUser)
        try roundTrip(IAM.Button(id: 3, text: "Go", clickAction: .url(landingURL, useWebView: true), themes: ["light": lightButton]))
        let button = IAM.Button(id: 3, text: "Go", clickAction: .url(landingURL, useWebView: true), themes: ["light": lightButton])
        XCTAssertEqual(button.id, 3)
        XCTAssertEqual(button.text, "Go")
        XCTAssertEqual(button.clickAction, .url(landingURL, useWebView: true))
        XCTAssertEqual(button.themes.light, lightButton)
    }

    func test_kit_themesButtonThemesAndColorsKeepEveryField() throws {
        let theme = IAM.Theme(backgroundColor: 0xFF00_0001, textColor: 0xFF00_0002, iconColor: 0xFF00_0003,
                              iconBackgroundColor: 0xFF00_0004, headerTextColor: 0xFF00_0005, closeButtonColor: 0xFF00_0006,
                              frameColor: 0xFF00_0007)
        XCTAssertEqual([theme.backgroundColor, theme.textColor, theme.iconColor, theme.iconBackgroundColor, theme.headerTextColor,
                        theme.closeButtonColor, theme.frameColor].map(\.rawValue),
                       [0xFF00_0001, 0xFF00_0002, 0xFF00_0003, 0xFF00_0004, 0xFF00_0005, 0xFF00_0006, 0xFF00_0007])
        try roundTrip(theme)
        let themes = IAM.Themes(themes: ["light": theme])
        XCTAssertEqual(themes.themes, ["light": theme])
        XCTAssertEqual(themes.light, theme)
        XCTAssertNil(themes.dark)
        let literal: IAM.Themes = ["dark": theme]
        XCTAssertEqual(literal.dark, theme)
        XCTAssertNotNil(literal.themes["light"], "a missing light theme is filled in")
        XCTAssertEqual(Set(IAM.Themes.defaults.themes.keys), ["light", "dark"])
        try roundTrip(bothThemes)

        let bt = IAM.ButtonTheme(textColor: 0xFF10_0000, borderColor: 0xFF20_0000, backgroundColor: 0xFF30_0000)
        XCTAssertEqual([bt.textColor, bt.borderColor, bt.backgroundColor].map(\.rawValue), [0xFF10_0000, 0xFF20_0000, 0xFF30_0000])
        XCTAssertEqual(IAM.ButtonTheme.primary.backgroundColor, IAM.ButtonTheme.primary.borderColor, "primary is filled")
        XCTAssertEqual(IAM.ButtonTheme.secondary.textColor, IAM.ButtonTheme.secondary.borderColor, "secondary is outlined")
        XCTAssertNotEqual(IAM.ButtonTheme.secondary.backgroundColor, IAM.ButtonTheme.secondary.borderColor)
        let buttonThemes = IAM.ButtonThemes(themes: ["light": bt, "dark": lightButton])
        XCTAssertEqual(buttonThemes.themes, ["light": bt, "dark": lightButton])
        XCTAssertEqual(buttonThemes.light, bt)
        XCTAssertEqual(buttonThemes.dark, lightButton)
        let buttonLiteral: IAM.ButtonThemes = ["dark": bt]
        XCTAssertEqual(buttonLiteral.dark, bt)
        XCTAssertEqual(buttonLiteral.light, .primary)
        XCTAssertEqual(Set(IAM.ButtonThemes.defaults.themes.keys), ["light", "dark"])
        try roundTrip(buttonThemes)
        try roundTrip(IAM.Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8))
    }

    private func themes<T: BrazeInAppMessageThemeable>(of value: T) -> IAM.Themes { value.themes }
    private func theme<T: BrazeInAppMessageThemeable>(of value: T, dark: Bool) -> IAM.Theme {
        value.theme(for: UITraitCollection(userInterfaceStyle: dark ? .dark : .light))
    }

    func test_kit_themeableKindsExposeTheirThemesAndPickTheAppearance() {
        let lightOnly: IAM.Themes = ["light": lightTheme]
        XCTAssertEqual(themes(of: IAM.Slideup(themes: bothThemes)), bothThemes)
        XCTAssertEqual(themes(of: IAM.Modal(themes: bothThemes)), bothThemes)
        XCTAssertEqual(themes(of: IAM.ModalImage(imageURL: imageURL, themes: bothThemes)), bothThemes)
        XCTAssertEqual(themes(of: IAM.Full(imageURL: imageURL, themes: bothThemes)), bothThemes)
        XCTAssertEqual(themes(of: IAM.FullImage(imageURL: imageURL, themes: bothThemes)), bothThemes)
        for dark in [false, true] {
            let expected = dark ? darkTheme : lightTheme
            XCTAssertEqual(theme(of: IAM.Slideup(themes: bothThemes), dark: dark), expected)
            XCTAssertEqual(theme(of: IAM.Modal(themes: bothThemes), dark: dark), expected)
            XCTAssertEqual(theme(of: IAM.ModalImage(imageURL: imageURL, themes: bothThemes), dark: dark), expected)
            XCTAssertEqual(theme(of: IAM.Full(imageURL: imageURL, themes: bothThemes), dark: dark), expected)
            XCTAssertEqual(theme(of: IAM.FullImage(imageURL: imageURL, themes: bothThemes), dark: dark), expected)
            XCTAssertEqual(theme(of: IAM.Modal(themes: lightOnly), dark: dark), lightTheme, "no dark theme: light in dark mode")
        }
    }

    func test_kit_contextLogsClicksProcessesActionsAndDiscards() {
        let b = Bench()
        let message = b.triggered(slideup(), id: "ctx")
        let context = IAM.Context(message: message, using: b.braze)
        XCTAssertTrue(context.valid)
        context.logImpression()
        context.logImpression()
        context.logClick(buttonId: nil)
        context.logClick(buttonId: "2")
        XCTAssertEqual(b.harness.analytics(for: "ctx"), ["impression", "click", "click"])
        XCTAssertTrue(b.harness.labels(for: "ctx").contains("diagnostic.impressionAlreadyLogged"))
        XCTAssertEqual(b.trace.events(for: "ctx").filter { $0.name == "click" }.map { $0.details["buttonId"] }, [nil, "2"])
        context.processClickAction(.url(landingURL, useWebView: true), target: nil)
        context.processClickAction(.url(landingURL, useWebView: false))
        context.processClickAction(.none)
        XCTAssertEqual(b.navigations("ctx").map(\.name), ["openURLInWebView", "openURL", "noClickAction"])
        XCTAssertEqual(b.navigations("ctx").first?.details["url"], landingURL.absoluteString)
        context.logError(flattened: "oops")
        XCTAssertEqual(b.errors("ctx"), ["oops"])
        context.discard()
        XCTAssertFalse(context.valid)
        XCTAssertEqual(b.harness.analytics(for: "ctx").last, "discard")
    }

    func test_kit_typedMessagesFromRawMessages() throws {
        let raw = Braze.InAppMessageRaw()
        raw.type = .modal
        raw.identifier = "raw-1"
        raw.header = "Header"
        raw.message = "Body"
        raw.orientation = .portrait
        raw.messageClose = .userInteraction
        let typed = try IAM(raw)
        XCTAssertEqual(typed.data.id, "raw-1")
        XCTAssertEqual(typed.modal?.header, "Header")
        XCTAssertEqual(typed.modal?.message, "Body")
        XCTAssertEqual(typed.orientation, .portrait)
        raw.type = .control
        XCTAssertNotNil(try IAM(raw).control)
        let broken = Braze.InAppMessageRaw()
        broken.type = .full
        XCTAssertThrowsError(try IAM(broken)) { error in
            XCTAssertEqual(error as? IAM.PayloadError, .missingKey("image_url"))
        }
    }

    func test_kit_changeUserToTheCurrentUserKeepsTheDisplayedMessage() {
        let b = Bench()
        b.braze.changeUser(userId: "alice", sdkAuthSignature: "signature")
        let message = b.triggered(slideup(), id: "s")
        b.braze.deliver(message)
        b.braze.changeUser(userId: "alice")
        XCTAssertEqual(b.state("s"), "displayed")
        XCTAssertEqual(message.context?.valid, true)
        b.braze.changeUser(userId: "bob")
        XCTAssertEqual(b.state("s"), "dismissed")
    }

    // MARK: BrazeUI: presenter, context, choices, errors

    func test_ui_viewAttributesDefaultsForEveryKindAndPerKindAccess() {
        let cases: [(IAM, (BrazeInAppMessageUI.ViewAttributes) -> Bool)] = [
            (slideup(), { $0.slideup != nil }), (modal(), { $0.modal != nil }), (modalImage(), { $0.modalImage != nil }),
            (full(), { $0.full != nil }), (fullImage(), { $0.fullImage != nil }), (html(), { $0.html != nil }),
        ]
        for (message, isKind) in cases {
            let attributes = BrazeInAppMessageUI.ViewAttributes.defaults(for: message)
            XCTAssertTrue(attributes.map(isKind) ?? false, "\(message)")
        }
        XCTAssertNil(BrazeInAppMessageUI.ViewAttributes.defaults(for: control()))
        var attributes = BrazeInAppMessageUI.ViewAttributes.modal(.init())
        attributes.slideup = .init()
        XCTAssertNil(attributes.slideup, "setting another kind's attributes changes nothing")
        attributes.modal?.dismissOnBackgroundTap = true
        XCTAssertEqual(attributes.modal?.dismissOnBackgroundTap, true)
        XCTAssertNil(BrazeInAppMessageUI.ViewAttributes.fullImage(.init()).full)
        XCTAssertNotNil(BrazeInAppMessageUI.ViewAttributes.full(.init()).full)
        XCTAssertNotNil(BrazeInAppMessageUI.ViewAttributes.modalImage(.init()).modalImage)
        XCTAssertNotNil(BrazeInAppMessageUI.ViewAttributes.html(.init()).html)
        XCTAssertNotNil(BrazeInAppMessageUI.ViewAttributes.slideup(.init()).slideup)
        XCTAssertNotNil(BrazeInAppMessageUI.ViewAttributes.fullImage(.init()).fullImage)
    }

    func test_ui_presentationContextWindowSceneAndPreferencesProxy() {
        final class HidingController: UIViewController {
            override var prefersStatusBarHidden: Bool { true }
        }
        let b = Bench()
        let delegate = RecordingDelegate()
        let scene = UIWindowScene()
        let proxy = HidingController()
        delegate.prepare = { $0.windowScene = scene; $0.preferencesProxy = proxy }
        b.ui.delegate = delegate
        b.deliver(slideup(), id: "s")
        XCTAssertTrue(b.ui.presentationContext?.windowScene === scene)
        XCTAssertTrue(b.ui.presentationContext?.preferencesProxy === proxy)
        XCTAssertTrue(b.ui.isStatusBarHidden, "with .auto, a slideup follows the preferences proxy")
        b.ui.dismiss()
        delegate.prepare = { _ in }
        b.deliver(slideup(), id: "plain")
        XCTAssertFalse(b.ui.isStatusBarHidden)
    }

    func test_ui_errorCasesFlattenAsLoggedAndMatchWithTheirValues() {
        typealias E = BrazeInAppMessageUI.Error
        let table: [(E, String)] = [
            (.noContextLogImpression, "noContextLogImpression"), (.noContextLogClick, "noContextLogClick"),
            (.noContextProcessClickAction, "noContextProcessClickAction"), (.invalidBrazeActions, "invalidBrazeActions"),
            (.invalidPushPrimer, "invalidPushPrimer"), (.rawToTypedConversion("bad"), #"rawToTypedConversion("bad")"#),
            (.noMainThread, "noMainThread"), (.noMessageView, "noMessageView"),
            (.noAppRootViewController, "noAppRootViewController"), (.noFontAwesome, "noFontAwesome"),
            (.noMatchingOrientation, "noMatchingOrientation"), (.noWindowScene, "noWindowScene"),
            (.assetsFailure("asset"), #"assetsFailure("asset")"#), (.invalidConstraints, "invalidConstraints"),
            (.triggeredUserCurrentUserMismatch(messageId: nil, currentUser: nil, previousUser: nil),
             "triggeredUserCurrentUserMismatch(messageId: nil, currentUser: nil, previousUser: nil)"),
            (.otherMessagePresented(push: true), "otherMessagePresented(push: true)"),
            (.messageContextInvalid, "messageContextInvalid"), (.htmlNoBaseURL, "htmlNoBaseURL"),
            (.htmlFileWrite("w"), #"htmlFileWrite("w")"#), (.webViewNavigation("n"), #"webViewNavigation("n")"#),
            (.webViewScript("s"), #"webViewScript("s")"#), (.webViewScheme("c"), #"webViewScheme("c")"#),
            (.webViewQuery("q"), #"webViewQuery("q")"#),
        ]
        for (error, flattened) in table { XCTAssertEqual(error.flattened, flattened) }
        XCTAssertEqual(Set(table.map(\.0)).count, table.count, "every case is distinct")
        let mismatch = E.triggeredUserCurrentUserMismatch(messageId: "m", currentUser: "bob", previousUser: "alice")
        guard case .triggeredUserCurrentUserMismatch(let id, let current, let previous) = mismatch else { return XCTFail() }
        XCTAssertEqual([id, current, previous], ["m", "bob", "alice"])
        guard case .otherMessagePresented(let push) = E.otherMessagePresented(push: false) else { return XCTFail() }
        XCTAssertFalse(push)
        let payloads: [E] = [.rawToTypedConversion("a"), .assetsFailure("b"), .htmlFileWrite("c"), .webViewNavigation("d"),
                             .webViewScript("e"), .webViewScheme("f"), .webViewQuery("g")]
        let values: [String] = payloads.compactMap {
            switch $0 {
            case .rawToTypedConversion(let s), .assetsFailure(let s), .htmlFileWrite(let s), .webViewNavigation(let s),
                 .webViewScript(let s), .webViewScheme(let s), .webViewQuery(let s): return s
            default: return nil
            }
        }
        XCTAssertEqual(values, ["a", "b", "c", "d", "e", "f", "g"])
        // With no hosting UI an error goes straight to the trace.
        let b = Bench()
        BrazeInAppMessageUI.SlideupView(message: .init(message: "x")).logError(.invalidConstraints)
        XCTAssertEqual(b.errors(), ["invalidConstraints"])
    }

    func test_ui_displayChoiceLaterIsTheOldNameOfReenqueue() {
        let later: BrazeInAppMessageUI.DisplayChoice = deprecatedLaterChoice()
        XCTAssertEqual(later, .reenqueue)
        let b = Bench()
        let delegate = RecordingDelegate()
        delegate.choice = { _ in later }
        b.ui.delegate = delegate
        b.deliver(slideup(), id: "l")
        XCTAssertNil(b.ui.messageView)
        XCTAssertEqual(b.ui.stack.map(\.data.id), ["l"])
    }

    func test_ui_colorImageIsAOnePointImageOfTheColour() {
        let color: IAM.Color = 0x8011_2233
        XCTAssertEqual(color.image.size, CGSize(width: 1, height: 1))
        XCTAssertEqual(color.image.color, color.uiColor)
    }

    // MARK: BrazeUI: views

    func test_ui_standaloneViewsPresentAndDismissWithTheirCompletions() {
        let harness = Harness()
        _ = harness
        let views: [(String, any InAppMessageView)] = [
            ("slideup", BrazeInAppMessageUI.SlideupView(message: .init(message: "s"))),
            ("modal", BrazeInAppMessageUI.ModalView(message: .init(header: "h"))),
            ("modalImage", BrazeInAppMessageUI.ModalImageView(message: .init(imageURL: imageURL))),
            ("full", BrazeInAppMessageUI.FullView(message: .init(imageURL: imageURL))),
            ("fullImage", BrazeInAppMessageUI.FullImageView(message: .init(imageURL: imageURL))),
            ("html", BrazeInAppMessageUI.HtmlView(message: .init(message: "<p>h</p>"))),
            ("control", BrazeInAppMessageUI.ControlView(message: .init())),
        ]
        for (name, view) in views {
            XCTAssertFalse(view.presented, name)
            var steps: [String] = []
            view.present { steps.append("presented") }
            XCTAssertTrue(view.presented, name)
            view.dismiss { steps.append("dismissed") }
            XCTAssertFalse(view.presented, name)
            XCTAssertEqual(steps, ["presented", "dismissed"], name)
            // Per-kind accessors on the protocol.
            let kinds = [view.slideup != nil, view.modal != nil, view.modalImage != nil, view.full != nil,
                         view.fullImage != nil, view.html != nil, view.control != nil]
            XCTAssertEqual(kinds.filter { $0 }.count, name == "full" || name == "fullImage" ? 2 : 1, name)
        }
        XCTAssertNotNil(views[3].1.modal, "FullView is a ModalView")
        XCTAssertNotNil(views[4].1.modalImage, "FullImageView is a ModalImageView")
        XCTAssertNotNil(views[6].1.control)
        XCTAssertEqual(views.map { $0.1.html != nil }, [false, false, false, false, false, true, false])
        // init(…presented:) and the message / attributes properties.
        XCTAssertTrue(BrazeInAppMessageUI.SlideupView(message: .init(), presented: true).presented)
        XCTAssertTrue(BrazeInAppMessageUI.ModalView(message: .init(), presented: true).presented)
        XCTAssertTrue(BrazeInAppMessageUI.ModalImageView(message: .init(imageURL: imageURL), presented: true).presented)
        XCTAssertTrue(BrazeInAppMessageUI.HtmlView(message: .init(), presented: true).presented)
        XCTAssertEqual(BrazeInAppMessageUI.SlideupView(message: .init(message: "s")).message.message, "s")
        XCTAssertEqual(BrazeInAppMessageUI.ModalView(message: .init(header: "h")).message.header, "h")
        XCTAssertEqual(BrazeInAppMessageUI.ModalImageView(message: .init(imageURL: imageURL)).message.imageURL, imageURL)
        XCTAssertEqual(BrazeInAppMessageUI.HtmlView(message: .init(message: "<b/>")).message.message, "<b/>")
        XCTAssertEqual(BrazeInAppMessageUI.ControlView(message: .init(data: .init(id: "c"))).message.data.id, "c")
        var slideupAttributes = BrazeInAppMessageUI.SlideupView.Attributes()
        slideupAttributes.dismissible = false
        XCTAssertFalse(BrazeInAppMessageUI.SlideupView(message: .init(), attributes: slideupAttributes).attributes.dismissible)
        var modalAttributes = BrazeInAppMessageUI.ModalView.Attributes()
        modalAttributes.cornerRadius = 3
        XCTAssertEqual(BrazeInAppMessageUI.ModalView(message: .init(), attributes: modalAttributes).attributes.cornerRadius, 3)
        var modalImageAttributes = BrazeInAppMessageUI.ModalImageView.Attributes()
        modalImageAttributes.scrollLargeImages = true
        XCTAssertTrue(BrazeInAppMessageUI.ModalImageView(message: .init(imageURL: imageURL), attributes: modalImageAttributes)
            .attributes.scrollLargeImages)
        var htmlAttributes = BrazeInAppMessageUI.HtmlView.Attributes()
        htmlAttributes.animation = .fade
        XCTAssertEqual(BrazeInAppMessageUI.HtmlView(message: .init(), attributes: htmlAttributes).attributes.animation, .fade)
        XCTAssertEqual(BrazeInAppMessageUI.HtmlView(message: .init(legacy: true), attributes: htmlAttributes).animationDuration, 0.25)
        XCTAssertEqual(Set([BrazeInAppMessageUI.HtmlView.Animation.auto, .fade, .slide]).count, 3)
        XCTAssertEqual(BrazeInAppMessageUI.ModalView.closeButtonMinimumTouchTargetSize, 44)
    }

    func test_ui_attributesDefaultsAreTheDocumentedUpstreamValues() {
        let slideup = BrazeInAppMessageUI.SlideupView.Attributes.defaults
        XCTAssertEqual(slideup.margin, UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
        XCTAssertEqual(slideup.padding, UIEdgeInsets(top: 15, left: 20, bottom: 15, right: 20))
        XCTAssertEqual(slideup.graphicLeadingPadding, 15)
        XCTAssertEqual(slideup.spacing, 10)
        XCTAssertEqual(slideup.font, UIFont(pointSize: 15, weight: .bold, textStyle: .subheadline))
        XCTAssertEqual(slideup.imageSize, CGSize(width: 50, height: 50))
        XCTAssertEqual(slideup.imageCornerRadius, 0)
        XCTAssertEqual(slideup.imageCornerCurve, .circular)
        XCTAssertEqual(slideup.chevronVisibility, .auto)
        XCTAssertEqual(slideup.cornerRadius, 15)
        XCTAssertEqual(slideup.cornerCurve, .circular)
        XCTAssertTrue(slideup.dismissible)
        XCTAssertEqual(slideup.shadow, .inAppMessage)
        XCTAssertEqual(slideup.minHeight, 60)
        XCTAssertEqual(slideup.maxWidth, 450)
        XCTAssertNil(slideup.onPresent); XCTAssertNil(slideup.onLayout); XCTAssertNil(slideup.onTheme)

        let margin20 = UIEdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
        let modal = BrazeInAppMessageUI.ModalView.Attributes.defaults
        let full = BrazeInAppMessageUI.FullView.Attributes.defaults
        for (name, m, p, labelsSpacing, spacing, header, message, radius, curve, shadow, minW, maxW, maxH, bg, buttonsRadius) in [
            ("modal", modal.margin, modal.padding, modal.labelsSpacing, modal.spacing, modal.headerFont, modal.messageFont,
             modal.cornerRadius, modal.cornerCurve, modal.shadow, modal.minWidth, modal.maxWidth, modal.maxHeight,
             modal.dismissOnBackgroundTap, modal.buttonsAttributes.cornerRadius),
            ("full", full.margin, full.padding, full.labelsSpacing, full.spacing, full.headerFont, full.messageFont,
             full.cornerRadius, full.cornerCurve, full.shadow, full.minWidth, full.maxWidth, full.maxHeight,
             full.dismissOnBackgroundTap, full.buttonsAttributes.cornerRadius),
        ] {
            XCTAssertEqual(m, margin20, name)
            XCTAssertEqual(p, UIEdgeInsets(top: 40, left: 25, bottom: 30, right: 25), name)
            XCTAssertEqual(labelsSpacing, 10, name)
            XCTAssertEqual(spacing, 20, name)
            XCTAssertEqual(header, UIFont(pointSize: 20, weight: .bold, textStyle: .title3), name)
            XCTAssertEqual(message, UIFont(pointSize: 15, textStyle: .subheadline), name)
            XCTAssertEqual(radius, 8, name)
            XCTAssertEqual(curve, .circular, name)
            XCTAssertEqual(shadow, .inAppMessage, name)
            XCTAssertEqual(minW, 320, name)
            XCTAssertEqual(maxW, .init(regular: 450, large: 720), name)
            XCTAssertEqual(maxH, .init(regular: 720, large: 450), name)
            XCTAssertFalse(bg, name)
            XCTAssertEqual(buttonsRadius, 5, name)
        }
        XCTAssertNil(full.preferredDisplayMode)
        XCTAssertNil(modal.onPresent); XCTAssertNil(modal.onLayout); XCTAssertNil(modal.onTheme)
        XCTAssertNil(full.onPresent); XCTAssertNil(full.onLayout); XCTAssertNil(full.onTheme)

        let modalImage = BrazeInAppMessageUI.ModalImageView.Attributes.defaults
        let fullImage = BrazeInAppMessageUI.FullImageView.Attributes.defaults
        for (name, m, p, radius, curve, shadow, minW, maxW, maxH, scroll, bg, buttonsRadius) in [
            ("modalImage", modalImage.margin, modalImage.padding, modalImage.cornerRadius, modalImage.cornerCurve, modalImage.shadow,
             modalImage.minWidth, modalImage.maxWidth, modalImage.maxHeight, modalImage.scrollLargeImages,
             modalImage.dismissOnBackgroundTap, modalImage.buttonsAttributes.cornerRadius),
            ("fullImage", fullImage.margin, fullImage.padding, fullImage.cornerRadius, fullImage.cornerCurve, fullImage.shadow,
             fullImage.minWidth, fullImage.maxWidth, fullImage.maxHeight, fullImage.scrollLargeImages,
             fullImage.dismissOnBackgroundTap, fullImage.buttonsAttributes.cornerRadius),
        ] {
            XCTAssertEqual(m, margin20, name)
            XCTAssertEqual(p, UIEdgeInsets(top: 0, left: 25, bottom: 30, right: 25), name)
            XCTAssertEqual(radius, 8, name)
            XCTAssertEqual(curve, .circular, name)
            XCTAssertEqual(shadow, .inAppMessage, name)
            XCTAssertEqual(minW, 320, name)
            XCTAssertEqual(maxW, .init(regular: 450, large: 720), name)
            XCTAssertEqual(maxH, .init(regular: 720, large: 450), name)
            XCTAssertFalse(scroll, name)
            XCTAssertFalse(bg, name)
            XCTAssertEqual(buttonsRadius, 5, name)
        }
        XCTAssertNil(fullImage.preferredDisplayMode)
        XCTAssertNil(modalImage.onPresent); XCTAssertNil(modalImage.onLayout); XCTAssertNil(modalImage.onTheme)
        XCTAssertNil(fullImage.onPresent); XCTAssertNil(fullImage.onLayout); XCTAssertNil(fullImage.onTheme)

        let html = BrazeInAppMessageUI.HtmlView.Attributes.defaults
        XCTAssertEqual(html.animation, .auto)
        XCTAssertFalse(html.automaticBodyClicks)
        XCTAssertTrue(html.linkTargetSupport)
        XCTAssertTrue(html.allowInspector)
        XCTAssertNil(html.configure)
        XCTAssertNil(html.onPresent); XCTAssertNil(html.onLayout); XCTAssertNil(html.onTheme)
    }

    func test_ui_changedStaticDefaultsApplyToNewViews() {
        let harness = Harness()
        _ = harness
        let saved = (BrazeInAppMessageUI.SlideupView.Attributes.defaults, BrazeInAppMessageUI.ModalView.Attributes.defaults,
                     BrazeInAppMessageUI.ModalImageView.Attributes.defaults, BrazeInAppMessageUI.FullView.Attributes.defaults,
                     BrazeInAppMessageUI.FullImageView.Attributes.defaults, BrazeInAppMessageUI.HtmlView.Attributes.defaults)
        defer {
            BrazeInAppMessageUI.SlideupView.Attributes.defaults = saved.0
            BrazeInAppMessageUI.ModalView.Attributes.defaults = saved.1
            BrazeInAppMessageUI.ModalImageView.Attributes.defaults = saved.2
            BrazeInAppMessageUI.FullView.Attributes.defaults = saved.3
            BrazeInAppMessageUI.FullImageView.Attributes.defaults = saved.4
            BrazeInAppMessageUI.HtmlView.Attributes.defaults = saved.5
        }
        BrazeInAppMessageUI.SlideupView.Attributes.defaults.maxWidth = 300
        BrazeInAppMessageUI.ModalView.Attributes.defaults.minWidth = 200
        BrazeInAppMessageUI.ModalImageView.Attributes.defaults.scrollLargeImages = true
        BrazeInAppMessageUI.FullView.Attributes.defaults.preferredDisplayMode = .modal
        BrazeInAppMessageUI.FullImageView.Attributes.defaults.preferredDisplayMode = .modal
        BrazeInAppMessageUI.HtmlView.Attributes.defaults.automaticBodyClicks = true
        XCTAssertEqual(BrazeInAppMessageUI.SlideupView(message: .init()).attributes.maxWidth, 300)
        XCTAssertEqual(BrazeInAppMessageUI.ModalView(message: .init()).attributes.minWidth, 200)
        XCTAssertTrue(BrazeInAppMessageUI.ModalImageView(message: .init(imageURL: imageURL)).attributes.scrollLargeImages)
        XCTAssertEqual(BrazeInAppMessageUI.FullView(message: .init(imageURL: imageURL)).displayMode, .modal)
        XCTAssertEqual(BrazeInAppMessageUI.FullImageView(message: .init(imageURL: imageURL)).displayMode, .modal)
        XCTAssertTrue(BrazeInAppMessageUI.HtmlView(message: .init()).attributes.automaticBodyClicks)
        // Through the UI: prepareWith sees the changed defaults.
        let b = Bench()
        let delegate = RecordingDelegate()
        let seen = Locked<Double?>(nil)
        delegate.prepare = { context in seen.withLock { $0 = context.attributes?.slideup?.maxWidth } }
        b.ui.delegate = delegate
        b.deliver(slideup(), id: "s")
        XCTAssertEqual(seen.snapshot, 300)
    }

    func test_ui_attributesCallbacksRunOnLayoutThemeAndPresent() {
        let harness = Harness()
        let calls = Locked<[String]>([])
        @Sendable func record(_ s: String) { calls.withLock { $0.append(s) } }

        var s = BrazeInAppMessageUI.SlideupView.Attributes()
        s.onLayout = { _ in record("slideup.layout") }; s.onTheme = { _ in record("slideup.theme") }
        s.onPresent = { _ in record("slideup.present") }
        var m = BrazeInAppMessageUI.ModalView.Attributes()
        m.onLayout = { _ in record("modal.layout") }; m.onTheme = { _ in record("modal.theme") }
        m.onPresent = { _ in record("modal.present") }
        var mi = BrazeInAppMessageUI.ModalImageView.Attributes()
        mi.onLayout = { _ in record("modalImage.layout") }; mi.onTheme = { _ in record("modalImage.theme") }
        mi.onPresent = { _ in record("modalImage.present") }
        var f = BrazeInAppMessageUI.FullView.Attributes()
        f.onLayout = { _ in record("full.layout") }; f.onTheme = { _ in record("full.theme") }
        f.onPresent = { _ in record("full.present") }
        var fi = BrazeInAppMessageUI.FullImageView.Attributes()
        fi.onLayout = { _ in record("fullImage.layout") }; fi.onTheme = { _ in record("fullImage.theme") }
        fi.onPresent = { _ in record("fullImage.present") }
        var h = BrazeInAppMessageUI.HtmlView.Attributes()
        h.onLayout = { _ in record("html.layout") }; h.onTheme = { _ in record("html.theme") }
        h.onPresent = { _ in record("html.present") }

        let slideupView = BrazeInAppMessageUI.SlideupView(message: .init(), attributes: s)
        let modalView = BrazeInAppMessageUI.ModalView(message: .init(), attributes: m)
        let modalImageView = BrazeInAppMessageUI.ModalImageView(message: .init(imageURL: imageURL), attributes: mi)
        let fullView = BrazeInAppMessageUI.FullView(message: .init(imageURL: imageURL), attributes: f)
        let fullImageView = BrazeInAppMessageUI.FullImageView(message: .init(imageURL: imageURL), attributes: fi)
        let htmlView = BrazeInAppMessageUI.HtmlView(message: .init(), attributes: h)
        XCTAssertEqual(calls.snapshot, ["slideup.theme", "slideup.layout", "modal.theme", "modal.layout", "modalImage.theme",
                                        "modalImage.layout", "full.theme", "full.layout", "fullImage.theme", "fullImage.layout"],
                       "init themes, then lays out, the stock views (upstream order); HTML has no layout or theme pass")
        calls.withLock { $0 = [] }
        let views: [any InAppMessageView] = [slideupView, modalView, modalImageView, fullView, fullImageView, htmlView]
        for view in views { view.present(completion: nil) }
        XCTAssertEqual(calls.snapshot, ["slideup.present", "modal.present", "modalImage.present", "full.present",
                                        "fullImage.present", "html.present"])
        calls.withLock { $0 = [] }
        slideupView.applyAttributes(); slideupView.applyTheme()
        modalView.applyAttributes(); modalView.applyTheme()
        modalImageView.applyAttributes(); modalImageView.applyTheme()
        XCTAssertEqual(calls.snapshot, ["slideup.layout", "slideup.theme", "modal.layout", "modal.theme", "modalImage.layout",
                                        "modalImage.theme"])
        _ = harness
    }

    func test_ui_viewPartsHoldTheMessageContentAndTheme() {
        let harness = Harness(device: DeviceState(appearance: .light))
        // Slideup: graphic, three-line label, chevron per ChevronVisibility.
        let slideupMessage = IAM.Slideup(data: .init(clickAction: .url(landingURL, useWebView: false)), graphic: .icon("\u{f0f3}"),
                                         message: "Hello", themes: bothThemes)
        let slideupView = BrazeInAppMessageUI.SlideupView(message: slideupMessage)
        XCTAssertEqual((slideupView.graphicView as? UILabel)?.text, "\u{f0f3}")
        XCTAssertEqual(slideupView.messageLabel.text, "Hello")
        XCTAssertEqual(slideupView.messageLabel.numberOfLines, 3)
        XCTAssertFalse(slideupView.chevronView.isHidden, "auto: shown with a click action")
        XCTAssertNil(BrazeInAppMessageUI.SlideupView(message: .init(message: "plain")).graphicView)
        for (visibility, action, hidden) in [(BrazeInAppMessageUI.SlideupView.ChevronVisibility.auto, IAM.ClickAction.none, true),
                                             (.hidden, .url(landingURL, useWebView: false), true), (.visible, .none, false)] {
            var a = BrazeInAppMessageUI.SlideupView.Attributes()
            a.chevronVisibility = visibility
            let view = BrazeInAppMessageUI.SlideupView(message: .init(data: .init(clickAction: action)), attributes: a)
            XCTAssertEqual(view.chevronView.isHidden, hidden, "\(visibility)")
        }
        XCTAssertEqual(slideupView.theme, lightTheme)
        XCTAssertEqual(slideupView.contentView.backgroundColor, lightTheme.backgroundColor.uiColor, "the card carries the background")

        // Modal: graphic, buttons in their container, close button, frame colour.
        let modalView = BrazeInAppMessageUI.ModalView(message: .init(graphic: .image(imageURL), header: "H", buttons: twoButtons,
                                                                     themes: bothThemes))
        XCTAssertEqual(modalView.graphicView?.accessibilityIdentifier, imageURL.absoluteString)
        XCTAssertNotNil(modalView.buttonsContainer)
        XCTAssertEqual(modalView.buttons.map(\.button.text), ["Cancel", "OK"])
        XCTAssertEqual(modalView.closeButton.accessibilityIdentifier, "✕")
        XCTAssertNil(BrazeInAppMessageUI.ModalView(message: .init()).buttonsContainer)
        XCTAssertEqual(modalView.theme, lightTheme)
        XCTAssertEqual(modalView.closeButton.backgroundColor, lightTheme.closeButtonColor.uiColor)

        let modalImageView = BrazeInAppMessageUI.ModalImageView(message: .init(imageURL: imageURL, buttons: twoButtons, themes: bothThemes))
        XCTAssertEqual(modalImageView.imageView.accessibilityIdentifier, imageURL.absoluteString)
        XCTAssertNotNil(modalImageView.buttonsContainer)
        XCTAssertEqual(modalImageView.buttons.map(\.button.id), [0, 1])
        XCTAssertEqual(modalImageView.closeButton.accessibilityIdentifier, "✕")
        XCTAssertNil(BrazeInAppMessageUI.ModalImageView(message: .init(imageURL: imageURL)).buttonsContainer)
        XCTAssertEqual(modalImageView.theme, lightTheme)

        let fullView = BrazeInAppMessageUI.FullView(message: .init(imageURL: imageURL, themes: bothThemes))
        XCTAssertEqual(fullView.imageView?.accessibilityIdentifier, imageURL.absoluteString)

        // applyTheme re-reads the appearance.
        harness.setAppearance(.dark)
        for view in [slideupView, modalView, modalImageView, fullView] as [any InAppMessageView] {
            switch view {
            case let v as BrazeInAppMessageUI.SlideupView: v.applyTheme(); XCTAssertEqual(v.contentView.backgroundColor, darkTheme.backgroundColor.uiColor)
            case let v as BrazeInAppMessageUI.ModalView: v.applyTheme(); XCTAssertEqual(v.backgroundColor, darkTheme.frameColor.uiColor)
            case let v as BrazeInAppMessageUI.ModalImageView: v.applyTheme(); XCTAssertEqual(v.backgroundColor, darkTheme.frameColor.uiColor)
            default: XCTFail("unexpected view")
            }
        }
        XCTAssertEqual(slideupView.theme, darkTheme)
        XCTAssertEqual(modalView.theme, darkTheme)
        XCTAssertEqual(modalImageView.theme, darkTheme)
        XCTAssertEqual(modalImageView.closeButton.backgroundColor, darkTheme.closeButtonColor.uiColor)
        XCTAssertEqual(modalView.buttons.map(\.theme), [darkButton, darkButton])
    }

    func test_ui_fullViewsDisplayModeFollowsSizeClassesUnlessPreferred() {
        for tablet in [false, true] {
            let harness = Harness(device: DeviceState(isTablet: tablet))
            let expected: BrazeInAppMessageUI.FullView.DisplayMode = tablet ? .modal : .full
            let fullView = BrazeInAppMessageUI.FullView(message: .init(imageURL: imageURL))
            let fullImageView = BrazeInAppMessageUI.FullImageView(message: .init(imageURL: imageURL))
            XCTAssertEqual(fullView.displayMode, expected)
            XCTAssertEqual(fullImageView.displayMode == .modal, tablet)
            XCTAssertNil(fullView.preferredDisplayMode)
            XCTAssertNil(fullImageView.preferredDisplayMode)
            fullView.preferredDisplayMode = tablet ? .full : .modal
            fullImageView.preferredDisplayMode = tablet ? .full : .modal
            XCTAssertEqual(fullView.displayMode, tablet ? .full : .modal)
            XCTAssertEqual(fullImageView.displayMode, tablet ? .full : .modal)
            var attributes = BrazeInAppMessageUI.FullImageView.Attributes()
            attributes.preferredDisplayMode = .full
            let preferred = BrazeInAppMessageUI.FullImageView(message: .init(imageURL: imageURL), attributes: attributes)
            XCTAssertEqual(preferred.preferredDisplayMode, .full)
            XCTAssertEqual(preferred.displayMode, .full)
            preferred.present(completion: nil)
            XCTAssertEqual(preferred.prefersStatusBarHidden, true, "full mode hides the status bar")
            _ = harness
        }
        XCTAssertNotEqual(BrazeInAppMessageUI.FullView.DisplayMode.modal, .full)
        XCTAssertNotEqual(BrazeInAppMessageUI.FullImageView.DisplayMode.modal, .full)
    }

    func test_ui_customViewFollowingTheContractDrivesTheDelegateAndLogsThroughTheContext() throws {
        final class CustomMessageView: UIView, InAppMessageView {
            private(set) var presented = false
            func present(completion: (() -> Void)?) {
                willPresent(); presented = true; logImpression(); completion?(); didPresent()
            }
            func dismiss(completion: (() -> Void)?) {
                willDismiss(); presented = false; completion?(); didDismiss()
            }
        }
        let b = Bench()
        let delegate = RecordingDelegate()
        let custom = CustomMessageView()
        delegate.prepare = { $0.customView = custom }
        b.ui.delegate = delegate
        b.deliver(modal(), id: "c")
        XCTAssertTrue(b.ui.messageView === custom)
        XCTAssertTrue(custom.presented)
        custom.logClick(buttonId: "7")
        custom.logClick()
        XCTAssertEqual(b.trace.events(for: "c").filter { $0.name == "click" }.map { $0.details["buttonId"] }, ["7", nil])
        custom.process(clickAction: .url(landingURL, useWebView: true), buttonId: "1", target: nil)
        XCTAssertEqual(delegate.processed.last?.1, "1")
        XCTAssertEqual(b.navigations("c").map(\.name), ["openURLInWebView"])
        custom.logError(.noWindowScene)
        XCTAssertEqual(b.errors("c"), ["noWindowScene"])
        b.ui.dismiss()
        XCTAssertFalse(custom.presented)
        XCTAssertEqual(b.lifecycle("c"), [
            "callback.inAppMessage(_:displayChoiceForMessage:)", "callback.inAppMessage(_:prepareWith:)",
            "callback.inAppMessage(_:willPresent:view:)", "analytics.impression", "callback.inAppMessage(_:didPresent:view:)",
            "analytics.click", "analytics.click", "callback.inAppMessage(_:shouldProcess:buttonId:message:view:)",
            "callback.inAppMessage(_:willDismiss:view:)", "callback.inAppMessage(_:didDismiss:view:)",
        ])
    }

    // MARK: BrazeUI: mocks

    func test_ui_everyMockIsPresentableAndKeepsItsDistinguishingTraits() {
        let slideups: [IAM.Slideup] = [.mock, .mockText, .mockShortText, .mockChevron, .mockIcon, .mockImage, .mockShort, .mockLong,
                                       .mockThemed, .mockTop, .mockImageEmptyAltText]
        let modals: [IAM.Modal] = [.mock, .mockOneButton, .mockTwoButtons, .mockOneButtonWithLongText, .mockTwoButtonWithLongText,
                                   .mockIcon, .mockImage, .mockImageWrongAspectRatio, .mockLeadingAligned, .mockLong,
                                   .mockTallCharacters, .mockThemed, .mockImageEmptyAltText]
        let modalImages: [IAM.ModalImage] = [.mock, .mockLargeImage, .mockExtraLargeImage, .mockNoButtons, .mockOneButton,
                                             .mockThemed, .mockEmptyAltText]
        let fulls: [IAM.Full] = [.mock, .mockOneButton, .mockTwoButtons, .mockLandscape, .mockLandscapeOneButton,
                                 .mockLandscapeTwoButtons, .mockForcedLandscape, .mockForcedPortrait, .mockLeadingAligned, .mockLong,
                                 .mockTallCharacters, .mockThemed, .mockEmptyAltText]
        let fullImages: [IAM.FullImage] = [.mock, .mockOneButton, .mockTwoButtons, .mockLandscape, .mockLandscapeOneButton,
                                           .mockLandscapeTwoButtons, .mockMinRecommendedSize, .mockRecommendedSize,
                                           .mockNonRecommendedSize, .mockThemed, .mockEmptyAltText]
        let all: [IAM] = slideups.map { .slideup($0) } + modals.map { .modal($0) } + modalImages.map { .modalImage($0) }
            + fulls.map { .full($0) } + fullImages.map { .fullImage($0) } + [.html(.mock)]
        XCTAssertEqual(all.count, 56)
        let b = Bench()
        for (index, message) in all.enumerated() {
            b.harness.rotate(to: message.orientation == .landscape ? .landscapeLeft : .portrait)
            b.ui.present(message: message)
            XCTAssertNotNil(b.ui.messageView, "mock #\(index): \(message)")
            b.ui.dismiss()
        }
        // Distinguishing traits.
        XCTAssertEqual(IAM.Slideup.mockTop.slideFrom, .top)
        XCTAssertEqual(IAM.Slideup.mockShort.clickAction, .none)
        XCTAssertEqual(IAM.Slideup.mockImageEmptyAltText.imageAltText, "")
        XCTAssertNotNil(IAM.Slideup.mockThemed.themes.dark)
        XCTAssertEqual(IAM.Modal.mockOneButton.buttons.count, 1)
        XCTAssertEqual(IAM.Modal.mockLeadingAligned.headerTextAlignment, .leading)
        XCTAssertEqual(IAM.ModalImage.mockNoButtons.buttons.count, 0)
        XCTAssertEqual(IAM.Full.mockForcedPortrait.orientation, .portrait)
        XCTAssertEqual(IAM.FullImage.mockEmptyAltText.imageAltText, "")
        XCTAssertNotNil(IAM.Html.mock.message.range(of: "abButtonId=0"))
        XCTAssertEqual(IAM.Data.mock.orientation, .any)
        XCTAssertEqual(IAM.Data.mockForcedLandscape.orientation, .landscape)
        XCTAssertEqual(IAM.Data.mockForcedPortrait.orientation, .portrait)
        XCTAssertEqual(IAM.Data.mockNoClickAction.clickAction, .none)
        XCTAssertEqual(IAM.Data.mock.clickAction, .mock)
        XCTAssertEqual(IAM.ClickAction.mock.url?.host, "www.braze.com")
    }
}

// `DisplayChoice.later` is deprecated (renamed `reenqueue`); reaching it through a protocol requirement it
// witnesses exercises the real member without a deprecation warning in the test build.
private protocol LaterChoiceProviding { static var later: Self { get } }
extension BrazeInAppMessageUI.DisplayChoice: LaterChoiceProviding {}
private func deprecatedLaterChoice<T: LaterChoiceProviding>() -> T { T.later }
