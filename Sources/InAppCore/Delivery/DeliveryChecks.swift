import Foundation

extension Reason {
    /// A full-screen message has no image.
    public static let fullWithoutImage = Reason("fullWithoutImage")
    /// An image-only message has no image.
    public static let imageOnlyWithoutImage = Reason("imageOnlyWithoutImage")
    /// Another campaign with a higher priority was chosen for the same event.
    public static let lowerPriority = Reason("lowerPriority")
    /// The minimum interval between triggered displays had not passed.
    public static let rateLimited = Reason("rateLimited")
    /// The event reached the user through the server / REST path, which never triggers messages.
    public static let serverEvent = Reason("serverEvent")
    /// The app was relaunched; in-memory pending messages are gone.
    public static let relaunched = Reason("relaunched")
}

/// Content checks that make a message undisplayable, shared by every path that hands messages to a presenter.
public enum DeliveryChecks {
    /// Why `message` cannot be displayed for lack of a required image, or nil when it can:
    /// full and full-image messages without an image, and image-only modals without an image.
    public static func missingRequiredImage(_ message: InAppMessage) -> Reason? {
        guard let s = message.content.structured, s.imageURL == nil else { return nil }
        switch s.layout {
        case .full, .fullImage: return .fullWithoutImage
        case .modalImage: return .imageOnlyWithoutImage
        default: return nil
        }
    }
}

/// Analytics records for messages, with the local-message rule: messages created in the app
/// (`origin == .local`) get no impression or click records — a diagnostic says why instead.
public enum MessageAnalytics {
    public static func impression(_ message: InAppMessage, trace: Trace) {
        record("impression", message, trace: trace, details: [:])
    }

    public static func click(_ message: InAppMessage, buttonID: String? = nil, trace: Trace) {
        record("click", message, trace: trace, details: buttonID.map { ["button": $0] } ?? [:])
    }

    static func record(_ name: String, _ message: InAppMessage, trace: Trace, details: [String: String]) {
        if message.origin == .local {
            trace.record(.diagnostic, "analyticsSkipped", message: message.id, ["record": name, "reason": "localMessage"])
        } else {
            trace.record(.analytics, name, message: message.id, details)
        }
    }
}

extension PresentationRules {
    /// Rules for a presenter fed by triggers: messages arriving while another is displayed, while the app is in
    /// the background or while the keyboard is up go on the stack; messages whose orientations exclude the
    /// device's are discarded.
    public static func stackingTriggeredMessages(keyboardHandledByApp: Bool = false,
                                                 decisionExecutor: any CallbackExecutor = ImmediateExecutor(),
                                                 dismissExecutor: any CallbackExecutor = ImmediateExecutor()) -> PresentationRules {
        PresentationRules(whenBusy: .stack, checksOrientation: true, stacksWhileInBackground: true,
                          stacksWhileKeyboardVisible: !keyboardHandledByApp,
                          decisionExecutor: decisionExecutor, dismissExecutor: dismissExecutor)
    }
}
