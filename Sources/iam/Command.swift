import Foundation

/// A wrong invocation: printed as one line, exit status 2.
struct UsageError: Error { let message: String }
/// A file the command was given cannot be used (unreadable, malformed, unwritable): one error line, exit status 1.
struct InputError: Error, CustomStringConvertible { let message: String; var description: String { message } }

/// One `iam` subcommand.
struct Command: Sendable {
    let name: String
    let summary: String
    let help: String
    let run: @Sendable ([String]) throws -> Void

    static let all: [Command] = [demo, simulate, render, compare]
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
            } else if a.hasPrefix("-") {
                throw UsageError(message: "unknown option \(a)")
            } else {
                positional.append(a)
                i += 1
            }
        }
    }
}
