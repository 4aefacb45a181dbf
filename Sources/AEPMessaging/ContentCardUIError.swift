/// Why `Messaging.getContentCardsUI(for:customizer:listener:_:)` failed.
public enum ContentCardUIError: Int, Error, Sendable {
    /// No propositions are cached for the surface (fetch them first with `updatePropositionsForSurfaces`).
    case dataUnavailable = 1
}
