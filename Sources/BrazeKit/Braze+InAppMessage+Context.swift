import Foundation
import InAppCore
#if canImport(UIKit) && !canImport(Darwin)
import UIKit
#endif

extension Braze.InAppMessage {
    /// The SDK side of a triggered message: it logs impressions, clicks and errors, carries out click
    /// actions, and knows whether the message is still valid (a user change, data wipe or `discard()` makes
    /// it invalid). Messages built in the app have no context.
    ///
    /// Everything it logs is recorded in the trace of the `Braze` instance's environment (kind `analytics`
    /// for impressions and clicks, `navigation` for click actions, `diagnostic` for errors).
    public final class Context: @unchecked Sendable {
        private struct State {
            var discarded = false
            var impressionLogged = false
        }
        private let state = Locked(State())
        private let generation: Int
        private let environment: MessagingEnvironment
        /// The id of the message this context belongs to.
        package let messageID: MessageID
        /// The user the message was triggered for.
        package let userID: String?
        /// The message's extras, for the URL delegate.
        private let extras: [String: Any]

        /// The `Braze` instance that triggered the message (nil once it is gone).
        public private(set) weak var braze: Braze?

        /// Makes a context for `message`, logging through `braze`.
        public init(message: Braze.InAppMessage, using braze: Braze) {
            self.braze = braze
            self.generation = braze.generation
            self.environment = braze.environment
            self.messageID = message.traceID
            self.userID = braze.user.id
            self.extras = message.extras
        }

        /// False once the message was discarded, or the user changed / data was wiped since it was triggered.
        public var valid: Bool {
            guard let braze else { return false }
            return !state.withLock { $0.discarded } && braze.generation == generation
        }

        /// Logs that the message was shown (once; repeated calls are recorded as diagnostics).
        public func logImpression() {
            let first = state.withLock { s -> Bool in
                defer { s.impressionLogged = true }
                return !s.impressionLogged
            }
            if first {
                environment.trace.record(.analytics, "impression", message: messageID)
            } else {
                environment.trace.record(.diagnostic, "impressionAlreadyLogged", message: messageID)
            }
        }

        /// Logs a click on the message body (`buttonId` nil) or on a button.
        public func logClick(buttonId: String? = nil) {
            environment.trace.record(.analytics, "click", message: messageID, buttonId.map { ["buttonId": $0] } ?? [:])
        }

        /// Carries out a click action: a URL is offered to `Braze.delegate` (`braze(_:shouldOpenURL:)`), then
        /// opened unless the delegate handles it (headless: recorded, and on the UIKit stand-in passed to
        /// `UIApplication.shared.open`, which records it); `.none` does nothing.
        public func processClickAction(_ action: ClickAction, target: Any? = nil) {
            switch action {
            case .none:
                environment.trace.record(.navigation, "noClickAction", message: messageID)
            case .url(let url, let useWebView):
                if let braze, let delegate = braze.delegate {
                    environment.trace.record(.callback, "braze(_:shouldOpenURL:)", message: messageID, ["url": url.absoluteString])
                    let context = Braze.URLContext(url: url, useWebView: useWebView, channel: .inAppMessage,
                                                   extras: Dictionary(uniqueKeysWithValues: extras.map { (AnyHashable($0.key), $0.value) }))
                    if !delegate.braze(braze, shouldOpenURL: context) {
                        environment.trace.record(.navigation, "urlHandledByApp", message: messageID, ["url": url.absoluteString])
                        return
                    }
                }
                environment.trace.record(.navigation, useWebView ? "openURLInWebView" : "openURL", message: messageID,
                                         ["url": url.absoluteString])
                #if canImport(UIKit) && !canImport(Darwin)
                if !useWebView { UIApplication.shared.open(url) }
                #endif
            }
        }

        /// Marks the message as never to be displayed; the context becomes invalid.
        public func discard() {
            state.withLock { $0.discarded = true }
            environment.trace.record(.analytics, "discard", message: messageID)
        }

        /// Logs a presentation error.
        public func logError(flattened: String) {
            environment.trace.record(.diagnostic, "error", message: messageID, ["error": flattened])
        }
    }
}

extension Braze.InAppMessageRaw {
    /// Upstream declares the context on the raw type; both names refer to the same class.
    public typealias Context = Braze.InAppMessage.Context
}
