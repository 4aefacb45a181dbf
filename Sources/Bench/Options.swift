import Foundation

/// The command line of `openinapp-bench`, checked before anything runs: `--help` prints the usage and exits 0,
/// an unknown option, a flag without its value or a file that cannot be read prints one error line and the usage
/// to standard error and exits 2. Nothing is thrown to the top level.
struct BenchOptions {
    var quick = false
    var writeSyntheticDirectory: String?
    var peersFile: String?
    var peerCommand: String?
    var only: String?
    var files: [String] = []
    /// `--parses N`: parse each content file exactly N times, untimed, and exit (for instruction counts).
    var parses: Int?
    /// `--pages N`: load each file N times as a scripted page in one shared VM (load, scripts to idle, one tap),
    /// untimed, and exit (for profiles of the scripts section).
    var pages: Int?
    /// `--layouts N`: lay out, paint and write as SVG each file N times, untimed, and exit (for profiles).
    var layouts: Int?
    /// `--webkit-layout FILE`: WebKitGTK's layout figures (JSON lines of Benchmarks/browser/webkit-layout-time.py).
    var webkitLayoutFile: String?

    static let usage = """
        usage: openinapp-bench [--quick] [--only content|triggers|pipeline|scripts|layout] [--peers PEERS.jsonl]
                               [--peer-command CMD] [--webkit-layout WEBKIT.jsonl] [FILE.html ...]
               openinapp-bench --parses N FILE.html ...
               openinapp-bench --pages N FILE.html ...
               openinapp-bench --layouts N FILE.html ...
               openinapp-bench --write-synthetic DIR
               openinapp-bench --help

        Prints the project's performance figures as Markdown tables (build with -c release).
          --quick               fewer samples and smaller inputs
          --only SECTION        run one section: content, triggers, pipeline, scripts or layout
          --peers FILE          peer results (JSON lines from Benchmarks/peers.py) to compare against
          --peer-command CMD    run `CMD FILE` right before timing each FILE (how Benchmarks/run measures peers)
          --webkit-layout FILE  WebKitGTK's load + layout times (Benchmarks/browser/webkit-layout-time.py) for
                                the layout section's ratios
          --layouts N           lay out each FILE N times with its paint list and SVG, untimed, then exit: for
                                profiles of layout + paint
          --pages N             load each FILE N times as the scripts section does (one shared VM), untimed, then
                                exit: for profiles of load + scripts + one tap
          --parses N            parse each FILE exactly N times (parse + DOM + interactive index), untimed, then
                                exit: divide a callgrind instruction count by N for the cost of one parse
          --write-synthetic DIR write the synthetic HTML documents into DIR, print their paths and exit
          FILE.html             HTML files for the content section (default: synthetic files + Tests/Fixtures/HTML)
        """

    enum Outcome { case run(BenchOptions), help, usageError(String) }

    static func parse(_ arguments: [String]) -> Outcome {
        var options = BenchOptions()
        var i = 0
        func value(_ flag: String) -> String? {
            guard i + 1 < arguments.count, !arguments[i + 1].hasPrefix("--") else { return nil }
            i += 1
            return arguments[i]
        }
        while i < arguments.count {
            let arg = arguments[i]
            switch arg {
            case "--help", "-h": return .help
            case "--quick": options.quick = true
            case "--write-synthetic", "--peers", "--peer-command", "--only", "--parses", "--pages", "--layouts", "--webkit-layout":
                guard let v = value(arg) else { return .usageError("\(arg) needs a value") }
                switch arg {
                case "--write-synthetic": options.writeSyntheticDirectory = v
                case "--peers": options.peersFile = v
                case "--peer-command": options.peerCommand = v
                case "--webkit-layout": options.webkitLayoutFile = v
                case "--layouts":
                    guard let n = Int(v), n > 0 else { return .usageError("--layouts takes a positive count, not '\(v)'") }
                    options.layouts = n
                case "--parses":
                    guard let n = Int(v), n > 0 else { return .usageError("--parses takes a positive count, not '\(v)'") }
                    options.parses = n
                case "--pages":
                    guard let n = Int(v), n > 0 else { return .usageError("--pages takes a positive count, not '\(v)'") }
                    options.pages = n
                default:
                    guard ["content", "triggers", "pipeline", "scripts", "layout"].contains(v) else {
                        return .usageError("--only takes content, triggers, pipeline, scripts or layout, not '\(v)'")
                    }
                    options.only = v
                }
            default:
                if arg.hasPrefix("-") && arg != "-" { return .usageError("unknown option \(arg)") }
                guard FileManager.default.isReadableFile(atPath: arg) else { return .usageError("cannot read \(arg)") }
                options.files.append(arg)
            }
            i += 1
        }
        if options.parses != nil && options.files.isEmpty { return .usageError("--parses needs at least one FILE") }
        if options.pages != nil && options.files.isEmpty { return .usageError("--pages needs at least one FILE") }
        if options.layouts != nil && options.files.isEmpty { return .usageError("--layouts needs at least one FILE") }
        return .run(options)
    }
}

/// Prints one error line (and, for a usage error, the usage) to standard error and exits with `code`.
func fail(_ message: String, usage: Bool = false, code: Int32 = 1) -> Never {
    var text = "openinapp-bench: \(message)\n"
    if usage { text += BenchOptions.usage + "\n" }
    FileHandle.standardError.write(Data(text.utf8))
    exit(code)
}
