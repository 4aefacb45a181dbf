import Foundation

/// Turns an SVG picture into a PNG with `rsvg-convert` (Debian's `librsvg2-bin`), when it is installed.
public enum SVGRasterizer {
    public enum Failure: Error, CustomStringConvertible {
        /// No `rsvg-convert` on the PATH.
        case notInstalled
        /// It ran and failed (its exit status and message).
        case failed(Int32, String)

        public var description: String {
            switch self {
            case .notInstalled: return "rsvg-convert is not installed (apt-get install librsvg2-bin); write an .svg instead"
            case .failed(let status, let message): return "rsvg-convert failed (\(status)): \(message)"
            }
        }
    }

    /// The path of `rsvg-convert`, or nil.
    public static var executable: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/rsvg-convert" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Writes `svg` rasterized at one pixel per CSS pixel to `path`.
    public static func writePNG(_ svg: String, to path: String) throws {
        guard let tool = executable else { throw Failure.notInstalled }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format=png", "--output=\(path)"]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(svg.utf8))
        try input.fileHandleForWriting.close()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure.failed(process.terminationStatus, String(decoding: message, as: UTF8.self))
        }
    }
}
