import Foundation

/// Something that can be taken off screen for good (AEPServices `Dismissible`, Objective-C `AEPDismissible`).
public protocol Dismissible: AnyObject {
    func dismiss()
}
