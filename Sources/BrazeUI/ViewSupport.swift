import Foundation
import BrazeKit
import InAppCore
#if canImport(UIKit)
import UIKit
#endif

/// Shared steps of the stock views.
enum StockView {
    /// The traits of the simulated device: its appearance and size classes (regular both ways on a tablet).
    static func traits(_ environment: MessagingEnvironment) -> UITraitCollection {
        let d = environment.device.state
        let regular: UIUserInterfaceSizeClass = .regular, compact: UIUserInterfaceSizeClass = .compact
        return UITraitCollection(userInterfaceStyle: d.appearance == .dark ? .dark : .light,
                                 horizontalSizeClass: d.isTablet || d.orientation.isLandscape ? regular : compact,
                                 verticalSizeClass: d.isTablet || d.orientation.isPortrait ? regular : compact)
    }

    /// Upstream order: willPresent → onPresent → (animation) → logImpression → completion → didPresent.
    static func present(_ view: any InAppMessageView, setPresented: (Bool) -> Void, onPresent: () -> Void,
                        completion: (() -> Void)?) {
        view.willPresent()
        onPresent()
        setPresented(true)
        view.logImpression()
        completion?()
        view.didPresent()
    }

    /// Outside a teardown the request goes to the hosting UI (so the engine dismisses); during it, or when
    /// the view is not hosted, the view goes away: willDismiss → completion → didDismiss.
    static func dismiss(_ view: any InAppMessageView, setPresented: (Bool) -> Void, completion: (() -> Void)?) {
        if let ui = view.hostingUI, !ui.isTearingDown(view), ui.requestDismiss(view, completion: completion) { return }
        view.willDismiss()
        setPresented(false)
        completion?()
        view.didDismiss()
    }
}
