import Foundation
import BrazeKit

// Ready-made messages of every kind for previews and tests. Public and built in every configuration (not
// DEBUG-only). Each kind's mocks are `let`s, so one mock is one message identity; `Data.mock` and
// `ClickAction.mock` are computed (each access is a new local message).

private let mockImageURL = URL(string: "https://cdn.example.com/in-app/image-600x600.png")!
private let mockLandscapeImageURL = URL(string: "https://cdn.example.com/in-app/image-1200x600.png")!
private let mockLongText = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat."
private let themedLight = Braze.InAppMessage.Theme(backgroundColor: 0xFF2D_3436, textColor: 0xFFDF_E6E9, iconColor: 0xFFFD_CB6E,
                                                   iconBackgroundColor: 0xFF63_6E72, headerTextColor: 0xFFFF_FFFF,
                                                   closeButtonColor: 0xFFB2_BEC3, frameColor: 0xCC00_0000)
private let themedDark = Braze.InAppMessage.Theme(backgroundColor: 0xFFDF_E6E9, textColor: 0xFF2D_3436, iconColor: 0xFF63_6E72,
                                                  iconBackgroundColor: 0xFFFD_CB6E, headerTextColor: 0xFF00_0000,
                                                  closeButtonColor: 0xFF63_6E72, frameColor: 0xCCFF_FFFF)
private let mockThemes: Braze.InAppMessage.Themes = ["light": themedLight, "dark": themedDark]

extension Braze.InAppMessage.ClickAction {
    /// A URL action opening https://www.braze.com outside the app.
    public static var mock: Self { .url(URL(string: "https://www.braze.com")!, useWebView: false) }
}

extension Braze.InAppMessage.Data {
    /// A local message's data with a URL click action, user-interaction close and any orientation.
    public static var mock: Self { .init(clickAction: .mock, messageClose: .userInteraction, orientation: .any) }
    public static var mockForcedLandscape: Self { .init(clickAction: .mock, messageClose: .userInteraction, orientation: .landscape) }
    public static var mockForcedPortrait: Self { .init(clickAction: .mock, messageClose: .userInteraction, orientation: .portrait) }
    public static var mockNoClickAction: Self { .init(clickAction: .none, messageClose: .userInteraction, orientation: .any) }
}

private func mockButtons(_ n: Int, long: Bool = false) -> [Braze.InAppMessage.Button] {
    let texts = long ? ["A rather long first button title", "A rather long second button title"] : ["Dismiss", "Open"]
    return (0..<n).map { i in
        Braze.InAppMessage.Button(id: i, text: texts[i], clickAction: i == 0 ? .none : .mock,
                                  themes: i == 0 && n > 1 ? ["light": .secondary, "dark": .primaryDark] : .defaults)
    }
}

extension Braze.InAppMessage.Slideup {
    public static let mock = Braze.InAppMessage.Slideup(data: .mock, graphic: .icon("\u{f0f3}"), message: "Hello from a slideup")
    public static let mockText = Braze.InAppMessage.Slideup(data: .mock, message: "A slideup with text only")
    public static let mockShortText = Braze.InAppMessage.Slideup(data: .mock, message: "Hi")
    public static let mockChevron = Braze.InAppMessage.Slideup(data: .mock, message: "Tap to open")
    public static let mockIcon = Braze.InAppMessage.Slideup(data: .mock, graphic: .icon("\u{f0f3}"), message: "A slideup with an icon")
    public static let mockImage = Braze.InAppMessage.Slideup(data: .mock, graphic: .image(mockImageURL), imageAltText: "An image", message: "A slideup with an image")
    public static let mockShort = Braze.InAppMessage.Slideup(data: .mockNoClickAction, message: "Short")
    public static let mockLong = Braze.InAppMessage.Slideup(data: .mock, graphic: .icon("\u{f0f3}"), message: mockLongText)
    public static let mockThemed = Braze.InAppMessage.Slideup(data: .mock, graphic: .icon("\u{f0f3}"), message: "A themed slideup", themes: mockThemes)
    public static let mockTop = Braze.InAppMessage.Slideup(data: .mock, message: "A slideup from the top", slideFrom: .top)
    public static let mockImageEmptyAltText = Braze.InAppMessage.Slideup(data: .mock, graphic: .image(mockImageURL), imageAltText: "", message: "An image without alt text")
}

extension Braze.InAppMessage.Modal {
    public static let mock = Braze.InAppMessage.Modal(data: .mock, graphic: .icon("\u{f0f3}"), header: "Modal header", message: "Modal message")
    public static let mockOneButton = Braze.InAppMessage.Modal(data: .mock, header: "One button", message: "A modal with one button", buttons: mockButtons(1))
    public static let mockTwoButtons = Braze.InAppMessage.Modal(data: .mock, header: "Two buttons", message: "A modal with two buttons", buttons: mockButtons(2))
    public static let mockOneButtonWithLongText = Braze.InAppMessage.Modal(data: .mock, header: "One button", message: mockLongText, buttons: mockButtons(1, long: true))
    public static let mockTwoButtonWithLongText = Braze.InAppMessage.Modal(data: .mock, header: "Two buttons", message: mockLongText, buttons: mockButtons(2, long: true))
    public static let mockIcon = Braze.InAppMessage.Modal(data: .mock, graphic: .icon("\u{f0f3}"), header: "Icon", message: "A modal with an icon")
    public static let mockImage = Braze.InAppMessage.Modal(data: .mock, graphic: .image(mockImageURL), imageAltText: "An image", header: "Image", message: "A modal with an image")
    public static let mockImageWrongAspectRatio = Braze.InAppMessage.Modal(data: .mock, graphic: .image(mockLandscapeImageURL), imageAltText: "A wide image", header: "Wide image", message: "A modal with a wide image")
    public static let mockLeadingAligned = Braze.InAppMessage.Modal(data: .mock, header: "Leading", headerTextAlignment: .leading, message: "Leading-aligned text", messageTextAlignment: .leading)
    public static let mockLong = Braze.InAppMessage.Modal(data: .mock, header: "Long", message: mockLongText + " " + mockLongText)
    public static let mockTallCharacters = Braze.InAppMessage.Modal(data: .mock, header: "ÅÉÎ ǺǼ ḈḔ", message: "ẤẦẨẪẬ ḀḁḂḃ ǅǆ")
    public static let mockThemed = Braze.InAppMessage.Modal(data: .mock, graphic: .icon("\u{f0f3}"), header: "Themed", message: "A themed modal", buttons: mockButtons(2), themes: mockThemes)
    public static let mockImageEmptyAltText = Braze.InAppMessage.Modal(data: .mock, graphic: .image(mockImageURL), imageAltText: "", header: "Image", message: "No alt text")
}

extension Braze.InAppMessage.ModalImage {
    public static let mock = Braze.InAppMessage.ModalImage(data: .mock, imageURL: mockImageURL, imageAltText: "An image", buttons: mockButtons(2))
    public static let mockLargeImage = Braze.InAppMessage.ModalImage(data: .mock, imageURL: URL(string: "https://cdn.example.com/in-app/image-1200x1800.png")!, imageAltText: "A large image", buttons: mockButtons(2))
    public static let mockExtraLargeImage = Braze.InAppMessage.ModalImage(data: .mock, imageURL: URL(string: "https://cdn.example.com/in-app/image-2400x3600.png")!, imageAltText: "An extra large image", buttons: mockButtons(2))
    public static let mockNoButtons = Braze.InAppMessage.ModalImage(data: .mock, imageURL: mockImageURL, imageAltText: "An image")
    public static let mockOneButton = Braze.InAppMessage.ModalImage(data: .mock, imageURL: mockImageURL, imageAltText: "An image", buttons: mockButtons(1))
    public static let mockThemed = Braze.InAppMessage.ModalImage(data: .mock, imageURL: mockImageURL, imageAltText: "An image", buttons: mockButtons(2), themes: mockThemes)
    public static let mockEmptyAltText = Braze.InAppMessage.ModalImage(data: .mock, imageURL: mockImageURL, imageAltText: "", buttons: mockButtons(2))
}

extension Braze.InAppMessage.Full {
    public static let mock = Braze.InAppMessage.Full(data: .mock, imageURL: mockImageURL, imageAltText: "An image", header: "Full header", message: "Full message")
    public static let mockOneButton = Braze.InAppMessage.Full(data: .mock, imageURL: mockImageURL, imageAltText: "An image", header: "One button", message: "Full message", buttons: mockButtons(1))
    public static let mockTwoButtons = Braze.InAppMessage.Full(data: .mock, imageURL: mockImageURL, imageAltText: "An image", header: "Two buttons", message: "Full message", buttons: mockButtons(2))
    public static let mockLandscape = Braze.InAppMessage.Full(data: .mock, imageURL: mockLandscapeImageURL, imageAltText: "A wide image", header: "Landscape", message: "Full message")
    public static let mockLandscapeOneButton = Braze.InAppMessage.Full(data: .mock, imageURL: mockLandscapeImageURL, imageAltText: "A wide image", header: "Landscape", message: "Full message", buttons: mockButtons(1))
    public static let mockLandscapeTwoButtons = Braze.InAppMessage.Full(data: .mock, imageURL: mockLandscapeImageURL, imageAltText: "A wide image", header: "Landscape", message: "Full message", buttons: mockButtons(2))
    public static let mockForcedLandscape = Braze.InAppMessage.Full(data: .mockForcedLandscape, imageURL: mockLandscapeImageURL, imageAltText: "A wide image", header: "Landscape only", message: "Displayed in landscape only")
    public static let mockForcedPortrait = Braze.InAppMessage.Full(data: .mockForcedPortrait, imageURL: mockImageURL, imageAltText: "An image", header: "Portrait only", message: "Displayed in portrait only")
    public static let mockLeadingAligned = Braze.InAppMessage.Full(data: .mock, imageURL: mockImageURL, imageAltText: "An image", header: "Leading", headerTextAlignment: .leading, message: "Leading-aligned text", messageTextAlignment: .leading)
    public static let mockLong = Braze.InAppMessage.Full(data: .mock, imageURL: mockImageURL, imageAltText: "An image", header: "Long", message: mockLongText + " " + mockLongText, buttons: mockButtons(2))
    public static let mockTallCharacters = Braze.InAppMessage.Full(data: .mock, imageURL: mockImageURL, imageAltText: "An image", header: "ÅÉÎ ǺǼ ḈḔ", message: "ẤẦẨẪẬ ḀḁḂḃ ǅǆ")
    public static let mockThemed = Braze.InAppMessage.Full(data: .mock, imageURL: mockImageURL, imageAltText: "An image", header: "Themed", message: "A themed full message", buttons: mockButtons(2), themes: mockThemes)
    public static let mockEmptyAltText = Braze.InAppMessage.Full(data: .mock, imageURL: mockImageURL, imageAltText: "", header: "No alt text", message: "Full message")
}

extension Braze.InAppMessage.FullImage {
    public static let mock = Braze.InAppMessage.FullImage(data: .mock, imageURL: mockImageURL, imageAltText: "An image")
    public static let mockOneButton = Braze.InAppMessage.FullImage(data: .mock, imageURL: mockImageURL, imageAltText: "An image", buttons: mockButtons(1))
    public static let mockTwoButtons = Braze.InAppMessage.FullImage(data: .mock, imageURL: mockImageURL, imageAltText: "An image", buttons: mockButtons(2))
    public static let mockLandscape = Braze.InAppMessage.FullImage(data: .mock, imageURL: mockLandscapeImageURL, imageAltText: "A wide image")
    public static let mockLandscapeOneButton = Braze.InAppMessage.FullImage(data: .mock, imageURL: mockLandscapeImageURL, imageAltText: "A wide image", buttons: mockButtons(1))
    public static let mockLandscapeTwoButtons = Braze.InAppMessage.FullImage(data: .mock, imageURL: mockLandscapeImageURL, imageAltText: "A wide image", buttons: mockButtons(2))
    public static let mockMinRecommendedSize = Braze.InAppMessage.FullImage(data: .mock, imageURL: URL(string: "https://cdn.example.com/in-app/image-640x1136.png")!, imageAltText: "Minimum recommended size")
    public static let mockRecommendedSize = Braze.InAppMessage.FullImage(data: .mock, imageURL: URL(string: "https://cdn.example.com/in-app/image-1200x2000.png")!, imageAltText: "Recommended size")
    public static let mockNonRecommendedSize = Braze.InAppMessage.FullImage(data: .mock, imageURL: URL(string: "https://cdn.example.com/in-app/image-600x600.png")!, imageAltText: "Non-recommended size")
    public static let mockThemed = Braze.InAppMessage.FullImage(data: .mock, imageURL: mockImageURL, imageAltText: "An image", buttons: mockButtons(2), themes: mockThemes)
    public static let mockEmptyAltText = Braze.InAppMessage.FullImage(data: .mock, imageURL: mockImageURL, imageAltText: "")
}

extension Braze.InAppMessage.Html {
    public static let mock = Braze.InAppMessage.Html(data: .mock, message: "<!DOCTYPE html><html><body><h1>Hello</h1><a id=\"ok\" href=\"https://www.braze.com?abButtonId=0\">OK</a> <a id=\"close\" href=\"appboy://close\">Close</a></body></html>", baseURL: nil)
}
