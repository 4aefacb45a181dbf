// View controllers, headless: the view loads on first access (`loadView`, `viewDidLoad`), presentation and
// dismissal run the appearance callbacks at once, and navigation stacks are arrays.

/// How a presented controller covers the screen (recorded only).
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover, none = -1
    case automatic = -2
}
/// How a presented controller animates in (recorded only).
public enum UIModalTransitionStyle: Int, Sendable { case coverVertical = 0, flipHorizontal, crossDissolve, partialCurl }

/// Owns a view and runs its lifecycle.
open class UIViewController: UIResponder, UITraitEnvironment {
    private var loadedView: UIView?
    open var nibName: String? { nibNameValue }
    private let nibNameValue: String?
    open var title: String? { didSet { navigationItem.title = title } }
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    open var isModalInPresentation = false
    open var definesPresentationContext = false
    open var preferredContentSize = CGSize.zero
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified
    open private(set) weak var parent: UIViewController?
    open private(set) var children: [UIViewController] = []
    open private(set) var presentedViewController: UIViewController?
    open private(set) weak var presentingViewController: UIViewController?
    public private(set) lazy var navigationItem = UINavigationItem(title: title ?? "")
    /// How many times each lifecycle callback ran, by name (headless extra for tests).
    public private(set) var lifecycle: [String] = []

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { nibNameValue = nibNameOrNil; super.init() }
    public override convenience init() { self.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { nibNameValue = nil; super.init() }

    /// The view, loaded on first access.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = UIView(frame: UIScreen.main.bounds) }
                viewDidLoad()
            }
            return loadedView
        }
        set { loadedView = newValue }
    }
    open var viewIfLoaded: UIView? { loadedView }
    open var isViewLoaded: Bool { loadedView != nil }
    open func loadView() { loadedView = UIView(frame: UIScreen.main.bounds) }
    open func loadViewIfNeeded() { _ = view }
    open func viewDidLoad() { lifecycle.append("viewDidLoad") }
    open func viewWillAppear(_ animated: Bool) { lifecycle.append("viewWillAppear") }
    open func viewDidAppear(_ animated: Bool) { lifecycle.append("viewDidAppear") }
    open func viewWillDisappear(_ animated: Bool) { lifecycle.append("viewWillDisappear") }
    open func viewDidDisappear(_ animated: Bool) { lifecycle.append("viewDidDisappear") }
    /// Between viewWillAppear and viewDidAppear, once the view is in its window (iOS 17).
    open func viewIsAppearing(_ animated: Bool) { lifecycle.append("viewIsAppearing") }
    open func viewSafeAreaInsetsDidChange() {}
    open func viewLayoutMarginsDidChange() {}
    open func updateViewConstraints() {}
    open func didReceiveMemoryWarning() {}
    /// Extra insets added to the view's safe area (recorded only).
    open var additionalSafeAreaInsets = UIEdgeInsets.zero
    open var modalPresentationCapturesStatusBarAppearance = false
    open var childForStatusBarHidden: UIViewController? { nil }
    open var childForStatusBarStyle: UIViewController? { nil }
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
    /// Asks the system to re-read `supportedInterfaceOrientations` (iOS 16; accepted headlessly).
    open func setNeedsUpdateOfSupportedInterfaceOrientations() {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {}
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    open var traitCollection: UITraitCollection { viewIfLoaded?.traitCollection ?? UITraitCollection.current }

    open var prefersStatusBarHidden: Bool { false }
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .all }
    open var shouldAutorotate: Bool { true }
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    open func setNeedsStatusBarAppearanceUpdate() {}

    // Containment.
    open func addChild(_ childController: UIViewController) {
        childController.removeFromParent()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }
    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }
    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    // Presentation.
    /// Presents `viewControllerToPresent` at once: its view loads, appears, and `completion` runs.
    /// A controller that already presents one forwards nothing and leaves the request unanswered, as UIKit
    /// does (it logs a warning there); the completion is not called.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        guard presentedViewController == nil, viewControllerToPresent.presentingViewController == nil else { return }
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        let presented = viewControllerToPresent.view!
        if let window = viewIfLoaded?.window {
            presented.frame = window.bounds
            window.addSubview(presented)
        }
        viewControllerToPresent.viewWillAppear(flag)
        viewControllerToPresent.viewIsAppearing(flag)
        viewControllerToPresent.viewDidAppear(flag)
        completion?()
    }
    /// Dismisses the controller this one presents, or, when it presents none, itself from its presenter.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let target: UIViewController, presenter: UIViewController
        if let presented = presentedViewController { target = presented; presenter = self }
        else if let p = presentingViewController { target = self; presenter = p }
        else { completion?(); return }
        if let nested = target.presentedViewController { nested.dismiss(animated: false) }
        target.viewWillDisappear(flag)
        target.viewIfLoaded?.removeFromSuperview()
        presenter.presentedViewController = nil
        target.presentingViewController = nil
        target.viewDidDisappear(flag)
        completion?()
    }
    open var isBeingPresented: Bool { false }
    open var isBeingDismissed: Bool { false }

    /// The navigation controller in the parent chain, if any.
    open var navigationController: UINavigationController? {
        var p = parent
        while let current = p { if let nav = current as? UINavigationController { return nav }; p = current.parent }
        return nil
    }
}

/// Size-change coordination (headless: nothing animates, so alongside-animations and completions run at once).
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

extension UIViewControllerTransitionCoordinator {
    @discardableResult
    public func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)? = nil) -> Bool {
        animation?(self)
        completion?(self)
        return true
    }
}

/// What a transition's animation and completion blocks are told (headless: an instant, uncancelled transition).
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    var isAnimated: Bool { get }
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
}

extension UIViewControllerTransitionCoordinatorContext {
    public var isAnimated: Bool { false }
    public var isCancelled: Bool { false }
    public var transitionDuration: TimeInterval { 0 }
}

/// A stack of view controllers.
open class UINavigationController: UIViewController {
    open private(set) var viewControllers: [UIViewController] = []
    open var topViewController: UIViewController? { viewControllers.last }
    open var visibleViewController: UIViewController? { presentedViewController ?? topViewController }
    open var isNavigationBarHidden = false
    /// The controller's bar (recorded; nothing is drawn).
    public let navigationBar = UINavigationBar()
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        pushViewController(rootViewController, animated: false)
    }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        addChild(viewController)
        viewControllers.append(viewController)
        viewController.didMove(toParent: self)
    }
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1, let top = viewControllers.popLast() else { return nil }
        top.removeFromParent()
        return top
    }
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        var popped: [UIViewController] = []
        while viewControllers.count > 1, let top = popViewController(animated: animated) { popped.insert(top, at: 0) }
        return popped
    }
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        for vc in self.viewControllers { vc.removeFromParent() }
        self.viewControllers = []
        for vc in viewControllers { pushViewController(vc, animated: false) }
    }
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { isNavigationBarHidden = hidden }
}

/// The bar contents of a controller in a navigation stack.
open class UINavigationItem: NSObject {
    open var title: String?
    open var leftBarButtonItem: UIBarButtonItem?
    open var rightBarButtonItem: UIBarButtonItem?
    open var leftBarButtonItems: [UIBarButtonItem]?
    open var rightBarButtonItems: [UIBarButtonItem]?
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic
    public enum LargeTitleDisplayMode: Int, Sendable { case automatic, always, never }
    public init(title: String) { self.title = title; super.init() }
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
}

/// A bar button (target-action recorded; `primaryAction` runs through `simulateTap()`).
open class UIBarButtonItem: NSObject {
    public enum SystemItem: Int, Sendable { case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, close }
    public enum Style: Int, Sendable { case plain, done }
    open var title: String?
    open var image: UIImage?
    open var style: Style = .plain
    open var isEnabled = true
    open var tintColor: UIColor?
    open weak var target: AnyObject?
    open var action: Selector?
    open var primaryAction: UIAction?
    public let systemItem: SystemItem?
    public init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        self.systemItem = systemItem; self.target = target.map { $0 as AnyObject }; self.action = action; super.init()
    }
    public init(title: String?, style: Style, target: Any?, action: Selector?) {
        systemItem = nil; self.title = title; self.style = style; self.target = target.map { $0 as AnyObject }; self.action = action
        super.init()
    }
    public init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        systemItem = nil; self.image = image; self.style = style; self.target = target.map { $0 as AnyObject }; self.action = action
        super.init()
    }
    public init(systemItem: SystemItem, primaryAction: UIAction? = nil) { self.systemItem = systemItem; self.primaryAction = primaryAction; super.init() }
    public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil) {
        systemItem = nil; self.title = title; self.image = image; self.primaryAction = primaryAction; super.init()
    }
    public override init() { systemItem = nil; super.init() }
    /// Runs `primaryAction` when enabled (headless extra).
    public func simulateTap() { if isEnabled, let a = primaryAction { a.sender = self; a.handler(a); a.sender = nil } }
}

/// An alert or action sheet; actions run through `simulateTap(actionTitled:)` (headless extra).
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable { case actionSheet = 0, alert }
    public let preferredStyle: Style
    open var message: String?
    open private(set) var actions: [UIAlertAction] = []
    open private(set) var textFields: [UITextField]?
    open var preferredAction: UIAlertAction?
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle; self.message = message
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }
    public required init?(coder: NSCoder) { preferredStyle = .alert; super.init(coder: coder) }
    open func addAction(_ action: UIAlertAction) { actions.append(action) }
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        let field = UITextField(); configurationHandler?(field); textFields = (textFields ?? []) + [field]
    }
    /// Runs the handler of the first action with `title`, then dismisses the alert.
    public func simulateTap(actionTitled title: String) {
        guard let action = actions.first(where: { $0.title == title }), action.isEnabled else { return }
        dismiss(animated: false)
        action.handler?(action)
    }
}

/// One button of an alert.
open class UIAlertAction: NSObject {
    public enum Style: Int, Sendable { case `default` = 0, cancel, destructive }
    public let title: String?
    public let style: Style
    open var isEnabled = true
    let handler: ((UIAlertAction) -> Void)?
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title; self.style = style; self.handler = handler; super.init()
    }
}
