import Foundation
import InAppCore

extension Braze {
    /// The current user's feature flags, fetched from the simulated server (`Braze.server.featureFlags`).
    /// A flag the user does not have reads as disabled (`featureFlag(id:)` returns nil). Refreshes and
    /// impressions are recorded in the trace (kind `flag`).
    public final class FeatureFlags: @unchecked Sendable {
        private struct State {
            var flags: [FeatureFlag] = []
            var impressions: [String] = []
        }
        private let state = Locked(State())
        private let environment: MessagingEnvironment
        private let subscribers = Subscribers<[FeatureFlag]>()
        package let link = BrazeLink()

        init(environment: MessagingEnvironment) { self.environment = environment }

        /// The flags from the latest refresh.
        public var featureFlags: [FeatureFlag] { state.withLock { $0.flags } }
        /// The flag `id`, or nil when the user does not have it.
        public func featureFlag(id: String) -> FeatureFlag? { state.withLock { $0.flags.first { $0.id == id } } }
        public func getAllFeatureFlags(_ completion: @escaping ([FeatureFlag]) -> Void) { completion(featureFlags) }

        /// Fetches the flags; subscribers get them, then `completion`.
        public func requestRefresh(_ completion: ((Result<[FeatureFlag], any Swift.Error>) -> Void)? = nil) {
            guard let braze = link.braze else { completion?(.failure(Braze.Error.sdkDisabled)); return }
            environment.trace.record(.flag, "requestRefresh")
            braze.server.handle("feature_flags", for: braze) { [weak self] outcome in
                guard let self else { return }
                switch outcome {
                case .failure(let error):
                    self.environment.trace.record(.flag, "refreshFailed", ["error": error.description])
                    completion?(.failure(error))
                case .success:
                    let flags = braze.server.featureFlags
                    self.state.withLock { $0.flags = flags }
                    self.environment.trace.record(.flag, "refreshed", ["count": String(flags.count)])
                    self.subscribers.send(flags)
                    completion?(.success(flags))
                }
            }
        }

        /// Calls `update` with the flags after each refresh.
        public func subscribeToUpdates(_ update: @escaping ([FeatureFlag]) -> Void) -> Cancellable { subscribers.add(update) }

        /// Logs that the user saw the feature behind flag `id` (once per flag and session; unknown ids are
        /// refused with a diagnostic).
        public func logFeatureFlagImpression(id: String) {
            guard link.braze?.enabled ?? false else { return }
            let refusal = state.withLock { s -> String? in
                guard s.flags.contains(where: { $0.id == id }) else { return "unknownFeatureFlag" }
                guard !s.impressions.contains(id) else { return "flagImpressionAlreadyLogged" }
                s.impressions.append(id)
                return nil
            }
            if let refusal {
                environment.trace.record(.diagnostic, refusal, ["flag": id])
                return
            }
            environment.trace.record(.flag, "impression", ["flag": id])
        }

        /// Test API: flags whose impression was logged, in order.
        public var loggedImpressions: [String] { state.withLock { $0.impressions } }

        func reset() { state.withLock { $0 = State() } }
    }
}
