// The pixel size of an image from its first bytes (PNG, GIF, JPEG, WebP, SVG's width/height or viewBox): images are
// never decoded here, but an image the message ships in its assets is laid out, and reports naturalWidth, at its
// size, as on a device.
import Foundation

enum ImageSize {
    /// The media type of image bytes (PNG, GIF, JPEG, WebP, SVG), or nil.
    static func mimeType(_ data: Data) -> String? {
        let b = [UInt8](data.prefix(16))
        if b.count > 4, b[1] == 0x50, b[2] == 0x4E, b[3] == 0x47 { return "image/png" }
        if b.count > 4, b[0] == 0x47, b[1] == 0x49, b[2] == 0x46 { return "image/gif" }
        if b.count > 3, b[0] == 0xFF, b[1] == 0xD8 { return "image/jpeg" }
        if b.count > 12, b[8] == 0x57, b[9] == 0x45, b[10] == 0x42, b[11] == 0x50 { return "image/webp" }
        let head = String(decoding: data.prefix(1024), as: UTF8.self)
        return head.contains("<svg") ? "image/svg+xml" : nil
    }

    /// Width and height in CSS pixels, or nil when the bytes are not an image this reads.
    static func of(_ data: Data) -> (width: Double, height: Double)? {
        let b = [UInt8](data.prefix(65_536))
        func be16(_ i: Int) -> Int { i + 1 < b.count ? Int(b[i]) << 8 | Int(b[i + 1]) : 0 }
        func be32(_ i: Int) -> Int { i + 3 < b.count ? be16(i) << 16 | be16(i + 2) : 0 }
        func le16(_ i: Int) -> Int { i + 1 < b.count ? Int(b[i]) | Int(b[i + 1]) << 8 : 0 }
        func le24(_ i: Int) -> Int { i + 2 < b.count ? le16(i) | Int(b[i + 2]) << 16 : 0 }
        func ascii(_ i: Int, _ s: String) -> Bool { b.count >= i + s.utf8.count && Array(b[i..<(i + s.utf8.count)]) == Array(s.utf8) }
        func size(_ w: Int, _ h: Int) -> (width: Double, height: Double)? { w > 0 && h > 0 ? (Double(w), Double(h)) : nil }
        if ascii(1, "PNG"), ascii(12, "IHDR") { return size(be32(16), be32(20)) }
        if ascii(0, "GIF8") { return size(le16(6), le16(8)) }
        if b.count > 3, b[0] == 0xFF, b[1] == 0xD8 {
            var i = 2
            while i + 9 < b.count, b[i] == 0xFF {
                let marker = b[i + 1]
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC { return size(be16(i + 7), be16(i + 5)) }
                i += 2 + be16(i + 2)
            }
            return nil
        }
        if ascii(0, "RIFF"), ascii(8, "WEBP") {
            if ascii(12, "VP8X") { return size(le24(24) + 1, le24(27) + 1) }
            if ascii(12, "VP8L"), b.count > 25 {
                let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
                return size((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            }
            if ascii(12, "VP8 ") { return size(le16(26) & 0x3FFF, le16(28) & 0x3FFF) }
            return nil
        }
        return svg(String(decoding: b.prefix(4096), as: UTF8.self))
    }

    /// An SVG's width and height attributes in px, else its viewBox's size.
    private static func svg(_ text: String) -> (width: Double, height: Double)? {
        guard let open = text.range(of: "<svg") else { return nil }
        let tag = text[open.upperBound...].prefix { $0 != ">" }
        func attribute(_ name: String) -> String? {
            guard let r = tag.range(of: " \(name)=") ?? tag.range(of: "\n\(name)="), let quote = tag[r.upperBound...].first,
                  quote == "\"" || quote == "'" else { return nil }
            let rest = tag[tag.index(after: r.upperBound)...]
            return rest.firstIndex(of: quote).map { String(rest[..<$0]) }
        }
        func px(_ v: String?) -> Double? {
            guard let v = v?.trimmingCharacters(in: .whitespaces), !v.hasSuffix("%") else { return nil }
            return Double(v.hasSuffix("px") ? String(v.dropLast(2)) : v)
        }
        if let w = px(attribute("width")), let h = px(attribute("height")), w > 0, h > 0 { return (w, h) }
        let box = attribute("viewBox")?.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) } ?? []
        return box.count == 4 && box[2] > 0 && box[3] > 0 ? (box[2], box[3]) : nil
    }

    /// The bytes of a `data:` URL (base64 or percent-encoded), or nil.
    static func data(ofDataURL url: URL) -> Data? {
        let s = url.absoluteString
        guard s.lowercased().hasPrefix("data:"), let comma = s.firstIndex(of: ",") else { return nil }
        let meta = s[s.index(s.startIndex, offsetBy: 5)..<comma], payload = String(s[s.index(after: comma)...])
        if meta.lowercased().hasSuffix(";base64") { return Data(base64Encoded: payload.removingPercentEncoding ?? payload, options: .ignoreUnknownCharacters) }
        return (payload.removingPercentEncoding ?? payload).data(using: .utf8)
    }
}
