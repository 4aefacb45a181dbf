import Foundation
import XCTest
import InAppTestSupport

/// Rules 1–12 of delivery-semantics.md: trigger types, filters, event source, delivery, prefetch, priority,
/// minimum interval.
final class TriggerRuleTests: XCTestCase {
    func test_rule01_eachTriggerTypeTriggersOnlyItsOwnMessage() {
        let rig = Rig(interval: 0)
        let campaigns = [
            campaign("session", [.sessionStart]),
            campaign("custom", [.customEvent("level_up")]),
            campaign("anyPurchase", [.anyPurchase]),
            campaign("gold", [.purchase(productID: "gold")], priority: 5),
            campaign("push", [.pushClick(campaignID: "push-1")]),
        ]
        XCTAssertEqual(rig.engine.startSession(with: campaigns), .delivered("session"))
        rig.dismiss()
        XCTAssertEqual(rig.engine.logCustomEvent("level_up"), .delivered("custom"))
        rig.dismiss()
        XCTAssertEqual(rig.engine.logPurchase("silver"), .delivered("anyPurchase"))
        rig.dismiss()
        XCTAssertEqual(rig.engine.logPurchase("gold"), .delivered("gold"))
        rig.dismiss()
        XCTAssertEqual(rig.engine.logPushClick(campaignID: "push-1"), .delivered("push"))
        rig.dismiss()
        XCTAssertEqual(rig.engine.logCustomEvent("other"), .noMatch)
        XCTAssertEqual(rig.engine.logPushClick(campaignID: "push-2"), .noMatch)
        XCTAssertEqual(rig.displayed, ["session", "custom", "anyPurchase", "gold", "push"])
    }

    func test_rule02_propertyFiltersGateCustomEventAndSpecificPurchaseTriggers() {
        let rig = Rig(interval: 0)
        rig.engine.deliver([
            campaign("vip", [.customEvent("checkout", filters: [.equals("tier", "vip"), .greaterThan("total", .number(100))])]),
            campaign("bigGold", [.purchase(productID: "gold", filters: [.exists("gift"), .lessThan("quantity", .number(10))])]),
        ])
        XCTAssertEqual(rig.engine.logCustomEvent("checkout", properties: ["tier": "basic", "total": .number(500)]), .noMatch)
        XCTAssertEqual(rig.engine.logCustomEvent("checkout", properties: ["tier": "vip", "total": .number(50)]), .noMatch)
        XCTAssertEqual(rig.engine.logCustomEvent("checkout", properties: ["tier": "vip", "total": .number(150)]), .delivered("vip"))
        rig.dismiss()
        XCTAssertEqual(rig.engine.logPurchase("gold", properties: ["quantity": .number(2)]), .noMatch)
        XCTAssertEqual(rig.engine.logPurchase("gold", properties: ["gift": .bool(true), "quantity": .number(20)]), .noMatch)
        XCTAssertEqual(rig.engine.logPurchase("gold", properties: ["gift": .bool(false), "quantity": .number(2)]), .delivered("bigGold"))
        XCTAssertEqual(rig.displayed, ["vip", "bigGold"])
    }

    func test_rule02_filterOperatorsOverStringNumberBooleanAndDate() {
        let early = Date(timeIntervalSince1970: 1_000), late = Date(timeIntervalSince1970: 2_000)
        let props: [String: EventPropertyValue] = ["s": "hello world", "n": .number(5), "b": .bool(true), "d": .date(late)]
        let cases: [(PropertyFilter, Bool)] = [
            (.equals("s", "hello world"), true), (.equals("s", "hello"), false),
            (.notEquals("s", "hello"), true), (.notEquals("s", "hello world"), false), (.notEquals("missing", "x"), true),
            (.contains("s", "lo wo"), true), (.contains("s", "Hello"), false), (.contains("n", "5"), false),
            (.greaterThan("s", "abc"), true), (.lessThan("s", "abc"), false),
            (.equals("n", .number(5)), true), (.equals("n", "5"), false),
            (.greaterThan("n", .number(4)), true), (.greaterThan("n", .number(5)), false),
            (.lessThan("n", .number(6)), true), (.lessThan("n", .number(5)), false),
            (.equals("b", .bool(true)), true), (.notEquals("b", .bool(true)), false), (.greaterThan("b", .bool(false)), false),
            (.equals("d", .date(late)), true), (.greaterThan("d", .date(early)), true), (.lessThan("d", .date(early)), false),
            (.greaterThan("d", .number(0)), false),
            (.exists("s"), true), (.exists("missing"), false), (.equals("missing", "x"), false),
            (.greaterThan("missing", .number(0)), false),
        ]
        for (filter, expected) in cases {
            XCTAssertEqual(filter.matches(props), expected, "\(filter)")
        }
    }

    func test_rule02_propertyValuesConvertFromFoundationValues() {
        let date = Date(timeIntervalSince1970: 42)
        XCTAssertEqual(EventPropertyValue(any: "x"), .string("x"))
        XCTAssertEqual(EventPropertyValue(any: 3), .number(3))
        XCTAssertEqual(EventPropertyValue(any: 2.5), .number(2.5))
        XCTAssertEqual(EventPropertyValue(any: true), .bool(true))
        XCTAssertEqual(EventPropertyValue(any: date), .date(date))
        XCTAssertEqual(EventPropertyValue(any: NSDecimalNumber(string: "9.5")), .number(9.5))
        XCTAssertNil(EventPropertyValue(any: nil))
        XCTAssertNil(EventPropertyValue(any: NSNull()))
        XCTAssertEqual(EventPropertyValue(any: [1, 2]), .string("[1, 2]"))
    }

    func test_rule03_serverEventsDoNotTrigger() {
        let rig = Rig()
        rig.engine.deliver([campaign("m", [.customEvent("signup")])])
        XCTAssertEqual(rig.engine.logCustomEvent("signup", source: .server), .ignored(.serverEvent))
        rig.h.settle()
        XCTAssertEqual(rig.displayed, [])
        XCTAssertTrue(rig.h.trace.events.contains { $0.label == "delivery.eventIgnored" && $0.details["reason"] == "serverEvent" })
        XCTAssertEqual(rig.engine.logCustomEvent("signup"), .delivered("m"))
        XCTAssertEqual(rig.displayed, ["m"])
    }

    func test_rule04_allEligibleMessagesAreDeliveredAtSessionStart() {
        let rig = Rig()
        let campaigns = [campaign("a", [.customEvent("x")]), campaign("b", [.anyPurchase]), campaign("c", [.pushClick(campaignID: "p")])]
        XCTAssertEqual(rig.engine.campaigns, [])
        XCTAssertEqual(rig.engine.startSession(with: campaigns), .noMatch)
        XCTAssertEqual(rig.engine.campaigns.map(\.id), ["a", "b", "c"])
        XCTAssertEqual(rig.displayed, [])
        XCTAssertNil(Harness.missingSubsequence(["delivery.campaignsDelivered"], in: rig.h.labels()))
    }

    func test_rule05_assetsArePrefetchedAtDeliveryBeforeAnyTrigger() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("delivery-\(UUID().uuidString).png")
        try Data([9, 9, 9]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var withData = Fixtures.modalImage(id: "dataImage")
        withData.content = .structured(StructuredContent(layout: .modalImage, imageURL: dataImageURL))
        var withFile = Fixtures.full(id: "fileImage")
        withFile.content = .structured(StructuredContent(layout: .full, header: "h", imageURL: file))
        let rig = Rig()
        rig.engine.startSession(with: [Campaign(message: withData, triggers: [.customEvent("a")]),
                                       Campaign(message: withFile, triggers: [.customEvent("b")])])
        XCTAssertNotNil(rig.engine.cachedAsset(dataImageURL))
        XCTAssertEqual(rig.engine.cachedAsset(file), Data([9, 9, 9]))
        XCTAssertEqual(rig.displayed, [])
    }

    func test_rule05_defaultLoaderDecodesDataURLsAndRefusesOtherSchemes() {
        XCTAssertEqual(try LocalAssetLoader.loadNow(URL(string: "data:text/plain,hi%20there")!).get(), Data("hi there".utf8))
        XCTAssertEqual(try LocalAssetLoader.loadNow(URL(string: "data:;base64,AQID")!).get(), Data([1, 2, 3]))
        guard case .failure(let e) = LocalAssetLoader.loadNow(URL(string: "https://example.com/x.png")!) else {
            return XCTFail("https must fail headless")
        }
        XCTAssertEqual(e.code, "unsupportedScheme")
        guard case .failure(let e2) = LocalAssetLoader.loadNow(URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)")) else {
            return XCTFail("missing file must fail")
        }
        XCTAssertEqual(e2.code, "unreadableFile")
    }

    func test_rule06_onlyTheHighestPriorityMessageIsDisplayed() {
        let rig = Rig()
        rig.engine.deliver([campaign("low", [.customEvent("e")], priority: 1),
                            campaign("high", [.customEvent("e")], priority: 9),
                            campaign("mid", [.customEvent("e")], priority: 5)])
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .delivered("high"))
        rig.h.settle()
        XCTAssertEqual(rig.displayed, ["high"])
        XCTAssertEqual(rig.presenter.stack.count, 0, "lower-priority messages are not stacked either")
        XCTAssertEqual(rig.delivery("low"), ["notSelected"])
        XCTAssertEqual(rig.reasons("mid"), ["lowerPriority"])
    }

    func test_rule07_sessionStartAndPushClickMessagesDisplayOnceTheirAssetsArrive() {
        let loader = ManualAssetLoader()
        let rig = Rig(interval: 0, configure: { $0.assetLoader = loader })
        var s = Fixtures.modalImage(id: "s")
        s.content = .structured(StructuredContent(layout: .modalImage, imageURL: URL(string: "https://cdn.example/s.png")!))
        var p = Fixtures.modalImage(id: "p")
        p.content = .structured(StructuredContent(layout: .modalImage, imageURL: URL(string: "https://cdn.example/p.png")!))
        let outcome = rig.engine.startSession(with: [Campaign(message: s, triggers: [.sessionStart]),
                                                     Campaign(message: p, triggers: [.pushClick(campaignID: "c1")])])
        XCTAssertEqual(outcome, .awaitingAssets("s"))
        XCTAssertEqual(rig.displayed, [])
        loader.completeAll()
        XCTAssertEqual(rig.displayed, ["s"])
        rig.dismiss()
        XCTAssertNotNil(rig.engine.cachedAsset(URL(string: "https://cdn.example/p.png")!), "prefetched with the session")
        XCTAssertEqual(rig.engine.logPushClick(campaignID: "c1"), .delivered("p"))
        XCTAssertEqual(rig.displayed, ["s", "p"])
    }

    func test_rule08_web_messagesDownloadedAtSessionStartTriggerLaterByTheirRules() {
        let rig = Rig()
        rig.engine.startSession(with: [campaign("later", [.customEvent("viewed_cart")])])
        XCTAssertEqual(rig.displayed, [])
        rig.h.advance(by: 120)
        XCTAssertEqual(rig.engine.logCustomEvent("viewed_cart"), .delivered("later"))
        XCTAssertEqual(rig.displayed, ["later"])
    }

    func test_rule09_defaultThirtySecondInterval() {
        let rig = Rig(configure: { _ in })
        XCTAssertEqual(rig.engine.minimumTriggerInterval, 30)
        XCTAssertEqual(DeliveryConfiguration().minimumTriggerInterval, 30)
        var a = Fixtures.slideup(id: "a", close: .automatic(after: 5))
        a.priority = 0
        rig.engine.deliver([Campaign(message: a, triggers: [.customEvent("e")])])
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .delivered("a"))          // t = 0
        rig.h.advance(by: 10)                                                    // auto-closed at 5
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .rateLimited("a"))        // t = 10
        rig.h.advance(by: 20)
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .delivered("a"))          // t = 30
        XCTAssertEqual(rig.displayed, ["a", "a"])
        XCTAssertTrue(rig.h.trace.events(for: "a").contains { $0.name == "rateLimited" && $0.time == 10 })
    }

    func test_rule09_rateLimitBoundaryIsInclusiveAtTheInterval() {
        let rig = Rig()
        rig.engine.deliver([Campaign(message: Fixtures.slideup(id: "a", close: .automatic(after: 1)), triggers: [.customEvent("e")])])
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .delivered("a"))
        rig.h.advance(by: 29.999)
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .rateLimited("a"))
        rig.h.advance(by: 0.001)
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .delivered("a"))
    }

    func test_rule10_android_integerOverrideOfFiveSeconds() {
        // braze.xml's integer maps to DeliveryConfiguration.minimumTriggerInterval.
        let rig = Rig(interval: TimeInterval(5))
        rig.engine.deliver([Campaign(message: Fixtures.slideup(id: "a", close: .automatic(after: 1)), triggers: [.customEvent("e")])])
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .delivered("a"))
        rig.h.advance(by: 3)
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .rateLimited("a"))
        rig.h.advance(by: 3)
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .delivered("a"))
    }

    func test_rule11_intervalIsConfigurableAtRunTime() {
        // The iOS option itself is tested in AppboyTests (test_rule11_…); here the engine setting it feeds.
        let rig = Rig()
        rig.engine.minimumTriggerInterval = 5
        rig.engine.deliver([Campaign(message: Fixtures.slideup(id: "a", close: .automatic(after: 1)), triggers: [.customEvent("e")])])
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .delivered("a"))
        rig.h.advance(by: 6)
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .delivered("a"))
    }

    func test_rule12_web_intervalOptionOfZeroDisablesTheLimit() {
        let rig = Rig(interval: 0)
        rig.engine.deliver([Campaign(message: Fixtures.slideup(id: "a", close: .userAction), triggers: [.customEvent("e")])])
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .delivered("a"))
        rig.dismiss()
        XCTAssertEqual(rig.engine.logCustomEvent("e"), .delivered("a"))
        XCTAssertEqual(rig.displayed, ["a", "a"])
    }

    func test_rateLimitedTriggerIsDroppedNotDeferred() {
        let rig = Rig(interval: 5)
        rig.engine.deliver([campaign("a", [.customEvent("a")]), campaign("b", [.customEvent("b")])])
        rig.engine.logCustomEvent("a")
        rig.dismiss()
        XCTAssertEqual(rig.engine.logCustomEvent("b"), .rateLimited("b"))
        rig.h.advance(by: 60)
        XCTAssertEqual(rig.displayed, ["a"])
        XCTAssertEqual(rig.presenter.stack.count, 0)
    }

    func test_unmatchedEventsCallTheHookAndAreTracedOnlyWhenAsked() {
        let rig = Rig(configure: { $0.tracesUnmatchedEvents = true })
        let seen = Locked<[String]>([])
        rig.engine.noMatchingTrigger = { e in seen.withLock { $0.append(e.name ?? "") } }
        XCTAssertEqual(rig.engine.logCustomEvent("nobody"), .noMatch)
        XCTAssertEqual(seen.snapshot, ["nobody"])
        XCTAssertTrue(rig.h.labels().contains("delivery.noMatchingTrigger"))
    }

    func test_purchaseLooksUpAnyPurchaseAndItsProductOnly() {
        let rig = Rig(interval: 0)
        var many: [Campaign] = (0..<500).map { campaign(MessageID("other\($0)"), [.customEvent("e\($0)")]) }
        many.append(campaign("any", [.anyPurchase], priority: 1))
        many.append(campaign("gold", [.purchase(productID: "gold")], priority: 2))
        rig.engine.deliver(many)
        XCTAssertEqual(rig.engine.logPurchase("gold"), .delivered("gold"))
        XCTAssertEqual(rig.delivery("any"), ["notSelected"])
        XCTAssertEqual(rig.h.trace.events.filter { $0.name == "notSelected" }.count, 1,
                       "campaigns listening to other events are not even considered")
    }
}
