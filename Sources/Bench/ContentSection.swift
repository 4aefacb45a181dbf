import Foundation
import InAppContent

/// parse + DOM + interactive index, per file: median seconds per document over ≥ 5 samples after warm-up (each
/// sample repeats the parse until it lasts ≥ 20 ms, like the peers' script does).
enum ContentBench {
    struct Result {
        let file: String
        let bytes: Int
        let sample: Sample
        let interactive: Int
        var mbPerSecond: Double { Double(bytes) / 1e6 / sample.median }
    }

    static func run(file path: String, samples: Int) throws -> Result {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw NSError(domain: "bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot read \(path)"])
        }
        let bytes = [UInt8](data)
        let count = try HTMLDocument.parse(bytes: bytes).interactiveElements.count
        var reps = 1
        while true {
            let t0 = now()
            for _ in 0..<reps { _ = try HTMLDocument.parse(bytes: bytes).interactiveElements.count }
            if now() - t0 >= 0.02 { break }
            reps *= 2
        }
        var failure: (any Error)?
        let sample = measure(runs: max(5, samples), warmups: 1) {
            do { for _ in 0..<reps { _ = try HTMLDocument.parse(bytes: bytes).interactiveElements.count } }
            catch { failure = error }
        }
        if let failure { throw failure }
        return Result(file: path, bytes: bytes.count,
                      sample: Sample(median: sample.median / Double(reps), min: sample.min / Double(reps), max: sample.max / Double(reps)),
                      interactive: count)
    }

    /// Parses `path` exactly `times` times (no timing, no warm-up); returns the interactive element count.
    static func parseRepeatedly(file path: String, times: Int) throws -> Int {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw NSError(domain: "bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot read \(path)"])
        }
        let bytes = [UInt8](data)
        var count = 0
        for _ in 0..<times { count = try HTMLDocument.parse(bytes: bytes).interactiveElements.count }
        return count
    }

    /// Writes the two synthetic documents into `directory` and returns their paths.
    static func writeSynthetic(into directory: String) throws -> [String] {
        var g = Generator(state: 0x1234_5678)
        let small = message(&g, targetBytes: 15_400)
        var h = Generator(state: 0x8765_4321)
        let large = page(&h, targetBytes: 1_900_000)
        let a = (directory as NSString).appendingPathComponent("synthetic-15kB-message.html")
        let b = (directory as NSString).appendingPathComponent("synthetic-2MB-page.html")
        try small.write(toFile: a, atomically: true, encoding: .utf8)
        try large.write(toFile: b, atomically: true, encoding: .utf8)
        return [a, b]
    }
}

/// One peer measurement read from Benchmarks/peers.py output.
struct PeerResult: Decodable {
    let file: String
    let peer: String
    let bytes: Int
    let median_s: Double
    let min_s: Double
    let max_s: Double
    let interactive: Int
}

/// Runs `command file` through the shell and decodes the JSON lines it prints; failures give no results.
func runPeers(_ command: String, file: String) -> [PeerResult] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command + " \"$0\"", file]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return [] }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
        try? JSONDecoder().decode(PeerResult.self, from: Data($0.utf8))
    }
}
