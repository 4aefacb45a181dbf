import XCTest
import BrazeKit
import BrazeLocation
import InAppTestSupport

final class SDKUserAndConfigurationTests: XCTestCase {
    func test_configurationKeepsEveryOptionAppsSet() {
        let bench = SDKBench { c in
            c.api.sdkAuthentication = true
            c.api.flushInterval = 0.2
            c.api.requestPolicy = .manual
            c.api.trackingPropertyAllowList = [.email, .customEvent(["checkout"])]
            c.api.addSDKMetadata([.reactNative])
            c.push.automation = true
            c.push.automation.requestAuthorizationAtLaunch = false
            c.push.appGroup = "group.example"
            c.location.brazeLocationProvider = BrazeLocationProvider()
            c.location.geofencesEnabled = true
            c.location.distanceFilter = -5
            c.forwardUniversalLinks = true
            c.devicePropertyAllowList = [.model, .locale]
            c.triggerMinimumTimeInterval = 5
            c.logger.level = .debug
            c.sessionTimeout = -1
        }
        let c = bench.braze.configuration
        XCTAssertTrue(c.api.sdkAuthentication)
        XCTAssertEqual(c.api.flushInterval, 1, "below 1 s is raised to 1 s")
        XCTAssertEqual(c.api.requestPolicy, .manual)
        XCTAssertEqual(c.api.key, "api-key")
        XCTAssertTrue(c.api.trackingPropertyAllowList.contains(.email))
        XCTAssertEqual(c.api.sdkMetadata, [.reactNative])
        XCTAssertTrue(c.push.automation.isEnabled)
        XCTAssertFalse(c.push.automation.requestAuthorizationAtLaunch)
        XCTAssertTrue(c.push.automation.handleNotificationResponse)
        XCTAssertEqual(c.push.appGroup, "group.example")
        XCTAssertEqual(c.location.locationProvider?.providerName, "BrazeLocation")
        XCTAssertTrue(c.location.geofencesEnabled)
        XCTAssertEqual(c.location.distanceFilter, 8000, "a negative filter falls back to the default")
        XCTAssertTrue(c.forwardUniversalLinks)
        XCTAssertEqual(c.devicePropertyAllowList, [.model, .locale])
        XCTAssertEqual(c.triggerMinimumTimeInterval, 5)
        XCTAssertEqual(c.logger.level, .debug)
        XCTAssertEqual(c.sessionTimeout, 0)
    }

    func test_userProfileIsKeptAndTraced() throws {
        let bench = SDKBench()
        let user = bench.braze.user
        bench.braze.changeUser(userId: "u1")
        user.set(email: "a@example.com")
        user.set(firstName: "Ada")
        user.set(dateOfBirth: Date(timeIntervalSince1970: 0))
        user.set(gender: .female)
        user.set(pushNotificationSubscriptionState: .optedIn)
        user.setCustomAttribute(key: "plan", value: "pro")
        user.setCustomAttribute(key: "seats", value: 3)
        user.setCustomAttribute(key: "beta", value: true)
        user.setCustomAttribute(key: "ratio", value: 0.5)
        user.setCustomAttribute(key: "last_login_date", value: Date(timeIntervalSince1970: 60))
        user.setCustomAttribute(key: "address", dictionary: ["city": "Paris", "zip": 75001])
        user.addToCustomAttributeStringArray(key: "tags", value: "a")
        user.addToCustomAttributeStringArray(key: "tags", value: "b")
        user.removeFromCustomAttributeStringArray(key: "tags", value: "a")
        user.incrementCustomUserAttribute(key: "visits")
        user.incrementCustomUserAttribute(key: "visits", by: 4)
        user.add(alias: "ada-1", label: "crm")
        user.addToSubscriptionGroup(id: "news")
        user.setCustomAttribute(key: "$bad", value: 1)
        user.setCustomAttribute(key: "nan", value: Double.nan)

        XCTAssertEqual(user.attributes["email"], "a@example.com")
        XCTAssertEqual(user.attributes["dob"], "1970-01-01")
        XCTAssertEqual(user.attributes["gender"], "f")
        XCTAssertEqual(user.attributes["push_subscribe"], "opted_in")
        XCTAssertEqual(user.customAttributes["plan"], "pro")
        XCTAssertEqual(user.customAttributes["seats"], 3)
        XCTAssertEqual(user.customAttributes["beta"], true)
        XCTAssertEqual(user.customAttributes["last_login_date"], "1970-01-01T00:01:00Z")
        XCTAssertEqual(user.customAttributes["address"], ["city": "Paris", "zip": 75001])
        XCTAssertEqual(user.customAttributes["tags"], ["b"])
        XCTAssertEqual(user.customAttributes["visits"], 5)
        XCTAssertNil(user.customAttributes["$bad"])
        XCTAssertNil(user.customAttributes["nan"])
        XCTAssertEqual(user.aliases, ["crm": "ada-1"])
        XCTAssertEqual(user.subscriptionGroups, ["news"])
        XCTAssertEqual(bench.events(.diagnostic, "invalidCustomAttributeKey").count, 1)
        XCTAssertEqual(bench.events(.diagnostic, "invalidCustomAttributeValue").count, 1)
        XCTAssertEqual(bench.events(.user, "setCustomAttribute").first?.details["key"], "plan")

        bench.braze.changeUser(userId: "u2")
        XCTAssertEqual(user.id, "u2")
        XCTAssertTrue(user.customAttributes.isEmpty, "another user starts with an empty profile")
        bench.braze.wipeData()
        XCTAssertNil(user.id)
    }

    func test_userIdAsyncForms() async {
        let bench = SDKBench()
        bench.braze.changeUser(userId: "async-user")
        let id = await bench.braze.user.getId()
        XCTAssertEqual(id, "async-user")
        let same = await bench.braze.user.id()
        XCTAssertEqual(same, bench.braze.user.id)
        let done = expectation(description: "id delivered")
        bench.braze.user.id(queue: .global()) { value in
            XCTAssertEqual(value, "async-user")
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 5)
    }

    func test_disabledSDKRefusesRequestsAndFlushesCount() {
        let bench = SDKBench()
        bench.braze.requestImmediateDataFlush()
        XCTAssertEqual(bench.braze.server.flushCount, 1)
        bench.braze.enabled = false
        var result: Result<[Braze.ContentCard], any Error>?
        bench.braze.contentCards.requestRefresh { result = $0 }
        guard case .failure(let error)? = result else { return XCTFail("expected a failure") }
        XCTAssertEqual(error as? Braze.Error, .sdkDisabled)
        bench.braze.requestImmediateDataFlush()
        XCTAssertEqual(bench.braze.server.flushCount, 1, "a disabled SDK sends nothing")
        XCTAssertEqual(bench.events(.delivery, "sdkDisabled").count, 1)
    }

    func test_inAppMessageIdIsItsDataId() {
        var message = Braze.InAppMessage.slideup(.init(data: .init(), message: "Hi"))
        XCTAssertNil(message.id)
        message.data.id = "campaign-42"
        XCTAssertEqual(message.id, "campaign-42")
    }

    func test_htmlMessageBridgeUserCallsReachTheProfile() throws {
        let b = Bench()
        let html = """
            <button id=go onclick="var u = brazeBridge.getUser(); u.setFirstName('Ada'); u.setGender('f');
              u.setDateOfBirth(1990, 4, 12); u.setCustomUserAttribute('plan', 'pro'); u.incrementCustomUserAttribute('visits');
              u.addToCustomAttributeArray('tags', 'vip'); u.addAlias('ada-9', 'crm'); u.setGender('robot');">Go</button>
            """
        b.deliver(.html(.init(message: html)), id: "profile")
        let web = try XCTUnwrap(b.ui.messageView?.html?.webView)
        try web.tap(elementID: "go")
        let user = b.braze.user
        XCTAssertEqual(user.attributes["first_name"], "Ada")
        XCTAssertEqual(user.attributes["gender"], "f", "an unknown gender is refused, the earlier one kept")
        XCTAssertEqual(user.attributes["dob"], "1990-04-12")
        XCTAssertEqual(user.customAttributes["plan"], "pro")
        XCTAssertEqual(user.customAttributes["visits"], 1)
        XCTAssertEqual(user.customAttributes["tags"], ["vip"])
        XCTAssertEqual(user.aliases["crm"], "ada-9")
        XCTAssertTrue(b.errors("profile").contains { $0.contains("setGender") }, "the bad argument is a script error")
    }
}
