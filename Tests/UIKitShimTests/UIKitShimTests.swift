// The UIKit stand-in (built only off Apple platforms): what integration code relies on behaves as on a device,
// headlessly — hierarchy, geometry, layout, traits and colours, fonts, images, controls, gestures, controllers.
import XCTest
import UIKit

final class ViewHierarchyTests: XCTestCase {
    func testInsertBelowAndAboveAndMoveBetweenParents() {
        let parent = UIView(), a = UIView(), b = UIView(), c = UIView()
        parent.addSubview(a); parent.addSubview(b)
        parent.insertSubview(c, belowSubview: b)
        XCTAssertTrue(parent.subviews == [a, c, b])
        parent.insertSubview(a, aboveSubview: b)
        XCTAssertTrue(parent.subviews == [c, b, a], "re-inserting moves, never duplicates")
        let other = UIView()
        other.addSubview(b)
        XCTAssertTrue(parent.subviews == [c, a])
        XCTAssertTrue(b.superview === other)
        XCTAssertTrue(b.isDescendant(of: other) && !b.isDescendant(of: parent))
        parent.bringSubviewToFront(c); XCTAssertTrue(parent.subviews.last === c)
        parent.sendSubviewToBack(c); XCTAssertTrue(parent.subviews.first === c)
    }

    func testConvertAndHitTestFollowFramesAndOverrides() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let card = UIView(frame: CGRect(x: 50, y: 100, width: 100, height: 50))
        let badge = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(card); card.addSubview(badge)
        XCTAssertEqual(badge.convert(CGPoint(x: 1, y: 2), to: root), CGPoint(x: 61, y: 112))
        XCTAssertEqual(root.convert(CGPoint(x: 61, y: 112), to: badge), CGPoint(x: 1, y: 2))
        XCTAssertEqual(card.convert(CGRect(x: 0, y: 0, width: 5, height: 5), to: nil).origin, CGPoint(x: 50, y: 100))
        XCTAssertTrue(root.hitTest(CGPoint(x: 65, y: 115), with: nil) === badge)
        XCTAssertTrue(root.hitTest(CGPoint(x: 140, y: 140), with: nil) === card)
        badge.isHidden = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 65, y: 115), with: nil) === card, "hidden views take no touches")
        card.isUserInteractionEnabled = false
        XCTAssertTrue(root.hitTest(CGPoint(x: 65, y: 115), with: nil) === root)
    }

    func testLayerStateIsRecorded() {
        let v = UIView()
        v.layer.cornerRadius = 12
        v.layer.cornerCurve = .continuous
        v.clipsToBounds = true
        v.backgroundColor = .red
        XCTAssertTrue(v.layer.masksToBounds)
        XCTAssertEqual(v.layer.backgroundColor, UIColor.red.cgColor)
        let shape = CAShapeLayer()
        shape.path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 20), cornerRadius: 4).cgPath
        v.layer.addSublayer(shape)
        XCTAssertEqual(shape.path?.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 20))
        XCTAssertTrue(shape.superlayer === v.layer)
        shape.removeFromSuperlayer()
        XCTAssertEqual(v.layer.sublayers?.count, 0)
    }
}

final class LayoutTests: XCTestCase {
    func testAnchorsPinToTheSuperviewAndFixedSizes() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        let banner = UIView(), icon = UIView()
        root.addSubview(banner); root.addSubview(icon)
        for v in [banner, icon] { v.translatesAutoresizingMaskIntoConstraints = false }
        NSLayoutConstraint.activate([
            banner.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            banner.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            banner.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -20),
            banner.heightAnchor.constraint(equalToConstant: 80),
            icon.widthAnchor.constraint(equalToConstant: 40),
            icon.heightAnchor.constraint(equalTo: icon.widthAnchor),
            icon.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            icon.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 8),
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(banner.frame, CGRect(x: 10, y: 700, width: 380, height: 80))
        XCTAssertEqual(icon.frame, CGRect(x: 180, y: 8, width: 40, height: 40))
        XCTAssertEqual(banner.constraints.count, 4)
        banner.removeFromSuperview()
        XCTAssertEqual(banner.constraints.filter { $0.isActive }.count, 1, "constraints to the old superview go with it")
        XCTAssertEqual(UILayoutPriority.defaultHigh + 1, UILayoutPriority(751))
    }

    func testStackViewLinesUpItsArrangedSubviews() {
        let a = UILabel(); a.text = "ab"; a.font = .systemFont(ofSize: 10)
        let b = UIView(); b.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([b.widthAnchor.constraint(equalToConstant: 30), b.heightAnchor.constraint(equalToConstant: 30)])
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.spacing = 5
        stack.frame = CGRect(x: 0, y: 0, width: 200, height: 30)
        stack.layoutIfNeeded()
        XCTAssertEqual(a.frame.minX, 0)
        XCTAssertEqual(b.frame.minX, a.frame.width + 5)
        XCTAssertEqual(b.frame.size, CGSize(width: 30, height: 30))
        b.isHidden = true
        XCTAssertEqual(stack.intrinsicContentSize.width, a.intrinsicContentSize.width, "hidden views take no room")
    }
}

final class TraitsAndColorTests: XCTestCase {
    func testDynamicColorsResolvePerTraitsAndViewsHearChanges() {
        final class Themed: UIView {
            var changes = 0
            override func traitCollectionDidChange(_ previous: UITraitCollection?) { changes += 1 }
        }
        let dynamic = UIColor { $0.userInterfaceStyle == .dark ? .white : .black }
        XCTAssertEqual(dynamic.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)), .white)
        XCTAssertEqual(dynamic.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)), .black)
        XCTAssertEqual(UIColor.systemBackground.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)), .black)
        let root = UIView(), child = Themed()
        root.addSubview(child)
        child.backgroundColor = dynamic
        root.simulateTraitCollection(UITraitCollection(userInterfaceStyle: .dark))
        XCTAssertEqual(child.traitCollection.userInterfaceStyle, .dark)
        XCTAssertEqual(child.changes, 1)
        XCTAssertEqual(child.layer.backgroundColor, UIColor.white.cgColor, "the layer takes the resolved colour")
        child.overrideUserInterfaceStyle = .light
        XCTAssertEqual(child.traitCollection.userInterfaceStyle, .light)
    }

    func testColorInitializersAndComponents() {
        let c = UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1)
        XCTAssertEqual(c, .red)
        var h: CGFloat = -1, s: CGFloat = -1, v: CGFloat = -1, a: CGFloat = -1
        UIColor.blue.getHue(&h, saturation: &s, brightness: &v, alpha: &a)
        XCTAssertEqual(h, 2.0 / 3.0, accuracy: 0.0001)
        XCTAssertEqual(UIColor(cgColor: CGColor(red: 0, green: 1, blue: 0, alpha: 0.5)), UIColor.green.withAlphaComponent(0.5))
        XCTAssertNil(UIColor(named: "brand"))
        UIColor.register(.orange, named: "brand")
        XCTAssertEqual(UIColor(named: "brand")?.resolvedColor(with: .current), .orange)
    }
}

final class FontTests: XCTestCase {
    func testNamedFontsDescriptorsAndDynamicType() {
        let f = UIFont(name: "AmericanTypewriter-Bold", size: 20)!
        XCTAssertEqual(f.fontName, "AmericanTypewriter-Bold")
        XCTAssertEqual(f.familyName, "AmericanTypewriter")
        XCTAssertTrue(f.fontDescriptor.symbolicTraits.contains(.traitBold))
        XCTAssertNil(UIFont(name: "", size: 12))
        let italic = UIFont.systemFont(ofSize: 15).fontDescriptor.withSymbolicTraits(.traitItalic)!
        XCTAssertTrue(UIFont(descriptor: italic, size: 0).symbolicTraits.contains(.traitItalic))
        XCTAssertEqual(UIFont(descriptor: italic, size: 0).pointSize, 15, "size 0 keeps the descriptor's size")
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .title2).pointSize, 22)
        let big = UITraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge)
        XCTAssertGreaterThan(UIFont.preferredFont(forTextStyle: .body, compatibleWith: big).pointSize, 40)
        XCTAssertEqual(UIFontMetrics(forTextStyle: .body).scaledFont(for: f, maximumPointSize: 24).pointSize, 20)
        XCTAssertTrue(UIFont.monospacedSystemFont(ofSize: 13, weight: .regular).symbolicTraits.contains(.traitMonoSpace))
    }
}

final class ImageTests: XCTestCase {
    func testRendererRecordsDrawingAndEncodesAPNG() throws {
        let size = CGSize(width: 40, height: 40)
        let image = UIGraphicsImageRenderer(size: size).image { context in
            UIColor.systemGreen.setFill()
            context.fill(CGRect(origin: .zero, size: size))
            UIColor.red.setStroke()
            context.stroke(CGRect(x: 5, y: 5, width: 10, height: 10))
        }
        XCTAssertEqual(image.size, size)
        XCTAssertEqual(image.color, UIColor.systemGreen)
        XCTAssertEqual(image.drawing.count, 2)
        let png = try XCTUnwrap(image.pngData())
        let decoded = try XCTUnwrap(UIImage(data: png, scale: image.scale))
        XCTAssertEqual(decoded.size, size, "the PNG header carries the pixel size")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-shim-\(UUID().uuidString).png")
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertNotNil(UIImage(contentsOfFile: file.path))
        XCTAssertNil(UIImage(contentsOfFile: file.path + ".missing"))
        XCTAssertNil(UIImage(data: Data("not an image".utf8)))
        XCTAssertNil(UIImage(named: "nowhere"))
        UIImage.register(image, named: "dot")
        XCTAssertEqual(UIImage(named: "dot")?.size, size)
    }
}

final class ControlAndGestureTests: XCTestCase {
    func testControlsRunClosureActionsAndRecordTargetsWithoutRetainingThem() {
        let button = UIButton(type: .custom)
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        button.setTitle("OK", for: .normal)
        button.setTitle("Done", for: .selected)
        XCTAssertEqual(button.titleLabel?.text, "OK")
        button.isSelected = true
        XCTAssertEqual(button.currentTitle, "Done")
        button.simulateTap()
        XCTAssertEqual(taps, 1)
        button.isEnabled = false
        button.simulateTap()
        XCTAssertEqual(taps, 1, "disabled controls send nothing")
        var target: NSObject? = NSObject()
        button.addTarget(target, action: Selector("tapped"), for: .touchUpInside)
        XCTAssertEqual(button.actions(forTarget: target, forControlEvent: .touchUpInside), ["tapped"])
        target = nil
        XCTAssertNil(button.targetActions.first?.target, "targets are not retained")
    }

    func testGesturesAskTheirDelegateAndRunHandlers() {
        final class Gate: UIGestureRecognizerDelegate {
            var allow = true
            func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { allow }
        }
        let view = UIView(), tap = UITapGestureRecognizer(target: nil, action: nil), gate = Gate()
        var recognized = 0
        tap.addHandler { if $0.state == .ended { recognized += 1 } }
        XCTAssertFalse(tap.simulateTap(), "detached recognizers do nothing")
        view.addGestureRecognizer(tap)
        tap.delegate = gate
        XCTAssertTrue(tap.simulateTap())
        gate.allow = false
        XCTAssertFalse(tap.simulateTap())
        XCTAssertEqual(recognized, 1)
        let pan = UIPanGestureRecognizer(target: nil, action: nil)
        var seen: [CGPoint] = []
        pan.addHandler { seen.append(($0 as! UIPanGestureRecognizer).translation(in: view)) }
        view.addGestureRecognizer(pan)
        pan.simulatePan(translation: CGPoint(x: 0, y: 50))
        XCTAssertEqual(seen, [.zero, CGPoint(x: 0, y: 50), CGPoint(x: 0, y: 50)])
        view.removeGestureRecognizer(pan)
        XCTAssertNil(pan.view)
    }
}

final class ControllerTests: XCTestCase {
    func testPresentationRunsTheLifecycleAndWindowsTrackTheKeyWindow() {
        let scene = UIWindowScene()
        let window = UIWindow(windowScene: scene)
        let root = UIViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        XCTAssertTrue(UIApplication.shared.keyWindow === window)
        XCTAssertTrue(scene.windows.contains { $0 === window })
        XCTAssertTrue(root.view.superview === window)
        let sheet = UINavigationController(rootViewController: UIViewController())
        var done = false
        root.present(sheet, animated: true) { done = true }
        XCTAssertTrue(done)
        XCTAssertTrue(root.presentedViewController === sheet)
        XCTAssertEqual(sheet.lifecycle, ["viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear"])
        sheet.dismiss(animated: true)
        XCTAssertNil(root.presentedViewController)
        XCTAssertEqual(sheet.lifecycle.suffix(2), ["viewWillDisappear", "viewDidDisappear"])
    }

    // Size changes: a view controller's alongside-animation and completion run at once, with an instant context.
    func testTransitionCoordinatorsRunAlongsideAnimationsAtOnce() {
        final class Coordinator: UIViewControllerTransitionCoordinator {}
        final class Rotating: UIViewController {
            var steps: [String] = []
            override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
                super.viewWillTransition(to: size, with: coordinator)
                coordinator.animate(alongsideTransition: { context in self.steps.append("along \(context.isAnimated)") },
                                    completion: { context in self.steps.append("done \(context.isCancelled)") })
            }
        }
        let controller = Rotating()
        controller.viewWillTransition(to: CGSize(width: 844, height: 390), with: Coordinator())
        XCTAssertEqual(controller.steps, ["along false", "done false"])
        XCTAssertEqual(Coordinator().transitionDuration, 0)
    }

    func testTableViewControllerFeedsItsTable() {
        final class List: UITableViewController {
            var picked: IndexPath?
            override func numberOfSections(in tableView: UITableView) -> Int { 2 }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { section + 1 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c") ?? UITableViewCell(style: .value1, reuseIdentifier: "c")
                cell.textLabel?.text = "\(indexPath.section).\(indexPath.row)"
                return cell
            }
            override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { picked = indexPath }
        }
        let list = List(style: .grouped)
        XCTAssertEqual(list.tableView.style, .grouped)
        XCTAssertEqual(list.tableView.visibleCells.compactMap { $0.textLabel?.text }, ["0.0", "1.0", "1.1"])
        list.tableView.simulateSelectRow(at: IndexPath(row: 1, section: 1))
        XCTAssertEqual(list.picked, IndexPath(row: 1, section: 1))
    }

    func testSubclassesDeclaredAsOnADeviceCompileAndWork() {
        // Written as apps write them: overriding the designated initializers, declaring init(coder:).
        final class BadgeCell: UITableViewCell {
            let badge = UILabel()
            override init(style: CellStyle, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                contentView.addSubview(badge)
            }
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        }
        final class PillButton: UIButton {
            override init(frame: CGRect) { super.init(frame: frame); layer.cornerRadius = 12 }
            required init?(coder: NSCoder) { super.init(coder: coder) }
        }
        let table = UITableView(frame: .zero, style: .plain)
        table.register(forCellReuseIdentifier: "badge") { BadgeCell(style: .default, reuseIdentifier: "badge") }
        XCTAssertTrue(table.dequeueReusableCell(withIdentifier: "badge") is BadgeCell)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "plain")
        XCTAssertNotNil(table.dequeueReusableCell(withIdentifier: "plain"))
        XCTAssertNil(table.dequeueReusableCell(withIdentifier: "unknown"))
        let pill = PillButton(type: .system)
        XCTAssertEqual(pill.buttonType, .system, "init(type:) is inherited by subclasses, as on a device")
        XCTAssertEqual(pill.layer.cornerRadius, 12)
    }
}
