import XCTest
import BrazeKit
import InAppTestSupport

/// What wrapper SDKs (React Native, Flutter, Expo, Segment, Tealium) call besides the in-app code: ad tracking and
/// identifiers, attribution, the tracking allow list, the logger sink, location attributes, and the JSON and
/// `using:` forms of cards, banners, flags and push payloads they hand to their JavaScript or Dart side.
final class SDKThirdPartyBridgeTests: XCTestCase {
    func test_adTrackingIdentifiersAndDeviceIdAreKeptAndRecorded() {
        let bench = SDKBench()
        let braze = bench.braze
        XCTAssertNil(braze.adTrackingEnabled)
        braze.set(adTrackingEnabled: true)
        braze.set(identifierForAdvertiser: "IDFA-1")
        braze.set(identifierForVendor: "IDFV-1")
        XCTAssertEqual(braze.adTrackingEnabled, true)
        XCTAssertEqual(braze.identifierForAdvertiser, "IDFA-1")
        XCTAssertEqual(braze.identifierForVendor, "IDFV-1")
        XCTAssertEqual(bench.labels([.delivery]).suffix(3),
                       ["delivery.setAdTrackingEnabled", "delivery.setIdentifierForAdvertiser", "delivery.setIdentifierForVendor"])
        XCTAssertEqual(braze.deviceId, braze.deviceId, "stable for the instance")
        XCTAssertNotNil(UUID(uuidString: braze.deviceId))
        XCTAssertNotEqual(SDKBench().braze.deviceId, braze.deviceId, "another installation, another id")
    }

    func test_trackingAllowListChangesAtRunTime() {
        let bench = SDKBench { $0.api.trackingPropertyAllowList = [.email, .firstName] }
        bench.braze.updateTrackingAllowList(adding: [.pushToken, .emailSubscriptionState], removing: [.firstName])
        XCTAssertEqual(bench.braze.configuration.api.trackingPropertyAllowList, [.email, .pushToken, .emailSubscriptionState])
        XCTAssertEqual(bench.events(.delivery, "updateTrackingAllowList").last?.details["properties"],
                       "email,email_subscription_state,push_token")
        // The type lives on Braze.Configuration, as upstream; the Api spelling is the same type.
        let property: Braze.Configuration.Api.TrackingProperty = Braze.Configuration.TrackingProperty.notificationSubscriptionState
        XCTAssertEqual(property.rawValue, "notification_subscription_state")
    }

    func test_requestPolicyAndFlavourReadFromWrapperSettings() {
        XCTAssertEqual(Braze.Configuration.Api.RequestPolicy(rawValue: "manual"), .manual)
        XCTAssertNil(Braze.Configuration.Api.RequestPolicy(rawValue: "sometimes"))
        let bench = SDKBench { $0.api.sdkFlavor = .tealium }
        XCTAssertEqual(bench.braze.configuration.api.sdkFlavor, .tealium)
    }

    func test_attributionLocationAttributeAndMergedObjects() {
        let bench = SDKBench()
        let user = bench.braze.user
        user.set(attributionData: .init(network: "ads", campaign: "spring", adGroup: nil, creative: "banner-1"))
        XCTAssertEqual(user.attributes["ab_install_attribution"], .object(["source": "ads", "campaign": "spring", "ad": "banner-1"]))

        user.setLocationCustomAttribute(key: "favorite_store", latitude: 52.5, longitude: 13.4)
        XCTAssertEqual(user.customAttributes["favorite_store"], .object(["latitude": 52.5, "longitude": 13.4]))
        user.setLocationCustomAttribute(key: "nowhere", latitude: 91, longitude: 0)
        XCTAssertNil(user.customAttributes["nowhere"])
        XCTAssertEqual(bench.events(.diagnostic, "invalidLocation").last?.details["key"], "nowhere")

        user.setCustomAttribute(key: "prefs", dictionary: ["theme": "dark", "size": 2], merge: false)
        user.setCustomAttribute(key: "prefs", dictionary: ["size": 3, "lang": "de"], merge: true)
        XCTAssertEqual(user.customAttributes["prefs"], .object(["theme": "dark", "size": 3, "lang": "de"]))
        user.setCustomAttribute(key: "prefs", dictionary: ["only": true], merge: false)
        XCTAssertEqual(user.customAttributes["prefs"], .object(["only": true]), "without merge the object is replaced")
    }

    func test_loggerSinkGetsLinesAtOrAboveItsLevel() {
        final class Lines: @unchecked Sendable { var all: [(String, Braze.Configuration.LogLevel)] = [] }
        let lines = Lines()
        let bench = SDKBench { c in
            c.logger.level = .info
            c.logger.print = { line, level in lines.all.append((line, level)); return true }
        }
        XCTAssertTrue(lines.all.contains { $0.0.hasPrefix("Braze started") && $0.1 == .info })
        let before = lines.all.count
        bench.braze.set(adTrackingEnabled: false)
        XCTAssertEqual(lines.all.count, before, "a debug line is below the info level")
        bench.braze.configuration.logger.level = .debug
        bench.braze.set(adTrackingEnabled: false)
        XCTAssertEqual(lines.all.last?.0, "Ad tracking disabled")

        let silent = Lines()
        _ = SDKBench { c in
            c.logger.level = .disabled
            c.logger.print = { line, level in silent.all.append((line, level)); return true }
        }
        XCTAssertTrue(silent.all.isEmpty)
    }

    func test_cardsDecodedFromJSONLogThroughTheInstance() throws {
        let bench = SDKBench()
        bench.braze.server.contentCards = [classicCard("a", url: "https://example.com/a"), classicCard("b")]
        bench.braze.contentCards.requestRefresh()
        // A bridge gets the card back from its JavaScript/Dart side as JSON, without a context.
        let json = try XCTUnwrap(bench.braze.contentCards.cards[0].json())
        let raw = try XCTUnwrap(Braze.ContentCardRaw.decoding(json: json))
        let card = try Braze.ContentCard(raw)
        XCTAssertNil(Braze.ContentCardRaw.decoding(json: Data("not json".utf8)))
        card.logImpression(using: bench.braze)
        card.logClick(using: bench.braze)
        card.logDismissed(using: bench.braze)
        XCTAssertEqual(bench.braze.contentCards.loggedEvents.map { "\($0.kind.rawValue):\($0.cardId)" },
                       ["impression:a", "click:a", "dismissal:a"])
        XCTAssertEqual(bench.braze.contentCards.cards.map(\.id), ["b"])
    }

    func test_flagsBannersAndPayloadsAsJSON() throws {
        let bench = SDKBench()
        let flag = Braze.FeatureFlag(id: "dark", enabled: true, properties: ["color": .string("#000"), "n": .number(2)],
                                     trackingString: "t1")
        let flagObject = try XCTUnwrap(JSONSerialization.jsonObject(with: XCTUnwrap(flag.json())) as? [String: Any])
        XCTAssertEqual(flagObject["id"] as? String, "dark")
        XCTAssertEqual(flagObject["enabled"] as? Bool, true)
        XCTAssertEqual((flagObject["properties"] as? [String: [String: Any]])?["color"]?["type"] as? String, "string")

        bench.braze.server.banners = [Braze.Banner(placementId: "home", trackingId: "t-home", html: "<p>Hi</p>")]
        bench.braze.banners.requestBannersRefresh(placementIds: ["home"])
        let banner = try XCTUnwrap(bench.braze.banners.banner(for: "home"))
        let bannerObject = try XCTUnwrap(JSONSerialization.jsonObject(with: XCTUnwrap(banner.json())) as? [String: Any])
        XCTAssertEqual(bannerObject["placement_id"] as? String, "home")
        XCTAssertEqual(bannerObject["html"] as? String, "<p>Hi</p>")
        banner.logImpression(using: bench.braze)
        banner.logClick(buttonId: "b1", using: bench.braze)
        XCTAssertEqual(bench.braze.banners.loggedEvents.map(\.kind), [.impression, .click])

        let push: [AnyHashable: Any] = ["ab": ["c": "campaign"], "aps": ["alert": ["title": "Sale", "body": "Now"]], "coupon": "X"]
        var payload: Braze.Notifications.Payload?
        let sub = bench.braze.notifications.subscribeToUpdates { payload = $0 }
        _ = bench.braze.notifications.handleBackgroundNotification(userInfo: push) { _ in }
        _ = sub
        let payloadObject = try XCTUnwrap(JSONSerialization.jsonObject(with: XCTUnwrap(payload?.json())) as? [String: Any])
        XCTAssertEqual(payloadObject["title"] as? String, payload?.title)
        XCTAssertEqual((payloadObject["braze_properties"] as? [String: Any])?["coupon"] as? String, "X")
    }
}
