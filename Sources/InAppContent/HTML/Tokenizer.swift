// The HTML Standard's tokenizer (§13.2.5), on UTF-8 bytes. Every state of the Standard is here; the states
// that see most bytes (data, tag and attribute names, attribute values, raw text, script data, comments)
// skip runs of ordinary bytes at once instead of looping state by state. Tokens go straight to the tree
// builder (same value, so the builder can switch the tokenizer's state, as the Standard requires).
// Multi-byte UTF-8 sequences never contain ASCII bytes, so they pass through as "anything else".
import Foundation

enum TState: UInt8 {
    case data, rcdata, rawtext, scriptData, plaintext, tagOpen, endTagOpen, tagName
    case rcdataLessThan, rcdataEndTagOpen, rcdataEndTagName
    case rawtextLessThan, rawtextEndTagOpen, rawtextEndTagName
    case scriptDataLessThan, scriptDataEndTagOpen, scriptDataEndTagName, scriptDataEscapeStart, scriptDataEscapeStartDash
    case scriptDataEscaped, scriptDataEscapedDash, scriptDataEscapedDashDash, scriptDataEscapedLessThan
    case scriptDataEscapedEndTagOpen, scriptDataEscapedEndTagName, scriptDataDoubleEscapeStart, scriptDataDoubleEscaped
    case scriptDataDoubleEscapedDash, scriptDataDoubleEscapedDashDash, scriptDataDoubleEscapedLessThan, scriptDataDoubleEscapeEnd
    case beforeAttrName, attrName, afterAttrName, beforeAttrValue, attrValueDQ, attrValueSQ, attrValueUnquoted
    case afterAttrValueQuoted, selfClosingStartTag, bogusComment, markupDeclarationOpen
    case commentStart, commentStartDash, comment, commentLessThan, commentLessThanBang, commentLessThanBangDash
    case commentLessThanBangDashDash, commentEndDash, commentEnd, commentEndBang
    case doctype, beforeDoctypeName, doctypeName, afterDoctypeName, afterDoctypePublicKeyword, beforeDoctypePublicId
    case doctypePublicIdDQ, doctypePublicIdSQ, afterDoctypePublicId, betweenDoctypePublicAndSystem
    case afterDoctypeSystemKeyword, beforeDoctypeSystemId, doctypeSystemIdDQ, doctypeSystemIdSQ, afterDoctypeSystemId
    case bogusDoctype, cdataSection, cdataSectionBracket, cdataSectionEnd
}

private let LT: UInt8 = 0x3C, GT: UInt8 = 0x3E, SLASH: UInt8 = 0x2F, BANG: UInt8 = 0x21, QMARK: UInt8 = 0x3F
private let DASH: UInt8 = 0x2D, EQ: UInt8 = 0x3D, DQ: UInt8 = 0x22, SQ: UInt8 = 0x27, AMP: UInt8 = 0x26
private let NUL: UInt8 = 0, LF: UInt8 = 0x0A, RSQB: UInt8 = 0x5D, GRAVE: UInt8 = 0x60

@inline(__always) func isASCIIAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
@inline(__always) func lowerASCII(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c | 0x20 : c }

/// Delimiters as bit masks over the bytes below 64 (every delimiter is ASCII below `@`): what ends a tag name
/// (white space, `/`, `>`, NUL), an attribute name (those and `=`), an unquoted attribute value (white space, `>`,
/// `&`, NUL), and the characters that are parse errors inside an attribute name.
private let tagNameEnd: UInt64 = (1 << 0x20) | (1 << 0x09) | (1 << 0x0A) | (1 << 0x0C) | (1 << 0x0D) | (1 << 0x2F) | (1 << 0x3E) | 1
private let attrNameEnd: UInt64 = tagNameEnd | (1 << 0x3D)
private let attrNameOdd: UInt64 = (1 << 0x22) | (1 << 0x27) | (1 << 0x3C)
private let unquotedEnd: UInt64 = (1 << 0x20) | (1 << 0x09) | (1 << 0x0A) | (1 << 0x0C) | (1 << 0x0D) | (1 << 0x3E) | (1 << 0x26) | 1
@inline(__always) private func inMask(_ c: UInt8, _ mask: UInt64) -> Bool { c < 64 && (mask >> UInt64(c)) & 1 != 0 }

let replacementBytes: [UInt8] = [0xEF, 0xBF, 0xBD]
private let nulByte: [UInt8] = [0]
private let ltBytes: [UInt8] = [0x3C], ltSlashBytes: [UInt8] = [0x3C, 0x2F], ampBytes: [UInt8] = [0x26]
private let dashBytes: [UInt8] = [0x2D], bracketBytes: [UInt8] = [0x5D], ltBangBytes: [UInt8] = [0x3C, 0x21]

/// Index of the first of the bytes `a`, `b`, `c` in `p[from..<end]`, or `end`; eight bytes at a time.
@inline(__always)
func scanFor(_ p: UnsafePointer<UInt8>, _ from: Int, _ end: Int, _ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
    var j = from
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    let ma = ones &* UInt64(a), mb = ones &* UInt64(b), mc = ones &* UInt64(c)
    let raw = UnsafeRawPointer(p)
    while j + 8 <= end {
        let v = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)
        let xa = v ^ ma, xb = v ^ mb, xc = v ^ mc
        // A zero byte in any of the three XORs means a match (the test has no false negatives).
        if (((xa &- ones) & ~xa) | ((xb &- ones) & ~xb) | ((xc &- ones) & ~xc)) & highs != 0 { break }
        j += 8
    }
    while j < end {
        let x = p[j]
        if x == a || x == b || x == c { return j }
        j += 1
    }
    return end
}

/// Index of the first `c` in `p[from..<n]`, or `n` (the C library's vectorised memchr).
@inline(__always)
func findByte(_ c: UInt8, _ p: UnsafePointer<UInt8>, _ from: Int, _ n: Int) -> Int {
    guard from < n, let r = memchr(p + from, Int32(c), n - from) else { return n }
    return UnsafePointer<UInt8>(r.assumingMemoryBound(to: UInt8.self)) - p
}

extension HTMLParser {
    // MARK: Emitting

    @inline(__always)
    mutating func emit(_ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int) {
        if e > s { characters(p + s, e - s) }
    }

    @inline(__always)
    mutating func emit(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { characters($0.baseAddress!, $0.count) }
    }

    mutating func emitCodePoints(_ a: UInt32, _ b: UInt32) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { buffer in
            var n = CharacterReferences.encodeUTF8(a, into: buffer.baseAddress!)
            if b != 0 { n += CharacterReferences.encodeUTF8(b, into: buffer.baseAddress! + n) }
            characters(buffer.baseAddress!, n)
        }
    }

    @inline(__always)
    mutating func tokenError(_ code: StaticString) { error(code, at: pos) }

    // MARK: Tags

    mutating func beginTag(end: Bool, at start: Int) {
        tagIsEnd = end
        tagStart = start
        tagSelfClosing = false
        tagName = -1
        tagNameBuf.clear()
        attrStart = attrs.count
        textMark = text.count
        attrPending = false
    }

    /// Records the attribute whose name was just read (dropping duplicates, as the Standard does).
    mutating func startAttribute(_ name: Int32) {
        finishAttribute()
        var dup = false
        var a = attrStart
        while a < attrs.count { if attrs[a].name == name { dup = true; break }; a += 1 }
        if dup { tokenError("duplicate-attribute") }
        attrName = name
        attrDuplicate = dup
        attrValueStart = text.count
        attrPending = true
    }

    @inline(__always)
    mutating func finishAttribute() {
        guard attrPending else { return }
        attrPending = false
        if attrDuplicate {
            if text.count > attrValueStart { text.removeSubrange(attrValueStart...) }
        } else {
            attrs.append(AttrRecord(name: attrName, start: Int32(attrValueStart), count: Int32(text.count - attrValueStart)))
        }
    }

    mutating func emitTag() {
        finishAttribute()
        if tagName < 0 { tagName = tagNameBuf.withUnsafeBufferPointer { internLower($0.baseAddress!, 0, $0.count, readable: $0.count) } }
        if tagIsEnd {
            if attrs.count > attrStart {
                tokenError("end-tag-with-attributes")
                attrs.removeSubrange(attrStart...)
            }
            if text.count > textMark { text.removeSubrange(textMark...) }
            endTag(tagName)
        } else {
            lastStartTag = tagName
            startTag(Tag(name: tagName, a0: Int32(attrStart), ac: Int32(attrs.count - attrStart), selfClosing: tagSelfClosing))
        }
    }

    mutating func dropTag() {
        attrPending = false
        if attrs.count > attrStart { attrs.removeSubrange(attrStart...) }
        if text.count > textMark { text.removeSubrange(textMark...) }
    }

    /// Appends a decoded attribute-value run to `text` (references decoded, NUL replaced).
    @inline(__always)
    mutating func appendValue(_ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int) {
        if e > s { text.append(contentsOf: UnsafeBufferPointer(start: p + s, count: e - s)) }
    }

    /// An `&` inside an attribute value at `p[i]`; returns the index after what was consumed.
    mutating func attributeReference(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        switch CharacterReferences.decode(p, i, n, inAttribute: true) {
        case .none:
            text.append(AMP)
            return i + 1
        case let .decoded(a, b, next, err):
            if err { error("character-reference", at: i) }
            CharacterReferences.appendUTF8(a, to: &text)
            if b != 0 { CharacterReferences.appendUTF8(b, to: &text) }
            return next
        }
    }

    /// Whether the tag name being read (in `tagNameBuf`) is the last start tag's name.
    var isAppropriateEndTag: Bool {
        mutating get {
            guard lastStartTag >= 0 else { return false }
            let want = names.strings[Int(lastStartTag)].utf8
            return want.elementsEqual(tagNameBuf)
        }
    }

    // MARK: The state machine

    mutating func tokenize(_ p: UnsafePointer<UInt8>, _ n: Int) {
        while pos < n && failure == nil {
            switch state {
            case .data:
                let s = pos
                let lt = findByte(LT, p, s, n)
                var j = scanFor(p, s, lt, AMP, NUL, NUL)
                if j < lt && p[j] == AMP {
                    j = dataRunWithReferences(p, n, from: s, amp: j, end: lt)
                } else {
                    emit(p, s, j)
                }
                pos = j
                guard j < n else { break }
                let c = p[j]
                if c == LT {
                    state = .tagOpen; pos += 1
                } else if c == AMP {
                    dataReference(p, n)
                } else {
                    tokenError("unexpected-null-character")
                    emit(nulByte); pos += 1
                }

            case .rcdata:
                let s = pos
                let j = scanFor(p, s, findByte(LT, p, s, n), AMP, NUL, NUL)
                emit(p, s, j)
                pos = j
                guard j < n else { break }
                if p[j] == LT { state = .rcdataLessThan; pos += 1 }
                else if p[j] == AMP { dataReference(p, n) }
                else { tokenError("unexpected-null-character"); emit(replacementBytes); pos += 1 }

            case .rawtext, .scriptData, .plaintext:
                let s = pos
                let j = findByte(NUL, p, s, state == .plaintext ? n : findByte(LT, p, s, n))
                emit(p, s, j)
                pos = j
                guard j < n else { break }
                if p[j] == NUL { tokenError("unexpected-null-character"); emit(replacementBytes); pos += 1 }
                else { state = state == .rawtext ? .rawtextLessThan : .scriptDataLessThan; pos += 1 }

            case .tagOpen:
                let c = p[pos]
                if c == BANG { state = .markupDeclarationOpen; pos += 1 }
                else if c == SLASH { state = .endTagOpen; pos += 1 }
                else if isASCIIAlpha(c) { beginTag(end: false, at: pos - 1); readTagName(p, n) }
                else if c == QMARK {
                    tokenError("unexpected-question-mark-instead-of-tag-name")
                    beginComment(); state = .bogusComment
                } else {
                    tokenError("invalid-first-character-of-tag-name")
                    emit(ltBytes); state = .data
                }

            case .endTagOpen:
                let c = p[pos]
                if isASCIIAlpha(c) { beginTag(end: true, at: pos - 2); readTagName(p, n) }
                else if c == GT { tokenError("missing-end-tag-name"); state = .data; pos += 1 }
                else { tokenError("invalid-first-character-of-tag-name"); beginComment(); state = .bogusComment }

            case .tagName:
                let c = p[pos]
                pos += 1
                if isSpace(c) { state = .beforeAttrName }
                else if c == SLASH { state = .selfClosingStartTag }
                else if c == GT { state = .data; emitTag() }
                else if c == NUL { tokenError("unexpected-null-character"); tagNameBuf.append(contentsOf: replacementBytes) }
                else { tagNameBuf.append(lowerASCII(c)) }

            case .rcdataLessThan, .rawtextLessThan:
                if p[pos] == SLASH {
                    tagNameBuf.clear()
                    state = state == .rcdataLessThan ? .rcdataEndTagOpen : .rawtextEndTagOpen; pos += 1
                } else { emit(ltBytes); state = state == .rcdataLessThan ? .rcdata : .rawtext }

            case .rcdataEndTagOpen, .rawtextEndTagOpen, .scriptDataEndTagOpen, .scriptDataEscapedEndTagOpen:
                if isASCIIAlpha(p[pos]) {
                    beginTag(end: true, at: pos - 2)
                    tempBuf.clear()
                    switch state {
                    case .rcdataEndTagOpen: state = .rcdataEndTagName
                    case .rawtextEndTagOpen: state = .rawtextEndTagName
                    case .scriptDataEndTagOpen: state = .scriptDataEndTagName
                    default: state = .scriptDataEscapedEndTagName
                    }
                } else {
                    emit(ltSlashBytes)
                    switch state {
                    case .rcdataEndTagOpen: state = .rcdata
                    case .rawtextEndTagOpen: state = .rawtext
                    case .scriptDataEndTagOpen: state = .scriptData
                    default: state = .scriptDataEscaped
                    }
                }

            case .rcdataEndTagName, .rawtextEndTagName, .scriptDataEndTagName, .scriptDataEscapedEndTagName:
                let c = p[pos]
                if isASCIIAlpha(c) { tagNameBuf.append(lowerASCII(c)); tempBuf.append(c); pos += 1; continue }
                if (isSpace(c) || c == SLASH || c == GT) && isAppropriateEndTag {
                    pos += 1
                    if isSpace(c) { state = .beforeAttrName }
                    else if c == SLASH { state = .selfClosingStartTag }
                    else { state = .data; emitTag() }
                    continue
                }
                emit(ltSlashBytes)
                emit(tempBuf)
                switch state {
                case .rcdataEndTagName: state = .rcdata
                case .rawtextEndTagName: state = .rawtext
                case .scriptDataEndTagName: state = .scriptData
                default: state = .scriptDataEscaped
                }

            case .scriptDataLessThan:
                let c = p[pos]
                if c == SLASH { tagNameBuf.clear(); state = .scriptDataEndTagOpen; pos += 1 }
                else if c == BANG { emit(ltBangBytes); state = .scriptDataEscapeStart; pos += 1 }
                else { emit(ltBytes); state = .scriptData }

            case .scriptDataEscapeStart, .scriptDataEscapeStartDash:
                if p[pos] == DASH {
                    emit(dashBytes); pos += 1
                    state = state == .scriptDataEscapeStart ? .scriptDataEscapeStartDash : .scriptDataEscapedDashDash
                } else { state = .scriptData }

            case .scriptDataEscaped, .scriptDataDoubleEscaped:
                let s = pos
                let double = state == .scriptDataDoubleEscaped
                let j = scanFor(p, s, findByte(DASH, p, s, n), LT, NUL, NUL)
                emit(p, s, j)
                pos = j
                guard j < n else { break }
                let c = p[j]
                pos += 1
                if c == DASH { emit(dashBytes); state = double ? .scriptDataDoubleEscapedDash : .scriptDataEscapedDash }
                else if c == LT {
                    if double { emit(ltBytes); state = .scriptDataDoubleEscapedLessThan } else { state = .scriptDataEscapedLessThan }
                } else { tokenError("unexpected-null-character"); emit(replacementBytes) }

            case .scriptDataEscapedDash, .scriptDataEscapedDashDash, .scriptDataDoubleEscapedDash, .scriptDataDoubleEscapedDashDash:
                let c = p[pos]
                pos += 1
                let double = state == .scriptDataDoubleEscapedDash || state == .scriptDataDoubleEscapedDashDash
                let dashDash = state == .scriptDataEscapedDashDash || state == .scriptDataDoubleEscapedDashDash
                if c == DASH {
                    emit(dashBytes); state = double ? .scriptDataDoubleEscapedDashDash : .scriptDataEscapedDashDash
                } else if c == LT {
                    if double { emit(ltBytes); state = .scriptDataDoubleEscapedLessThan } else { state = .scriptDataEscapedLessThan }
                } else if c == GT && dashDash {
                    emit([GT]); state = .scriptData
                } else if c == NUL {
                    tokenError("unexpected-null-character"); emit(replacementBytes)
                    state = double ? .scriptDataDoubleEscaped : .scriptDataEscaped
                } else {
                    emit(p, pos - 1, pos); state = double ? .scriptDataDoubleEscaped : .scriptDataEscaped
                }

            case .scriptDataEscapedLessThan:
                let c = p[pos]
                if c == SLASH { tagNameBuf.clear(); state = .scriptDataEscapedEndTagOpen; pos += 1 }
                else if isASCIIAlpha(c) { tempBuf.clear(); emit(ltBytes); state = .scriptDataDoubleEscapeStart }
                else { emit(ltBytes); state = .scriptDataEscaped }

            case .scriptDataDoubleEscapeStart, .scriptDataDoubleEscapeEnd:
                let c = p[pos]
                let start = state == .scriptDataDoubleEscapeStart
                if isSpace(c) || c == SLASH || c == GT {
                    let isScript = tempBuf == Array("script".utf8)
                    if start { state = isScript ? .scriptDataDoubleEscaped : .scriptDataEscaped }
                    else { state = isScript ? .scriptDataEscaped : .scriptDataDoubleEscaped }
                    emit(p, pos, pos + 1); pos += 1
                } else if isASCIIAlpha(c) {
                    tempBuf.append(lowerASCII(c)); emit(p, pos, pos + 1); pos += 1
                } else { state = start ? .scriptDataEscaped : .scriptDataDoubleEscaped }

            case .scriptDataDoubleEscapedLessThan:
                if p[pos] == SLASH {
                    tempBuf.clear(); emit([SLASH]); state = .scriptDataDoubleEscapeEnd; pos += 1
                } else { state = .scriptDataDoubleEscaped }

            case .beforeAttrName:
                let c = p[pos]
                if isSpace(c) { pos += 1 }
                else if c == SLASH || c == GT { state = .afterAttrName }
                else if c == EQ {
                    tokenError("unexpected-equals-sign-before-attribute-name")
                    readAttrName(p, n, from: pos + 1, first: pos)
                } else { readAttrName(p, n, from: pos, first: pos) }

            case .attrName:
                // Slow path: a name containing NUL.
                let c = p[pos]
                if isSpace(c) || c == SLASH || c == GT { startAttributeFromBuffer(); state = .afterAttrName }
                else if c == EQ { startAttributeFromBuffer(); state = .beforeAttrValue; pos += 1 }
                else if c == NUL { tokenError("unexpected-null-character"); tempBuf.append(contentsOf: replacementBytes); pos += 1 }
                else { tempBuf.append(lowerASCII(c)); pos += 1 }

            case .afterAttrName:
                let c = p[pos]
                if isSpace(c) { pos += 1 }
                else if c == SLASH { state = .selfClosingStartTag; pos += 1 }
                else if c == EQ { state = .beforeAttrValue; pos += 1 }
                else if c == GT { state = .data; pos += 1; emitTag() }
                else { readAttrName(p, n, from: pos, first: pos) }

            case .beforeAttrValue:
                let c = p[pos]
                if isSpace(c) { pos += 1 }
                else if c == DQ { state = .attrValueDQ; pos += 1 }
                else if c == SQ { state = .attrValueSQ; pos += 1 }
                else if c == GT { tokenError("missing-attribute-value"); state = .data; pos += 1; emitTag() }
                else { state = .attrValueUnquoted }

            case .attrValueDQ, .attrValueSQ:
                let q = state == .attrValueDQ ? DQ : SQ
                let j = scanFor(p, pos, findByte(q, p, pos, n), AMP, NUL, NUL)
                appendValue(p, pos, j)
                pos = j
                guard j < n else { break }
                let c = p[j]
                if c == q { state = .afterAttrValueQuoted; pos += 1 }
                else if c == AMP { pos = attributeReference(p, j, n) }
                else { tokenError("unexpected-null-character"); text.append(contentsOf: replacementBytes); pos += 1 }

            case .attrValueUnquoted:
                var j = pos
                while j < n && !inMask(p[j], unquotedEnd) { j += 1 }
                appendValue(p, pos, j)
                pos = j
                guard j < n else { break }
                let c = p[j]
                if isSpace(c) { state = .beforeAttrName; pos += 1 }
                else if c == AMP { pos = attributeReference(p, j, n) }
                else if c == GT { state = .data; pos += 1; emitTag() }
                else { tokenError("unexpected-null-character"); text.append(contentsOf: replacementBytes); pos += 1 }

            case .afterAttrValueQuoted:
                let c = p[pos]
                if isSpace(c) { state = .beforeAttrName; pos += 1 }
                else if c == SLASH { state = .selfClosingStartTag; pos += 1 }
                else if c == GT { state = .data; pos += 1; emitTag() }
                else { tokenError("missing-whitespace-between-attributes"); state = .beforeAttrName }

            case .selfClosingStartTag:
                if p[pos] == GT { tagSelfClosing = true; state = .data; pos += 1; emitTag() }
                else { tokenError("unexpected-solidus-in-tag"); state = .beforeAttrName }

            case .bogusComment:
                let j = findByte(NUL, p, pos, findByte(GT, p, pos, n))
                appendValue(p, pos, j)
                pos = j
                guard j < n else { break }
                pos += 1
                if p[j] == GT { state = .data; emitComment() } else { text.append(contentsOf: replacementBytes) }

            case .markupDeclarationOpen:
                if pos + 1 < n && p[pos] == DASH && p[pos + 1] == DASH {
                    pos += 2; beginComment(); state = .commentStart
                } else if matchesInsensitive(p, pos, n, "doctype") {
                    pos += 7; state = .doctype
                } else if matches(p, pos, n, "[CDATA[") {
                    if adjustedCurrentIsForeign {
                        pos += 7; state = .cdataSection
                    } else {
                        tokenError("cdata-in-html-content"); beginComment(); state = .bogusComment
                    }
                } else {
                    tokenError("incorrectly-opened-comment"); beginComment(); state = .bogusComment
                }

            case .commentStart:
                let c = p[pos]
                if c == DASH { state = .commentStartDash; pos += 1 }
                else if c == GT { tokenError("abrupt-closing-of-empty-comment"); state = .data; pos += 1; emitComment() }
                else { state = .comment }

            case .commentStartDash:
                let c = p[pos]
                if c == DASH { state = .commentEnd; pos += 1 }
                else if c == GT { tokenError("abrupt-closing-of-empty-comment"); state = .data; pos += 1; emitComment() }
                else { text.append(DASH); state = .comment }

            case .comment:
                let j = scanFor(p, pos, findByte(DASH, p, pos, n), LT, NUL, NUL)
                appendValue(p, pos, j)
                pos = j
                guard j < n else { break }
                let c = p[j]
                pos += 1
                if c == LT { text.append(LT); state = .commentLessThan }
                else if c == DASH { state = .commentEndDash }
                else { tokenError("unexpected-null-character"); text.append(contentsOf: replacementBytes) }

            case .commentLessThan:
                let c = p[pos]
                if c == BANG { text.append(BANG); state = .commentLessThanBang; pos += 1 }
                else if c == LT { text.append(LT); pos += 1 }
                else { state = .comment }

            case .commentLessThanBang:
                if p[pos] == DASH { state = .commentLessThanBangDash; pos += 1 } else { state = .comment }

            case .commentLessThanBangDash:
                if p[pos] == DASH { state = .commentLessThanBangDashDash; pos += 1 } else { state = .commentEndDash }

            case .commentLessThanBangDashDash:
                if p[pos] != GT { tokenError("nested-comment") }
                state = .commentEnd

            case .commentEndDash:
                if p[pos] == DASH { state = .commentEnd; pos += 1 } else { text.append(DASH); state = .comment }

            case .commentEnd:
                let c = p[pos]
                if c == GT { state = .data; pos += 1; emitComment() }
                else if c == BANG { state = .commentEndBang; pos += 1 }
                else if c == DASH { text.append(DASH); pos += 1 }
                else { text.append(DASH); text.append(DASH); state = .comment }

            case .commentEndBang:
                let c = p[pos]
                if c == DASH { text.append(DASH); text.append(DASH); text.append(BANG); state = .commentEndDash; pos += 1 }
                else if c == GT { tokenError("incorrectly-closed-comment"); state = .data; pos += 1; emitComment() }
                else { text.append(DASH); text.append(DASH); text.append(BANG); state = .comment }

            case .doctype:
                let c = p[pos]
                if isSpace(c) { state = .beforeDoctypeName; pos += 1 }
                else if c == GT { state = .beforeDoctypeName }
                else { tokenError("missing-whitespace-before-doctype-name"); state = .beforeDoctypeName }
                resetDoctype()

            case .beforeDoctypeName:
                let c = p[pos]
                if isSpace(c) { pos += 1; continue }
                if c == GT {
                    tokenError("missing-doctype-name"); doctypeForceQuirks = true; state = .data; pos += 1; emitDoctype(); continue
                }
                doctypeHasName = true
                if c == NUL { tokenError("unexpected-null-character"); doctypeNameBuf.append(contentsOf: replacementBytes) }
                else { doctypeNameBuf.append(lowerASCII(c)) }
                state = .doctypeName; pos += 1

            case .doctypeName:
                let c = p[pos]
                pos += 1
                if isSpace(c) { state = .afterDoctypeName }
                else if c == GT { state = .data; emitDoctype() }
                else if c == NUL { tokenError("unexpected-null-character"); doctypeNameBuf.append(contentsOf: replacementBytes) }
                else { doctypeNameBuf.append(lowerASCII(c)) }

            case .afterDoctypeName:
                let c = p[pos]
                if isSpace(c) { pos += 1 }
                else if c == GT { state = .data; pos += 1; emitDoctype() }
                else if matchesInsensitive(p, pos, n, "public") { pos += 6; state = .afterDoctypePublicKeyword }
                else if matchesInsensitive(p, pos, n, "system") { pos += 6; state = .afterDoctypeSystemKeyword }
                else { tokenError("invalid-character-sequence-after-doctype-name"); doctypeForceQuirks = true; state = .bogusDoctype }

            case .afterDoctypePublicKeyword, .afterDoctypeSystemKeyword, .beforeDoctypePublicId, .beforeDoctypeSystemId:
                let c = p[pos]
                let isPublic = state == .afterDoctypePublicKeyword || state == .beforeDoctypePublicId
                let afterKeyword = state == .afterDoctypePublicKeyword || state == .afterDoctypeSystemKeyword
                if isSpace(c) {
                    pos += 1
                    if afterKeyword { state = isPublic ? .beforeDoctypePublicId : .beforeDoctypeSystemId }
                } else if c == DQ || c == SQ {
                    if afterKeyword { tokenError("missing-whitespace-after-doctype-keyword") }
                    if isPublic { doctypeHasPublic = true; state = c == DQ ? .doctypePublicIdDQ : .doctypePublicIdSQ }
                    else { doctypeHasSystem = true; state = c == DQ ? .doctypeSystemIdDQ : .doctypeSystemIdSQ }
                    pos += 1
                } else if c == GT {
                    tokenError("missing-doctype-identifier"); doctypeForceQuirks = true; state = .data; pos += 1; emitDoctype()
                } else {
                    tokenError("missing-quote-before-doctype-identifier"); doctypeForceQuirks = true; state = .bogusDoctype
                }

            case .doctypePublicIdDQ, .doctypePublicIdSQ, .doctypeSystemIdDQ, .doctypeSystemIdSQ:
                let c = p[pos]
                pos += 1
                let isPublic = state == .doctypePublicIdDQ || state == .doctypePublicIdSQ
                let q = (state == .doctypePublicIdDQ || state == .doctypeSystemIdDQ) ? DQ : SQ
                if c == q { state = isPublic ? .afterDoctypePublicId : .afterDoctypeSystemId }
                else if c == GT { tokenError("abrupt-doctype-identifier"); doctypeForceQuirks = true; state = .data; emitDoctype() }
                else {
                    if c == NUL { tokenError("unexpected-null-character") }
                    let bytes: [UInt8] = c == NUL ? replacementBytes : [c]
                    if isPublic { doctypePublicBuf.append(contentsOf: bytes) } else { doctypeSystemBuf.append(contentsOf: bytes) }
                }

            case .afterDoctypePublicId, .betweenDoctypePublicAndSystem:
                let c = p[pos]
                let between = state == .betweenDoctypePublicAndSystem
                if isSpace(c) { pos += 1; state = .betweenDoctypePublicAndSystem }
                else if c == GT { state = .data; pos += 1; emitDoctype() }
                else if c == DQ || c == SQ {
                    if !between { tokenError("missing-whitespace-between-doctype-public-and-system-identifiers") }
                    doctypeHasSystem = true; state = c == DQ ? .doctypeSystemIdDQ : .doctypeSystemIdSQ; pos += 1
                } else { tokenError("missing-quote-before-doctype-system-identifier"); doctypeForceQuirks = true; state = .bogusDoctype }

            case .afterDoctypeSystemId:
                let c = p[pos]
                if isSpace(c) { pos += 1 }
                else if c == GT { state = .data; pos += 1; emitDoctype() }
                else { tokenError("unexpected-character-after-doctype-system-identifier"); state = .bogusDoctype }

            case .bogusDoctype:
                let c = p[pos]
                pos += 1
                if c == GT { state = .data; emitDoctype() }

            case .cdataSection:
                let j = findByte(NUL, p, pos, findByte(RSQB, p, pos, n))
                emit(p, pos, j)
                pos = j
                guard j < n else { break }
                pos += 1
                if p[j] == RSQB { state = .cdataSectionBracket } else { emit(nulByte) }

            case .cdataSectionBracket:
                if p[pos] == RSQB { state = .cdataSectionEnd; pos += 1 } else { emit(bracketBytes); state = .cdataSection }

            case .cdataSectionEnd:
                let c = p[pos]
                if c == RSQB { emit(bracketBytes); pos += 1 }
                else if c == GT { state = .data; pos += 1 }
                else { emit(bracketBytes); emit(bracketBytes); state = .cdataSection }
            }
        }
        if failure == nil { endOfInput() }
    }

    /// `&` in data or RCDATA at `pos`.
    mutating func dataReference(_ p: UnsafePointer<UInt8>, _ n: Int) {
        switch CharacterReferences.decode(p, pos, n, inAttribute: false) {
        case .none:
            emit(ampBytes); pos += 1
        case let .decoded(a, b, next, err):
            if err { tokenError("character-reference") }
            emitCodePoints(a, b)
            pos = next
        }
    }

    /// Text of the data state that contains character references (`p[from..<end]`, the first `&` at `amp`,
    /// `end` the next `<` or `n`): the text and the decoded references are gathered in `scratch` and reach the
    /// tree builder as one run (a reference never contains `<`, so decoding stops before `end`). Stops at a NUL
    /// or at `end`; returns where it stopped.
    mutating func dataRunWithReferences(_ p: UnsafePointer<UInt8>, _ n: Int, from s: Int, amp: Int, end: Int) -> Int {
        scratch.clear()
        scratch.append(contentsOf: UnsafeBufferPointer(start: p + s, count: amp - s))
        var i = amp
        while i < end && p[i] == AMP {
            switch CharacterReferences.decode(p, i, n, inAttribute: false) {
            case .none:
                scratch.append(AMP)
                i += 1
            case let .decoded(a, b, next, err):
                if err { error("character-reference", at: i) }
                CharacterReferences.appendUTF8(a, to: &scratch)
                if b != 0 { CharacterReferences.appendUTF8(b, to: &scratch) }
                i = next
            }
            let k = scanFor(p, i, end, AMP, NUL, NUL)
            if k > i { scratch.append(contentsOf: UnsafeBufferPointer(start: p + i, count: k - i)) }
            i = k
        }
        var run = scratch
        scratch = []
        run.withUnsafeBufferPointer { if $0.count > 0 { characters($0.baseAddress!, $0.count) } }
        run.clear()
        scratch = run
        return i
    }

    /// Reads a tag name starting at `pos` (a letter); on the usual terminators the name is interned straight
    /// from the input, otherwise the per-character state takes over.
    @inline(__always)
    mutating func readTagName(_ p: UnsafePointer<UInt8>, _ n: Int) {
        let s = pos
        var j = s
        while j < n && !inMask(p[j], tagNameEnd) { j += 1 }
        if j < n && p[j] != NUL {
            tagName = internLower(p, s, j, readable: n)
            pos = j + 1
            let c = p[j]
            if c == GT { state = .data; emitTag() }
            else if c == SLASH { state = .selfClosingStartTag }
            else { state = .beforeAttrName }
        } else {
            for k in s..<j { tagNameBuf.append(lowerASCII(p[k])) }
            pos = j
            state = .tagName
        }
    }

    /// Reads an attribute name whose first character is at `first` (scanning continues at `from`).
    @inline(__always)
    mutating func readAttrName(_ p: UnsafePointer<UInt8>, _ n: Int, from: Int, first: Int) {
        var j = from
        while j < n {
            let c = p[j]
            if c < 64 {
                if inMask(c, attrNameEnd) { break }
                if inMask(c, attrNameOdd) { error("unexpected-character-in-attribute-name", at: j) }
            }
            j += 1
        }
        if j < n && p[j] != NUL {
            startAttribute(internLower(p, first, j, readable: n))
            pos = j
            if p[j] == EQ { state = .beforeAttrValue; pos += 1 } else { state = .afterAttrName }
        } else {
            finishAttribute()
            tempBuf.clear()
            for k in first..<j { tempBuf.append(lowerASCII(p[k])) }
            pos = j
            state = .attrName
        }
    }

    mutating func startAttributeFromBuffer() {
        let id = tempBuf.withUnsafeBufferPointer { internLower($0.baseAddress!, 0, $0.count, readable: $0.count) }
        startAttribute(id)
    }

    mutating func beginComment() {
        commentStart = text.count
        tagStart = pos
    }

    mutating func emitComment() {
        comment(Int32(commentStart), Int32(text.count - commentStart))
    }

    mutating func resetDoctype() {
        doctypeNameBuf.clear()
        doctypePublicBuf.clear()
        doctypeSystemBuf.clear()
        doctypeHasName = false; doctypeHasPublic = false; doctypeHasSystem = false; doctypeForceQuirks = false
    }

    mutating func emitDoctype() {
        doctypeToken(name: doctypeHasName ? String(decoding: doctypeNameBuf, as: UTF8.self) : nil,
                     publicId: doctypeHasPublic ? String(decoding: doctypePublicBuf, as: UTF8.self) : nil,
                     systemId: doctypeHasSystem ? String(decoding: doctypeSystemBuf, as: UTF8.self) : nil,
                     forceQuirks: doctypeForceQuirks)
    }

    /// End of input in the current state: what the Standard emits before the end-of-file token.
    mutating func endOfInput() {
        switch state {
        case .tagOpen: tokenError("eof-before-tag-name"); emit(ltBytes)
        case .endTagOpen: tokenError("eof-before-tag-name"); emit(ltSlashBytes)
        case .rcdataLessThan, .rawtextLessThan, .scriptDataLessThan, .scriptDataEscapedLessThan: emit(ltBytes)
        case .rcdataEndTagOpen, .rawtextEndTagOpen, .scriptDataEndTagOpen, .scriptDataEscapedEndTagOpen: emit(ltSlashBytes)
        case .rcdataEndTagName, .rawtextEndTagName, .scriptDataEndTagName, .scriptDataEscapedEndTagName:
            emit(ltSlashBytes); emit(tempBuf)
        case .tagName, .beforeAttrName, .attrName, .afterAttrName, .beforeAttrValue, .attrValueDQ, .attrValueSQ,
             .attrValueUnquoted, .afterAttrValueQuoted, .selfClosingStartTag:
            tokenError("eof-in-tag"); dropTag()
        case .scriptDataEscaped, .scriptDataEscapedDash, .scriptDataEscapedDashDash, .scriptDataDoubleEscaped,
             .scriptDataDoubleEscapedDash, .scriptDataDoubleEscapedDashDash:
            tokenError("eof-in-script-html-comment-like-text")
        case .bogusComment: emitComment()
        case .markupDeclarationOpen: tokenError("incorrectly-opened-comment"); beginComment(); emitComment()
        case .commentStart, .commentStartDash, .comment, .commentLessThan, .commentLessThanBang, .commentLessThanBangDash,
             .commentLessThanBangDashDash, .commentEnd, .commentEndBang:
            tokenError("eof-in-comment"); emitComment()
        case .commentEndDash:
            tokenError("eof-in-comment"); emitComment()
        case .doctype, .beforeDoctypeName:
            tokenError("eof-in-doctype"); if state == .doctype { resetDoctype() }
            doctypeForceQuirks = true; emitDoctype()
        case .doctypeName, .afterDoctypeName, .afterDoctypePublicKeyword, .beforeDoctypePublicId, .doctypePublicIdDQ,
             .doctypePublicIdSQ, .afterDoctypePublicId, .betweenDoctypePublicAndSystem, .afterDoctypeSystemKeyword,
             .beforeDoctypeSystemId, .doctypeSystemIdDQ, .doctypeSystemIdSQ, .afterDoctypeSystemId:
            tokenError("eof-in-doctype"); doctypeForceQuirks = true; emitDoctype()
        case .bogusDoctype: emitDoctype()
        case .cdataSection: tokenError("eof-in-cdata")
        case .cdataSectionBracket: tokenError("eof-in-cdata"); emit(bracketBytes)
        case .cdataSectionEnd: tokenError("eof-in-cdata"); emit(bracketBytes); emit(bracketBytes)
        case .scriptDataEscapeStart, .scriptDataEscapeStartDash, .scriptDataDoubleEscapeStart, .scriptDataDoubleEscapeEnd,
             .scriptDataDoubleEscapedLessThan, .data, .rcdata, .rawtext, .scriptData, .plaintext:
            break
        }
        endOfFile()
    }

    mutating func matches(_ p: UnsafePointer<UInt8>, _ s: Int, _ n: Int, _ word: StaticString) -> Bool {
        let len = word.utf8CodeUnitCount
        guard s + len <= n else { return false }
        let w = word.utf8Start
        for k in 0..<len where p[s + k] != w[k] { return false }
        return true
    }

    mutating func matchesInsensitive(_ p: UnsafePointer<UInt8>, _ s: Int, _ n: Int, _ word: StaticString) -> Bool {
        let len = word.utf8CodeUnitCount
        guard s + len <= n else { return false }
        let w = word.utf8Start
        for k in 0..<len where lowerASCII(p[s + k]) != w[k] { return false }
        return true
    }

    /// Interns the ASCII-lower-cased bytes `p[s..<e]`; names up to seven bytes go through a small cache.
    /// `p[0..<readable]` may be read: when eight bytes from `s` are readable, the cache key is built from one
    /// 8-byte load, lower-cased eight bytes at a time (the same key as the byte loop builds).
    @inline(__always)
    mutating func internLower(_ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int, readable: Int) -> Int32 {
        let n = e - s
        if n <= 7 && n > 0 {
            var key: UInt64
            if s + 8 <= readable {
                let v = UInt64(littleEndian: UnsafeRawPointer(p + s).loadUnaligned(as: UInt64.self))
                let m = v & ((1 << UInt64(8 * n)) &- 1)
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                let low7 = m & 0x7F7F_7F7F_7F7F_7F7F
                // High bit of each byte: ASCII (high bit clear) and 0x41 ≤ byte ≤ 0x5A; no carry crosses a byte.
                let upper = (low7 &+ ones &* 0x3F) & ~(low7 &+ ones &* 0x25) & ~m & highs
                key = (m | (upper >> 2)) | (UInt64(n) << 56)
            } else {
                key = UInt64(n) << 56
                var shift: UInt64 = 0
                for k in s..<e {
                    key |= UInt64(lowerASCII(p[k])) << shift
                    shift += 8
                }
            }
            let mixed = key &* 0x9E37_79B9_7F4A_7C15
            // The known names first: one shared table, built once, so a parse does not intern them again.
            var known = Int(truncatingIfNeeded: mixed >> 55)
            while true {
                let k = knownKeys[known]
                if k == key { return knownIDs[known] }
                if k == 0 { break }
                known = (known + 1) & (KnownNameKeys.slots - 1)
            }
            var slot = Int(truncatingIfNeeded: mixed >> 57)
            while true {
                let k = cacheKeys[slot]
                if k == key { return cacheIDs[slot] }
                if k == 0 { break }
                slot = (slot + 1) & 127
            }
            let id = internSlow(p, s, e)
            if cacheCount < 88 { cacheKeys[slot] = key; cacheIDs[slot] = id; cacheCount += 1 }
            return id
        }
        return internSlow(p, s, e)
    }

    mutating func internSlow(_ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int) -> Int32 {
        var hasUpper = false
        for k in s..<e where p[k] >= 0x41 && p[k] <= 0x5A { hasUpper = true; break }
        if !hasUpper {
            if e == s { return scratch.withUnsafeBufferPointer { _ in internEmpty() } }
            return names.intern(p + s, e - s)
        }
        scratch.clear()
        for k in s..<e { scratch.append(lowerASCII(p[k])) }
        return scratch.withUnsafeBufferPointer { names.intern($0.baseAddress!, $0.count) }
    }

    mutating func internEmpty() -> Int32 {
        let zero: [UInt8] = [0]
        return zero.withUnsafeBufferPointer { names.intern($0.baseAddress!, 0) }
    }
}

/// The cache keys of the known names of at most seven bytes (the key `internLower` builds: the lower-case bytes,
/// little-endian, and the length in the top byte), in an open-addressing table of ``slots`` entries.
enum KnownNameKeys {
    static let slots = 512
    static let table: (keys: [UInt64], ids: [Int32]) = {
        var keys = [UInt64](repeating: 0, count: slots)
        var ids = [Int32](repeating: -1, count: slots)
        for (i, name) in KnownNames.list.enumerated() {
            let bytes = Array(name.utf8)
            guard bytes.count <= 7, bytes.allSatisfy({ $0 < 0x41 || $0 > 0x5A }) else { continue }
            var key = UInt64(bytes.count) << 56
            for (k, b) in bytes.enumerated() { key |= UInt64(b) << UInt64(8 * k) }
            var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 55)
            while keys[slot] != 0 { slot = (slot + 1) & (slots - 1) }
            keys[slot] = key
            ids[slot] = Int32(i)
        }
        return (keys, ids)
    }()
}

extension Array where Element == UInt8 {
    /// Empties a scratch buffer, keeping its storage (nothing to do, and no call, when it is already empty).
    @inline(__always)
    mutating func clear() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
