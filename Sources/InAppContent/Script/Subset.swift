// The script subset. There is no JavaScript engine: a script is parsed against a small grammar of
// statements in-app messages use (location assignments, message-handler posts, Braze bridge calls, literal
// values) and either runs completely or not at all. Docs/ContentModel.md lists the grammar.
import Foundation

// Not `indirect`: arrays and dictionaries already keep their elements on the heap. An indirect enum boxes every value
// and keeps the case in the spare bits of the box pointer, which LeakSanitizer does not read as a pointer, so values
// native code keeps (a page's logged bridge calls) were reported as leaked at the JavaScriptCore fuzzers' exit check.
/// A literal value of the script subset (the JSON values plus `undefined`).
public enum ScriptValue: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case undefined
    case array([ScriptValue])
    case object([String: ScriptValue])

    /// The value as WebKit hands message bodies to native code: `String`, `NSNumber`, `Bool`, `NSNull`,
    /// `[Any]`, `[String: Any]`; nil for `undefined` (inside containers `undefined` becomes `NSNull`
    /// in arrays and is dropped from objects).
    public var foundationValue: Any? {
        switch self {
        case .string(let s): return s
        case .number(let d):
            if d == d.rounded(), abs(d) < 9.007199254740992e15 { return NSNumber(value: Int(d)) }
            return NSNumber(value: d)
        case .bool(let b): return b
        case .null: return NSNull()
        case .undefined: return nil
        case .array(let a): return a.map { $0.foundationValue ?? NSNull() }
        case .object(let o): return o.compactMapValues { $0.foundationValue }
        }
    }

    /// The string, if this is a string.
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }

    /// JSON-like text; object keys sorted.
    public var description: String {
        switch self {
        case .string(let s): return ScriptValue.quote(s)
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .undefined: return "undefined"
        case .array(let a): return "[" + a.map(\.description).joined(separator: ",") + "]"
        case .object(let o):
            return "{" + o.keys.sorted().map { ScriptValue.quote($0) + ":" + o[$0]!.description }.joined(separator: ",") + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}

/// A call on the Braze HTML bridge (`brazeBridge.…` or its deprecated alias `appboyBridge.…`).
public struct BridgeCall: Sendable, Equatable, CustomStringConvertible {
    /// The global the script named.
    public enum Root: String, Sendable { case brazeBridge, appboyBridge }
    /// Which global was used.
    public let root: Root
    /// The object path after the global, e.g. `closeMessage`, `logClick`, `getUser().setFirstName`,
    /// `web.registerAppboyPushMessages`.
    public let path: String
    /// The literal arguments.
    public let arguments: [ScriptValue]

    public init(root: Root, path: String, arguments: [ScriptValue]) {
        self.root = root; self.path = path; self.arguments = arguments
    }

    /// The last component of the path (`setFirstName` for `getUser().setFirstName`).
    public var method: String {
        String(path.split(separator: ".").last.map { $0.hasSuffix("()") ? $0.dropLast(2) : $0 } ?? "")
    }
    /// Arguments as Foundation values (see ``ScriptValue/foundationValue``; `undefined` becomes `NSNull`).
    public var foundationArguments: [Any] { arguments.map { $0.foundationValue ?? NSNull() } }
    public var description: String { "\(root.rawValue).\(path)(\(arguments.map(\.description).joined(separator: ",")))" }

    /// Every path the Braze bridge documents; calls to other paths are outside the subset.
    public static let knownPaths: Set<String> = {
        var s: Set<String> = ["closeMessage", "requestImmediateDataFlush", "logClick", "logCustomEvent", "logPurchase",
                              "changeUser", "requestPushPermission", "web.registerAppboyPushMessages"]
        for m in ["addAlias", "addToCustomAttributeArray", "removeFromCustomAttributeArray", "addToSubscriptionGroup",
                  "removeFromSubscriptionGroup", "setFirstName", "setLastName", "setEmail", "setGender",
                  "setDateOfBirth", "setCountry", "setHomeCity", "setLanguage", "setPhoneNumber",
                  "setEmailNotificationSubscriptionType", "setPushNotificationSubscriptionType",
                  "setCustomUserAttribute", "incrementCustomUserAttribute", "setCustomLocationAttribute"] {
            s.insert("getUser()." + m)
        }
        return s
    }()
}

/// A document property a script may read.
public enum ScriptProperty: String, Sendable, Equatable {
    /// `document.title`
    case title
    /// `location.href`, `window.location.href`, `document.URL`
    case url
}

/// One statement of the subset.
public enum ScriptStatement: Sendable, Equatable {
    /// `location = "…"`, `location.href = "…"`, `window.location.href = "…"`, `location.assign("…")`, `location.replace("…")`.
    case navigate(String)
    /// `webkit.messageHandlers.NAME.postMessage(literal)`.
    case postMessage(handler: String, body: ScriptValue)
    /// `brazeBridge.PATH(literals…)` / `appboyBridge.PATH(literals…)`.
    case bridge(BridgeCall)
    /// A literal on its own or after `return` (`void literal` gives `undefined`); it becomes the script's result.
    case value(ScriptValue)
    /// `document.title` or `location.href` read as the script's result.
    case read(ScriptProperty)
}

/// A script that lies outside the subset. Nothing of it runs.
public struct ScriptUnsupported: Error, Sendable, Equatable, CustomStringConvertible {
    /// The script text.
    public let source: String
    /// What was not understood.
    public let reason: String
    /// Character offset where parsing stopped.
    public let offset: Int
    public var description: String { "unsupported script at \(offset): \(reason)" }
}

/// A script parsed against the subset.
public struct ScriptProgram: Sendable, Equatable {
    /// The script text.
    public let source: String
    /// Its statements, in order.
    public let statements: [ScriptStatement]

    /// Parses `source`; throws ``ScriptUnsupported`` if any part lies outside the subset.
    public init(_ source: String) throws(ScriptUnsupported) {
        self.source = source
        var p = ScriptParser(source)
        self.statements = try p.program()
    }

    /// Parses the code of a `javascript:` URL (the scheme is stripped and percent escapes are decoded).
    public init(javascriptURL: String) throws(ScriptUnsupported) {
        var body = javascriptURL
        if let colon = body.firstIndex(of: ":"), body[..<colon].lowercased() == "javascript" {
            body = String(body[body.index(after: colon)...])
        }
        try self.init(body.removingPercentEncoding ?? body)
    }
}

private enum Token: Equatable {
    case ident(String), string(String), number(Double), punct(Character), end
}

private struct ScriptParser {
    let source: String
    let s: [Unicode.Scalar]
    var i = 0
    var tokenStart = 0
    var token: Token = .end
    var lexError: String?
    static let maxNesting = 256

    init(_ source: String) {
        self.source = source
        s = Array(source.unicodeScalars)
        advance()
    }

    func fail(_ reason: String) -> ScriptUnsupported {
        ScriptUnsupported(source: source, reason: lexError ?? reason, offset: tokenStart)
    }

    // MARK: Lexer

    mutating func skipTrivia() {
        while i < s.count {
            let c = s[i]
            if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0B}" || c == "\u{0C}" || c == "\u{A0}" || c == "\u{FEFF}" || c == "\u{2028}" || c == "\u{2029}" {
                i += 1
            } else if c == "/" && i + 1 < s.count && s[i + 1] == "/" {
                while i < s.count && s[i] != "\n" { i += 1 }
            } else if c == "/" && i + 1 < s.count && s[i + 1] == "*" {
                i += 2
                while i + 1 < s.count && !(s[i] == "*" && s[i + 1] == "/") { i += 1 }
                i = min(s.count, i + 2)
            } else {
                break
            }
        }
    }

    static func isIdentStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c == "$" || c.properties.isAlphabetic
    }

    mutating func advance() {
        guard lexError == nil else { token = .end; return }
        skipTrivia()
        tokenStart = i
        guard i < s.count else { token = .end; return }
        let c = s[i]
        if ScriptParser.isIdentStart(c) {
            var name = ""
            while i < s.count && (ScriptParser.isIdentStart(s[i]) || ("0"..."9").contains(s[i])) {
                name.unicodeScalars.append(s[i]); i += 1
            }
            token = .ident(name)
        } else if ("0"..."9").contains(c) || (c == "." && i + 1 < s.count && ("0"..."9").contains(s[i + 1])) {
            token = lexNumber()
        } else if c == "\"" || c == "'" || c == "`" {
            token = lexString(quote: c)
        } else {
            i += 1
            token = .punct(Character(c))
        }
    }

    mutating func lexNumber() -> Token {
        if s[i] == "0" && i + 1 < s.count && (s[i + 1] == "x" || s[i + 1] == "X") {
            i += 2
            var digits = ""
            while i < s.count && s[i].properties.isASCIIHexDigit { digits.unicodeScalars.append(s[i]); i += 1 }
            guard let v = UInt64(digits, radix: 16) else { lexError = "malformed hexadecimal number"; return .end }
            return .number(Double(v))
        }
        var text = ""
        while i < s.count {
            let c = s[i]
            if ("0"..."9").contains(c) || c == "." || c == "e" || c == "E" {
                text.unicodeScalars.append(c); i += 1
            } else if (c == "+" || c == "-") && (text.hasSuffix("e") || text.hasSuffix("E")) {
                text.unicodeScalars.append(c); i += 1
            } else {
                break
            }
        }
        guard let v = Double(text) else { lexError = "malformed number '\(text)'"; return .end }
        return .number(v)
    }

    mutating func lexString(quote: Unicode.Scalar) -> Token {
        i += 1
        var out = String.UnicodeScalarView()
        var pendingHigh: UInt32?
        func emit(_ v: UInt32, _ out: inout String.UnicodeScalarView, _ pendingHigh: inout UInt32?) {
            if let high = pendingHigh {
                pendingHigh = nil
                if v >= 0xDC00 && v <= 0xDFFF {
                    out.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (v - 0xDC00))!)
                    return
                }
                out.append("\u{FFFD}")
            }
            if v >= 0xD800 && v <= 0xDBFF { pendingHigh = v; return }
            out.append(Unicode.Scalar(v) ?? "\u{FFFD}")
        }
        while i < s.count {
            let c = s[i]
            if c == quote {
                i += 1
                if pendingHigh != nil { out.append("\u{FFFD}") }
                return .string(String(out))
            }
            if c == "\n" && quote != "`" { lexError = "unterminated string"; return .end }
            if quote == "`" && c == "$" && i + 1 < s.count && s[i + 1] == "{" {
                lexError = "template literal substitutions are not supported"; return .end
            }
            if c == "\\" {
                i += 1
                guard i < s.count else { break }
                let e = s[i]
                i += 1
                switch e {
                case "n": emit(0x0A, &out, &pendingHigh)
                case "t": emit(0x09, &out, &pendingHigh)
                case "r": emit(0x0D, &out, &pendingHigh)
                case "b": emit(0x08, &out, &pendingHigh)
                case "f": emit(0x0C, &out, &pendingHigh)
                case "v": emit(0x0B, &out, &pendingHigh)
                case "0": emit(0, &out, &pendingHigh)
                case "\n": break
                case "x":
                    guard i + 2 <= s.count, let v = UInt32(String(String.UnicodeScalarView(s[i..<i + 2])), radix: 16)
                    else { lexError = "malformed \\x escape"; return .end }
                    i += 2; emit(v, &out, &pendingHigh)
                case "u":
                    if i < s.count && s[i] == "{" {
                        guard let close = s[i...].firstIndex(of: "}"),
                              let v = UInt32(String(String.UnicodeScalarView(s[(i + 1)..<close])), radix: 16), v <= 0x10FFFF
                        else { lexError = "malformed \\u{} escape"; return .end }
                        i = close + 1; emit(v, &out, &pendingHigh)
                    } else {
                        guard i + 4 <= s.count, let v = UInt32(String(String.UnicodeScalarView(s[i..<i + 4])), radix: 16)
                        else { lexError = "malformed \\u escape"; return .end }
                        i += 4; emit(v, &out, &pendingHigh)
                    }
                default: emit(e.value, &out, &pendingHigh)
                }
                continue
            }
            emit(c.value, &out, &pendingHigh)
            i += 1
        }
        lexError = "unterminated string"
        return .end
    }

    // MARK: Grammar

    mutating func program() throws(ScriptUnsupported) -> [ScriptStatement] {
        var out: [ScriptStatement] = []
        while true {
            while token == .punct(";") { advance() }
            if lexError != nil { throw fail("") }
            if token == .end { break }
            out.append(try statement())
            if lexError != nil { throw fail("") }
            if token == .punct(";") { advance(); continue }
            if token == .end { break }
            throw fail("expected ';' between statements")
        }
        return out
    }

    mutating func statement() throws(ScriptUnsupported) -> ScriptStatement {
        if case .ident("void") = token {
            // `void 0` / `void(0)`: the usual no-op of `href="javascript:void(0)"`.
            advance()
            let parenthesized = token == .punct("(")
            if parenthesized { advance() }
            _ = try literal(depth: 0)
            if parenthesized {
                guard token == .punct(")") else { throw fail("expected ')' after void operand") }
                advance()
            }
            return .value(.undefined)
        }
        if case .ident("return") = token {
            advance()
            if token == .end || token == .punct(";") { return .value(.undefined) }
            if case .ident(let name) = token, !["true", "false", "null", "undefined"].contains(name) {
                let path = try memberChain()
                if let prop = ScriptParser.readable(path) { return .read(prop) }
                throw fail("only literals, document.title and location.href can be returned")
            }
            return .value(try literal(depth: 0))
        }
        if case .ident(let name) = token, !["true", "false", "null", "undefined"].contains(name) {
            let path = try memberChain()
            if token == .punct("=") {
                advance()
                if token == .punct("=") { throw fail("comparisons are not supported") }
                guard ScriptParser.isLocationTarget(path) else {
                    throw fail("only window.location / location.href can be assigned")
                }
                let value = try literal(depth: 0)
                guard case .string(let url) = value else { throw fail("location must be assigned a string literal") }
                return .navigate(url)
            }
            return try classify(path)
        }
        return .value(try literal(depth: 0))
    }

    enum Segment: Equatable { case name(String), call([ScriptValue]) }

    mutating func memberChain() throws(ScriptUnsupported) -> [Segment] {
        guard case .ident(let first) = token else { throw fail("expected a name") }
        if ["var", "let", "const", "function", "if", "for", "while", "new", "this", "typeof", "delete", "class"].contains(first) {
            throw fail("'\(first)' is not supported")
        }
        var out: [Segment] = [.name(first)]
        advance()
        while true {
            if token == .punct(".") {
                advance()
                guard case .ident(let n) = token else { throw fail("expected a property name after '.'") }
                out.append(.name(n)); advance()
            } else if token == .punct("[") {
                advance()
                guard case .string(let n) = token else { throw fail("only string literals can index objects") }
                advance()
                guard token == .punct("]") else { throw fail("expected ']'") }
                advance()
                out.append(.name(n))
            } else if token == .punct("(") {
                advance()
                var args: [ScriptValue] = []
                while token != .punct(")") {
                    args.append(try literal(depth: 0))
                    if token == .punct(",") { advance(); continue }
                    guard token == .punct(")") else { throw fail("arguments must be literals separated by ','") }
                }
                advance()
                out.append(.call(args))
            } else {
                return out
            }
        }
    }

    static func names(_ path: [Segment]) -> [String]? {
        var out: [String] = []
        for seg in path { guard case .name(let n) = seg else { return nil }; out.append(n) }
        if out.first == "window" && out.count > 1 { out.removeFirst() }
        return out
    }

    static func isLocationTarget(_ path: [Segment]) -> Bool {
        guard let n = names(path) else { return false }
        return n == ["location"] || n == ["location", "href"] || n == ["document", "location"] || n == ["document", "location", "href"]
    }

    static func readable(_ path: [Segment]) -> ScriptProperty? {
        guard let n = names(path) else { return nil }
        if n == ["document", "title"] { return .title }
        if n == ["location", "href"] || n == ["document", "location", "href"] || n == ["document", "URL"] { return .url }
        return nil
    }

    mutating func classify(_ path: [Segment]) throws(ScriptUnsupported) -> ScriptStatement {
        if let prop = ScriptParser.readable(path) { return .read(prop) }
        var segs = path
        if segs.count > 1, segs[0] == .name("window") { segs.removeFirst() }
        guard case .name(let root)? = segs.first else { throw fail("unsupported expression") }
        // location.assign("…") / location.replace("…")
        if segs.count == 3 || segs.count == 4 {
            let prefix = segs.count == 4 ? [Segment.name("document")] : []
            if Array(segs.prefix(prefix.count)) == prefix, segs[prefix.count] == .name("location"),
               case .name(let m) = segs[prefix.count + 1], m == "assign" || m == "replace",
               case .call(let args) = segs[prefix.count + 2] {
                guard args.count == 1, case .string(let url) = args[0] else {
                    throw fail("location.\(m) needs one string literal")
                }
                return .navigate(url)
            }
        }
        if root == "webkit" {
            guard segs.count == 5, segs[1] == .name("messageHandlers"), case .name(let handler) = segs[2],
                  segs[3] == .name("postMessage"), case .call(let args) = segs[4] else {
                throw fail("only webkit.messageHandlers.NAME.postMessage(literal) is supported")
            }
            guard args.count == 1 else { throw fail("postMessage takes exactly one argument") }
            return .postMessage(handler: handler, body: args[0])
        }
        if let bridgeRoot = BridgeCall.Root(rawValue: root) {
            guard segs.count >= 3, case .call(let args) = segs[segs.count - 1] else {
                throw fail("\(root) members must be called")
            }
            var parts: [String] = []
            for seg in segs[1..<(segs.count - 1)] {
                switch seg {
                case .name(let n): parts.append(n)
                case .call(let a):
                    guard a.isEmpty, !parts.isEmpty else { throw fail("unsupported call chain on \(root)") }
                    parts[parts.count - 1] += "()"
                }
            }
            let joined = parts.joined(separator: ".")
            guard BridgeCall.knownPaths.contains(joined) else { throw fail("\(root) has no method '\(joined)'") }
            return .bridge(BridgeCall(root: bridgeRoot, path: joined, arguments: args))
        }
        throw fail("'\(root)' is not part of the supported subset")
    }

    mutating func literal(depth: Int) throws(ScriptUnsupported) -> ScriptValue {
        guard depth < ScriptParser.maxNesting else { throw fail("literal nested deeper than \(ScriptParser.maxNesting)") }
        switch token {
        case .string(let v): advance(); return .string(v)
        case .number(let v): advance(); return .number(v)
        case .punct("-"), .punct("+"):
            let negative = token == .punct("-")
            advance()
            guard case .number(let v) = token else { throw fail("expected a number after sign") }
            advance(); return .number(negative ? -v : v)
        case .ident("true"): advance(); return .bool(true)
        case .ident("false"): advance(); return .bool(false)
        case .ident("null"): advance(); return .null
        case .ident("undefined"): advance(); return .undefined
        case .ident("NaN"): advance(); return .number(.nan)
        case .ident("Infinity"): advance(); return .number(.infinity)
        case .punct("["):
            advance()
            var items: [ScriptValue] = []
            while token != .punct("]") {
                items.append(try literal(depth: depth + 1))
                if token == .punct(",") { advance(); continue }
                guard token == .punct("]") else { throw fail("expected ',' or ']' in array literal") }
            }
            advance()
            return .array(items)
        case .punct("{"):
            advance()
            var members: [String: ScriptValue] = [:]
            while token != .punct("}") {
                let key: String
                switch token {
                case .string(let k): key = k
                case .ident(let k): key = k
                case .number(let n): key = ScriptValue.number(n).description
                default: throw fail("expected a property name in object literal")
                }
                advance()
                guard token == .punct(":") else { throw fail("expected ':' in object literal") }
                advance()
                members[key] = try literal(depth: depth + 1)
                if token == .punct(",") { advance(); continue }
                guard token == .punct("}") else { throw fail("expected ',' or '}' in object literal") }
            }
            advance()
            return .object(members)
        case .end:
            throw fail("unexpected end of script")
        default:
            throw fail("only literal values are supported here")
        }
    }
}
