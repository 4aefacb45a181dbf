import Foundation
import InAppCore

/// Test API: the Braze backend, simulated in process. A test (or `iam simulate`) puts content cards, feature
/// flags and banners here; the SDK's refreshes fetch them. Answers come after `latency` seconds on the
/// environment's clock (synchronously when 0, the default). With `api.sdkAuthentication` on, each request's
/// signature is checked against `acceptedSignatures` (nil: any non-empty signature passes); a refused one
/// fails the request and tells the app's `BrazeSDKAuthDelegate`. Every request is recorded (`requests`).
public final class BrazeServer: @unchecked Sendable {
    private struct State {
        var cards: [Braze.ContentCard] = []
        var flags: [Braze.FeatureFlag] = []
        var banners: [Braze.Banner] = []
        var latency: TimeInterval = 0
        var reachable = true
        var acceptedSignatures: Set<String>?
        var requests: [String] = []
        var flushes = 0
        var pushTokens: [String: String] = [:]
        var statusCodes: [String: Int] = [:]
    }
    private let state = Locked(State())
    private let environment: MessagingEnvironment

    init(environment: MessagingEnvironment) { self.environment = environment }

    /// The content cards the next refresh returns.
    public var contentCards: [Braze.ContentCard] {
        get { state.withLock { $0.cards } }
        set { state.withLock { $0.cards = newValue } }
    }
    /// The feature flags the next refresh returns.
    public var featureFlags: [Braze.FeatureFlag] {
        get { state.withLock { $0.flags } }
        set { state.withLock { $0.flags = newValue } }
    }
    /// The banners (each for its placement) the next refresh returns.
    public var banners: [Braze.Banner] {
        get { state.withLock { $0.banners } }
        set { state.withLock { $0.banners = newValue } }
    }
    /// Seconds before an answer arrives (virtual time); negative or non-finite values are stored as 0.
    public var latency: TimeInterval {
        get { state.withLock { $0.latency } }
        set { state.withLock { $0.latency = newValue.isFinite ? max(0, newValue) : 0 } }
    }
    /// When false, every request fails with `Braze.Error.networkUnreachable`.
    public var isReachable: Bool {
        get { state.withLock { $0.reachable } }
        set { state.withLock { $0.reachable = newValue } }
    }
    /// Signatures the server accepts when SDK authentication is on; nil accepts any non-empty signature.
    public var acceptedSignatures: Set<String>? {
        get { state.withLock { $0.acceptedSignatures } }
        set { state.withLock { $0.acceptedSignatures = newValue } }
    }
    /// The requests received, oldest first ("content_cards", "feature_flags", "banners:<ids>", "data").
    public var requests: [String] { state.withLock { $0.requests } }
    /// The push token (hex) the server holds for each user profile ("" for the anonymous user), as
    /// `notifications.register(deviceToken:)` sent it and `unregisterPush` / `logout` removed it.
    public var pushTokens: [String: String] { state.withLock { $0.pushTokens } }
    /// The HTTP status the server answers a kind of request with ("push_unregister"); 200 when not set.
    /// A non-2xx status fails the request (the push unregistration error carries it).
    public var httpStatusCodes: [String: Int] {
        get { state.withLock { $0.statusCodes } }
        set { state.withLock { $0.statusCodes = newValue } }
    }
    func httpStatus(for request: String) -> Int { state.withLock { $0.statusCodes[request] ?? 200 } }
    func setPushToken(_ token: String?, for userId: String?) { state.withLock { $0.pushTokens[userId ?? ""] = token } }

    /// How many data flushes (`requestImmediateDataFlush`) reached the server.
    public var flushCount: Int { state.withLock { $0.flushes } }

    /// Serves `request` for `braze`: checks the SDK state and signature, then answers `respond` after the
    /// latency (or fails it).
    func handle(_ request: String, for braze: Braze, _ respond: @escaping (Result<Void, Braze.Error>) -> Void) {
        guard braze.enabled else {
            environment.trace.record(.diagnostic, "requestRefused", ["request": request, "reason": "sdkDisabled"])
            respond(.failure(.sdkDisabled))
            return
        }
        let (reachable, latency, accepted) = state.withLock { s -> (Bool, TimeInterval, Set<String>?) in
            s.requests.append(request)
            if request == "data" { s.flushes += 1 }
            return (s.reachable, s.latency, s.acceptedSignatures)
        }
        environment.trace.record(.delivery, "serverRequest", ["request": request])
        let outcome: Result<Void, Braze.Error>
        if !reachable {
            outcome = .failure(.networkUnreachable)
        } else if braze.configuration.api.sdkAuthentication, let reason = Self.refusal(of: braze.sdkAuthenticationSignature, accepted) {
            braze.reportAuthenticationFailure(reason: reason)
            outcome = .failure(.sdkAuthenticationFailed(reason: reason))
        } else {
            outcome = .success(())
        }
        if latency == 0 {
            respond(outcome)
        } else {
            let answer = UncheckedAnswer(respond: respond)
            _ = environment.clock.schedule(after: latency) { answer.respond(outcome) }
        }
    }

    private static func refusal(of signature: String?, _ accepted: Set<String>?) -> String? {
        guard let signature, !signature.isEmpty else { return "missing signature" }
        if let accepted, !accepted.contains(signature) { return "invalid signature" }
        return nil
    }
}

/// The app's completion travels to the clock's timer with its answer; it runs once, on the timer's thread, as
/// upstream's completions run on the SDK's queue.
private struct UncheckedAnswer: @unchecked Sendable {
    let respond: (Result<Void, Braze.Error>) -> Void
}
