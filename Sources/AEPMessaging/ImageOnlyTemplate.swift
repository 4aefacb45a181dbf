import Foundation

/// A card that is one image (template `ImageOnly`).
public class ImageOnlyTemplate: BaseTemplate, ContentCardTemplate, @unchecked Sendable {
    public let templateType: ContentCardTemplateType = .imageOnly
    public var image: AEPImage
    public var dismissButton: AEPDismissButton?

    /// nil without an image; the customizer sees the template before it is returned.
    init?(_ schemaData: ContentCardSchemaData, _ customizer: (any ContentCardCustomizing)? = nil) {
        let content = schemaData.contentDictionary
        guard let image = AEPImage(content?["image"] as? [String: Any]) else { return nil }
        self.image = image
        super.init(schemaData)
        dismissButton = (content?["dismissBtn"] as? [String: Any]).map { AEPDismissButton($0, self) }
        customizer?.customize(template: self)
    }
}
