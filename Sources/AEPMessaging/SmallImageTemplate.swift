import Foundation

/// A card with a small image beside its title, body and buttons (template `SmallImage`).
public class SmallImageTemplate: BaseTemplate, ContentCardTemplate, @unchecked Sendable {
    public let templateType: ContentCardTemplateType = .smallImage
    public var title: AEPText
    public var body: AEPText?
    public var image: AEPImage?
    public var buttons: [AEPButton]?
    public var dismissButton: AEPDismissButton?

    /// nil without a title; the customizer sees the template before it is returned.
    init?(_ schemaData: ContentCardSchemaData, _ customizer: (any ContentCardCustomizing)? = nil) {
        let content = schemaData.contentDictionary
        guard let title = AEPText(content?["title"] as? [String: Any]) else { return nil }
        self.title = title
        body = AEPText(content?["body"] as? [String: Any])
        image = AEPImage(content?["image"] as? [String: Any])
        super.init(schemaData)
        buttons = (content?["buttons"] as? [[String: Any]])?.compactMap { AEPButton($0, self) }
        dismissButton = (content?["dismissBtn"] as? [String: Any]).map { AEPDismissButton($0, self) }
        customizer?.customize(template: self)
    }
}
