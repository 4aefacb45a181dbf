import XCTest
import BrazeKit
import BrazeUI
import InAppTestSupport
import WebKit

final class SDKFlagsAuthBannerTests: XCTestCase {
    func test_featureFlagsRefreshTypedPropertiesAndImpressionsOnce() {
        let bench = SDKBench()
        bench.braze.server.featureFlags = [
            Braze.FeatureFlag(id: "profile", enabled: true,
                              properties: ["color": .string("blue"), "limit": .number(3), "beta": .boolean(true),
                                           "since": .timestamp(1000), "config": .jsonObject(["a": 1])]),
            Braze.FeatureFlag(id: "off"),
        ]
        var seen: [[String]] = []
        let sub = bench.braze.featureFlags.subscribeToUpdates { seen.append($0.map(\.id)) }
        XCTAssertNil(bench.braze.featureFlags.featureFlag(id: "profile"), "nothing before a refresh")
        bench.braze.featureFlags.requestRefresh()
        let flag = bench.braze.featureFlags.featureFlag(id: "profile")
        XCTAssertEqual(flag?.enabled, true)
        XCTAssertEqual(flag?.stringProperty(key: "color"), "blue")
        XCTAssertEqual(flag?.numberProperty(key: "limit"), 3)
        XCTAssertEqual(flag?.boolProperty(key: "beta"), true)
        XCTAssertEqual(flag?.timestampProperty(key: "since"), 1000)
        XCTAssertEqual(flag?.jsonObjectProperty(key: "config")?["a"] as? Double, 1)
        XCTAssertNil(flag?.stringProperty(key: "limit"), "a property of another type reads as nil")
        XCTAssertEqual(seen, [["profile", "off"]])
        bench.braze.featureFlags.logFeatureFlagImpression(id: "profile")
        bench.braze.featureFlags.logFeatureFlagImpression(id: "profile")
        bench.braze.featureFlags.logFeatureFlagImpression(id: "missing")
        XCTAssertEqual(bench.braze.featureFlags.loggedImpressions, ["profile"])
        XCTAssertEqual(bench.events(.flag, "impression").count, 1)
        XCTAssertEqual(bench.events(.diagnostic, "unknownFeatureFlag").count, 1)
        withExtendedLifetime(sub) {}
    }

    func test_sdkAuthenticationFailureReachesTheDelegateAndANewSignatureRecovers() {
        let bench = SDKBench { $0.api.sdkAuthentication = true }
        let app = AppDelegateDouble()
        bench.braze.sdkAuthDelegate = app
        bench.braze.server.acceptedSignatures = ["good"]
        bench.braze.server.featureFlags = [Braze.FeatureFlag(id: "f", enabled: true)]
        var failures: [Braze.SDKAuthenticationError] = []
        let sub = bench.braze.subscribeToSdkAuthenticationFailures { failures.append($0) }

        bench.braze.changeUser(userId: "u1", sdkAuthSignature: "bad")
        var result: Result<[Braze.FeatureFlag], any Error>?
        bench.braze.featureFlags.requestRefresh { result = $0 }
        guard case .failure(let error)? = result else { return XCTFail("expected a failure") }
        XCTAssertEqual(error as? Braze.Error, .sdkAuthenticationFailed(reason: "invalid signature"))
        XCTAssertEqual(app.authErrors.map(\.userId), ["u1"])
        XCTAssertEqual(app.authErrors.first?.signature, "bad")
        XCTAssertEqual(failures.count, 1)

        bench.braze.set(sdkAuthenticationSignature: "good")
        bench.braze.featureFlags.requestRefresh { result = $0 }
        XCTAssertEqual(try result?.get().map(\.id), ["f"])
        XCTAssertEqual(app.authErrors.count, 1)

        bench.braze.wipeData()
        bench.braze.featureFlags.requestRefresh { result = $0 }
        XCTAssertEqual(app.authErrors.last?.reason, "missing signature")
        withExtendedLifetime(sub) {}
    }

    func test_bannersRefreshByPlacementAndRejectBadIds() {
        let bench = SDKBench()
        bench.braze.server.banners = [
            Braze.Banner(placementId: "home", trackingId: "t-home", html: "<p>Home</p>", properties: ["title": .string("Hi")]),
            Braze.Banner(placementId: "cart", trackingId: "t-cart", html: "<p>Cart</p>", expiresAt: 10),
        ]
        var result: Result<[String: Braze.Banner], any Error>?
        bench.braze.banners.requestBannersRefresh(placementIds: []) { result = $0 }
        guard case .failure(let error)? = result else { return XCTFail("expected a failure") }
        XCTAssertEqual(error as? Braze.Error, .invalidPlacementIds)

        bench.braze.banners.requestBannersRefresh(placementIds: ["home", "cart", "none"]) { result = $0 }
        XCTAssertEqual(try result?.get().keys.sorted(), ["cart", "home"])
        var home: Braze.Banner?
        bench.braze.banners.getBanner(for: "home") { home = $0 }
        XCTAssertEqual(home?.stringProperty(key: "title"), "Hi")
        XCTAssertNotNil(bench.braze.banners.banner(for: "cart"))
        bench.harness.advance(by: 10)
        XCTAssertNil(bench.braze.banners.banner(for: "cart"), "an expired banner is not served")
        XCTAssertEqual(bench.braze.server.requests, ["banners:home,cart,none"])
    }

    func test_bannerViewRendersTheHTMLWithTheBrazeBridge() throws {
        let bench = SDKBench()
        let app = AppDelegateDouble()
        bench.braze.delegate = app
        bench.braze.server.banners = [Braze.Banner(placementId: "home", trackingId: "t1", html: """
            <html><body><h1>Spring sale</h1>
            <button id="cta" onclick="brazeBridge.logClick('cta')">Shop</button>
            <a id="link" href="https://shop.example/sale">Sale</a>
            <button id="close" onclick="brazeBridge.closeMessage()">Close</button>
            </body></html>
            """)]
        bench.braze.banners.requestBannersRefresh(placementIds: ["home"])
        var updates: [BrazeBannerUI.ContentUpdates] = []
        var dismissed: [Braze.BannerDismissalEvent] = []
        let view = bench.harness.run {
            BrazeBannerUI.BannerUIView(placementId: "home", braze: bench.braze) { if case .success(let u) = $0 { updates.append(u) } }
        }
        view.onDismiss = { dismissed.append($0) }
        let web = try XCTUnwrap(view.webView)
        XCTAssertTrue(web.document.body.textContent.contains("Spring sale"))
        XCTAssertEqual(updates.count, 1)
        _ = try bench.harness.run { try web.tap(elementID: "cta") }
        _ = try bench.harness.run { try web.tap(elementID: "link") }
        XCTAssertEqual(app.urls, [URL(string: "https://shop.example/sale")!])
        _ = try bench.harness.run { try web.tap(elementID: "close") }
        XCTAssertEqual(bench.braze.banners.loggedEvents.map { "\($0.kind.rawValue):\($0.buttonId ?? "-")" },
                       ["impression:-", "click:cta", "click:-", "dismissal:-"])
        XCTAssertEqual(dismissed.map(\.trackingId), ["t1"])
        XCTAssertNil(view.webView)
        XCTAssertNil(bench.braze.banners.banner(for: "home"))
    }
}
