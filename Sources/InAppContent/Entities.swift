// Character references: a table of the named references in-app messages actually use, plus numeric ones.

enum Entities {
    /// Named references (without `&` and `;`) and their code points.
    static let named: [String: UInt32] = [
        "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27, "nbsp": 0xA0,
        "AMP": 0x26, "LT": 0x3C, "GT": 0x3E, "QUOT": 0x22, "COPY": 0xA9, "REG": 0xAE,
        "iexcl": 0xA1, "cent": 0xA2, "pound": 0xA3, "curren": 0xA4, "yen": 0xA5, "brvbar": 0xA6, "sect": 0xA7,
        "uml": 0xA8, "copy": 0xA9, "ordf": 0xAA, "laquo": 0xAB, "not": 0xAC, "shy": 0xAD, "reg": 0xAE,
        "macr": 0xAF, "deg": 0xB0, "plusmn": 0xB1, "sup2": 0xB2, "sup3": 0xB3, "acute": 0xB4, "micro": 0xB5,
        "para": 0xB6, "middot": 0xB7, "cedil": 0xB8, "sup1": 0xB9, "ordm": 0xBA, "raquo": 0xBB,
        "frac14": 0xBC, "frac12": 0xBD, "frac34": 0xBE, "iquest": 0xBF,
        "Agrave": 0xC0, "Aacute": 0xC1, "Acirc": 0xC2, "Atilde": 0xC3, "Auml": 0xC4, "Aring": 0xC5, "AElig": 0xC6,
        "Ccedil": 0xC7, "Egrave": 0xC8, "Eacute": 0xC9, "Ecirc": 0xCA, "Euml": 0xCB, "Igrave": 0xCC, "Iacute": 0xCD,
        "Icirc": 0xCE, "Iuml": 0xCF, "ETH": 0xD0, "Ntilde": 0xD1, "Ograve": 0xD2, "Oacute": 0xD3, "Ocirc": 0xD4,
        "Otilde": 0xD5, "Ouml": 0xD6, "times": 0xD7, "Oslash": 0xD8, "Ugrave": 0xD9, "Uacute": 0xDA, "Ucirc": 0xDB,
        "Uuml": 0xDC, "Yacute": 0xDD, "THORN": 0xDE, "szlig": 0xDF, "agrave": 0xE0, "aacute": 0xE1, "acirc": 0xE2,
        "atilde": 0xE3, "auml": 0xE4, "aring": 0xE5, "aelig": 0xE6, "ccedil": 0xE7, "egrave": 0xE8, "eacute": 0xE9,
        "ecirc": 0xEA, "euml": 0xEB, "igrave": 0xEC, "iacute": 0xED, "icirc": 0xEE, "iuml": 0xEF, "eth": 0xF0,
        "ntilde": 0xF1, "ograve": 0xF2, "oacute": 0xF3, "ocirc": 0xF4, "otilde": 0xF5, "ouml": 0xF6, "divide": 0xF7,
        "oslash": 0xF8, "ugrave": 0xF9, "uacute": 0xFA, "ucirc": 0xFB, "uuml": 0xFC, "yacute": 0xFD, "thorn": 0xFE,
        "yuml": 0xFF,
        "OElig": 0x152, "oelig": 0x153, "Scaron": 0x160, "scaron": 0x161, "Yuml": 0x178, "fnof": 0x192,
        "circ": 0x2C6, "tilde": 0x2DC, "Alpha": 0x391, "Beta": 0x392, "Gamma": 0x393, "Delta": 0x394, "Omega": 0x3A9,
        "alpha": 0x3B1, "beta": 0x3B2, "gamma": 0x3B3, "delta": 0x3B4, "epsilon": 0x3B5, "theta": 0x3B8,
        "lambda": 0x3BB, "mu": 0x3BC, "pi": 0x3C0, "sigma": 0x3C3, "tau": 0x3C4, "phi": 0x3C6, "omega": 0x3C9,
        "ensp": 0x2002, "emsp": 0x2003, "thinsp": 0x2009, "zwnj": 0x200C, "zwj": 0x200D, "lrm": 0x200E, "rlm": 0x200F,
        "ndash": 0x2013, "mdash": 0x2014, "lsquo": 0x2018, "rsquo": 0x2019, "sbquo": 0x201A, "ldquo": 0x201C,
        "rdquo": 0x201D, "bdquo": 0x201E, "dagger": 0x2020, "Dagger": 0x2021, "bull": 0x2022, "hellip": 0x2026,
        "permil": 0x2030, "prime": 0x2032, "Prime": 0x2033, "lsaquo": 0x2039, "rsaquo": 0x203A, "oline": 0x203E,
        "frasl": 0x2044, "euro": 0x20AC, "trade": 0x2122, "TRADE": 0x2122, "larr": 0x2190, "uarr": 0x2191,
        "rarr": 0x2192, "darr": 0x2193, "harr": 0x2194, "lArr": 0x21D0, "rArr": 0x21D2, "forall": 0x2200,
        "part": 0x2202, "exist": 0x2203, "empty": 0x2205, "nabla": 0x2207, "isin": 0x2208, "minus": 0x2212,
        "lowast": 0x2217, "radic": 0x221A, "prop": 0x221D, "infin": 0x221E, "and": 0x2227, "or": 0x2228,
        "cap": 0x2229, "cup": 0x222A, "int": 0x222B, "sum": 0x2211, "prod": 0x220F, "sim": 0x223C, "asymp": 0x2248,
        "ne": 0x2260, "equiv": 0x2261, "le": 0x2264, "ge": 0x2265, "loz": 0x25CA, "spades": 0x2660,
        "clubs": 0x2663, "hearts": 0x2665, "diams": 0x2666, "check": 0x2713, "cross": 0x2717, "star": 0x2606,
        "starf": 0x2605, "phone": 0x260E, "female": 0x2640, "male": 0x2642, "sharp": 0x266F, "flat": 0x266D,
        "hyphen": 0x2010, "dash": 0x2010, "nbhy": 0x2011, "period": 0x2E, "comma": 0x2C, "colon": 0x3A,
        "semi": 0x3B, "excl": 0x21, "quest": 0x3F, "num": 0x23, "dollar": 0x24, "percnt": 0x25, "lpar": 0x28,
        "rpar": 0x29, "ast": 0x2A, "plus": 0x2B, "sol": 0x2F, "equals": 0x3D, "commat": 0x40, "lsqb": 0x5B,
        "rsqb": 0x5D, "bsol": 0x5C, "lowbar": 0x5F, "grave": 0x60, "lcub": 0x7B, "rcub": 0x7D, "verbar": 0x7C,
        "Hat": 0x5E, "NewLine": 0x0A, "Tab": 0x09,
    ]

    /// Names of up to eight bytes packed into integers, in an open-addressing table of 1024 slots, so the
    /// common case needs no String and no hashing of one.
    static let packedTable: (keys: [UInt64], values: [UInt32]) = {
        var keys = [UInt64](repeating: 0, count: 1024), values = [UInt32](repeating: 0, count: 1024)
        for (name, cp) in named where name.utf8.count <= 8 {
            let key = name.utf8.withContiguousStorageIfAvailable { pack($0.baseAddress!, $0.count) }
                ?? pack(Array(name.utf8), name.utf8.count)
            var slot = slotFor(key)
            while keys[slot] != 0 { slot = (slot + 1) & 1023 }
            keys[slot] = key; values[slot] = cp
        }
        return (keys, values)
    }()

    @inline(__always)
    static func pack(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
        var key: UInt64 = 0
        for k in 0..<n { key |= UInt64(p[k]) << UInt64(8 * k) }
        return key
    }

    static func pack(_ bytes: [UInt8], _ n: Int) -> UInt64 {
        bytes.withUnsafeBufferPointer { pack($0.baseAddress!, n) }
    }

    @inline(__always)
    static func slotFor(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54) }

    static func packedLookup(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt32? {
        let key = pack(p, n)
        let table = packedTable
        var slot = slotFor(key)
        while true {
            let k = table.keys[slot]
            if k == key { return table.values[slot] }
            if k == 0 { return nil }
            slot = (slot + 1) & 1023
        }
    }

    /// Longest name in the table, to bound the scan.
    static let longest = 8

    /// Windows-1252 replacements for numeric references in 0x80...0x9F, as browsers do.
    static let c1: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161,
        0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// Appends the UTF-8 encoding of `cp` (already sanitised) to `out`.
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

    /// Decodes the reference starting at `p[i]` (which is `&`). Returns the code point and the index just
    /// past the reference, or nil when the text is not a reference (the `&` is then literal).
    /// `inAttribute` applies the browser rule that a legacy name without `;` followed by `=` or an
    /// alphanumeric is left alone.
    static func decode(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int, inAttribute: Bool) -> (UInt32, Int)? {
        var k = i + 1
        guard k < end else { return nil }
        if p[k] == UInt8(ascii: "#") {
            k += 1
            var hex = false
            if k < end && (p[k] | 0x20) == UInt8(ascii: "x") { hex = true; k += 1 }
            let digitsStart = k
            var value: UInt32 = 0
            var overflow = false
            while k < end {
                let c = p[k]
                var d: UInt32
                if c >= 0x30 && c <= 0x39 { d = UInt32(c - 0x30) }
                else if hex && (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 { d = UInt32((c | 0x20) - 0x61 + 10) }
                else { break }
                if !overflow {
                    value = value &* (hex ? 16 : 10) &+ d
                    if value > 0x10FFFF { overflow = true }
                }
                k += 1
            }
            if k == digitsStart { return nil }
            if k < end && p[k] == UInt8(ascii: ";") { k += 1 }
            var cp = overflow ? 0xFFFD : value
            if cp == 0 || (cp >= 0xD800 && cp <= 0xDFFF) { cp = 0xFFFD }
            else if cp >= 0x80 && cp <= 0x9F { cp = c1[Int(cp - 0x80)] }
            return (cp, k)
        }
        // Named: collect an alphanumeric run.
        let nameStart = k
        while k < end && k - nameStart < 32 && isAlnum(p[k]) { k += 1 }
        let runEnd = k
        if runEnd == nameStart { return nil }
        if runEnd < end && p[runEnd] == UInt8(ascii: ";") {
            if runEnd - nameStart <= 8 {
                if let cp = packedLookup(p + nameStart, runEnd - nameStart) { return (cp, runEnd + 1) }
            } else {
                let name = String(decoding: UnsafeBufferPointer(start: p + nameStart, count: runEnd - nameStart), as: UTF8.self)
                if let cp = named[name] { return (cp, runEnd + 1) }
            }
        }
        // Legacy references without `;`: longest prefix that names a Latin-1 (or amp/lt/gt/quot) entity.
        var len = min(runEnd - nameStart, longest)
        while len >= 2 {
            let name = String(decoding: UnsafeBufferPointer(start: p + nameStart, count: len), as: UTF8.self)
            if let cp = named[name], (cp >= 0xA0 && cp <= 0xFF) || cp == 0x26 || cp == 0x3C || cp == 0x3E || cp == 0x22 {
                let after = nameStart + len
                if inAttribute && after < end && (isAlnum(p[after]) || p[after] == UInt8(ascii: "=")) { return nil }
                return (cp, after)
            }
            len -= 1
        }
        return nil
    }

    @inline(__always)
    static func isAlnum(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A)
    }
}
