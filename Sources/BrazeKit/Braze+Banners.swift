import Foundation
import InAppCore

extension Braze {
    /// Banners by placement, fetched from the simulated server (`Braze.server.banners`) for the placements the
    /// app asks for. Refreshes, impressions and clicks are recorded in the trace (kind `banner`).
    public final class Banners: @unchecked Sendable {
        /// One logged interaction.
        public struct LoggedEvent: Hashable, Sendable {
            public enum Kind: String, Sendable { case impression, click, dismissal }
            public let kind: Kind
            public let placementId: String
            public let buttonId: String?
        }

        private struct State {
            var banners: [String: Banner] = [:]
            var events: [LoggedEvent] = []
            var impressed: Set<String> = []
            var placements: [WeakPlacement] = []
        }
        /// A registered custom placement, held weakly.
        private struct WeakPlacement {
            weak var value: (any BrazeBannerPlacement)?
        }
        private let state = Locked(State())
        private let environment: MessagingEnvironment
        private let subscribers = Subscribers<[String: Banner]>()
        private let dismissals = Subscribers<BannerDismissalEvent>()
        package let link = BrazeLink()

        init(environment: MessagingEnvironment) { self.environment = environment }

        /// Fetches the banners of `placementIds`; subscribers get every placement's banner, then `completion`.
        /// An empty list or an empty id fails with `Braze.Error.invalidPlacementIds`.
        public func requestBannersRefresh(placementIds: [String],
                                          completion: ((Result<[String: Banner], any Swift.Error>) -> Void)? = nil) {
            guard let braze = link.braze else { completion?(.failure(Braze.Error.sdkDisabled)); return }
            guard !placementIds.isEmpty, !placementIds.contains(where: \.isEmpty) else {
                environment.trace.record(.diagnostic, "invalidPlacementIds")
                completion?(.failure(Braze.Error.invalidPlacementIds))
                return
            }
            let wanted = Set(placementIds)
            environment.trace.record(.banner, "requestRefresh", ["placements": placementIds.joined(separator: ",")])
            braze.server.handle("banners:" + placementIds.joined(separator: ","), for: braze) { [weak self] outcome in
                guard let self else { return }
                switch outcome {
                case .failure(let error):
                    self.environment.trace.record(.banner, "refreshFailed", ["error": error.description])
                    for placement in self.registered where wanted.contains(placement.placementId) { placement.notifyError(error) }
                    completion?(.failure(error))
                case .success:
                    var served: [String: Banner] = [:]
                    for var banner in braze.server.banners where wanted.contains(banner.placementId) && served[banner.placementId] == nil {
                        banner.context = Banner.Context(placementId: banner.placementId, trackingId: banner.trackingId,
                                                        stableKey: banner.identifier, braze: braze)
                        served[banner.placementId] = banner
                    }
                    let all = self.state.withLock { s -> [String: Banner] in
                        for id in wanted { s.banners[id] = served[id] }
                        return s.banners
                    }
                    self.environment.trace.record(.banner, "refreshed", ["placements": served.keys.sorted().joined(separator: ",")])
                    self.subscribers.send(all)
                    for placement in self.registered where wanted.contains(placement.placementId) {
                        if let banner = served[placement.placementId] { placement.render(with: banner) }
                        else { placement.removeBannerContent(reason: .noBanner) }
                    }
                    completion?(.success(served))
                }
            }
        }

        /// The cached banner of `placementId` (nil when none, or when it expired).
        public func getBanner(for placementId: String, _ completion: @escaping (Banner?) -> Void) {
            completion(banner(for: placementId))
        }

        /// The cached banner of `placementId`, if any and not expired.
        public func banner(for placementId: String) -> Banner? {
            guard let banner = state.withLock({ $0.banners[placementId] }) else { return nil }
            if banner.expiresAt >= 0 && banner.expiresAt <= environment.clock.now { return nil }
            return banner
        }

        /// Calls `update` with every placement's banner after each refresh.
        public func subscribeToUpdates(_ update: @escaping ([String: Banner]) -> Void) -> Cancellable { subscribers.add(update) }

        /// Registers a custom placement (held weakly): it is rendered into with its banner now (when one is
        /// cached) and after each refresh of its placement, told when the refresh fails (`notifyError`), and
        /// told of its banner's dismissal (`onDismiss`, then `removeBannerContent(reason: .dismissal)`).
        public func registerView(_ placement: any BrazeBannerPlacement) {
            state.withLock { s in
                s.placements.removeAll { $0.value == nil || $0.value === placement }
                s.placements.append(WeakPlacement(value: placement))
            }
            environment.trace.record(.banner, "registerView", ["placement": placement.placementId])
            if let banner = banner(for: placement.placementId) { placement.render(with: banner) }
        }

        /// Calls `update` with every banner dismissal (banner views use it to call their `onDismiss`).
        package func subscribeToDismissals(_ update: @escaping (BannerDismissalEvent) -> Void) -> Cancellable { dismissals.add(update) }

        private var registered: [any BrazeBannerPlacement] { state.withLock { $0.placements.compactMap(\.value) } }

        /// Test API: the interactions logged, oldest first.
        public var loggedEvents: [LoggedEvent] { state.withLock { $0.events } }

        func log(_ kind: LoggedEvent.Kind, placementId: String, trackingId: String, buttonId: String?, stableKey: String? = nil) {
            guard link.braze?.enabled ?? false else { return }
            let refusal = state.withLock { s -> String? in
                guard s.banners[placementId]?.trackingId == trackingId else { return "unknownBanner" }
                if kind == .impression { guard s.impressed.insert(trackingId + "|" + placementId).inserted else { return "impressionAlreadyLogged" } }
                if kind == .dismissal { s.banners[placementId] = nil }
                s.events.append(LoggedEvent(kind: kind, placementId: placementId, buttonId: buttonId))
                return nil
            }
            if let refusal {
                environment.trace.record(.diagnostic, refusal, ["placement": placementId, "action": kind.rawValue])
                return
            }
            var details = ["placement": placementId]
            if let buttonId { details["buttonId"] = buttonId }
            environment.trace.record(.banner, kind.rawValue, details)
            guard kind == .dismissal else { return }
            let event = BannerDismissalEvent(placementId: placementId, stableKey: stableKey, trackingId: trackingId)
            dismissals.send(event)
            for placement in registered where placement.placementId == placementId {
                placement.onDismiss?(event)
                placement.removeBannerContent(reason: .dismissal)
            }
        }

        func reset() { state.withLock { s in let placements = s.placements; s = State(); s.placements = placements } }
    }
}
