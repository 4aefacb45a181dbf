import Foundation
import InAppCore
import InAppTestSupport

/// `iam` — the OpenInApp command-line tool. No third-party dependencies: arguments are parsed by hand.
let arguments = Array(CommandLine.arguments.dropFirst())
let commands: [String: Command] = Dictionary(uniqueKeysWithValues: Command.all.map { ($0.name, $0) })

func usageText() -> String {
    """
    usage: iam <command> [options]

    commands:
    \(Command.all.map { "  \($0.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))

    Run `iam <command> --help` for a command's options.
    """
}

/// A usage error: one line naming the problem, then the usage, on standard error; exit status 2.
func usageFailure(_ message: String, usage: String) -> Never {
    FileHandle.standardError.write(Data("\(message)\n\n\(usage)\n".utf8))
    exit(2)
}

guard let first = arguments.first else { usageFailure("iam: a command is needed", usage: usageText()) }
if first == "--help" || first == "-h" || first == "help" { print(usageText()); exit(0) }
guard let command = commands[first] else { usageFailure("iam: unknown command '\(first)'", usage: usageText()) }
let rest = Array(arguments.dropFirst())
if rest.contains("--help") || rest.contains("-h") { print(command.help); exit(0) }
do {
    try command.run(rest)
} catch let error as UsageError {
    usageFailure("iam \(command.name): \(error.message)", usage: command.help)
} catch {
    FileHandle.standardError.write(Data("iam \(command.name): \(error)\n".utf8))
    exit(1)
}
