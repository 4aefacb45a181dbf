// Hardware keyboard shortcuts a responder offers. Headless there is no keyboard: commands are declared and read
// back (`UIResponder.keyCommands`), never triggered by a key press.

/// Modifier keys of a key command.
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// A keyboard shortcut: a key, its modifiers and the action it sends.
open class UIKeyCommand: NSObject, @unchecked Sendable {
    public static let inputUpArrow = "UIKeyInputUpArrow"
    public static let inputDownArrow = "UIKeyInputDownArrow"
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    public static let inputRightArrow = "UIKeyInputRightArrow"
    public static let inputEscape = "UIKeyInputEscape"
    public static let inputPageUp = "UIKeyInputPageUp"
    public static let inputPageDown = "UIKeyInputPageDown"
    public static let inputHome = "UIKeyInputHome"
    public static let inputEnd = "UIKeyInputEnd"

    public let input: String?
    public let modifierFlags: UIKeyModifierFlags
    public let action: Selector?
    open var title: String
    open var discoverabilityTitle: String?
    open var wantsPriorityOverSystemBehavior = false

    public init(input: String, modifierFlags: UIKeyModifierFlags, action: Selector) {
        self.input = input; self.modifierFlags = modifierFlags; self.action = action; title = ""
        super.init()
    }
    public init(title: String = "", action: Selector, input: String, modifierFlags: UIKeyModifierFlags = [],
                discoverabilityTitle: String? = nil) {
        self.input = input; self.modifierFlags = modifierFlags; self.action = action
        self.title = title; self.discoverabilityTitle = discoverabilityTitle
        super.init()
    }
    @available(*, deprecated, renamed: "init(title:action:input:modifierFlags:discoverabilityTitle:)")
    public convenience init(input: String, modifierFlags: UIKeyModifierFlags, action: Selector, discoverabilityTitle: String) {
        self.init(title: "", action: action, input: input, modifierFlags: modifierFlags, discoverabilityTitle: discoverabilityTitle)
    }
}
