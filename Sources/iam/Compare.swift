import Foundation

extension Command {
    static let compare = Command(
        name: "compare",
        summary: "show a symbol's counterparts in the other vendors and in the core",
        help: """
        usage: iam compare SYMBOL
               iam compare --list

        Finds the concept SYMBOL belongs to (e.g. shouldShowMessage, BrazeInAppMessageUI.presentNext,
        displayChoiceForMessage, Message.show) and prints how Adobe, Braze, legacy Appboy and the OpenInApp core
        spell it, and how the vendors differ. --list prints every concept.
        """,
        run: { args, console in
            let o = try Options(args, valued: [], flags: ["--list"])
            if o.flags.contains("--list") {
                for c in concepts { console.print(c.name) }
                return
            }
            guard o.positional.count == 1 else { throw UsageError(message: "give one SYMBOL (or --list)") }
            let found = concepts(matching: o.positional[0])
            guard !found.isEmpty else {
                throw UsageError(message: "no concept mentions \(o.positional[0]) (try `iam compare --list`)")
            }
            for c in found {
                console.print("\(c.name)")
                func row(_ label: String, _ symbols: [String]) {
                    console.print("  \(label.padding(toLength: 8, withPad: " ", startingAt: 0)) \(symbols.isEmpty ? "(none)" : symbols.joined(separator: ", "))")
                }
                row("Adobe", c.adobe)
                row("Braze", c.braze)
                row("Appboy", c.appboy)
                row("core", c.core)
                console.print("  differs: \(c.difference)")
                console.print("")
            }
        })
}
