import Foundation
import InAppCore
import InAppRendering

/// Snapshot tests of pictures: a message (HTML or structured) or a live HTML page drawn as SVG and compared with a
/// baseline file committed beside the tests.
///
/// Pictures are deterministic across machines: text is measured with the font tables built into the layout (no
/// fonts of the machine are read), images are embedded as data URLs (no paths), numbers are written with two
/// decimals, and the page's clock starts at ``fixedDate`` (countdowns draw the same on every day). What a page's
/// scripts make of `Math.random()` or the machine's time zone is theirs.
///
/// What happens when a picture is checked (``Mode``, from the environment by default):
/// - no baseline yet: it is written and the check reports ``Outcome/recorded(path:)`` (with `CI` or
///   `OPENINAPP_VERIFY_SNAPSHOTS=1` in the environment it throws ``MissingBaseline`` instead, so a forgotten baseline
///   fails CI rather than being recorded there);
/// - `OPENINAPP_RECORD_SNAPSHOTS=1`: every baseline is written anew (after an intended change);
/// - otherwise a picture that differs from its baseline throws ``Mismatch`` and leaves two files beside it:
///   `NAME.actual.svg` (the picture now) and `NAME.diff.svg` (baseline, now, and the pixels that changed, side by
///   side), plus `NAME.diff.png` when `rsvg-convert` is installed.
///
/// In XCTest, call it with `try` in a throwing test method (the error's description says what differs and where the
/// files are); in Swift Testing, the same, or ``expectMatch(_:device:baseline:mode:sourceLocation:)`` (SwiftTesting.swift)
/// to record an issue and carry on.
public enum PictureSnapshot {
    public enum Outcome: Equatable, Sendable {
        case matched
        case recorded(path: String)
    }

    /// What a check does with a missing or differing baseline.
    public enum Mode: Equatable, Sendable {
        /// Record a missing baseline, compare with an existing one (the default on a developer's machine).
        case recordMissing
        /// Compare only: a missing baseline is an error (`CI` or `OPENINAPP_VERIFY_SNAPSHOTS=1` in the environment).
        case verify
        /// Write every baseline anew (`OPENINAPP_RECORD_SNAPSHOTS=1`).
        case record

        /// The mode the environment asks for.
        public static var fromEnvironment: Mode {
            let environment = ProcessInfo.processInfo.environment
            if environment["OPENINAPP_RECORD_SNAPSHOTS"] == "1" { return .record }
            if environment["OPENINAPP_VERIFY_SNAPSHOTS"] == "1" { return .verify }
            if let ci = environment["CI"], !ci.isEmpty, ci != "0", ci.lowercased() != "false" { return .verify }
            return .recordMissing
        }
    }

    /// The time a page's scripts read when it loads, for every picture checked here: 2026-01-01 00:00:00 UTC.
    public static let fixedDate = Date(timeIntervalSince1970: 1_767_225_600)

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
                + "now: \(actual)\nside by side: \(diff)\n"
                + "(if the change is intended, run again with OPENINAPP_RECORD_SNAPSHOTS=1 and commit the baseline)"
        }
    }

    /// A check in ``Mode/verify`` found no baseline.
    public struct MissingBaseline: Error, CustomStringConvertible {
        public let baseline: String
        public var description: String {
            "no baseline picture at \(baseline) (record it with a local run, or OPENINAPP_RECORD_SNAPSHOTS=1, and commit it)"
        }
    }

    /// Draws `message` on `device` (an HTML message from its page's layout, a structured one as the core draws it)
    /// and compares it with the SVG baseline at `path`.
    @discardableResult
    public static func check(_ message: InAppMessage, device: DeviceState = DeviceState(), against path: String,
                             mode: Mode = .fromEnvironment) throws -> Outcome {
        let svg = try ContentRenderer(clockOrigin: fixedDate).picture(message, in: RenderContext(device: device))
        return try check(svg: svg, against: path, mode: mode)
    }

    /// Draws a live HTML page as it is now (after the taps and script work a test did) and compares it with the SVG
    /// baseline at `path`. Set the page's `clockOrigin` (e.g. to ``fixedDate``) before loading it if it shows dates.
    @discardableResult
    public static func check(_ page: ContentPage, against path: String, mode: Mode = .fromEnvironment) throws -> Outcome {
        try check(svg: page.paintList().svg(), against: path, mode: mode)
    }

    /// Compares an SVG picture with the baseline at `path` (recording it when there is none, as `mode` says).
    @discardableResult
    public static func check(svg: String, against path: String, mode: Mode = .fromEnvironment) throws -> Outcome {
        let fm = FileManager.default
        let data = mode == .record ? nil : fm.contents(atPath: path)
        guard let data else {
            if mode == .verify { throw MissingBaseline(baseline: path) }
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
        let diff = sideBySide(baseline, svg, differing: differing)
        try diff.write(toFile: diffPath, atomically: true, encoding: .utf8)
        if SVGRasterizer.executable != nil { try? SVGRasterizer.writePNG(diff, to: stem + ".diff.png") }
        throw Mismatch(baseline: path, actual: actualPath, diff: diffPath, firstDifference: first ?? (0, "", ""), differingLines: differing)
    }

    /// The baseline, the new picture and their difference in one SVG, each framed: the third panel draws the new
    /// picture over the baseline with the `difference` blend, so what did not change is black and what changed shows.
    static func sideBySide(_ baseline: String, _ actual: String, differing: Int) -> String {
        func size(_ svg: String) -> (Double, Double) {
            func attribute(_ name: String) -> Double {
                guard let r = svg.range(of: " \(name)=\"") else { return 400 }
                return Double(svg[r.upperBound...].prefix { $0 != "\"" }) ?? 400
            }
            return (attribute("width"), attribute("height"))
        }
        let (w1, h1) = size(baseline), (w2, h2) = size(actual)
        let w3 = max(w1, w2), h3 = max(h1, h2)
        let width = w1 + w2 + w3 + 40, height = max(h1, h2) + 40
        func embed(_ svg: String) -> String { "data:image/svg+xml;base64," + Data(svg.utf8).base64EncodedString() }
        let x2 = Int(w1 + 20), x3 = Int(w1 + w2 + 30)
        return """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(Int(width))" height="\(Int(height))">
        <rect width="100%" height="100%" fill="#FFFFFF"/>
        <text x="10" y="20" font-family="sans-serif" font-size="14">baseline</text>
        <text x="\(x2)" y="20" font-family="sans-serif" font-size="14">now (\(differing) differing line(s))</text>
        <text x="\(x3)" y="20" font-family="sans-serif" font-size="14">difference (black: unchanged)</text>
        <image x="10" y="30" width="\(Int(w1))" height="\(Int(h1))" xlink:href="\(embed(baseline))"/>
        <rect x="10" y="30" width="\(Int(w1))" height="\(Int(h1))" fill="none" stroke="#1B78CF" stroke-width="2"/>
        <image x="\(x2)" y="30" width="\(Int(w2))" height="\(Int(h2))" xlink:href="\(embed(actual))"/>
        <rect x="\(x2)" y="30" width="\(Int(w2))" height="\(Int(h2))" fill="none" stroke="#D32F2F" stroke-width="2"/>
        <g style="isolation: isolate">
        <rect x="\(x3)" y="30" width="\(Int(w3))" height="\(Int(h3))" fill="#000000"/>
        <image x="\(x3)" y="30" width="\(Int(w1))" height="\(Int(h1))" xlink:href="\(embed(baseline))"/>
        <image x="\(x3)" y="30" width="\(Int(w2))" height="\(Int(h2))" xlink:href="\(embed(actual))" style="mix-blend-mode: difference"/>
        </g>
        <rect x="\(x3)" y="30" width="\(Int(w3))" height="\(Int(h3))" fill="none" stroke="#555555" stroke-width="2"/>
        </svg>

        """
    }
}
