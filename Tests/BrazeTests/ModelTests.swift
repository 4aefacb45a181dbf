import XCTest
import BrazeKit
import BrazeUI
import InAppTestSupport

/// braze.md §1: the BrazeKit model, the JSON payload, the Braze instance.
final class ModelTests: XCTestCase {
    func test_1_3_colorIsARGB() {
        let c: Braze.InAppMessage.Color = 0x80FF_0010
        XCTAssertEqual(c.a, 128.0 / 255, accuracy: 1e-9)
        XCTAssertEqual(c.r, 1); XCTAssertEqual(c.g, 0); XCTAssertEqual(c.b, 16.0 / 255, accuracy: 1e-9)
        XCTAssertEqual(Braze.InAppMessage.Color(red: 0, green: 1, blue: 0, alpha: 1).rawValue, 0xFF00_FF00)
        XCTAssertEqual(Braze.InAppMessage.Color(rawValue: 0x1234_5678).rawValue, 0x1234_5678)
    }

    func test_1_3_themesDictionaryLiteralAndDefaults() {
        var t: Braze.InAppMessage.Themes = ["light": lightTheme, "dark": darkTheme]
        XCTAssertEqual(t.light, lightTheme); XCTAssertEqual(t.dark, darkTheme)
        t.dark = nil
        XCTAssertEqual(t.themes.keys.sorted(), ["light"])
        XCTAssertNotNil(Braze.InAppMessage.Themes.defaults.dark)
        XCTAssertEqual(Braze.InAppMessage.ButtonThemes.defaults.light, .primary)
        XCTAssertNotEqual(Braze.InAppMessage.ButtonTheme.primary, .secondary)
    }

    func test_1_3_forwardedDataFieldsWriteThroughForEveryKind() {
        for var m in [slideup(), modal(), modalImage(), full(), fullImage(), html(), control()] {
            m.clickAction = .url(landingURL, useWebView: true)
            m.extras = ["k": "v", "n": 3]
            m.animateIn = false
            m.animateOut = false
            XCTAssertEqual(m.data.clickAction, .url(landingURL, useWebView: true))
            XCTAssertEqual(m.extras["k"] as? String, "v")
            XCTAssertEqual(m.extras["n"] as? Int, 3, "extras keep the values as stored")
            XCTAssertFalse(m.data.animateIn); XCTAssertFalse(m.data.animateOut)
            XCTAssertEqual(m.clickAction.url, landingURL)
        }
        var s = Braze.InAppMessage.Slideup(message: "x")
        s.animateOut = false
        s.extras = ["a": true]
        XCTAssertFalse(s.data.animateOut)
        XCTAssertEqual(s.data.extras["a"] as? Bool, true)
        XCTAssertEqual(Braze.InAppMessage.Data().messageClose, .userInteraction)
        XCTAssertEqual(Braze.InAppMessage.Data().orientation, .any)
    }

    func test_1_3_equalityAndApproximateEquality() {
        let a = Braze.InAppMessage.slideup(.init(data: .init(extras: ["k": 1]), message: "x"))
        let b = Braze.InAppMessage.slideup(.init(data: .init(extras: ["k": 1]), message: "x"))
        XCTAssertEqual(a, b)
        XCTAssertTrue(a.isApproximatelyEqual(to: b))
        XCTAssertNotEqual(a, .slideup(.init(message: "y")))
        var c = a; c.data.id = "1"
        var d = b; d.data.id = "1"; d.slideup?.message = "changed"
        XCTAssertTrue(c.isApproximatelyEqual(to: d), "same campaign id")
    }

    func test_1_3_codableRoundTrip() throws {
        var m = modal()
        m.extras = ["k": "v"]
        let data = try JSONEncoder().encode(m)
        let back = try JSONDecoder().decode(Braze.InAppMessage.self, from: data)
        XCTAssertEqual(back, m)
    }

    func test_1_4_jsonPayloadDecodesToTypedMessages() throws {
        let json = """
        {"type":"MODAL","message_id":"c1","header":"Hi","message":"Body","click_action":"URI","uri":"https://example.com",
         "message_close":"AUTO_DISMISS","duration":4000,"orientation":"PORTRAIT","extras":{"a":"b"},
         "bg_color":4294967295,"dark_theme":{"bg_color":4278190080},
         "btns":[{"id":0,"text":"No","click_action":"NONE"},{"id":1,"text":"Yes","click_action":"URI","uri":"https://example.com/y","use_webview":true}]}
        """
        let m = try Braze.InAppMessage(json: Data(json.utf8))
        let modal = try XCTUnwrap(m.modal)
        XCTAssertEqual(m.data.id, "c1")
        XCTAssertEqual(modal.header, "Hi")
        XCTAssertEqual(m.messageClose, .auto(4))
        XCTAssertEqual(m.orientation, .portrait)
        XCTAssertEqual(m.extras["a"] as? String, "b")
        XCTAssertEqual(modal.themes.dark?.backgroundColor, 0xFF00_0000)
        XCTAssertEqual(modal.buttons.map(\.id), [0, 1])
        XCTAssertEqual(modal.buttons[1].clickAction, .url(URL(string: "https://example.com/y")!, useWebView: true))
        // json() round trip
        let again = try Braze.InAppMessage(json: try XCTUnwrap(m.json()))
        XCTAssertEqual(again, m)
        let kinds = ["SLIDEUP": "slideup", "HTML": "html", "CONTROL": "control"]
        for (type, kind) in kinds {
            let decoded = try Braze.InAppMessage(json: Data("{\"type\":\"\(type)\"}".utf8))
            XCTAssertEqual("\(decoded)".hasPrefix(kind), true, type)
        }
        let image = try Braze.InAppMessage(json: Data(#"{"type":"FULL","image_style":"TOP","image_url":"https://e.com/i.png"}"#.utf8))
        XCTAssertNotNil(image.fullImage)
    }

    func test_1_4_badPayloadsGiveTypedErrors() {
        typealias E = Braze.InAppMessage.PayloadError
        func failure(_ s: String) -> E? { Self.payloadError(s) }
        if case .invalidJSON? = failure("{nope") {} else { XCTFail("invalid JSON") }
        XCTAssertEqual(failure("[1]"), .notAnObject)
        XCTAssertEqual(failure("{}"), .missingKey("type"))
        XCTAssertEqual(failure(#"{"type":"BANNER"}"#), .unsupportedType("BANNER"))
        XCTAssertEqual(failure(#"{"type":"FULL"}"#), .missingKey("image_url"))
        XCTAssertEqual(failure(#"{"type":"SLIDEUP","bg_color":"red"}"#), .invalidValue(key: "bg_color", value: "\"red\""))
        XCTAssertEqual(failure(#"{"type":"SLIDEUP","click_action":"URI"}"#), .missingKey("uri"))
        XCTAssertEqual(failure(#"{"type":"SLIDEUP","duration":-5}"#), .invalidValue(key: "duration", value: "-5"))
        XCTAssertEqual(failure(#"{"type":"MODAL","btns":[{"id":"x"}]}"#), .invalidValue(key: "btns[0].id", value: "\"x\""))
        XCTAssertNil(Braze.InAppMessage.decoding(json: Data("{}".utf8)))
        XCTAssertNotNil(Braze.InAppMessage.decoding(json: Data(#"{"type":"SLIDEUP"}"#.utf8)))
    }

    private static func payloadError(_ s: String) -> Braze.InAppMessage.PayloadError? {
        let result = Result { try Braze.InAppMessage(json: Data(s.utf8)) }
        guard case .failure(let e) = result else { return nil }
        return e as? Braze.InAppMessage.PayloadError
    }

    func test_1_4_mutatedPayloadsNeverCrash() {
        let valid = Array(#"{"type":"MODAL","message_id":"c","header":"H","btns":[{"id":0,"text":"a","bg_color":4278190080}],"extras":{"k":[1,{"x":null}]},"duration":3000}"#.utf8)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(truncatingIfNeeded: seed >> 33) }
        var decoded = 0, rejected = 0
        for _ in 0..<2000 {
            var bytes = valid
            for _ in 0..<(1 + abs(next()) % 4) {
                let i = abs(next()) % bytes.count
                switch abs(next()) % 3 {
                case 0: bytes[i] = UInt8(truncatingIfNeeded: next())
                case 1: bytes.remove(at: i)
                default: bytes.insert(Array("{}[]\",:0".utf8)[abs(next()) % 8], at: i)
                }
            }
            switch Result(catching: { try Braze.InAppMessage(json: Data(bytes)) }) {
            case .success: decoded += 1
            case .failure(let e): XCTAssertTrue(e is Braze.InAppMessage.PayloadError, "\(e)"); rejected += 1
            }
        }
        XCTAssertEqual(decoded + rejected, 2000)
        XCTAssertGreaterThan(rejected, 0)
    }

    func test_1_1_brazeInstanceUserAndConfiguration() {
        let b = Bench()
        XCTAssertEqual(b.braze.configuration.triggerMinimumTimeInterval, 30)
        b.braze.configuration.triggerMinimumTimeInterval = -3
        XCTAssertEqual(b.braze.configuration.triggerMinimumTimeInterval, 0)
        XCTAssertNil(b.braze.user.id)
        b.braze.changeUser(userId: "u1")
        XCTAssertEqual(b.braze.user.id, "u1")
        b.braze.wipeData()
        XCTAssertNil(b.braze.user.id)
    }

    func test_1_1_eventsAreRecordedAndForwardedToTheDeliverySeam() {
        let b = Bench()
        b.braze.logCustomEvent(name: "before-sink")
        let seen = Locked<[String]>([])
        b.braze.triggerEventSink = { _, event in
            switch event {
            case .customEvent(let name, let props): seen.withLock { $0.append("event \(name) \(props.count)") }
            case .purchase(let product, let currency, let price, let quantity, _):
                seen.withLock { $0.append("purchase \(product) \(currency) \(price) \(quantity)") }
            }
        }
        b.braze.logCustomEvent(name: "opened", properties: ["a": 1, "b": "x"])
        b.braze.logPurchase(productId: "p", currency: "USD", price: 1.5, properties: nil)
        XCTAssertEqual(seen.snapshot, ["event opened 2", "purchase p USD 1.5 1"])
        XCTAssertEqual(b.trace.events.filter { $0.kind == .delivery }.map(\.name),
                       ["brazeStarted", "logCustomEvent", "logCustomEvent", "logPurchase"])
    }

    func test_1_3_contextLogsAndValidity() {
        let b = Bench()
        let m = b.triggered(slideup(), id: "ctx")
        m.logImpression(using: b.braze)
        m.logClick(buttonId: "1", using: b.braze)
        XCTAssertEqual(b.harness.analytics(for: "ctx"), ["impression", "click"])
        XCTAssertEqual(m.context?.valid, true)
        b.braze.changeUser(userId: "someone-else")
        XCTAssertEqual(m.context?.valid, false, "a user change invalidates pending contexts")
        let m2 = b.triggered(slideup(), id: "ctx2")
        m2.context?.logError(flattened: "boom")
        XCTAssertEqual(b.errors("ctx2"), ["boom"])
        m2.context?.discard()
        XCTAssertEqual(m2.context?.valid, false)
    }

    func test_1_2_customPresenterStructReceivesMessagesAndDismissReasonDefaultsToNoOp() {
        struct Recorder: BrazeInAppMessagePresenter {
            let received: Locked<[String]>
            func present(message: Braze.InAppMessage) { received.withLock { $0.append(message.data.id ?? "-") } }
        }
        let b = Bench(presenter: false)
        let received = Locked<[String]>([])
        b.braze.inAppMessagePresenter = Recorder(received: received)
        b.deliver(slideup(), id: "x")
        b.braze.wipeData()
        XCTAssertEqual(received.snapshot, ["x"])
    }

    func test_mocksArePublicAndPresentable() {
        let b = Bench()
        let mocks: [Braze.InAppMessage] = [.slideup(.mock), .modal(.mockTwoButtons), .modalImage(.mock), .full(.mockForcedPortrait),
                                           .fullImage(.mockThemed), .html(.mock)]
        for m in mocks {
            b.ui.present(message: m)
            XCTAssertNotNil(b.ui.messageView, "\(m)")
            b.ui.dismiss()
        }
        XCTAssertEqual(Braze.InAppMessage.Modal.mockTwoButtons.buttons.map(\.id), [0, 1])
        XCTAssertEqual(Braze.InAppMessage.Full.mockForcedLandscape.orientation, .landscape)
    }
}
