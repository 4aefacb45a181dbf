import XCTest
import BrazeKit
import BrazeUI
import InAppTestSupport
#if canImport(UIKit)
import UIKit
#endif

// Subclasses of each stock view, written the way integration code customizes upstream's views: override the
// apply/present/dismiss hooks, call super, add subviews and move gestures. Each test presents the subclass
// through `PresentationContext.customView` and checks its overrides run at init, on presentation, on a theme
// change and on dismissal.

final class RecordingSlideup: BrazeInAppMessageUI.SlideupView {
    var calls: [String] = []
    override func applyTheme() { super.applyTheme(); calls.append("theme") }
    override func applyAttributes() { super.applyAttributes(); calls.append("attributes") }
    override func present(completion: (() -> Void)? = nil) { calls.append("present"); super.present(completion: completion) }
    override func dismiss(completion: (() -> Void)? = nil) { calls.append("dismiss"); super.dismiss(completion: completion) }
}

final class RecordingModal: BrazeInAppMessageUI.ModalView {
    var calls: [String] = []
    override func applyTheme() { super.applyTheme(); calls.append("theme") }
    override func applyAttributes() { super.applyAttributes(); calls.append("attributes") }
    override func present(completion: (() -> Void)? = nil) { calls.append("present"); super.present(completion: completion) }
    override func dismiss(completion: (() -> Void)? = nil) { calls.append("dismiss"); super.dismiss(completion: completion) }
}

final class RecordingModalImage: BrazeInAppMessageUI.ModalImageView {
    var calls: [String] = []
    override func applyTheme() { super.applyTheme(); calls.append("theme") }
    override func applyAttributes() { super.applyAttributes(); calls.append("attributes") }
    override func present(completion: (() -> Void)? = nil) { calls.append("present"); super.present(completion: completion) }
    override func dismiss(completion: (() -> Void)? = nil) { calls.append("dismiss"); super.dismiss(completion: completion) }
}

final class RecordingFull: BrazeInAppMessageUI.FullView {
    var calls: [String] = []
    override func applyTheme() { super.applyTheme(); calls.append("theme") }
    override func applyAttributes() { super.applyAttributes(); calls.append("attributes") }
    override func present(completion: (() -> Void)? = nil) { calls.append("present"); super.present(completion: completion) }
    override func dismiss(completion: (() -> Void)? = nil) { calls.append("dismiss"); super.dismiss(completion: completion) }
}

final class RecordingFullImage: BrazeInAppMessageUI.FullImageView {
    var calls: [String] = []
    override func applyTheme() { super.applyTheme(); calls.append("theme") }
    override func applyAttributes() { super.applyAttributes(); calls.append("attributes") }
    override func present(completion: (() -> Void)? = nil) { calls.append("present"); super.present(completion: completion) }
    override func dismiss(completion: (() -> Void)? = nil) { calls.append("dismiss"); super.dismiss(completion: completion) }
}

final class RecordingHtml: BrazeInAppMessageUI.HtmlView {
    var calls: [String] = []
    override func present(completion: (() -> Void)? = nil) { calls.append("present"); super.present(completion: completion) }
    override func dismiss(completion: (() -> Void)? = nil) { calls.append("dismiss"); super.dismiss(completion: completion) }
}

/// A full-width slideup in the style of integration code: its own shadowed background behind the card,
/// the gestures moved onto it, hit-testing through it.
final class WideSlideup: BrazeInAppMessageUI.SlideupView {
    static let wideAttributes: Attributes = {
        var attributes = Attributes.defaults
        attributes.maxWidth = 720
        attributes.padding = UIEdgeInsets(top: 6, left: 10, bottom: 6, right: 10)
        attributes.cornerRadius = 12
        return attributes
    }()
    let backgroundView = ShadowView(.inAppMessage)
    var pointInsideCalls = 0

    init(message: Braze.InAppMessage.Slideup, attributes: Attributes = WideSlideup.wideAttributes) {
        super.init(message: message, attributes: attributes)
        shadowView.isHidden = true
        insertSubview(backgroundView, belowSubview: shadowView)
        backgroundView.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            backgroundView.topAnchor.constraint(equalTo: topAnchor),
            backgroundView.leadingAnchor.constraint(equalTo: leadingAnchor),
            backgroundView.trailingAnchor.constraint(equalTo: trailingAnchor),
            backgroundView.heightAnchor.constraint(equalToConstant: 100),
        ])
        contentView.isUserInteractionEnabled = false
        contentView.removeGestureRecognizer(pressGesture)
        contentView.removeGestureRecognizer(panGesture)
        backgroundView.addGestureRecognizer(pressGesture)
        backgroundView.addGestureRecognizer(panGesture)
        if #available(iOS 17.0, *) {
            contentView.hoverStyle = nil
            backgroundView.hoverStyle = UIHoverStyle(shape: .rect(cornerRadius: attributes.cornerRadius))
        }
        applyTheme()
        applyAttributes()
    }

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        pointInsideCalls += 1
        return backgroundView.point(inside: convert(point, to: backgroundView), with: event)
    }

    override func applyAttributes() {
        super.applyAttributes()
        backgroundView.shadow = attributes.shadow
        backgroundView.layer.cornerRadius = attributes.cornerRadius
        backgroundView.layer.cornerCurve = attributes.cornerCurve
        contentView.backgroundColor = .clear
    }

    override func applyTheme() {
        super.applyTheme()
        backgroundView.backgroundColor = message.theme(for: traitCollection).backgroundColor.uiColor
    }
}

/// A slideup that only clicks through a confirm button (press gesture off, button in the content stack).
final class ConfirmSlideup: BrazeInAppMessageUI.SlideupView {
    let confirmButton = UIButton(type: .custom)

    init(message: Braze.InAppMessage.Slideup) {
        var attributes = Attributes.defaults
        attributes.chevronVisibility = .hidden
        attributes.dismissible = false
        super.init(message: message, attributes: attributes)
        pressGesture.isEnabled = false
        confirmButton.setTitle("✓", for: .normal)
        confirmButton.addAction(UIAction { [unowned self] _ in
            self.logClick()
            self.process(clickAction: self.message.clickAction)
            self.dismiss()
        }, for: .touchUpInside)
        contentView.stack.addArrangedSubview(confirmButton)
    }
}

final class ViewSubclassTests: XCTestCase {
    private func present(_ view: any InAppMessageView, message: Braze.InAppMessage, id: String, bench b: Bench)
        -> RecordingDelegate {
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        delegate.prepare = { $0.customView = view }
        b.deliver(message, id: id)
        return delegate
    }

    /// Init themes then lays out; presenting calls present; a dark switch re-themes; dismissing calls dismiss.
    private func checkLifecycle(_ view: any InAppMessageView, calls: () -> [String], message: Braze.InAppMessage,
                                themed: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
        let b = Bench(device: DeviceState(appearance: .light))
        if themed { XCTAssertEqual(calls(), ["theme", "attributes"], "init", file: file, line: line) }
        let delegate = present(view, message: message, id: "m", bench: b)
        XCTAssertTrue(b.ui.messageView === view, file: file, line: line)
        XCTAssertTrue(view.presented, file: file, line: line)
        XCTAssertEqual(calls().last, "present", file: file, line: line)
        XCTAssertTrue(delegate.calls.contains("didPresent m"), file: file, line: line)
        if themed {
            let before = calls().filter { $0 == "theme" }.count
            b.harness.setAppearance(.dark)
            XCTAssertEqual(calls().filter { $0 == "theme" }.count, before + 1, "a dark switch re-themes", file: file, line: line)
        }
        b.ui.dismiss()
        XCTAssertEqual(calls().last, "dismiss", file: file, line: line)
        XCTAssertFalse(view.presented, file: file, line: line)
        XCTAssertTrue(delegate.calls.contains("didDismiss m"), file: file, line: line)
    }

    func test_slideupSubclassOverridesRun() {
        let v = RecordingSlideup(message: .init(message: "hi", themes: bothThemes))
        checkLifecycle(v, calls: { v.calls }, message: slideup())
    }

    func test_modalSubclassOverridesRun() {
        let v = RecordingModal(message: .init(header: "H", message: "M", buttons: twoButtons, themes: bothThemes))
        checkLifecycle(v, calls: { v.calls }, message: modal())
    }

    func test_modalImageSubclassOverridesRun() {
        let v = RecordingModalImage(message: .init(imageURL: imageURL, buttons: twoButtons, themes: bothThemes))
        checkLifecycle(v, calls: { v.calls }, message: modalImage())
    }

    func test_fullSubclassOverridesRun() {
        let v = RecordingFull(message: .init(imageURL: imageURL, header: "H", message: "M", buttons: twoButtons, themes: bothThemes))
        checkLifecycle(v, calls: { v.calls }, message: full())
    }

    func test_fullImageSubclassOverridesRun() {
        let v = RecordingFullImage(message: .init(imageURL: imageURL, buttons: twoButtons, themes: bothThemes))
        checkLifecycle(v, calls: { v.calls }, message: fullImage())
    }

    func test_htmlSubclassOverridesRun() {
        let v = RecordingHtml(message: .init(message: "<p>hi</p>"))
        checkLifecycle(v, calls: { v.calls }, message: html(), themed: false)
    }

    func test_stockSlideupExposesItsPartsAndAttributes() {
        var attributes = BrazeInAppMessageUI.SlideupView.Attributes.defaults
        attributes.font = UIFont(name: "Chalkduster", size: 17)!
        attributes.cornerRadius = 20
        attributes.cornerCurve = .continuous
        attributes.imageSize = CGSize(width: 65, height: 65)
        attributes.shadow = nil
        let v = BrazeInAppMessageUI.SlideupView(message: .init(graphic: .icon("★"), message: "hi", themes: bothThemes),
                                                attributes: attributes)
        XCTAssertEqual(v.messageLabel.font.fontName, "Chalkduster")
        XCTAssertEqual(v.messageLabel.font.pointSize, 17)
        XCTAssertEqual(v.contentView.layer.cornerRadius, 20)
        XCTAssertEqual(v.contentView.layer.cornerCurve, .continuous)
        XCTAssertEqual(v.graphicView?.frame.size, CGSize(width: 65, height: 65))
        XCTAssertNil(v.shadowView.shadow, "attributes.shadow nil removes the shadow")
        XCTAssertEqual(v.shadowView.layer.shadowOpacity, 0)
        XCTAssertEqual(v.contentView.stack.arrangedSubviews.count, 3, "graphic, label, chevron")
        XCTAssertTrue(v.contentView.gestureRecognizers?.contains { $0 === v.panGesture } ?? false)
        XCTAssertTrue(v.contentView.gestureRecognizers?.contains { $0 === v.pressGesture } ?? false)
        XCTAssertEqual(v.pressGesture.minimumPressDuration, 0)
        XCTAssertTrue(v.subviews.first === v.shadowView && v.subviews.last === v.contentView, "shadow behind the card")
        v.attributes.shadow = .inAppMessage
        XCTAssertEqual(v.shadowView.layer.shadowRadius, 4, "setting attributes re-applies them")
    }

    func test_fullWidthSubclassMovesGesturesAndThemesItsBackground() {
        let b = Bench(device: DeviceState(appearance: .light))
        let v = WideSlideup(message: .init(message: "wide", themes: bothThemes))
        XCTAssertTrue(v.shadowView.isHidden)
        let iBackground = v.subviews.firstIndex { $0 === v.backgroundView }, iShadow = v.subviews.firstIndex { $0 === v.shadowView }
        XCTAssertNotNil(iBackground)
        XCTAssertEqual(iBackground.map { $0 + 1 }, iShadow, "inserted right below the shadow view")
        XCTAssertTrue(v.backgroundView.gestureRecognizers?.contains { $0 === v.pressGesture } ?? false)
        XCTAssertTrue(v.pressGesture.view === v.backgroundView)
        XCTAssertNil(v.contentView.gestureRecognizers, "both gestures moved off the card")
        XCTAssertEqual(v.backgroundView.layer.cornerRadius, 12)
        XCTAssertEqual(v.backgroundView.hoverStyle?.shape, .rect(cornerRadius: 12))
        XCTAssertEqual(v.contentView.backgroundColor, .clear)
        XCTAssertEqual(v.backgroundView.backgroundColor, lightTheme.backgroundColor.uiColor)
        XCTAssertEqual(v.attributes.padding, UIEdgeInsets(top: 6, left: 10, bottom: 6, right: 10))

        let delegate = present(v, message: slideup(), id: "wide", bench: b)
        XCTAssertTrue(delegate.calls.contains("didPresent wide"))
        b.harness.setAppearance(.dark)
        XCTAssertEqual(v.backgroundView.backgroundColor, darkTheme.backgroundColor.uiColor, "the override re-themes the background")

        // Hit-testing goes through the override: the background (100 pt tall, full width) takes the touch.
        v.frame = CGRect(x: 0, y: 0, width: 390, height: 120)
        v.layoutIfNeeded()
        XCTAssertEqual(v.backgroundView.frame, CGRect(x: 0, y: 0, width: 390, height: 100))
        XCTAssertNotNil(v.hitTest(CGPoint(x: 5, y: 50), with: nil))
        XCTAssertNil(v.hitTest(CGPoint(x: 5, y: 110), with: nil), "below the background: not ours")
        XCTAssertGreaterThan(v.pointInsideCalls, 0)

        // The moved press gesture still clicks the message.
        XCTAssertTrue(v.pressGesture.simulate([.began, .ended]))
        XCTAssertEqual(b.lifecycle("wide").filter { $0.hasPrefix("analytics.click") }.count, 1, "\(b.lifecycle("wide"))")
    }

    func test_confirmButtonSubclassClicksThroughItsButtonOnly() {
        let b = Bench()
        let v = ConfirmSlideup(message: .init(data: .init(clickAction: .url(landingURL, useWebView: false)), message: "ok?"))
        XCTAssertTrue(v.contentView.stack.arrangedSubviews.last === v.confirmButton)
        XCTAssertTrue(v.chevronView.isHidden)
        let delegate = present(v, message: slideup(), id: "confirm", bench: b)
        XCTAssertFalse(v.pressGesture.simulate([.ended]), "the press gesture is off")
        XCTAssertFalse(v.panGesture.simulatePan(translation: CGPoint(x: 0, y: 200)) && !v.presented, "not dismissible")
        XCTAssertTrue(v.presented)
        v.confirmButton.simulateTap()
        XCTAssertTrue(delegate.calls.contains("shouldProcess confirm nil"), "\(delegate.calls)")
        XCTAssertFalse(v.presented)
        XCTAssertTrue(delegate.calls.contains("didDismiss confirm"))
    }

    func test_presentedViewsLiveInAWindowAndTheSlideupSitsAtItsEdge() throws {
        let b = Bench()
        b.deliver(slideup(), id: "bottom")
        let view = try XCTUnwrap(b.ui.messageView?.slideup)
        let window = try XCTUnwrap(view.window, "presented views are in a window of the screen's size")
        XCTAssertEqual(window.bounds.size, CGSize(width: 390, height: 844))
        XCTAssertTrue(view.presentationConstraintsInstalled)
        XCTAssertEqual(view.frame.maxY, 844, "a bottom slideup sits on the bottom edge")
        XCTAssertEqual(view.frame.width, 390, "as wide as the screen below maxWidth")
        XCTAssertGreaterThanOrEqual(view.frame.height, view.attributes.minHeight)
        XCTAssertEqual(view.contentView.frame, view.bounds.inset(by: view.attributes.margin), "the card sits inside the margins")
        XCTAssertTrue(window.hitTest(CGPoint(x: 195, y: view.frame.midY), with: nil)?.isDescendant(of: view) ?? false)
        b.ui.dismiss()
        XCTAssertNil(view.window, "the window goes with the message")

        var top = BrazeInAppMessageUI.SlideupView.Attributes.defaults
        top.maxWidth = 300
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        delegate.prepare = { $0.attributes?.slideup = top }
        b.deliver(.slideup(.init(message: "Top", slideFrom: .top)), id: "top")
        let topView = try XCTUnwrap(b.ui.messageView?.slideup)
        XCTAssertEqual(topView.frame.minY, 47, "below the status bar")
        XCTAssertEqual(topView.frame, CGRect(x: 45, y: 47, width: 300, height: topView.frame.height), "centred at maxWidth")
        b.ui.dismiss()
        XCTAssertFalse(topView.presented)
        XCTAssertEqual(topView.frame.maxY, 0, "dismissed: just above the top edge")
    }

    func test_modalCardIsCentredFullCoversThePhoneAndTheCloseButtonCloses() throws {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        b.deliver(modal(), id: "modal")
        let view = try XCTUnwrap(b.ui.messageView?.modal)
        XCTAssertEqual(view.frame, CGRect(x: 0, y: 0, width: 390, height: 844), "the backdrop covers the window")
        XCTAssertTrue(view.presentationConstraintsInstalled)
        XCTAssertEqual(view.contentView.frame.width, 350, "window width less the margins, between minWidth and maxWidth")
        XCTAssertEqual(view.contentView.frame.midX, 195)
        XCTAssertEqual(view.contentView.frame.midY, 422)
        view.closeButton.simulateTap()
        XCTAssertNil(b.ui.messageView, "the close button closes")
        XCTAssertTrue(delegate.calls.contains("didDismiss modal"))
        XCTAssertFalse(b.lifecycle("modal").contains("analytics.click"), "closing is not a click")

        b.deliver(full(), id: "full")
        let fullView = try XCTUnwrap(b.ui.messageView?.full)
        XCTAssertEqual(fullView.displayMode, .full)
        XCTAssertEqual(fullView.contentView.frame, fullView.bounds, "full mode covers the phone screen")
        b.ui.dismiss()
    }

    func test_attributesSetInPrepareWithReachTheStockViews() throws {
        let b = Bench()
        let delegate = RecordingDelegate()
        b.ui.delegate = delegate
        delegate.prepare = { context in
            var slide = context.attributes?.slideup
            slide?.font = UIFont(name: "Chalkduster", size: 17)!
            slide?.imageSize = CGSize(width: 65, height: 65)
            slide?.cornerRadius = 20
            slide?.cornerCurve = .continuous
            context.attributes?.slideup = slide
            context.attributes?.modal?.dismissOnBackgroundTap = true
            context.attributes?.modal?.buttonsAttributes.font = UIFont(name: "AmericanTypewriter-Bold", size: 17)!
        }
        b.deliver(.slideup(.init(graphic: .icon("★"), message: "Hi")), id: "s")
        let s = try XCTUnwrap(b.ui.messageView?.slideup)
        XCTAssertEqual(s.messageLabel.font.fontName, "Chalkduster")
        XCTAssertEqual(s.graphicView?.frame.size, CGSize(width: 65, height: 65))
        XCTAssertEqual(s.contentView.layer.cornerRadius, 20)
        XCTAssertEqual(s.contentView.layer.cornerCurve, .continuous)
        b.ui.dismiss()

        b.deliver(modal(), id: "m")
        let m = try XCTUnwrap(b.ui.messageView?.modal)
        XCTAssertEqual(m.attributes.buttonsAttributes.font.fontName, "AmericanTypewriter-Bold")
        XCTAssertEqual(m.buttons.map { $0.titleLabel?.font.fontName }, ["AmericanTypewriter-Bold", "AmericanTypewriter-Bold"])
        XCTAssertEqual(m.buttons.map { $0.currentTitle }, ["Cancel", "OK"])
        XCTAssertEqual(m.buttons[1].currentTitleColor, lightButton.textColor.uiColor)
        XCTAssertTrue(m.tapBackgroundGesture.simulateTap())
        XCTAssertNil(b.ui.messageView, "dismissOnBackgroundTap: a backdrop tap closes the modal")
        XCTAssertTrue(delegate.calls.contains("didDismiss m"))
    }
}
