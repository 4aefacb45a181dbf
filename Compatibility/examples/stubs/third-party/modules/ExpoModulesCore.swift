// Scaffolding stand-in for Expo's module core (third-party): the app-delegate subscriber protocol.
@_exported import UIKit
public protocol ExpoAppDelegateSubscriber: UIApplicationDelegate {}
