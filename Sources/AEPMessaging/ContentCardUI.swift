import Foundation
import InAppCore
#if canImport(SwiftUI)
import SwiftUI
#endif
#if canImport(UIKit)
import UIKit
#endif

/// One content card ready to show: its proposition's data, the template built from it (customized), and the
/// app's listener. Made by `Messaging.getContentCardsUI(for:customizer:listener:_:)`.
///
/// Where SwiftUI exists `view` draws the card and the SDK reports its display, taps and dismissal. Headless there
/// is no SwiftUI (Swift on Linux has none), so a test plays the user with `simulateDisplay()`, `simulateTap()` and
/// the buttons' `simulateTap()`; the events are the same: a `display` event the first time, an `interact` event
/// (interaction `Card clicked` or the button's `interactId`, and the card marked read) then the listener's
/// `onInteract` and, unless it returns true, the URL opened (the trace's `navigation.openURL`); a `dismiss` event
/// then `onDismiss`.
public class ContentCardUI: Identifiable, @unchecked Sendable {
    /// The interaction id of a tap on the card itself.
    static let cardTapped = "Card clicked"

    let proposition: Proposition
    /// The card's data.
    public let schemaData: ContentCardSchemaData
    /// The template the card is drawn with.
    public let template: any ContentCardTemplate
    let listener: (any ContentCardUIEventListening)?
    private let environment: MessagingEnvironment

    /// The proposition's priority (`scopeDetails.rank`-ordered campaigns carry it).
    public var priority: Int { proposition.priority }

    /// The card's `meta`.
    public var meta: [String: Any]? { schemaData.meta }

    #if canImport(SwiftUI)
    /// The card drawn by its template (only where SwiftUI exists).
    public lazy var view: some View = AnyView(Text(templateTitle ?? ""))
    private var templateTitle: String? {
        (template as? SmallImageTemplate)?.title.content ?? (template as? LargeImageTemplate)?.title.content
    }
    #endif

    /// Whether the user has read the card (kept per campaign activity for the environment, so a card fetched
    /// again keeps it); any interaction marks it read.
    public var isRead: Bool {
        get { ReadStatus.store(environment).withLock { $0[proposition.info.activityId] ?? false } }
        set {
            ReadStatus.store(environment).withLock { $0[proposition.info.activityId] = newValue }
            template.updateUnreadStateForView(isRead: newValue)
        }
    }

    public func markAsRead() { isRead = true }

    public var id: String { proposition.uniqueId }

    private init(_ proposition: Proposition, _ schemaData: ContentCardSchemaData, _ template: any ContentCardTemplate,
                 _ listener: (any ContentCardUIEventListening)?, _ environment: MessagingEnvironment) {
        self.proposition = proposition
        self.schemaData = schemaData
        self.template = template
        self.listener = listener
        self.environment = environment
        template.updateUnreadStateForView(isRead: isRead)
    }

    /// A card for the first item of `proposition`, or nil when that item is not content-card data or names no
    /// template that can be built from it.
    static func createInstance(with proposition: Proposition, customizer: (any ContentCardCustomizing)?,
                               listener: (any ContentCardUIEventListening)?, environment: MessagingEnvironment) -> ContentCardUI? {
        guard let schemaData = proposition.items.first?.contentCardSchemaData else { return nil }
        let template: (any ContentCardTemplate)?
        switch ContentCardTemplateType(from: schemaData.templateName) {
        case .smallImage: template = SmallImageTemplate(schemaData, customizer)
        case .largeImage: template = LargeImageTemplate(schemaData, customizer)
        case .imageOnly: template = ImageOnlyTemplate(schemaData, customizer)
        case .unknown: template = nil
        }
        guard let template else { return nil }
        let card = ContentCardUI(proposition, schemaData, template, listener, environment)
        template.eventHandler = card
        return card
    }

    // MARK: What the view reports (headless: what a test simulates)

    /// The card appeared on screen (headless extra); only the first display is reported.
    public func simulateDisplay() {
        guard !template.isDisplayed else { return }
        template.isDisplayed = true
        onDisplay()
    }

    /// The user tapped the card itself (headless extra).
    public func simulateTap() { onInteract(interactionId: ContentCardUI.cardTapped, actionURL: template.actionURL) }

    func onDisplay() {
        schemaData.track(withEdgeEventType: .display)
        listener?.onDisplay(self)
    }

    func onDismiss() {
        schemaData.track(withEdgeEventType: .dismiss)
        listener?.onDismiss(self)
    }

    func onInteract(interactionId: String, actionURL url: URL?) {
        schemaData.track(interactionId, withEdgeEventType: .interact)
        markAsRead()
        let handled = listener?.onInteract(self, interactionId, actionURL: url) ?? false
        guard let url, !handled else { return }
        environment.trace.record(.navigation, "openURL", ["url": url.absoluteString, "channel": "contentCard"])
        UIApplication.shared.open(url)
    }
}

/// Read states of content cards, by campaign activity, per environment.
private final class ReadStatus: Sendable {
    let states = Locked<[String: Bool]>([:])
    static func store(_ environment: MessagingEnvironment) -> Locked<[String: Bool]> {
        environment.shared(ReadStatus.self) { ReadStatus() }.states
    }
}
