// Character references (`&amp;`, `&#x41;`, `&notin;`): the HTML Standard's matching rules over the full table of
// named references (NamedReferences.swift, generated) and the numeric ones with their replacements.
import Foundation

enum CharacterReferences {
    /// The table, sorted by name bytes (names keep their `;`), built once from the generated data by one pass
    /// over its bytes. Lookups are binary searches, so no String is made per reference.
    struct Table {
        var bytes: [UInt8] = []
        var starts: [Int32] = []      // name i is bytes[starts[i] ..< starts[i + 1]]
        var values: [(UInt32, UInt32)] = []

        init(_ data: String) {
            let u = Array(data.utf8)
            bytes.reserveCapacity(u.count / 2)
            var i = 0
            while i < u.count {
                starts.append(Int32(bytes.count))
                while u[i] != 0x20 { bytes.append(u[i]); i += 1 }
                i += 1
                var cps: [UInt32] = []
                var v: UInt32 = 0
                while i < u.count && u[i] != 0x0A {
                    let c = u[i]
                    if c == 0x20 { cps.append(v); v = 0 } else { v = v * 16 + UInt32(c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x61 + 10) }
                    i += 1
                }
                cps.append(v)
                values.append((cps[0], cps.count > 1 ? cps[1] : 0))
                i += 1
            }
            starts.append(Int32(bytes.count))
        }

        var count: Int { values.count }

        func name(_ i: Int) -> String {
            String(decoding: bytes[Int(starts[i])..<Int(starts[i + 1])], as: UTF8.self)
        }

        /// The code points of the name `p[0..<n]`, if it is in the table.
        func lookup(_ p: UnsafePointer<UInt8>, _ n: Int) -> (UInt32, UInt32)? {
            var lo = 0, hi = values.count - 1
            return bytes.withUnsafeBufferPointer { b in
                while lo <= hi {
                    let mid = (lo + hi) >> 1
                    let s = Int(starts[mid]), len = Int(starts[mid + 1]) - s
                    // Names are short: an inline byte loop beats a call to memcmp.
                    var order = 0
                    var k = 0
                    let m = min(len, n)
                    while k < m {
                        let x = b[s + k], y = p[k]
                        if x != y { order = x < y ? -1 : 1; break }
                        k += 1
                    }
                    if order == 0 { order = len - n }
                    if order == 0 { return values[mid] }
                    if order < 0 { lo = mid + 1 } else { hi = mid - 1 }
                }
                return nil
            }
        }
    }

    static let table = Table(NamedReferenceData.table)

    /// The legacy names (those valid without `;`, at most ``longestLegacy`` bytes), each packed into one `UInt64`
    /// (its bytes from the lowest, the rest zero; names have no zero byte), sorted, with their code points. A
    /// reference without `;` (`&copy`, or `&answer` in a URL's query) tries each prefix length here: a few integer
    /// comparisons instead of a search of the whole table per length.
    struct LegacyNames {
        var keys: [UInt64] = []
        var values: [(UInt32, UInt32)] = []

        init(_ table: Table) {
            var pairs: [(UInt64, (UInt32, UInt32))] = []
            for i in 0..<table.count {
                let s = Int(table.starts[i]), e = Int(table.starts[i + 1])
                guard table.bytes[e - 1] != 0x3B, e - s <= CharacterReferences.longestLegacy else { continue }
                let key = table.bytes.withUnsafeBufferPointer { LegacyNames.pack($0.baseAddress! + s, e - s) }
                pairs.append((key, table.values[i]))
            }
            pairs.sort { $0.0 < $1.0 }
            keys = pairs.map(\.0)
            values = pairs.map(\.1)
        }

        @inline(__always) static func pack(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
            var key: UInt64 = 0
            for k in 0..<n { key |= UInt64(p[k]) << (8 * UInt64(k)) }
            return key
        }

        func lookup(_ p: UnsafePointer<UInt8>, _ n: Int) -> (UInt32, UInt32)? {
            let key = LegacyNames.pack(p, n)
            var lo = 0, hi = keys.count - 1
            while lo <= hi {
                let mid = (lo + hi) >> 1
                let k = keys[mid]
                if k == key { return values[mid] }
                if k < key { lo = mid + 1 } else { hi = mid - 1 }
            }
            return nil
        }
    }

    static let legacy = LegacyNames(table)

    /// Longest name in the table, in bytes.
    static let longest = 32
    /// Longest name that may appear without its `;` (the legacy names, `&frac34` and the like).
    static let longestLegacy = 6

    /// Windows-1252 meanings of the C1 range, which numeric references map to.
    static let c1: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x9D, 0x017E, 0x0178,
    ]

    @inline(__always) static func isAlnum(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A)
    }

    enum Result {
        /// Not a reference: the `&` is literal text.
        case none
        /// Decoded code points (second 0 if one) and the index after the reference; `error` when it was malformed.
        case decoded(UInt32, UInt32, next: Int, error: Bool)
    }

    /// Decodes the reference starting at the `&` at `p[i]`, reading no further than `end`.
    static func decode(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int, inAttribute: Bool) -> Result {
        var j = i + 1
        guard j < end else { return .none }
        if p[j] == 0x23 { return numeric(p, i, end) }
        guard isAlnum(p[j]) else { return .none }
        while j < end && j - (i + 1) < longest && isAlnum(p[j]) { j += 1 }
        let hasSemicolon = j < end && p[j] == 0x3B
        let table = CharacterReferences.table
        // The longest match: the whole name with its `;`, else a prefix without `;`, which only the legacy
        // names (at most six characters) have.
        var len = j - (i + 1)
        if hasSemicolon {
            // The references markup uses most, without a search.
            let q = p + i + 1
            switch len {
            case 2 where q[1] == 0x74 && (q[0] == 0x6C || q[0] == 0x67):          // lt; gt;
                return .decoded(q[0] == 0x6C ? 0x3C : 0x3E, 0, next: i + 4, error: false)
            case 3 where q[0] == 0x61 && q[1] == 0x6D && q[2] == 0x70:             // amp;
                return .decoded(0x26, 0, next: i + 5, error: false)
            case 4 where q[0] == 0x6E && q[1] == 0x62 && q[2] == 0x73 && q[3] == 0x70:   // nbsp;
                return .decoded(0xA0, 0, next: i + 6, error: false)
            case 4 where q[0] == 0x71 && q[1] == 0x75 && q[2] == 0x6F && q[3] == 0x74:   // quot;
                return .decoded(0x22, 0, next: i + 6, error: false)
            default: break
            }
        }
        if hasSemicolon, let (a, b) = table.lookup(p + i + 1, len + 1) {
            return .decoded(a, b, next: i + 2 + len, error: false)
        }
        len = min(len, longestLegacy)
        let legacy = CharacterReferences.legacy
        while len > 0 {
            if let (a, b) = legacy.lookup(p + i + 1, len) {
                let next = i + 1 + len
                if inAttribute && next < end && (p[next] == 0x3D || isAlnum(p[next])) { return .none }
                return .decoded(a, b, next: next, error: true)
            }
            len -= 1
        }
        return .none
    }

    static func numeric(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Result {
        var j = i + 2
        var hex = false
        if j < end && (p[j] | 0x20) == 0x78 { hex = true; j += 1 }
        let digitsStart = j
        var value: UInt32 = 0
        while j < end {
            let c = p[j]
            var d: UInt32
            if c >= 0x30 && c <= 0x39 { d = UInt32(c - 0x30) }
            else if hex && (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 { d = UInt32((c | 0x20) - 0x61 + 10) }
            else { break }
            value = min(0x11_0000, value &* (hex ? 16 : 10) &+ d)
            j += 1
        }
        guard j > digitsStart else { return .none }
        var error = true
        if j < end && p[j] == 0x3B { j += 1; error = false }
        var cp = value
        if cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) {
            cp = 0xFFFD; error = true
        } else if cp >= 0x80 && cp <= 0x9F {
            cp = c1[Int(cp - 0x80)]; error = true
        } else if (cp >= 0xFDD0 && cp <= 0xFDEF) || cp & 0xFFFE == 0xFFFE || (cp < 0x20 && cp != 0x09 && cp != 0x0A && cp != 0x0C)
                    || cp == 0x7F || cp == 0x0D {
            error = true
        }
        return .decoded(cp, 0, next: j, error: error)
    }

    /// Writes the UTF-8 form of `cp` at `out` (room for four bytes) and returns its length.
    @inline(__always)
    static func encodeUTF8(_ cp: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
        if cp < 0x80 { out[0] = UInt8(cp); return 1 }
        if cp < 0x800 { out[0] = UInt8(0xC0 | (cp >> 6)); out[1] = UInt8(0x80 | (cp & 0x3F)); return 2 }
        if cp < 0x10000 {
            out[0] = UInt8(0xE0 | (cp >> 12)); out[1] = UInt8(0x80 | ((cp >> 6) & 0x3F)); out[2] = UInt8(0x80 | (cp & 0x3F))
            return 3
        }
        out[0] = UInt8(0xF0 | (cp >> 18)); out[1] = UInt8(0x80 | ((cp >> 12) & 0x3F))
        out[2] = UInt8(0x80 | ((cp >> 6) & 0x3F)); out[3] = UInt8(0x80 | (cp & 0x3F))
        return 4
    }

    @inline(__always)
    static func appendUTF8(_ cp: UInt32, to out: inout [UInt8]) {
        if cp < 0x80 {
            out.append(UInt8(cp))
        } else if cp < 0x800 {
            out.append(UInt8(0xC0 | (cp >> 6))); out.append(UInt8(0x80 | (cp & 0x3F)))
        } else if cp < 0x10000 {
            out.append(UInt8(0xE0 | (cp >> 12))); out.append(UInt8(0x80 | ((cp >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (cp & 0x3F)))
        } else {
            out.append(UInt8(0xF0 | (cp >> 18))); out.append(UInt8(0x80 | ((cp >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((cp >> 6) & 0x3F))); out.append(UInt8(0x80 | (cp & 0x3F)))
        }
    }
}
