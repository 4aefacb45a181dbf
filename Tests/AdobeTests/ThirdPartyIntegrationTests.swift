import XCTest
import Foundation
import InAppCore
import InAppTestSupport
@_spi(OpenInApp) import AEPCore
import AEPServices
import AEPEdge
import AEPMessaging
import AEPIdentity
import AEPUserProfile

/// What public integration code around AEPMessaging calls beside it (Adobe's sample and test apps, its React
/// Native / Flutter / Cordova plugins): the Identity and User Profile extensions, typed XDM schemas, the advertising
/// identifier and AEPServices' Codable and date helpers.
final class ThirdPartyIntegrationTests: AdobeTestCase {
    override func setUp() {
        super.setUp()
        MobileCore.resetSetup()
    }

    override func tearDown() {
        MobileCore.resetSetup()
        super.tearDown()
    }

    // MARK: AEPIdentity

    func test_identityKeepsOneECIDAndTheSyncedIdentifiers() throws {
        MobileCore.registerExtensions([AEPIdentity.Identity.self, Messaging.self])
        XCTAssertTrue(harness.settle())
        let ecids = Locked<[String]>([])
        for _ in 0..<2 {
            AEPIdentity.Identity.getExperienceCloudId { ecid, error in
                XCTAssertNil(error)
                ecids.withLock { $0.append(ecid ?? "") }
            }
        }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(ecids.snapshot.count, 2)
        XCTAssertEqual(ecids.snapshot[0].count, 38)
        XCTAssertEqual(Set(ecids.snapshot).count, 1, "one ECID per environment")

        AEPIdentity.Identity.syncIdentifier(identifierType: "email", identifier: "a@example.com", authenticationState: .authenticated)
        AEPIdentity.Identity.syncIdentifiers(identifiers: ["crm": "42", "email": "b@example.com", "": "skipped"])
        let found = Locked<[String]>([])
        AEPIdentity.Identity.getIdentifiers { ids, error in
            XCTAssertNil(error)
            let described = (ids ?? []).map { "\($0.type ?? ""):\($0.identifier ?? ""):\($0.authenticationState.rawValue):\($0.origin ?? "")" }
            found.withLock { $0 = described }
        }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(found.snapshot, ["email:b@example.com:0:d_cid_ic", "crm:42:0:d_cid_ic"],
                       "a later sync of a type replaces it; empty types are skipped")
        let syncs = harness.trace.events.filter { $0.name == "IdentityRequestIdentity" }
        XCTAssertEqual(syncs.count, 2, "each sync is dispatched on the event hub")
    }

    func test_identityAppendsTheVisitorToURLs() throws {
        MobileCore.updateConfigurationWith(configDict: ["experienceCloud.org": "ORG@AdobeOrg"])
        XCTAssertTrue(harness.settle())
        let result = Locked<(URL?, String?, String?)>((nil, nil, nil))
        AEPIdentity.Identity.appendTo(url: URL(string: "https://example.com/page?x=1")) { url, error in
            result.withLock { $0.0 = url; $0.2 = error.map { "\($0)" } }
        }
        AEPIdentity.Identity.getUrlVariables { variables, _ in result.withLock { $0.1 = variables } }
        XCTAssertTrue(harness.settle())
        let (url, variables, error) = result.snapshot
        XCTAssertNil(error)
        let items = try XCTUnwrap(URLComponents(url: try XCTUnwrap(url), resolvingAgainstBaseURL: false)?.queryItems)
        XCTAssertEqual(items.first?.name, "x")
        let adobe = try XCTUnwrap(items.first { $0.name == "adobe_mc" }?.value)
        XCTAssertTrue(adobe.contains("MCMID=") && adobe.contains("MCORGID=ORG@AdobeOrg") && adobe.hasPrefix("TS="))
        XCTAssertEqual(variables?.hasPrefix("adobe_mc="), true)

        let failure = Locked<String?>(nil)
        AEPIdentity.Identity.appendTo(url: nil) { _, error in failure.withLock { $0 = error.map { "\($0)" } } }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(failure.snapshot, "\(AEPError.invalidRequest)")
    }

    // MARK: AEPUserProfile

    func test_userProfileKeepsAttributesOnTheRegisteredExtension() {
        let answer = Locked<([String: Any]?, AEPError)?>(nil)
        func get(_ names: [String]) {
            UserProfile.getUserAttributes(attributeNames: names) { attributes, error in
                nonisolated(unsafe) let attributes = attributes
                answer.withLock { $0 = (attributes, error) }
            }
            XCTAssertTrue(harness.settle())
            harness.advance(by: 1)
            XCTAssertTrue(harness.settle())
        }
        get(["name"])
        XCTAssertEqual(answer.snapshot?.1, .callbackTimeout, "without the extension nobody answers")

        MobileCore.registerExtensions([UserProfile.self])
        XCTAssertTrue(harness.settle())
        UserProfile.updateUserAttributes(attributeDict: ["name": "Ada", "visits": 3, "tier": "gold"])
        UserProfile.removeUserAttributes(attributeNames: ["tier"])
        get(["name", "visits", "tier"])
        XCTAssertEqual(answer.snapshot?.1, AEPError.none)
        XCTAssertEqual(answer.snapshot?.0?["name"] as? String, "Ada")
        XCTAssertEqual(answer.snapshot?.0?["visits"] as? Int, 3)
        XCTAssertNil(answer.snapshot?.0?["tier"], "removed")

        UserProfile.updateUserAttributes(attributeDict: ["name": NSNull()])
        get(["name"])
        XCTAssertNil(answer.snapshot?.0?["name"], "a null value removes the attribute")
        get([])
        XCTAssertNil(answer.snapshot?.0)
        XCTAssertEqual(answer.snapshot?.1, AEPError.none)
    }

    // MARK: AEPEdge, AEPCore, AEPServices helpers

    struct Checkout: XDMSchema {
        let schemaVersion = "1.0"
        let schemaIdentifier = "https://ns.adobe.com/example/schemas/checkout"
        let datasetIdentifier = "dataset-7"
        var eventType = "commerce.checkouts"
        var total = 12.5
        enum CodingKeys: String, CodingKey { case eventType, total }
    }

    func test_typedXDMSchemasBecomeTheEventsXDMAndDataset() throws {
        let event = ExperienceEvent(xdm: Checkout(), data: ["source": "cart"])
        XCTAssertEqual(event.xdm?["eventType"] as? String, "commerce.checkouts")
        XCTAssertEqual(event.xdm?["total"] as? Double, 12.5)
        XCTAssertNil(event.xdm?["schemaVersion"], "only the schema's own coding keys are encoded")
        XCTAssertEqual(event.datasetIdentifier, "dataset-7")
        XCTAssertEqual(event.data?["source"] as? String, "cart")
    }

    func test_advertisingIdentifierIsDispatchedForTheIdentityExtensions() {
        let heard = Locked<[String]>([])
        MobileCore.registerEventListener(type: EventType.genericIdentity, source: EventSource.requestContent) { event in
            heard.withLock { $0.append(event.data?["advertisingidentifier"] as? String ?? "?") }
        }
        MobileCore.setAdvertisingIdentifier("IDFA-1")
        MobileCore.setAdvertisingIdentifier(nil)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(heard.snapshot, ["IDFA-1", ""])
    }

    func test_codableDictionaryBridgesAndDateFormats() throws {
        struct Sample: Codable, Equatable { var name: String; var count: Int }
        let dictionary = try XCTUnwrap(Sample(name: "a", count: 2).asDictionary())
        XCTAssertEqual(dictionary["name"] as? String, "a")
        XCTAssertEqual(dictionary["count"] as? Int, 2)
        XCTAssertEqual(Sample.fromDictionary(["name": "b", "count": 5]), Sample(name: "b", count: 5))
        XCTAssertNil(Sample.fromDictionary(["name": "b"]), "a missing field does not decode")
        XCTAssertNil([1, 2].asDictionary(), "an array is not a dictionary")

        let date = Date(timeIntervalSince1970: 1_603_904_912.301)
        XCTAssertEqual(date.getISO8601UTCDateWithMilliseconds(), "2020-10-28T17:08:32.301Z")
        XCTAssertEqual(date.getUnixTimeInSeconds(), 1_603_904_912)
        XCTAssertEqual(date.getISO8601FullDate().count, 10)
    }
}
