import Foundation

extension Braze.InAppMessage {
    /// The picture beside a slideup's or modal's text.
    public enum Graphic: Sendable, Hashable, Codable {
        /// A Font Awesome glyph.
        case icon(String)
        /// An image.
        case image(URL)
    }
}
