// `import BrazeUICompat`: the Braze Swift SDK's compatibility product for the legacy built-in UI
// (`ABKInAppMessageUIController`, the in-app message view controllers, `ABKContentCardsTableViewController`). Here it
// is AppboyUI under that name, with the legacy core it builds on.
@_exported import Foundation
#if canImport(UIKit)
@_exported import UIKit
#endif
@_exported import AppboyKit
@_exported import AppboyUI
