import Foundation

extension MessagingPropositionError: CustomStringConvertible, LocalizedError {
    /// One line naming where in the JSON the problem is and what was expected there, e.g.
    /// `Adobe propositions: "propositions" should be an array`.
    public var description: String {
        let prefix = "Adobe propositions: "
        switch self {
        case .invalidJSON(let reason):
            return prefix + (reason.hasPrefix("invalid JSON") ? reason : "not valid JSON: \(reason)")
        case .unexpectedType(let path, let expected):
            return prefix + (path == "$" ? "the top level" : "\"\(path)\"") + " should be " + Self.article(expected)
        case .missingField(let path):
            return prefix + "the required field \"\(path)\" is missing"
        }
    }

    public var errorDescription: String? { description }

    private static func article(_ expected: String) -> String {
        guard let first = expected.first, first.isLetter else { return expected }
        return ("aeiou".contains(first.lowercased()) ? "an " : "a ") + expected
    }
}
