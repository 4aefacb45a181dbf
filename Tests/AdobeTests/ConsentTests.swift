import XCTest
import Foundation
import InAppCore
import InAppTestSupport
@_spi(OpenInApp) import AEPCore
import AEPEdgeConsent

/// AEPEdgeConsent's `Consent`: updates merge per consent key, are recorded and dispatched on the event hub, and a
/// registered extension answers them with the merged preferences.
final class ConsentTests: AdobeTestCase {
    override func setUp() {
        super.setUp()
        MobileCore.resetSetup()
    }

    override func tearDown() {
        MobileCore.resetSetup()
        super.tearDown()
    }

    private func consents() -> [String: Any]? {
        let result = Locked<[String: Any]?>(nil)
        Consent.getConsents { value, error in
            XCTAssertNil(error)
            nonisolated(unsafe) let value = value
            result.withLock { $0 = value }
        }
        XCTAssertTrue(harness.settle())
        return result.snapshot
    }

    private func value(_ consents: [String: Any]?, _ key: String) -> String? {
        ((consents?["consents"] as? [String: Any])?[key] as? [String: Any])?["val"] as? String
    }

    func test_updatesMergePerKeyAndAreRecordedOnTheHub() {
        XCTAssertFalse(Consent.extensionVersion.isEmpty)
        MobileCore.registerExtensions([Consent.self])
        XCTAssertTrue(harness.settle())
        let heard = Locked<[String]>([])
        MobileCore.registerEventListener(type: EventType.edgeConsent, source: EventSource.responseContent) { event in
            let collect = ((event.data?["consents"] as? [String: Any])?["collect"] as? [String: Any])?["val"] as? String
            heard.withLock { $0.append("\(event.name):\(collect ?? "-")") }
        }
        XCTAssertEqual(consents()?.isEmpty, true, "nothing stored before the first update")

        Consent.update(with: ["consents": ["collect": ["val": "y"], "adID": ["val": "n"]]])
        XCTAssertTrue(harness.settle())
        Consent.update(with: ["consents": ["collect": ["val": "n"]]])
        XCTAssertTrue(harness.settle())

        let now = consents()
        XCTAssertEqual(value(now, "collect"), "n", "a key given replaces the stored one")
        XCTAssertEqual(value(now, "adID"), "n", "other keys are kept")
        XCTAssertNotNil(((now?["consents"] as? [String: Any])?["metadata"] as? [String: Any])?["time"] as? String)

        let requests = EdgeNetwork.current.events.filter { $0.type == EventType.edgeConsent }
        XCTAssertEqual(requests.map(\.source), [EventSource.updateConsent, EventSource.updateConsent])
        XCTAssertEqual(heard.snapshot, ["Consent Preferences Updated:y", "Consent Preferences Updated:n"])
        XCTAssertEqual(harness.trace.events.filter { $0.name == "consentsUpdated" }.count, 2)
    }

    func test_updateWithoutConsentsChangesNothing() {
        Consent.update(with: [:])
        Consent.update(with: ["consents": [String: Any]()])
        Consent.update(with: ["collect": ["val": "y"]])
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(consents()?.isEmpty, true)
        XCTAssertTrue(EdgeNetwork.current.events.filter { $0.type == EventType.edgeConsent }.isEmpty)
    }

    func test_eachEnvironmentKeepsItsOwnConsents() {
        Consent.update(with: ["consents": ["collect": ["val": "y"]]])
        XCTAssertEqual(value(consents(), "collect"), "y")
        let other = Harness()
        other.run {
            let seen = Locked<[String: Any]?>(nil)
            Consent.getConsents { value, _ in nonisolated(unsafe) let value = value; seen.withLock { $0 = value } }
            XCTAssertTrue(other.settle())
            XCTAssertEqual(seen.snapshot?.isEmpty, true, "a new world starts with no consents")
        }
    }
}
