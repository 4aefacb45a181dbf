import XCTest
@testable import InAppContent

final class ScriptTests: XCTestCase {
    func statements(_ s: String) throws -> [ScriptStatement] { try ScriptProgram(s).statements }

    func testLocationAssignmentsInAllSpellings() throws {
        for s in ["window.location = 'https://a.example/1'", "location.href = \"https://a.example/1\"",
                  "window.location.href='https://a.example/1';", "document.location = 'https://a.example/1'",
                  "location.assign('https://a.example/1')", "window.location.replace(\"https://a.example/1\")"] {
            XCTAssertEqual(try statements(s), [.navigate("https://a.example/1")], s)
        }
    }

    func testHandlerPostsWithJSONBodies() throws {
        let s = try statements("""
        webkit.messageHandlers.buttonClicked.postMessage({"id": 1, 'label': "Buy \\"now\\"", nested: {a: [1, 2.5, -3e2, true, null]}, u: undefined});
        window.webkit.messageHandlers["fit"].postMessage(320)
        """)
        XCTAssertEqual(s.count, 2)
        guard case .postMessage("buttonClicked", .object(let body)) = s[0] else { return XCTFail("\(s[0])") }
        XCTAssertEqual(body["id"], .number(1))
        XCTAssertEqual(body["label"], .string("Buy \"now\""))
        XCTAssertEqual(body["nested"], .object(["a": .array([.number(1), .number(2.5), .number(-300), .bool(true), .null])]))
        XCTAssertEqual(body["u"], .undefined)
        XCTAssertEqual(s[1], .postMessage(handler: "fit", body: .number(320)))
    }

    func testFoundationValues() throws {
        let v = ScriptValue.object(["s": .string("x"), "i": .number(3), "d": .number(2.5), "b": .bool(true), "n": .null,
                                    "a": .array([.number(1), .undefined]), "u": .undefined])
        let dict = try XCTUnwrap(v.foundationValue as? [String: Any])
        XCTAssertEqual(dict["s"] as? String, "x")
        XCTAssertEqual(dict["i"] as? Int, 3)
        XCTAssertEqual(dict["d"] as? Double, 2.5)
        XCTAssertEqual(dict["b"] as? Bool, true)
        XCTAssertTrue(dict["n"] is NSNull)
        XCTAssertEqual((dict["a"] as? [Any])?.count, 2)
        XCTAssertTrue((dict["a"] as? [Any])?[1] is NSNull)
        XCTAssertNil(dict["u"])
        XCTAssertNil(ScriptValue.undefined.foundationValue)
    }

    func testBridgeCallsWithPathsAndArguments() throws {
        let s = try statements("""
        brazeBridge.logClick('0'); appboyBridge.closeMessage();
        brazeBridge.getUser().setFirstName("Ada");
        brazeBridge.logCustomEvent("survey", {score: 9});
        window.brazeBridge.getUser().setCustomLocationAttribute('home', 52.5, 13.4);
        brazeBridge.web.registerAppboyPushMessages()
        """)
        XCTAssertEqual(s, [
            .bridge(BridgeCall(root: .brazeBridge, path: "logClick", arguments: [.string("0")])),
            .bridge(BridgeCall(root: .appboyBridge, path: "closeMessage", arguments: [])),
            .bridge(BridgeCall(root: .brazeBridge, path: "getUser().setFirstName", arguments: [.string("Ada")])),
            .bridge(BridgeCall(root: .brazeBridge, path: "logCustomEvent", arguments: [.string("survey"), .object(["score": .number(9)])])),
            .bridge(BridgeCall(root: .brazeBridge, path: "getUser().setCustomLocationAttribute",
                               arguments: [.string("home"), .number(52.5), .number(13.4)])),
            .bridge(BridgeCall(root: .brazeBridge, path: "web.registerAppboyPushMessages", arguments: [])),
        ])
        if case .bridge(let call) = s[2] { XCTAssertEqual(call.method, "setFirstName") }
    }

    func testValuesReadsCommentsAndStringEscapes() throws {
        XCTAssertEqual(try statements("return false"), [.value(.bool(false))])
        XCTAssertEqual(try statements("document.title"), [.read(.title)])
        XCTAssertEqual(try statements("/* c */ location.href // trailing"), [.read(.url)])
        XCTAssertEqual(try statements("'\\u00e9\\x41\\n\\uD83D\\uDE00\\u{1F600}'"), [.value(.string("éA\n😀😀"))])
        XCTAssertEqual(try statements("`plain template`"), [.value(.string("plain template"))])
        XCTAssertEqual(try statements(";;  ;"), [])
        XCTAssertEqual(try statements("[1,2,]"), [.value(.array([.number(1), .number(2)]))])
        XCTAssertEqual(try statements("0x1F"), [.value(.number(31))])
        XCTAssertEqual(try statements("void(0)"), [.value(.undefined)])
        XCTAssertEqual(try statements("void 0; return true"), [.value(.undefined), .value(.bool(true))])
    }

    func testJavascriptURLsArePercentDecoded() throws {
        let p = try ScriptProgram(javascriptURL: "javascript:brazeBridge.logClick(%22btn%201%22);brazeBridge.closeMessage()")
        XCTAssertEqual(p.statements, [.bridge(BridgeCall(root: .brazeBridge, path: "logClick", arguments: [.string("btn 1")])),
                                      .bridge(BridgeCall(root: .brazeBridge, path: "closeMessage", arguments: []))])
    }

    func testEverythingOutsideTheSubsetIsRejectedWithAReason() {
        let outside = [
            "alert('x')", "var x = 1", "document.getElementById('a').style.display = 'none'",
            "window.location = someVariable", "location.href = 'a' + 'b'", "if (x) { y() }",
            "brazeBridge.logClick(function() {})", "brazeBridge.notAMethod()", "brazeBridge.getUser(1).setEmail('a')",
            "webkit.messageHandlers.x.postMessage()", "webkit.messageHandlers.x.postMessage(1, 2)",
            "event.preventDefault()", "`${x}`", "'unterminated", "x == 1", "location.href = 1",
            "new Image()", "(function(){})()", "brazeBridge.logClick('0') brazeBridge.closeMessage()",
            "foo.bar", "window.location.reload()", "{a: 1", "[1, 2",
            String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
        ]
        for s in outside {
            XCTAssertThrowsError(try ScriptProgram(s), s) { error in
                let u = error as? ScriptUnsupported
                XCTAssertNotNil(u, s)
                XCTAssertFalse(u?.reason.isEmpty ?? true, s)
            }
        }
    }
}
