import Foundation
import AEPServices

extension FullscreenMessage {
    /// The `Message` this full-screen message belongs to (its settings' parent), or nil for one created
    /// directly through the UI service.
    public var parent: Message? { settings?.parent as? Message }
}
