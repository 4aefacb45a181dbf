import Foundation
import BrazeKit
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// A view that displays an in-app message. The stock views (`BrazeInAppMessageUI.SlideupView` …) conform;
/// custom views given through `PresentationContext.customView` conform too.
///
/// Contract (as upstream): `present(completion:)` calls `willPresent()`, `logImpression()`, then
/// `didPresent()`; `dismiss(completion:)` calls `willDismiss()` then `didDismiss()`.
public protocol InAppMessageView: UIView {
    var presented: Bool { get }
    func present(completion: (() -> Void)?)
    func dismiss(completion: (() -> Void)?)
}

extension InAppMessageView {
    /// The minimum side of a close button's touch target, in points.
    public static var closeButtonMinimumTouchTargetSize: Double { 44 }

    /// Whether this view wants the status bar hidden (nil: no preference). Read when the presentation
    /// context's `statusBarHideBehavior` is `.auto`.
    public var prefersStatusBarHidden: Bool? {
        get { ViewRegistry.record(for: self)?.prefersStatusBarHidden }
        set { ViewRegistry.update(self) { $0.prefersStatusBarHidden = newValue } }
    }

    /// The UI presenting this view, if any.
    var hostingUI: BrazeInAppMessageUI? { ViewRegistry.record(for: self)?.ui }

    /// Tells the delegate the view is about to appear.
    public func willPresent() { hostingUI?.viewWillPresent(self) }
    /// Tells the delegate the view appeared.
    public func didPresent() { hostingUI?.viewDidPresent(self) }
    /// Tells the delegate the view is about to go away.
    public func willDismiss() { hostingUI?.viewWillDismiss(self) }
    /// Marks the view gone; the delegate's `didDismiss` follows once the UI has freed the display.
    public func didDismiss() { hostingUI?.viewDidDismiss(self) }

    /// Logs the impression through the message context (an error is logged when there is none).
    public func logImpression() {
        guard let ui = hostingUI else { return }
        ui.logImpression(for: self)
    }

    /// Logs a click through the message context (`buttonId` nil: body click).
    public func logClick(buttonId: String? = nil) {
        hostingUI?.logClick(for: self, buttonId: buttonId)
    }

    /// Asks the delegate's `shouldProcess`, then carries out `clickAction` through the message context.
    /// (Stock views route taps through the presentation engine, which calls the same steps.)
    public func process(clickAction: Braze.InAppMessage.ClickAction, buttonId: String? = nil, target: Any? = nil) {
        hostingUI?.process(for: self, clickAction: clickAction, buttonId: buttonId)
    }

    /// Logs a presentation error.
    public func logError(_ error: BrazeInAppMessageUI.Error) {
        if let ui = hostingUI {
            ui.logError(error, view: self)
        } else {
            MessagingEnvironment.current.trace.record(.diagnostic, "error", ["error": error.flattened])
        }
    }

    public var slideup: BrazeInAppMessageUI.SlideupView? { self as? BrazeInAppMessageUI.SlideupView }
    public var modal: BrazeInAppMessageUI.ModalView? { self as? BrazeInAppMessageUI.ModalView }
    public var modalImage: BrazeInAppMessageUI.ModalImageView? { self as? BrazeInAppMessageUI.ModalImageView }
    public var full: BrazeInAppMessageUI.FullView? { self as? BrazeInAppMessageUI.FullView }
    public var fullImage: BrazeInAppMessageUI.FullImageView? { self as? BrazeInAppMessageUI.FullImageView }
    public var html: BrazeInAppMessageUI.HtmlView? { self as? BrazeInAppMessageUI.HtmlView }
    public var control: BrazeInAppMessageUI.ControlView? { self as? BrazeInAppMessageUI.ControlView }
}

/// Per-view state the protocol extension needs (the hosting UI, the status bar preference). Views are
/// plain objects, so it lives here, keyed by identity, and is dropped when the view is dismissed.
final class ViewRecord: @unchecked Sendable {
    weak var view: UIView?
    weak var ui: BrazeInAppMessageUI?
    var prefersStatusBarHidden: Bool?
    init(view: UIView) { self.view = view }
}

enum ViewRegistry {
    private static let records = Locked<[ObjectIdentifier: ViewRecord]>([:])

    static func record(for view: UIView) -> ViewRecord? {
        records.withLock { r in
            guard let rec = r[ObjectIdentifier(view)], rec.view === view else { return nil }
            return rec
        }
    }

    static func update(_ view: UIView, _ change: (ViewRecord) -> Void) {
        let rec: ViewRecord = records.withLock { r in
            r = r.filter { $0.value.view != nil }
            if let rec = r[ObjectIdentifier(view)], rec.view === view { return rec }
            let rec = ViewRecord(view: view)
            r[ObjectIdentifier(view)] = rec
            return rec
        }
        change(rec)
    }

    static func remove(_ view: UIView) {
        records.withLock { r in _ = r.removeValue(forKey: ObjectIdentifier(view)) }
    }
}
