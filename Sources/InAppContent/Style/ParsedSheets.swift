// Style sheets parsed once per text. Messages of one campaign repeat the same `<style>` on every load, and the
// first tap (or computed-style read) of each new page would otherwise parse it again: WebKit keeps parsed inline
// sheets by their text for the same reason. Entries are immutable values, shared by every page of the process.
import Foundation

/// Parsed style sheets by their text, the viewport their `@media` blocks were evaluated against and the properties
/// kept. Bounded by a number of entries and of bytes of sheet text; the least recently used entry leaves first. Safe
/// from any thread.
final class ParsedSheets: @unchecked Sendable {
    /// One selector of a rule (a selector list gives one rule per selector) with the rule's declarations.
    struct Rule: Sendable {
        let selector: CSSSelector
        let specificity: Int
        /// Normal declarations.
        let declarations: [(String, String)]
        /// `!important` ones.
        var important: [(String, String)] = []
        /// `before` or `after` for a rule of a `::before`/`::after` pseudo-element (its selector is the element's).
        var pseudo: String?
    }

    struct Key: Hashable {
        let css: String
        let viewport: ContentViewport
        let properties: Set<String>?
    }

    static let shared = ParsedSheets(capacity: 64, byteBudget: 1 << 20)

    private let lock = NSLock()
    private var kept: LeastRecentlyUsed<Key, [Rule]>

    init(capacity: Int, byteBudget: Int) {
        kept = LeastRecentlyUsed(capacity: capacity, byteBudget: byteBudget) { $0.css.utf8.count }
    }

    /// The rules of `css`, parsed now unless an earlier page parsed the same text for the same viewport and properties.
    func rules(_ css: String, viewport: ContentViewport, properties: Set<String>?) -> [Rule] {
        let key = Key(css: css, viewport: viewport, properties: properties)
        if let hit = lookUp(key) { return hit }
        let rules = HitStyleSheet.parseRules(css, viewport: viewport, properties: properties)
        store(rules, for: key)
        return rules
    }

    /// How many sheets are kept now.
    var count: Int { lock.withLock { kept.count } }

    private func lookUp(_ key: Key) -> [Rule]? {
        lock.withLock { kept.lookUp(key) }
    }

    /// A sheet larger than the whole budget is parsed every time.
    private func store(_ rules: [Rule], for key: Key) {
        lock.withLock { _ = kept.store(rules, for: key) }
    }
}
