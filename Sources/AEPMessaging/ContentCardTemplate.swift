#if canImport(SwiftUI)
import SwiftUI
#endif

/// A content-card template. Where SwiftUI exists a template also has its `view`; headless it is the card's data
/// (texts, image, buttons) that customizers edit and tests read.
public protocol ContentCardTemplate: BaseTemplate {
    var templateType: ContentCardTemplateType { get }
}
