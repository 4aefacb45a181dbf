import Foundation

/// Something that can be put on screen (AEPServices `Showable`, Objective-C name `AEPShowable`).
/// Class-bound, as the vendor's `@objc` protocol is.
public protocol Showable: AnyObject {
    func show()
}
