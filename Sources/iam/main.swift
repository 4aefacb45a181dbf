import Foundation
import InAppCore
import InAppTestSupport

/// `iam` — the OpenInApp command-line tool. No third-party dependencies: arguments are parsed by hand.
let arguments = Array(CommandLine.arguments.dropFirst())
let commands: [String: Command] = Dictionary(uniqueKeysWithValues: Command.all.map { ($0.name, $0) })

func printUsage() {
    print("""
    usage: iam <command> [options]

    commands:
    \(Command.all.map { "  \($0.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))

    Run `iam <command> --help` for a command's options.
    """)
}

guard let first = arguments.first else { printUsage(); exit(0) }
if first == "--help" || first == "-h" || first == "help" { printUsage(); exit(0) }
guard let command = commands[first] else {
    FileHandle.standardError.write(Data("iam: unknown command '\(first)' (run `iam --help`)\n".utf8))
    exit(2)
}
let rest = Array(arguments.dropFirst())
if rest.contains("--help") || rest.contains("-h") { print(command.help); exit(0) }
do {
    try command.run(rest)
} catch let error as UsageError {
    FileHandle.standardError.write(Data("iam \(command.name): \(error.message)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("iam \(command.name): \(error)\n".utf8))
    exit(1)
}
