import Foundation

/// `iam` — the OpenInApp command-line tool. No third-party dependencies: arguments are parsed by hand.
/// The tool itself is `Iam.main` (Command.swift), which tests call directly.
exit(Iam.main(Array(CommandLine.arguments.dropFirst()), console: .standard))
