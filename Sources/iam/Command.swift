import Foundation
import InAppCore

/// A wrong invocation: printed as one line with the command's usage, exit status 2.
struct UsageError: Error { let message: String }
/// A file or step the command was given cannot be used (missing, unreadable, malformed JSON, not a message, an
/// unknown step): one error line, exit status 2.
struct InputError: Error, CustomStringConvertible { let message: String; var description: String { message } }
/// The input was fine but running it failed (a scenario step could not be carried out, an output file could not be
/// written): one error line, exit status 1.
struct RunFailure: Error, CustomStringConvertible { let message: String; var description: String { message } }

/// Where a command writes: standard output and standard error, or (in tests) two strings.
final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private let capturing: Bool
    private var outText = ""
    private var errText = ""

    private init(capturing: Bool) { self.capturing = capturing }
    /// The process's standard output and error.
    static var standard: Console { Console(capturing: false) }
    /// Keeps what is written, for `output` and `errors`.
    static func capture() -> Console { Console(capturing: true) }

    /// Writes `text` and a line break to the output.
    func print(_ text: String, terminator: String = "\n") {
        if capturing { lock.withLock { outText += text + terminator } }
        else { FileHandle.standardOutput.write(Data((text + terminator).utf8)) }
    }

    /// Writes `text` and a line break to the error stream.
    func error(_ text: String) {
        if capturing { lock.withLock { errText += text + "\n" } }
        else { FileHandle.standardError.write(Data((text + "\n").utf8)) }
    }

    var output: String { lock.withLock { outText } }
    var errors: String { lock.withLock { errText } }
}

/// One `iam` subcommand.
struct Command: Sendable {
    let name: String
    let summary: String
    let help: String
    let run: @Sendable ([String], Console) throws -> Void

    static let all: [Command] = [demo, simulate, render, compare]
}

/// The whole tool: runs `arguments` (without the program name) and returns the exit status — 0 done, 1 a step or
/// an output failed, 2 a wrong invocation or bad input.
enum Iam {
    static func usageText() -> String {
        """
        usage: iam <command> [options]

        commands:
        \(Command.all.map { "  \($0.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))

        Run `iam <command> --help` for a command's options.
        Exit status: 0 done; 1 a scenario step or an output failed (the trace up to it is printed first);
        2 a wrong invocation or bad input (a missing file, malformed JSON, an unknown step).
        """
    }

    static func main(_ arguments: [String], console: Console) -> Int32 {
        func usageFailure(_ message: String, usage: String) -> Int32 {
            console.error("\(message)\n\n\(usage)")
            return 2
        }
        let commands = Dictionary(uniqueKeysWithValues: Command.all.map { ($0.name, $0) })
        guard let first = arguments.first else { return usageFailure("iam: a command is needed", usage: usageText()) }
        if first == "--help" || first == "-h" || first == "help" { console.print(usageText()); return 0 }
        guard let command = commands[first] else { return usageFailure("iam: unknown command '\(first)'", usage: usageText()) }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") { console.print(command.help); return 0 }
        do {
            try command.run(rest, console)
            return 0
        } catch let error as UsageError {
            return usageFailure("iam \(command.name): \(error.message)", usage: command.help)
        } catch let error as InputError {
            console.error("iam \(command.name): \(error.message)")
            return 2
        } catch {
            console.error("iam \(command.name): \(error)")
            return 1
        }
    }
}

/// Reads `--name value` options and flags from an argument list; rejects anything unknown.
struct Options {
    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positional: [String] = []

    init(_ args: [String], valued: Set<String>, flags allowed: Set<String>) throws {
        var i = 0
        while i < args.count {
            let a = args[i]
            if valued.contains(a) {
                guard i + 1 < args.count else { throw UsageError(message: "\(a) needs a value") }
                values[a] = args[i + 1]
                i += 2
            } else if allowed.contains(a) {
                flags.insert(a)
                i += 1
            } else if a.hasPrefix("-") && a != "-" {
                throw UsageError(message: "unknown option \(a)")
            } else {
                positional.append(a)
                i += 1
            }
        }
    }
}
