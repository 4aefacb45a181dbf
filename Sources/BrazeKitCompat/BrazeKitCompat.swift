// `import BrazeKitCompat`: the Braze Swift SDK's compatibility product for apps still written against the legacy
// Appboy API (`Appboy`, `ABKInAppMessage`, `ABKContentCard`, …). Here it is the legacy core, AppboyKit, under that
// name; like the Objective-C module it brings UIKit and Foundation with it.
@_exported import Foundation
#if canImport(UIKit)
@_exported import UIKit
#endif
@_exported import AppboyKit
