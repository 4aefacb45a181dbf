import XCTest
import Foundation
import InAppCore
import InAppTestSupport
@testable import AEPServices
@testable import AEPMessaging
#if canImport(UIKit)
import UIKit
#endif

/// adobe.md §2.5–2.6, §5 J (settings from JSON) and K (layout math).
final class SettingsAndLayoutTests: AdobeTestCase {

    // MARK: MessageSettings builder and colours (§2.5)

    func test_settingsStartNilAndSettersCoerceAsDocumented() {
        let parent = NSObject()
        let s = MessageSettings(parent: parent)
        XCTAssertTrue(s.parent as AnyObject === parent)
        XCTAssertNil(MessageSettings().parent)
        XCTAssertNil(s.width); XCTAssertNil(s.verticalAlign); XCTAssertNil(s.uiTakeover); XCTAssertNil(s.displayAnimation)
        s.setVerticalAlign(nil).setHorizontalAlign(nil).setUiTakeover(nil).setFitToContent(nil)
            .setDisplayAnimation(nil).setDismissAnimation(nil)
            .setWidth(nil).setHeight(nil).setVerticalInset(nil).setHorizontalInset(nil).setCornerRadius(nil).setGestures(nil)
        XCTAssertEqual(s.verticalAlign, .center)
        XCTAssertEqual(s.horizontalAlign, .center)
        XCTAssertEqual(s.uiTakeover, false)
        XCTAssertEqual(s.fitToContent, false)
        XCTAssertEqual(s.displayAnimation, MessageAnimation.none)
        XCTAssertEqual(s.dismissAnimation, MessageAnimation.none)
        XCTAssertNil(s.width); XCTAssertNil(s.height); XCTAssertNil(s.verticalInset); XCTAssertNil(s.horizontalInset)
        XCTAssertNil(s.cornerRadius); XCTAssertNil(s.gestures)
        let chained = s.setWidth(80).setMaxWidth(552).setCornerRadius(15)
        XCTAssertTrue(chained === s)
        XCTAssertEqual(s.width, 80); XCTAssertEqual(s.maxWidth, 552); XCTAssertEqual(s.cornerRadius, 15)
    }

    func test_getBackgroundColorRules() {
        let s = MessageSettings()
        XCTAssertEqual(s.getBackgroundColor(), UIColor(red: 1, green: 1, blue: 1, alpha: 0), "no colour: white, alpha 0")
        s.setBackdropColor("FF0000")
        XCTAssertEqual(s.getBackgroundColor(), UIColor(red: 1, green: 0, blue: 0, alpha: 0))
        s.setBackdropOpacity(0.5)
        XCTAssertEqual(s.getBackgroundColor().alpha, 0.5)
        XCTAssertEqual(s.getBackgroundColor(opacity: 0.2).alpha, 0.2, "the argument wins")
        s.setBackdropColor("#FF0000")
        XCTAssertEqual(s.getBackgroundColor(), UIColor(red: 0, green: 0, blue: 0, alpha: 0.5), "a leading # scans as 0: black")
        s.setBackdropColor("0000FF")
        XCTAssertEqual(s.getBackgroundColor(), UIColor(red: 0, green: 0, blue: 1, alpha: 0.5))
    }

    func test_enumRawValuesAndFromString() {
        XCTAssertEqual([MessageAlignment.center, .left, .right, .top, .bottom].map(\.rawValue), [0, 1, 2, 3, 4])
        XCTAssertEqual(["center", "left", "right", "top", "bottom", "Left", "x"].map(MessageAlignment.fromString),
                       [.center, .left, .right, .top, .bottom, .center, .center])
        XCTAssertEqual([MessageAnimation.none, .left, .right, .top, .bottom, .center, .fade].map(\.rawValue), [0, 1, 2, 3, 4, 5, 6])
        XCTAssertEqual(["none", "left", "right", "top", "bottom", "center", "fade", "FADE"].map(MessageAnimation.fromString),
                       [MessageAnimation.none, .left, .right, .top, .bottom, .center, .fade, MessageAnimation.none])
        XCTAssertEqual([MessageGesture.swipeUp, .swipeDown, .swipeLeft, .swipeRight, .tapBackground].map(\.rawValue), [0, 1, 2, 3, 4])
        XCTAssertEqual(["swipeUp", "swipeDown", "swipeLeft", "swipeRight", "tapBackground", "swipeup"].map(MessageGesture.fromString),
                       [.swipeUp, .swipeDown, .swipeLeft, .swipeRight, .tapBackground, nil])
    }

    // MARK: J. Settings from mobileParameters

    func test_F39_noMobileParametersGivesBareSettings() throws {
        let message = try makeMessage()
        let s = try XCTUnwrap(message.fullscreenMessage?.settings)
        XCTAssertTrue(s.parent as? Message === message)
        XCTAssertNil(s.uiTakeover); XCTAssertNil(s.verticalAlign); XCTAssertNil(s.displayAnimation); XCTAssertNil(s.width)
        XCTAssertEqual(s.getBackgroundColor(), UIColor(red: 1, green: 1, blue: 1, alpha: 0))
    }

    func test_F40_mobileParametersHappyPath() throws {
        let parameters = """
        {"schemaVersion": "1.0", "width": 80, "maxWidth": 552, "height": 50, "verticalAlign": "top", "verticalInset": 0,
         "horizontalAlign": "center", "horizontalInset": 0, "uiTakeover": true, "fitToContent": true,
         "displayAnimation": "top", "dismissAnimation": "top", "backdropColor": "000000", "backdropOpacity": 0.3,
         "cornerRadius": 15,
         "gestures": {"swipeUp": "adbinapp://dismiss?interaction=swipeUp", "swipeDown": "adbinapp://dismiss?interaction=swipeDown",
                      "swipeLeft": "adbinapp://dismiss?interaction=swipeLeft", "swipeRight": "adbinapp://dismiss?interaction=swipeRight",
                      "tapBackground": "adbinapp://dismiss?interaction=tapBackground"}}
        """
        let s = try XCTUnwrap(makeMessage(mobileParameters: parameters).fullscreenMessage?.settings)
        XCTAssertEqual(s.width, 80); XCTAssertEqual(s.maxWidth, 552); XCTAssertEqual(s.height, 50)
        XCTAssertEqual(s.verticalAlign, .top); XCTAssertEqual(s.verticalInset, 0)
        XCTAssertEqual(s.horizontalAlign, .center); XCTAssertEqual(s.horizontalInset, 0)
        XCTAssertEqual(s.uiTakeover, true); XCTAssertEqual(s.fitToContent, true)
        XCTAssertEqual(s.displayAnimation, .top); XCTAssertEqual(s.dismissAnimation, .top)
        XCTAssertEqual(s.cornerRadius, 15)
        XCTAssertEqual(s.getBackgroundColor(), UIColor(red: 0, green: 0, blue: 0, alpha: 0.3))
        XCTAssertEqual(s.gestures?.count, 5)
        XCTAssertEqual(s.gestures?[.tapBackground]?.absoluteString, "adbinapp://dismiss?interaction=tapBackground")
    }

    func test_F40_omittedKeysTakeTheAJODefaults() throws {
        let s = try XCTUnwrap(makeMessage(mobileParameters: #"{"cornerRadius": 15.5, "width": "wide", "gestures": {"nope": "x"}}"#)
            .fullscreenMessage?.settings)
        XCTAssertEqual(s.verticalAlign, .center); XCTAssertEqual(s.horizontalAlign, .center)
        XCTAssertEqual(s.uiTakeover, true, "missing uiTakeover is true")
        XCTAssertEqual(s.fitToContent, false)
        XCTAssertEqual(s.displayAnimation, MessageAnimation.none); XCTAssertEqual(s.dismissAnimation, MessageAnimation.none)
        XCTAssertNil(s.cornerRadius, "a fractional corner radius is ignored")
        XCTAssertNil(s.width, "wrong type is ignored")
        XCTAssertEqual(s.gestures?.count, 0, "a present map can be empty")
        XCTAssertNil(s.maxWidth); XCTAssertNil(s.verticalInset)
    }

    // MARK: K. Layout

    private func frames(_ parameters: String, statusBar: Double = 0) throws -> FullscreenMessage.Frames {
        harness.device.update { $0.statusBarHeight = statusBar }
        return try XCTUnwrap(makeMessage(mobileParameters: parameters).fullscreenMessage).frames()
    }

    func test_F42_sizeFromPercentagesMaxWidthAndBottomUsesFullHeight() throws {
        let f = try frames(#"{"width": 80, "height": 50, "maxWidth": 200}"#, statusBar: 44)
        XCTAssertEqual(f.visible.size, CGSize(width: 200, height: (844 - 44) * 0.5))
        let bottom = try frames(#"{"height": 50, "verticalAlign": "bottom"}"#, statusBar: 44)
        XCTAssertEqual(bottom.visible.height, 844 * 0.5, "bottom alignment uses the full height")
        let bare = try XCTUnwrap(makeMessage(itemId: "bare").fullscreenMessage).frames()
        XCTAssertEqual(bare.visible, CGRect(x: 0, y: 44, width: 390, height: 800), "no settings: full screen below the status bar")
    }

    func test_F43_originX() throws {
        XCTAssertEqual(try frames(#"{"width": 80, "horizontalAlign": "left", "horizontalInset": 5}"#).visible.minX, 390 * 0.05)
        XCTAssertEqual(try frames(#"{"width": 80, "horizontalAlign": "left"}"#).visible.minX, 0)
        XCTAssertEqual(try frames(#"{"width": 80, "horizontalAlign": "right", "horizontalInset": 5}"#).visible.minX,
                       390 - 312 - 390 * 0.05, accuracy: 0.0001)
        XCTAssertEqual(try frames(#"{"width": 80, "horizontalAlign": "right"}"#).visible.minX, 390 - 312, accuracy: 0.0001)
        XCTAssertEqual(try frames(#"{"width": 80, "horizontalInset": 5}"#).visible.minX, (390 - 312) / 2, accuracy: 0.0001,
                       "centre ignores the inset")
    }

    func test_F44_originY() throws {
        XCTAssertEqual(try frames(#"{"height": 20, "verticalAlign": "top", "verticalInset": 5}"#).visible.minY, 844 * 0.05, accuracy: 0.0001)
        XCTAssertEqual(try frames(#"{"height": 20, "verticalAlign": "top", "verticalInset": 5}"#, statusBar: 20).visible.minY,
                       824 * 0.05 + 20, accuracy: 0.0001)
        XCTAssertEqual(try frames(#"{"height": 20, "verticalAlign": "bottom", "verticalInset": 5}"#).visible.minY,
                       844 - 844 * 0.2 - 844 * 0.05, accuracy: 0.0001)
        XCTAssertEqual(try frames(#"{"height": 20, "verticalAlign": "bottom"}"#).visible.minY, 844 - 844 * 0.2, accuracy: 0.0001)
        XCTAssertEqual(try frames(#"{"height": 20}"#, statusBar: 20).visible.minY, (824 - 824 * 0.2) / 2 + 20, accuracy: 0.0001)
    }

    func test_F45_offscreenFramesFollowTheAnimations() throws {
        let top = try frames(#"{"height": 20, "verticalAlign": "top", "verticalInset": 5, "displayAnimation": "top", "dismissAnimation": "bottom"}"#)
        XCTAssertEqual(top.beforeShow.minY, -(top.visible.height + top.visible.minY), accuracy: 0.0001)
        XCTAssertEqual(top.afterDismiss.minY, 844)
        let sides = try frames(#"{"width": 80, "horizontalAlign": "right", "horizontalInset": 5, "displayAnimation": "right", "dismissAnimation": "left"}"#)
        XCTAssertEqual(sides.beforeShow.minX, 390)
        XCTAssertEqual(sides.afterDismiss.minX, -(390 + sides.visible.minX), accuracy: 0.0001)
        let centre = try frames(#"{"displayAnimation": "center", "dismissAnimation": "fade"}"#)
        XCTAssertEqual(centre.beforeShow, CGRect(x: 195, y: 422, width: 0, height: 0))
        XCTAssertEqual(centre.afterDismiss, centre.visible)
    }

    func test_F45_shownMessageSitsAtItsVisibleFrame() throws {
        let message = try makeMessage(mobileParameters: #"{"width": 80, "height": 20, "verticalAlign": "bottom", "uiTakeover": false}"#)
        showAndSettle(message)
        XCTAssertEqual(message.view?.frame, CGRect(x: 39, y: 844 - 168.8, width: 312, height: 168.8))
    }

    func test_F46_webViewIsTransparentNonBouncingAndReframesOnRotation() throws {
        let message = try makeMessage(mobileParameters: #"{"width": 50, "height": 50, "cornerRadius": 15}"#)
        showAndSettle(message)
        let view = try XCTUnwrap(webView(of: message))
        XCTAssertFalse(view.isOpaque)
        XCTAssertFalse(view.scrollView.bounces)
        XCTAssertTrue(view.scrollView.isScrollEnabled, "no gestures: scrolling stays on")
        XCTAssertTrue(view.configuration.allowsInlineMediaPlayback)
        XCTAssertEqual(message.fullscreenMessage?.settings?.cornerRadius, 15)
        XCTAssertEqual(view.frame.size, CGSize(width: 195, height: 422))
        harness.rotate(to: .landscapeLeft)
        XCTAssertEqual(view.frame.size, CGSize(width: 422, height: 195))
        XCTAssertEqual(view.superview?.frame.size, CGSize(width: 844, height: 390), "backdrop follows the window")
    }
}
