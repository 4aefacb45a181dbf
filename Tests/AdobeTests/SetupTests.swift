import XCTest
import Foundation
import InAppCore
import InAppTestSupport
@_spi(OpenInApp) import AEPCore
@_spi(OpenInApp) import AEPServices
@testable import AEPMessaging
import AEPEdge
@_spi(OpenInApp) import AEPEdgeIdentity
import AEPLifecycle
import AEPSignal
import AEPAssurance

/// The SDK set-up surface apps call beside the messaging delegate (MobileCore bootstrap, companion extensions).
final class SetupTests: AdobeTestCase {
    override func setUp() {
        super.setUp()
        MobileCore.resetSetup()
        Identity.resetIdentities()
    }

    override func tearDown() {
        MobileCore.resetSetup()
        super.tearDown()
    }

    func test_registerExtensionsRegistersConfigurationFirstThenInOrderThenCompletes() throws {
        let completed = Locked(false)
        MobileCore.registerExtensions([Messaging.self, Edge.self, Identity.self, Lifecycle.self, Signal.self, Assurance.self]) {
            completed.withLock { $0 = true }
        }
        XCTAssertTrue(harness.settle())
        XCTAssertTrue(completed.snapshot)
        let registered = harness.trace.events.filter { $0.label == "delivery.extensionRegistered" }.compactMap { $0.details["extension"] }
        XCTAssertEqual(registered, ["com.adobe.module.configuration", "com.adobe.messaging", "com.adobe.edge",
                                    "com.adobe.edge.identity", "com.adobe.module.lifecycle", "com.adobe.module.signal",
                                    "com.adobe.assurance"])
        let labels = harness.trace.events.map(\.label)
        let started = try XCTUnwrap(labels.firstIndex(of: "delivery.eventHubStarted"))
        let completion = try XCTUnwrap(labels.firstIndex(of: "callback.registerExtensions.completion"))
        XCTAssertLessThan(labels.lastIndex(of: "delivery.extensionRegistered")!, started)
        XCTAssertLessThan(started, completion)

        let shared = try JSONValue(parsing: MobileCore.getRegisteredExtensions())
        guard case .object(let root) = shared, case .object(let extensions)? = root["extensions"] else { return XCTFail("\(shared)") }
        XCTAssertEqual(extensions["com.adobe.messaging"], ["version": "5.14.0", "friendlyName": "Messaging"])
        XCTAssertEqual(extensions.count, 7)
    }

    func test_initializeWithAppIdConfiguresStartsLifecycleAndFindsLinkedExtensions() throws {
        let completed = Locked(0)
        MobileCore.initialize(appId: "launch-123-development") { completed.withLock { $0 += 1 } }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(completed.snapshot, 1)
        XCTAssertEqual(MobileCore.currentConfiguration["appId"], "launch-123-development")
        let registered = harness.trace.events.filter { $0.label == "delivery.extensionRegistered" }.compactMap { $0.details["extension"] }
        XCTAssertEqual(registered.first, "com.adobe.module.configuration")
        XCTAssertTrue(registered.contains("com.adobe.messaging"), "\(registered)")
        XCTAssertTrue(EdgeNetwork.current.events.contains { $0.name == "Lifecycle Start" })
        // A second call only completes.
        MobileCore.initialize(appId: "other") { completed.withLock { $0 += 1 } }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(completed.snapshot, 2)
        XCTAssertEqual(MobileCore.currentConfiguration["appId"], "launch-123-development")
    }

    func test_logLevelFiltersTheLogLinesInTheTrace() {
        MobileCore.setLogLevel(.error)
        Messaging.updatePropositionsForSurfaces([]) // logs a warning
        XCTAssertFalse(harness.trace.events.contains { $0.label == "diagnostic.log" })
        MobileCore.setLogLevel(.debug)
        Messaging.updatePropositionsForSurfaces([])
        let logs = harness.trace.events.filter { $0.label == "diagnostic.log" }
        XCTAssertEqual(logs.map { $0.details["level"] }, ["WARNING"])
        XCTAssertEqual(logs.first?.details["label"], "Messaging")
    }

    func test_configurationPrivacyAndWrapper() {
        MobileCore.configureWith(appId: "app")
        MobileCore.updateConfigurationWith(configDict: ["messaging.useSandbox": true])
        XCTAssertEqual(MobileCore.currentConfiguration["messaging.useSandbox"], true)
        MobileCore.setPrivacyStatus(.optedOut)
        let status = Locked<PrivacyStatus?>(nil)
        MobileCore.getPrivacyStatus { s in status.withLock { $0 = s } }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(status.snapshot, .optedOut)
        MobileCore.clearUpdatedConfiguration()
        MobileCore.getPrivacyStatus { s in status.withLock { $0 = s } }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(status.snapshot, .optedIn)
        XCTAssertNil(MobileCore.currentConfiguration["messaging.useSandbox"])
        MobileCore.setWrapperType(.flutter)
        XCTAssertEqual(MobileCore.extensionVersion, "5.11.0-F")
    }

    func test_edgeEventsAndIdentityUpdatesAreRecorded() throws {
        let handles = Locked<[EdgeEventHandle]?>(nil)
        EdgeNetwork.current.respondToExperienceEvents(with: [["type": "state:store", "payload": [["key": "k"]]]])
        Edge.sendEvent(experienceEvent: ExperienceEvent(xdm: ["eventType": "commerce.purchases"], data: ["sku": "1"],
                                                        datasetIdentifier: "ds")) { h in handles.withLock { $0 = h } }
        Edge.sendEvent(experienceEvent: ExperienceEvent(xdm: [:]))   // no XDM: not sent
        // The experience event reaches the network through the hub (the Edge extension carries it).
        XCTAssertTrue(harness.settle())
        let map = IdentityMap()
        map.add(item: IdentityItem(id: "user@example.com", authenticatedState: .authenticated, primary: true), withNamespace: "Email")
        Identity.updateIdentities(with: map)
        Identity.removeIdentity(item: IdentityItem(id: "user@example.com"), withNamespace: "Email")
        MobileCore.setPushIdentifier(Data([0xab, 0x01]))
        Assurance.startSession(url: URL(string: "myapp://?adb_validation_sessionid=abc"))
        XCTAssertTrue(harness.settle())

        XCTAssertEqual(handles.snapshot?.first?.type, "state:store")
        let events = EdgeNetwork.current.events
        XCTAssertEqual(events.map(\.name), ["AEP Request Event", "Edge Identity Update Identities", "Edge Identity Remove Identities",
                                            "Set Push Identifier", "Assurance Start Session"])
        XCTAssertEqual(events[0].data, ["xdm": ["eventType": "commerce.purchases"], "data": ["sku": "1"], "datasetId": "ds"])
        XCTAssertEqual(events[1].data, ["identityMap": ["Email": [["id": "user@example.com", "authenticatedState": "authenticated",
                                                                   "primary": true]]]])
        let identities = Locked<IdentityMap?>(nil)
        Identity.getIdentities { m, _ in identities.withLock { $0 = m } }
        let ecid = Locked<String?>(nil)
        Identity.getExperienceCloudId { id, _ in ecid.withLock { $0 = id } }
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(identities.snapshot?.namespaces, ["ECID"])
        XCTAssertEqual(ecid.snapshot?.count, 38)
        XCTAssertTrue(harness.trace.events.contains { $0.label == "diagnostic.assurance.startSession" })
    }
}
