// Stand-in for the third-party SDWebImage library the Braze examples use for animated GIFs (a CocoaPods /
// SwiftPM dependency of the example apps, not of the SDK). Only the two types the examples name.
@_exported import UIKit

/// An image view that would animate GIFs; here a plain image view.
open class SDAnimatedImageView: UIImageView {}

/// An animated image; here a still `UIImage` (it inherits `init?(contentsOfFile:)`).
open class SDAnimatedImage: UIImage, @unchecked Sendable {}
