import XCTest
import Foundation
import InAppTestSupport

/// `JSONValue(parsing:)` reads what Foundation's decoder reads, and refuses what it refuses, with a typed error.
final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }
    private func viaDecoder(_ text: String) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

    func testValuesMatchFoundationsDecoder() throws {
        let documents = [
            #"{"a": 1, "b": [true, false, null], "c": {"d": "e"}, "f": -0.5e3, "g": 12345678901234567890}"#,
            #"[1, 2.5, -3, 0, 1E2, 1e-2, "x", [], {}]"#,
            #"  "top-level string"  "#,
            "42", "true", "null",
            #"{"esc": "q\" b\\ s\/ \b\f\n\r\t \u00e9 \u20AC \ud83d\ude00", "utf8": "é € 😀"}"#,
            #"{"dup": 1, "dup": 2}"#,
            #"{"big": 1.7976931348623157e308, "small": 5e-324, "long": 123456789012345}"#,
        ]
        for text in documents {
            XCTAssertEqual(try parse(text), try viaDecoder(text), text)
        }
    }

    func testLeniencyMatchesFoundation() throws {
        XCTAssertEqual(try parse(#"{"k": 1, "k": "two"}"#), .object(["k": 1]))   // the first of duplicate keys
        XCTAssertEqual(try parse(#"{"a": [1, 2,],}"#), .object(["a": [1, 2]]))   // trailing commas
        for text in [#"{"k": 1, "k": "two"}"#, #"{"a": [1, 2,],}"#] { XCTAssertEqual(try parse(text), try viaDecoder(text)) }
        XCTAssertThrowsError(try parse("[,]"))
        XCTAssertThrowsError(try parse("{,}"))
        XCTAssertThrowsError(try parse("[1,,]"))
    }

    func testEscapesAndSurrogatePairs() throws {
        XCTAssertEqual(try parse(#""a\u0041\n\ud83d\ude00""#), .string("aA\n😀"))
        XCTAssertEqual(try parse("\u{FEFF}[1]"), .array([1]))   // a byte-order mark is skipped
    }

    func testMalformedInputGivesATypedErrorWithItsOffset() {
        let cases: [(String, String, Int)] = [
            ("", "empty input", 0),
            ("   ", "no value", 3),
            ("{", "unexpected end of input", 1),
            (#"{"a" 1}"#, "expected ':'", 5),
            (#"{"a": 1, 2}"#, "expected a member name", 9),
            ("[1 2]", "expected ',' or ']'", 3),
            ("[1,,]", "unexpected ','", 3),
            ("01", "leading zero", 0),
            ("1.", "expected a digit after '.'", 2),
            ("-", "unexpected end of input", 1),
            ("1e", "expected a digit in the exponent", 2),
            ("1e999", "does not fit a Double", 0),
            ("tru", "unexpected end of input", 0),
            ("nul!", "unexpected '!'", 3),
            (#""abc"#, "unterminated string", 0),
            ("\"a\u{01}\"", "control character", 2),
            (#""\x""#, "invalid escape", 1),
            (#""\u12G4""#, "bad hex digit", 5),
            (#""\ud800""#, "lone high surrogate", 7),
            (#""\udc00""#, "lone low surrogate", 7),
            ("{} x", "unexpected data after the value", 3),
            ("'a'", "unexpected '''", 0),
        ]
        for (text, reason, offset) in cases {
            XCTAssertThrowsError(try parse(text), text) { error in
                guard let e = error as? JSONParseError else { return XCTFail("\(text): \(error)") }
                XCTAssertTrue(e.reason.contains(reason), "\(text): \(e)")
                XCTAssertEqual(e.offset, offset, "\(text): \(e)")
                XCTAssertTrue(e.description.hasPrefix("invalid JSON at byte \(offset)"))
            }
            // Foundation's decoder refuses the same texts.
            XCTAssertThrowsError(try viaDecoder(text), text)
        }
    }

    func testInvalidUTF8IsRefused() {
        let bad: [[UInt8]] = [
            [0x22, 0xFF, 0x22],                 // not a UTF-8 byte
            [0x22, 0xC3, 0x22],                 // truncated sequence
            [0x22, 0xC0, 0xAF, 0x22],           // overlong form
            [0x22, 0xED, 0xA0, 0x80, 0x22],     // encoded surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], // past U+10FFFF
            [0x22, 0x5C, 0x6E, 0xFF, 0x22],     // after an escape (slow path)
        ]
        for bytes in bad {
            XCTAssertThrowsError(try JSONValue(parsing: Data(bytes)), "\(bytes)") { error in
                XCTAssertEqual((error as? JSONParseError)?.reason, "invalid UTF-8")
            }
        }
        XCTAssertEqual(try JSONValue(parsing: Data([0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22])), .string("😀"))
    }

    func testNestingDepthIsBounded() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try parse(deep)) { error in
            XCTAssertEqual((error as? JSONParseError)?.reason, "nesting deeper than 512")
        }
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNoThrow(try parse(ok))
        XCTAssertThrowsError(try JSONValue(parsing: "[[1]]", maxDepth: 1))
        // A huge maxDepth is capped, so deep input still gets an error rather than exhausting the stack.
        XCTAssertThrowsError(try JSONValue(parsing: deep, maxDepth: .max)) { error in
            XCTAssertEqual((error as? JSONParseError)?.reason, "nesting deeper than \(JSONValue.maxDepthLimit)")
        }
    }

    /// Every JSON file in the repository's tests (fixtures, fuzz seeds and regressions), whole and cut short at
    /// a few points: both readers accept it with equal values, or both refuse it.
    func testAgreesWithFoundationOnEveryJSONFileInTheTests() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let files = (FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "json" }
        XCTAssertGreaterThan(files.count, 5)
        var compared = 0
        for file in files {
            let data = try Data(contentsOf: file)
            for cut in [data.count, data.count * 3 / 4, data.count / 2, data.count / 4] {
                let slice = data.prefix(cut)
                let mine = try? JSONValue(parsing: Data(slice))
                let foundation = try? JSONDecoder().decode(JSONValue.self, from: Data(slice))
                XCTAssertEqual(mine, foundation, "\(file.lastPathComponent) cut at \(cut)")
                compared += 1
            }
        }
        XCTAssertEqual(compared, files.count * 4)
    }

    func testUniqueIDsAreDistinctAndUUIDShaped() {
        let ids = (0..<1_000).map { _ in UniqueID.next() }
        XCTAssertEqual(Set(ids).count, ids.count)
        for id in ids.prefix(10) {
            XCTAssertNotNil(UUID(uuidString: id), id)
            XCTAssertEqual(Array(id)[14], "4")   // version 4 layout
        }
        XCTAssertNotEqual(MessageID.random(), MessageID.random())
    }
}
