import Foundation
import InAppCore
import InAppRendering

/// Snapshot tests of pictures: a message (HTML or structured) drawn as SVG (`ContentRenderer.picture(_:in:)`,
/// deterministic: the same message and device give the same bytes) and compared with a baseline file.
///
/// The first run, or any run with `OPENINAPP_RECORD_SNAPSHOTS=1` in the environment, writes the baseline and reports
/// ``Outcome/recorded(path:)``. A picture that differs throws ``Mismatch`` and leaves two files beside the baseline:
/// `NAME.actual.svg` (what was drawn now) and `NAME.diff.svg` (the baseline and the new picture side by side, each
/// framed, with the number of differing lines), for a person to look at.
public enum PictureSnapshot {
    public enum Outcome: Equatable, Sendable {
        case matched
        case recorded(path: String)
    }

    /// A picture that is not its baseline.
    public struct Mismatch: Error, CustomStringConvertible {
        public let baseline: String
        public let actual: String
        public let diff: String
        /// The first differing line of each (1-based line number, baseline text, new text).
        public let firstDifference: (line: Int, baseline: String, actual: String)
        public let differingLines: Int

        public var description: String {
            "picture differs from \(baseline) in \(differingLines) line(s); first at line \(firstDifference.line):\n"
                + "  baseline: \(firstDifference.baseline)\n  now:      \(firstDifference.actual)\n"
                + "now: \(actual)\nside by side: \(diff)"
        }
    }

    /// Draws `message` on `device` and compares it with the SVG baseline at `path`.
    @discardableResult
    public static func check(_ message: InAppMessage, device: DeviceState = DeviceState(), against path: String) throws -> Outcome {
        try check(svg: ContentRenderer().picture(message, in: RenderContext(device: device)), against: path)
    }

    /// Compares an SVG picture with the baseline at `path` (recording it when there is none).
    @discardableResult
    public static func check(svg: String, against path: String) throws -> Outcome {
        let fm = FileManager.default
        let record = ProcessInfo.processInfo.environment["OPENINAPP_RECORD_SNAPSHOTS"] == "1"
        guard !record, let data = fm.contents(atPath: path) else {
            try fm.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try svg.write(toFile: path, atomically: true, encoding: .utf8)
            return .recorded(path: path)
        }
        let baseline = String(decoding: data, as: UTF8.self)
        if baseline == svg { return .matched }
        let stem = path.hasSuffix(".svg") ? String(path.dropLast(4)) : path
        let actualPath = stem + ".actual.svg", diffPath = stem + ".diff.svg"
        try svg.write(toFile: actualPath, atomically: true, encoding: .utf8)
        let old = baseline.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = svg.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var differing = 0, first: (Int, String, String)?
        for i in 0..<max(old.count, new.count) {
            let a = i < old.count ? old[i] : "", b = i < new.count ? new[i] : ""
            if a != b { differing += 1; if first == nil { first = (i + 1, a, b) } }
        }
        try sideBySide(baseline, svg, differing: differing).write(toFile: diffPath, atomically: true, encoding: .utf8)
        throw Mismatch(baseline: path, actual: actualPath, diff: diffPath, firstDifference: first ?? (0, "", ""), differingLines: differing)
    }

    /// Both pictures in one SVG, the baseline left and the new one right, each in a frame.
    static func sideBySide(_ baseline: String, _ actual: String, differing: Int) -> String {
        func size(_ svg: String) -> (Double, Double) {
            func attribute(_ name: String) -> Double {
                guard let r = svg.range(of: " \(name)=\"") else { return 400 }
                return Double(svg[r.upperBound...].prefix { $0 != "\"" }) ?? 400
            }
            return (attribute("width"), attribute("height"))
        }
        let (w1, h1) = size(baseline), (w2, h2) = size(actual)
        let width = w1 + w2 + 30, height = max(h1, h2) + 40
        func embed(_ svg: String) -> String { "data:image/svg+xml;base64," + Data(svg.utf8).base64EncodedString() }
        return """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(Int(width))" height="\(Int(height))">
        <rect width="100%" height="100%" fill="#FFFFFF"/>
        <text x="10" y="20" font-family="sans-serif" font-size="14">baseline | now (\(differing) differing line(s))</text>
        <image x="10" y="30" width="\(Int(w1))" height="\(Int(h1))" xlink:href="\(embed(baseline))"/>
        <rect x="10" y="30" width="\(Int(w1))" height="\(Int(h1))" fill="none" stroke="#1B78CF" stroke-width="2"/>
        <image x="\(Int(w1 + 20))" y="30" width="\(Int(w2))" height="\(Int(h2))" xlink:href="\(embed(actual))"/>
        <rect x="\(Int(w1 + 20))" y="30" width="\(Int(w2))" height="\(Int(h2))" fill="none" stroke="#D32F2F" stroke-width="2"/>
        </svg>

        """
    }
}
