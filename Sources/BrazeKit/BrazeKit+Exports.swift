// Upstream BrazeKit is a framework whose Objective-C module re-exports the Apple frameworks its API names, so an
// app file that imports only BrazeKit also sees Foundation, UIKit and UserNotifications (`@objcMembers`,
// `UNAuthorizationStatus`, `UIBackgroundFetchResult`). The stand-in re-exports the same modules.
@_exported import Foundation
@_exported import UserNotifications
#if canImport(UIKit)
@_exported import UIKit
#endif
