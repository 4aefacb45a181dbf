import Foundation
#if canImport(SwiftUI)
import SwiftUI
#endif

/// A text of a content card (title, body, button label): `{"content": "..."}`. Customizers change it in place.
/// Headless the text is data; where SwiftUI exists the font and colour a customizer sets are kept for the view.
public class AEPText: @unchecked Sendable {
    /// The text shown.
    public var content: String
    #if canImport(SwiftUI)
    public var font: Font?
    public var textColor: Color?
    #endif

    /// nil without a `content` string.
    init?(_ data: [String: Any]?) {
        guard let text = data?["content"] as? String else { return nil }
        content = text
    }
}
