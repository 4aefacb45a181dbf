// Text attributes and measurement, the device, accessibility, haptics, app notifications and animators.
import XCTest
import UIKit

final class DeviceAndTextTests: XCTestCase {
    func testAttributedTextKeysParagraphStylesAndEstimatedSizes() {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        style.lineSpacing = 4
        let copy = style.copy() as! NSParagraphStyle
        style.alignment = .left
        XCTAssertEqual(copy.alignment, .center, "copies are independent")
        let font = UIFont.systemFont(ofSize: 20)
        let text = NSAttributedString(string: "Hello", attributes: [.font: font, .foregroundColor: UIColor.red, .paragraphStyle: copy])
        XCTAssertEqual(text.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor, .red)
        XCTAssertEqual(text.size(), "Hello".size(withAttributes: [.font: font]))
        XCTAssertEqual("Hello".size(withAttributes: [.font: font]).height, font.lineHeight)
        let wrapped = String(repeating: "word ", count: 40).boundingRect(with: CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude),
                                                                        options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        XCTAssertLessThanOrEqual(wrapped.width, 100)
        XCTAssertGreaterThan(wrapped.height, 5 * font.lineHeight, "long text wraps onto more lines")
        let label = UILabel()
        label.text = String(repeating: "x", count: 100)
        label.numberOfLines = 2
        label.preferredMaxLayoutWidth = 50
        XCTAssertEqual(label.intrinsicContentSize.height, 2 * label.font.lineHeight, "numberOfLines caps the lines")
        XCTAssertTrue(NSUnderlineStyle.double.contains(.single))
    }

    func testDeviceAccessibilityAndHaptics() {
        let device = UIDevice()
        XCTAssertEqual(device.userInterfaceIdiom, .phone)
        device.userInterfaceIdiom = .pad
        XCTAssertEqual(device.model, "iPad")
        final class Counter: @unchecked Sendable { var value = 0; var names: [Notification.Name] = [] }
        let rotations = Counter()
        let token = NotificationCenter.default.addObserver(forName: UIDevice.orientationDidChangeNotification, object: device,
                                                           queue: nil) { _ in rotations.value += 1 }
        defer { NotificationCenter.default.removeObserver(token) }
        device.orientation = .landscapeLeft
        device.orientation = .landscapeLeft
        XCTAssertEqual(rotations.value, 1, "only a change posts")
        XCTAssertTrue(device.orientation.isLandscape)

        UIAccessibility.resetPostedNotifications()
        UIAccessibility.isVoiceOverRunning = true
        defer { UIAccessibility.isVoiceOverRunning = false }
        if UIAccessibility.isVoiceOverRunning {
            UIAccessibility.post(notification: .announcement, argument: "New message")
        }
        XCTAssertEqual(UIAccessibility.postedNotifications.map(\.argument), ["New message"])

        let impact = UIImpactFeedbackGenerator(style: .light)
        impact.prepare(); impact.impactOccurred()
        XCTAssertEqual(impact.impacts, 1)
        let notice = UINotificationFeedbackGenerator()
        notice.notificationOccurred(.success)
        XCTAssertEqual(notice.notified, [.success])
        let selection = UISelectionFeedbackGenerator()
        selection.selectionChanged()
        XCTAssertEqual(selection.changes, 1)
    }

    func testAppStateNotificationsAnimatorsAndSafeArea() {
        let app = UIApplication()
        final class Names: @unchecked Sendable { var list: [Notification.Name] = [] }
        let names = Names()
        let observers = [UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
                         UIApplication.willEnterForegroundNotification, UIApplication.didBecomeActiveNotification].map { name in
            NotificationCenter.default.addObserver(forName: name, object: app, queue: nil) { names.list.append($0.name) }
        }
        defer { observers.forEach { NotificationCenter.default.removeObserver($0) } }
        app.applicationState = .background
        app.applicationState = .active
        XCTAssertEqual(names.list, [UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
                               UIApplication.willEnterForegroundNotification, UIApplication.didBecomeActiveNotification])

        let view = UIView()
        var steps: [String] = []
        let animator = UIViewPropertyAnimator(duration: 0.3, curve: .easeOut) { view.alpha = 0; steps.append("animate") }
        animator.addCompletion { steps.append("done \($0 == .end)") }
        animator.startAnimation()
        XCTAssertEqual(steps, ["animate", "done true"])
        XCTAssertEqual(view.alpha, 0)
        XCTAssertEqual(UIView.AnimationCurve(rawValue: 3), .linear)
        XCTAssertEqual(UIResponder.keyboardFrameEndUserInfoKey, "UIKeyboardFrameEndUserInfoKey")

        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.simulateSafeAreaInsets(UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        let banner = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 100))
        let middle = UIView(frame: CGRect(x: 0, y: 300, width: 390, height: 100))
        window.addSubview(banner); window.addSubview(middle)
        XCTAssertEqual(banner.safeAreaInsets, UIEdgeInsets(top: 47, left: 0, bottom: 0, right: 0), "a view under the status bar")
        XCTAssertEqual(middle.safeAreaInsets, .zero)
    }
}
