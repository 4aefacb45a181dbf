import Foundation

/// A full-screen presentation that can be shown and dismissed (AEPServices `FullscreenPresentable`).
public protocol FullscreenPresentable: Showable, Dismissible {}
