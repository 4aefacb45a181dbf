import Foundation
import InAppCore

extension Messaging {
    /// Calls `completion` with the content cards of `surface`: one `ContentCardUI` per cached proposition whose
    /// first item is content-card data with a known template (others are skipped and traced), customized by
    /// `customizer`, reporting to `listener`. Fetch the surface's propositions first
    /// (`updatePropositionsForSurfaces`). Fails with the error of `getPropositionsForSurfaces`, or
    /// `ContentCardUIError.dataUnavailable` when nothing is cached for the surface. Runs on the environment's
    /// background executor, as `getPropositionsForSurfaces` does.
    public static func getContentCardsUI(for surface: Surface,
                                         customizer: (any ContentCardCustomizing)? = nil,
                                         listener: (any ContentCardUIEventListening)? = nil,
                                         _ completion: @escaping (Result<[ContentCardUI], any Error>) -> Void) {
        let environment = MessagingEnvironment.current
        let done = CardsCallback(completion)
        let extras = CardsCallback((customizer, listener))
        getPropositionsForSurfaces([surface]) { result, error in
            if let error {
                done.value(.failure(error))
                return
            }
            guard let propositions = result?[surface] else {
                done.value(.failure(ContentCardUIError.dataUnavailable))
                return
            }
            var cards: [ContentCardUI] = []
            for proposition in propositions {
                guard let card = ContentCardUI.createInstance(with: proposition, customizer: extras.value.0,
                                                              listener: extras.value.1, environment: environment) else {
                    environment.trace.record(.diagnostic, "contentCardSkipped", ["id": proposition.uniqueId,
                                                                                 "reason": "not a content card with a known template"])
                    continue
                }
                cards.append(card)
            }
            done.value(.success(cards))
        }
    }
}

/// Carries the app's non-Sendable callback and objects into the completion (called once, as upstream).
private struct CardsCallback<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
