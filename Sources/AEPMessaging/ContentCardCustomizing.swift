/// Changes a card's template before it is shown (every method optional): texts, images, buttons, and where
/// SwiftUI exists their fonts and colours.
public protocol ContentCardCustomizing {
    func customize(template: SmallImageTemplate)
    func customize(template: LargeImageTemplate)
    func customize(template: ImageOnlyTemplate)
}

extension ContentCardCustomizing {
    public func customize(template: SmallImageTemplate) {}
    public func customize(template: LargeImageTemplate) {}
    public func customize(template: ImageOnlyTemplate) {}
}
