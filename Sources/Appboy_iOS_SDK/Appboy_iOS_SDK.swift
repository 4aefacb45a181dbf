// `import Appboy_iOS_SDK`: the module name the legacy SDK's CocoaPods pod gives apps. It is the whole legacy API,
// the core (AppboyKit) and the built-in UI (AppboyUI), and like the pod's Objective-C module it brings UIKit and
// Foundation with it.
@_exported import Foundation
#if canImport(UIKit)
@_exported import UIKit
#endif
@_exported import AppboyKit
@_exported import AppboyUI
