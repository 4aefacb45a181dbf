import Foundation
import XCTest
import InAppTestSupport
@testable import AppboyKit
#if canImport(UIKit)
import UIKit
#endif

/// A controller delegate that records what it is asked and answers from a script (default: now).
final class RecordingDelegate: NSObject, ABKInAppMessageControllerDelegate, @unchecked Sendable {
    var script: [ABKInAppMessageDisplayChoice] = []
    var asked: [ABKInAppMessage] = []
    var askedOnMain: [Bool] = []
    var controlAsked: [ABKInAppMessage] = []
    var unmatched: [String] = []

    func before(inAppMessageDisplayed inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice {
        asked.append(inAppMessage)
        askedOnMain.append(Thread.isMainThread)
        return script.isEmpty ? .displayInAppMessageNow : script.removeFirst()
    }
    func beforeControlMessageImpressionLogged(_ inAppMessage: ABKInAppMessage) -> ABKInAppMessageDisplayChoice {
        controlAsked.append(inAppMessage)
        return .displayInAppMessageNow
    }
    func noMatchingTrigger(for eventType: ABKTriggerEventType, name: String?) {
        unmatched.append("\(eventType.rawValue):\(name ?? "nil")")
    }
}

/// Starts Appboy on a fresh harness.
func startAppboy(_ options: [AnyHashable: Any]? = nil) -> (Harness, Appboy) {
    let h = Harness()
    Appboy.start(withApiKey: "test-key", in: UIApplication.shared, withLaunchOptions: nil, withAppboyOptions: options)
    return (h, Appboy.sharedInstance()!)
}

extension Harness {
    /// How many times a message reached the displayed state.
    func displayCount(_ id: MessageID) -> Int { states(of: id).filter { $0 == "displayed" }.count }
    func displayCount(_ m: ABKInAppMessage) -> Int { displayCount(m.messageID) }
}

func slideupCampaign(_ id: MessageID, _ triggers: [Trigger], close: CloseBehavior = .automatic(after: 2),
                     priority: Int = 0, timeout: TimeInterval? = nil) -> Campaign {
    var m = Fixtures.slideup(id: id, close: close)
    m.priority = priority
    return Campaign(message: m, triggers: triggers, displayTimeout: timeout)
}

func localSlideup(_ text: String, dismiss: ABKInAppMessageDismissType = .manually) -> ABKInAppMessageSlideup {
    let m = ABKInAppMessageSlideup()
    m.message = text
    m.inAppMessageDismissType = dismiss
    return m
}
