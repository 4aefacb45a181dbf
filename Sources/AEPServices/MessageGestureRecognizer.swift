import Foundation
#if canImport(UIKit)
import UIKit
#endif

/// The recognizer a full-screen message puts on its web view for each gesture of its settings (AEPServices'
/// internal `MessageGestureRecognizer`): a swipe recognizer that remembers the gesture, the dismiss animation and
/// the URL to load. `tapBackground` has no direction of its own, so its recognizer keeps UIKit's default (right).
final class MessageGestureRecognizer: UISwipeGestureRecognizer {
    let gesture: MessageGesture
    let dismissAnimation: MessageAnimation?
    let actionUrl: URL?

    init(gesture: MessageGesture, dismissAnimation: MessageAnimation?, url: URL?) {
        self.gesture = gesture
        self.dismissAnimation = dismissAnimation
        self.actionUrl = url
        super.init(target: nil, action: nil)
        if let swipeDirection { direction = swipeDirection }
    }

    /// The swipe direction of the gesture (nil for `tapBackground`).
    var swipeDirection: UISwipeGestureRecognizer.Direction? {
        switch gesture {
        case .swipeUp: return .up
        case .swipeDown: return .down
        case .swipeLeft: return .left
        case .swipeRight: return .right
        case .tapBackground: return nil
        }
    }
}
