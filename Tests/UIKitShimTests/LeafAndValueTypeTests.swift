// The rest of the UIKit stand-in's surface: leaf views and controls, alerts and bar items, layers, paths,
// geometry value types, scenes, screens and events.
import XCTest
import UIKit

final class LeafViewTests: XCTestCase {
    func testLeafViewsAndControlsKeepTheirState() {
        let toggle = UISwitch()
        toggle.setOn(true, animated: true)
        XCTAssertTrue(toggle.isOn)
        let field = UITextField()
        var edits = 0
        field.addAction(UIAction { _ in edits += 1 }, for: .editingChanged)
        field.text = "hello"
        XCTAssertEqual(edits, 1, "setting text reports an edit")
        XCTAssertTrue(field.becomeFirstResponder() && field.isFirstResponder)
        let textView = UITextView()
        textView.isEditable = false
        textView.attributedText = NSAttributedString(string: "rich")
        XCTAssertEqual(textView.text, "rich")
        XCTAssertTrue(textView.canBecomeFirstResponder, "selectable text views still take focus")
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 100, height: 400)
        scroll.setContentOffset(CGPoint(x: 0, y: 50), animated: true)
        XCTAssertEqual(scroll.contentOffset.y, 50)
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.startAnimating(); XCTAssertTrue(spinner.isAnimating && !spinner.isHidden)
        spinner.stopAnimating(); XCTAssertTrue(spinner.isHidden, "hidesWhenStopped")
        XCTAssertEqual(spinner.intrinsicContentSize, CGSize(width: 37, height: 37))
        let legacy = UIActivityIndicatorView(style: .gray)
        XCTAssertEqual(legacy.style.rawValue, 2)
        XCTAssertEqual(legacy.color, .gray, "a legacy style implies its tint")
        XCTAssertEqual(legacy.intrinsicContentSize, CGSize(width: 20, height: 20))
        legacy.style = .whiteLarge
        XCTAssertEqual(legacy.color, .white)
        XCTAssertEqual(legacy.intrinsicContentSize.width, 37)
        legacy.color = .red
        XCTAssertEqual(legacy.color, .red, "an explicit color wins over the style's")
        XCTAssertEqual(UIActivityIndicatorView.Style.white.rawValue, 1)
        let blur = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterial))
        XCTAssertTrue(blur.contentView.superview === blur)
        XCTAssertEqual((blur.effect as? UIBlurEffect)?.style, .systemMaterial)
        let label = UILabel()
        label.text = "two\nlines"; label.numberOfLines = 0
        XCTAssertEqual(label.intrinsicContentSize.height, 2 * label.font.lineHeight)
        let image = UIImageView(image: UIImage(size: CGSize(width: 8, height: 4)))
        XCTAssertEqual(image.frame.size, CGSize(width: 8, height: 4))
        label.isAccessibilityElement = true
        label.accessibilityTraits = [.staticText, .header]
        XCTAssertTrue(label.accessibilityTraits.contains(.header))
    }

    func testAlertsAndBarItemsRunTheirHandlers() {
        let root = UIViewController()
        let alert = UIAlertController(title: "Deep link", message: "x", preferredStyle: .alert)
        var chosen: String?
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Open", style: .default) { chosen = $0.title })
        root.present(alert, animated: true)
        XCTAssertTrue(root.presentedViewController === alert)
        alert.simulateTap(actionTitled: "Open")
        XCTAssertEqual(chosen, "Open")
        XCTAssertNil(root.presentedViewController, "choosing an action dismisses the alert")
        var tapped = false
        let item = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { _ in tapped = true })
        root.navigationItem.setRightBarButton(item, animated: false)
        root.navigationItem.rightBarButtonItem?.simulateTap()
        XCTAssertTrue(tapped)
        let legacy = UIBarButtonItem(barButtonSystemItem: .done, target: root, action: Selector("done"))
        XCTAssertEqual(legacy.action, Selector("done"))
        XCTAssertTrue(legacy.target === root)
    }
}

final class LayerAndValueTypeTests: XCTestCase {
    /// Right-to-left-aware cell code asks UIKit which way a view lays out (Braze's customization example does).
    func testLayoutDirectionFollowsTheSemanticAttribute() {
        XCTAssertEqual(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft), .rightToLeft)
        XCTAssertEqual(UIView.userInterfaceLayoutDirection(for: .forceLeftToRight), .leftToRight)
        XCTAssertEqual(UIView.userInterfaceLayoutDirection(for: .playback), .leftToRight)
        XCTAssertEqual(UIView.userInterfaceLayoutDirection(for: .unspecified), .leftToRight)
        let view = UIView()
        view.semanticContentAttribute = .forceRightToLeft
        XCTAssertEqual(view.effectiveUserInterfaceLayoutDirection, .rightToLeft)
    }

    func testLayersPathsAndTransactions() {
        let gradient = CAGradientLayer()
        gradient.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        XCTAssertEqual(gradient.colors?.count, 2)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 2)); path.addLine(to: CGPoint(x: 11, y: 22)); path.closeSubpath()
        XCTAssertEqual(path.copy()?.boundingBox, CGRect(x: 1, y: 2, width: 10, height: 20))
        var completed = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed = true }
        CATransaction.commit()
        XCTAssertTrue(completed)
        let layer = CALayer()
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
        layer.transform = CATransform3DIdentity
        layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        XCTAssertEqual(layer.maskedCorners.rawValue, 3)
        XCTAssertNil(layer.animationKeys(), "animations complete at once")
        XCTAssertEqual(CGColor(gray: 1, alpha: 1).copy(alpha: 0.5)?.alpha, 0.5)
        let ctxImage = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { ctx in
            ctx.cgContext.setFillColor(UIColor.red.cgColor)
            ctx.cgContext.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
            ctx.cgContext.drawPath(using: .fill)
        }
        XCTAssertEqual(ctxImage.color, .red)
        XCTAssertEqual(ctxImage.cgImage?.width, 12, "3× scale by default")
    }

    func testGeometryValueTypes() {
        let t = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t), CGPoint(x: 12, y: 2))
        XCTAssertEqual(CGPoint(x: 12, y: 2).applying(t.inverted()), CGPoint(x: 1, y: 1))
        XCTAssertEqual(CGRect(x: 0, y: 0, width: 100, height: 50).inset(by: UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)),
                       CGRect(x: 10, y: 5, width: 80, height: 40))
        XCTAssertEqual(CGVector(dx: 1, dy: 2).dy, 2)
        XCTAssertEqual(UIOffset(horizontal: 3, vertical: 4).vertical, 4)
        XCTAssertTrue(UIRectCorner.allCorners.contains(.bottomRight))
        XCTAssertTrue(UIRectEdge.all.contains(.left))
        let v = UIView()
        v.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        XCTAssertEqual(v.layoutMargins, UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        XCTAssertTrue(UIContentSizeCategory.accessibilityLarge > .large)
        XCTAssertTrue(UIContentSizeCategory.accessibilityLarge.isAccessibilityCategory)
        XCTAssertEqual(IndexPath(row: 3, section: 1).row, 3)
        XCTAssertEqual(UICornerCurve(layerCornerCurve: .continuous), .continuous)
    }

    func testScenesScreensAndEvents() {
        XCTAssertEqual(UIScreen.main.nativeBounds.width, UIScreen.main.bounds.width * UIScreen.main.scale)
        let scene = UIWindowScene()
        XCTAssertEqual(scene.session.persistentIdentifier.isEmpty, false)
        XCTAssertEqual(scene.statusBarManager?.statusBarFrame.width, UIScreen.main.bounds.width)
        let context = UIOpenURLContext(url: URL(string: "app://deeplink")!)
        let options = UIScene.ConnectionOptions()
        options.urlContexts = [context]
        XCTAssertEqual(options.urlContexts.first?.url.host, "deeplink")
        let window = UIWindow(windowScene: scene)
        window.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = UIView(frame: CGRect(x: 20, y: 30, width: 10, height: 10))
        window.addSubview(child)
        let touch = UITouch()
        touch.locationInWindow = CGPoint(x: 25, y: 35)
        XCTAssertEqual(touch.location(in: child), CGPoint(x: 5, y: 5))
        XCTAssertEqual(UIEvent().type, .touches)
        window.simulateSafeAreaInsets(UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        XCTAssertEqual(window.safeAreaInsets.top, 47)
        let swipe = UISwipeGestureRecognizer(target: nil, action: nil)
        swipe.direction = [.up, .down]
        XCTAssertTrue(swipe.direction.contains(.down))
        XCTAssertEqual(UIPinchGestureRecognizer(target: nil, action: nil).scale, 1)
        XCTAssertTrue(UIHoverGestureRecognizer().isEnabled)
        XCTAssertEqual(UIHoverStyle(shape: .capsule).shape, .capsule)
        XCTAssertEqual(UIHoverEffect.lift, .lift)
    }
}
