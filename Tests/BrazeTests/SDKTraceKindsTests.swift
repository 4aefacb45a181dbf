import XCTest
import BrazeKit
import InAppTestSupport

/// One app session through Braze's channels beside in-app messages: the trace shows each kind of activity under
/// its own kind, in the order the app caused it, so a test (or `iam trace`) can tell push, user, card, banner and
/// flag activity apart.
final class SDKTraceKindsTests: XCTestCase {
    func test_traceShowsPushUserCardBannerAndFlagActivityEachUnderItsKind() {
        let bench = SDKBench()
        bench.braze.server.contentCards = [classicCard("welcome", url: "https://example.com/welcome")]
        bench.braze.server.banners = [Braze.Banner(placementId: "home", trackingId: "t1", html: "<p>Sale</p>")]
        bench.braze.server.featureFlags = [Braze.FeatureFlag(id: "checkout", enabled: true)]

        bench.braze.notifications.register(deviceToken: Data([0x0f, 0xa0]))
        bench.braze.changeUser(userId: "user-1")
        bench.braze.user.set(email: "user@example.com")
        bench.braze.user.setCustomAttribute(key: "plan", value: "pro")
        bench.braze.contentCards.requestRefresh()
        bench.braze.contentCards.cards.first?.context?.logImpression()
        bench.braze.banners.requestBannersRefresh(placementIds: ["home"])
        bench.braze.banners.banner(for: "home")?.context?.logImpression()
        bench.braze.featureFlags.requestRefresh()
        bench.braze.featureFlags.logFeatureFlagImpression(id: "checkout")

        let kinds: Set<TraceEvent.Kind> = [.push, .user, .card, .banner, .flag]
        let seen = bench.trace.events.filter { kinds.contains($0.kind) }
        for kind in kinds {
            XCTAssertTrue(seen.contains { $0.kind == kind }, "no \(kind) activity in \(bench.labels(kinds))")
        }
        XCTAssertEqual(bench.events(.push, "registerDeviceToken").first?.details["token"], "0fa0")
        XCTAssertEqual(bench.events(.user, "setCustomAttribute").first?.details["key"], "plan")
        XCTAssertEqual(bench.events(.card, "impression").first?.details["card"], "welcome")
        XCTAssertEqual(bench.events(.banner, "impression").first?.details["placement"], "home")
        XCTAssertEqual(bench.events(.flag, "impression").count, 1)
        // In the order the app caused it: push registration first, the flag impression last.
        XCTAssertEqual(seen.first?.kind, .push)
        XCTAssertEqual(seen.last.map { "\($0.kind).\($0.name)" }, "flag.impression")
    }
}
