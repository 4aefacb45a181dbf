import Foundation

/// Why a JSON text could not be read by `JSONValue(parsing:maxDepth:)`.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in a few words.
    public let reason: String
    /// Byte offset in the input where the problem was found.
    public let offset: Int

    public init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

extension JSONValue {
    /// The nesting depth `init(parsing:maxDepth:)` accepts by default (the same bound Foundation's decoder has).
    public static let defaultMaxDepth = 512
    /// The largest `maxDepth` honoured; larger values are treated as this one.
    public static let maxDepthLimit = 2_048

    /// Reads a UTF-8 JSON text (RFC 8259) in one pass, without going through `Codable`.
    ///
    /// It accepts what Foundation's `JSONDecoder` accepts on Linux, so switching between the two changes no
    /// result: a top-level scalar, a UTF-8 byte-order mark (skipped), a trailing comma before `]` or `}`; of
    /// duplicate object keys the first is kept. Errors (``JSONParseError``): empty input, bad syntax, invalid UTF-8, control characters or lone
    /// surrogates in strings, numbers that do not fit a `Double`, nesting deeper than `maxDepth`, and anything
    /// but whitespace after the value. The reader recurses once per level, so `maxDepth` is capped at
    /// ``maxDepthLimit`` to stay within a secondary thread's stack.
    public init(parsing data: Data, maxDepth: Int = JSONValue.defaultMaxDepth) throws(JSONParseError) {
        let result: Result<JSONValue, JSONParseError> = data.withUnsafeBytes { raw in
            var parser = JSONTextParser(bytes: raw.bindMemory(to: UInt8.self), maxDepth: maxDepth)
            do throws(JSONParseError) { return .success(try parser.document()) } catch { return .failure(error) }
        }
        self = try result.get()
    }

    /// Reads a JSON text given as a string; see `init(parsing:maxDepth:)`.
    public init(parsing text: String, maxDepth: Int = JSONValue.defaultMaxDepth) throws(JSONParseError) {
        try self.init(parsing: Data(text.utf8), maxDepth: maxDepth)
    }
}

/// A recursive-descent reader over the input bytes. Recursion is bounded by `maxDepth`.
struct JSONTextParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var i = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = min(max(1, maxDepth), JSONValue.maxDepthLimit)
    }

    func fail(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(reason: reason, offset: offset ?? i)
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
        skipSpace()
        guard i < bytes.count else { throw fail(bytes.isEmpty ? "empty input" : "no value") }
        let value = try self.value()
        skipSpace()
        guard i == bytes.count else { throw fail("unexpected data after the value") }
        return value
    }

    mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16)
    }

    mutating func value() throws(JSONParseError) -> JSONValue {
        guard i < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case let other: throw fail("unexpected \(describe(other))")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw fail("unexpected end of input") }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] {
            throw fail("unexpected \(describe(bytes[i + k]))", at: i + k)
        }
        i += n
    }

    mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= maxDepth else { throw fail("nesting deeper than \(maxDepth)") }
    }

    mutating func object() throws(JSONParseError) -> JSONValue {
        try enter()
        i += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of input") }
            if bytes[i] == UInt8(ascii: "}") && !members.isEmpty { i += 1; depth -= 1; return .object(members) }  // trailing comma
            guard bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a member name, found \(describe(bytes[i]))") }
            let key = try string()
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of input") }
            guard bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':', found \(describe(bytes[i]))") }
            i += 1
            skipSpace()
            let member = try value()
            if members[key] == nil { members[key] = member }
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of input") }
            switch bytes[i] {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "}"): i += 1; depth -= 1; return .object(members)
            case let other: throw fail("expected ',' or '}', found \(describe(other))")
            }
        }
    }

    mutating func array() throws(JSONParseError) -> JSONValue {
        try enter()
        i += 1
        var elements: [JSONValue] = []
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array(elements) }
        while true {
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") && !elements.isEmpty { i += 1; depth -= 1; return .array(elements) }  // trailing comma
            elements.append(try value())
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of input") }
            switch bytes[i] {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "]"): i += 1; depth -= 1; return .array(elements)
            case let other: throw fail("expected ',' or ']', found \(describe(other))")
            }
        }
    }

    mutating func number() throws(JSONParseError) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ p: inout JSONTextParser) -> Int {
            let s = p.i
            while p.i < p.bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.i]) { p.i += 1 }
            return p.i - s
        }
        let intStart = i
        let intDigits = digits(&self)
        guard intDigits > 0 else { throw fail(i < bytes.count ? "expected a digit, found \(describe(bytes[i]))" : "unexpected end of input") }
        if intDigits > 1 && bytes[intStart] == UInt8(ascii: "0") { throw fail("leading zero in a number", at: intStart) }
        var integral = true
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1; integral = false
            guard digits(&self) > 0 else { throw fail("expected a digit after '.'") }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1; integral = false
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard digits(&self) > 0 else { throw fail("expected a digit in the exponent") }
        }
        // Up to 15 digits fit a Double exactly: add them up without making a string.
        if integral && intDigits <= 15 {
            var n = 0
            for k in intStart..<i { n = n * 10 + Int(bytes[k] &- UInt8(ascii: "0")) }
            return bytes[start] == UInt8(ascii: "-") ? (n == 0 ? -0.0 : -Double(n)) : Double(n)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let n = Double(text), n.isFinite else { throw fail("number \(text.prefix(40)) does not fit a Double", at: start) }
        return n
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("unexpected end of input in a \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw fail("bad hex digit \(describe(b)) in a \\u escape")
            }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }

    /// Reads a string starting at its opening quote.
    mutating func string() throws(JSONParseError) -> String {
        i += 1
        let start = i
        // Fast path: no escapes; the bytes are checked as UTF-8 and taken as they are.
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<i])
                try validateUTF8(slice, from: start)
                i += 1
                return String(decoding: slice, as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw fail("control character in a string") }
            i += 1
        }
        guard i < bytes.count else { throw fail("unterminated string", at: start - 1) }
        // Slow path: copy segment by segment, decoding escapes.
        var out: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<i]))
        try validateUTF8(UnsafeBufferPointer(rebasing: bytes[start..<i]), from: start)
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b < 0x20 { throw fail("control character in a string") }
            if b != UInt8(ascii: "\\") {
                let segment = i
                while i < bytes.count && bytes[i] != UInt8(ascii: "\"") && bytes[i] != UInt8(ascii: "\\") && bytes[i] >= 0x20 { i += 1 }
                let slice = UnsafeBufferPointer(rebasing: bytes[segment..<i])
                try validateUTF8(slice, from: segment)
                out.append(contentsOf: slice)
                continue
            }
            i += 1
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw fail("lone high surrogate in a \\u escape")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("high surrogate without a low one") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("lone low surrogate in a \\u escape")
                }
                // Every value left is a valid scalar (surrogates were handled above).
                out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
            default: throw fail("invalid escape \\\(describe(e))", at: i - 2)
            }
        }
        throw fail("unterminated string", at: start - 1)
    }

    /// Checks well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
    func validateUTF8(_ s: UnsafeBufferPointer<UInt8>, from base: Int) throws(JSONParseError) {
        var k = 0
        while k < s.count {
            let b = s[k]
            if b < 0x80 { k += 1; continue }
            let need: Int
            var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; lo = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: need = 2
            case 0xED: need = 2; hi = 0x9F
            case 0xF0: need = 3; lo = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4: need = 3; hi = 0x8F
            default: throw fail("invalid UTF-8", at: base + k)
            }
            guard k + need < s.count else {
                throw fail("invalid UTF-8", at: base + k)
            }
            guard (lo...hi).contains(s[k + 1]) else { throw fail("invalid UTF-8", at: base + k) }
            if need > 1 {
                for m in 2...need where !(0x80...0xBF).contains(s[k + m]) { throw fail("invalid UTF-8", at: base + k) }
            }
            k += need + 1
        }
    }
}
