import Foundation
import InAppCore

/// Ready-made messages of every kind, named like the vendor fixtures people already use in tests.
public enum Fixtures {
    public static let imageURL = URL(string: "https://example.com/image.png")!
    public static let clickURL = URL(string: "https://example.com/landing")!

    public static let darkTheme = Theme(background: RGBAColor(argb: 0xFF10_1010), text: RGBAColor(argb: 0xFFEE_EEEE),
                                        header: .white, closeButton: RGBAColor(argb: 0xFFAA_AAAA),
                                        frame: RGBAColor(argb: 0xCC00_0000))

    public static func slideup(id: MessageID = "slideup", body: String = "Hello from a slideup",
                               close: CloseBehavior = .automatic(after: 5)) -> InAppMessage {
        InAppMessage(id: id, content: .structured(StructuredContent(
            layout: .slideup, body: body, clickAction: .url(clickURL, inWebView: false),
            themes: ThemeSet(light: .defaultLight, dark: darkTheme))), closeBehavior: close)
    }

    public static func modal(id: MessageID = "modal", header: String = "Header", body: String = "Body text") -> InAppMessage {
        InAppMessage(id: id, content: .structured(StructuredContent(
            layout: .modal, header: header, body: body, themes: ThemeSet(light: .defaultLight, dark: darkTheme))))
    }

    /// A modal with two buttons: id 0 "Cancel" (no action), id 1 "OK" (opens `clickURL`), each with light and dark themes.
    public static func modalTwoButtons(id: MessageID = "modalTwoButtons") -> InAppMessage {
        InAppMessage(id: id, content: .structured(StructuredContent(
            layout: .modal, header: "Two buttons", body: "Pick one",
            buttons: twoButtons, themes: ThemeSet(light: .defaultLight, dark: darkTheme))))
    }

    public static func modalImage(id: MessageID = "modalImage") -> InAppMessage {
        InAppMessage(id: id, content: .structured(StructuredContent(
            layout: .modalImage, imageURL: imageURL, buttons: twoButtons, themes: ThemeSet(light: .defaultLight, dark: darkTheme))))
    }

    public static func full(id: MessageID = "full") -> InAppMessage {
        InAppMessage(id: id, content: .structured(StructuredContent(
            layout: .full, header: "Full header", body: "Full body", imageURL: imageURL, buttons: twoButtons,
            themes: ThemeSet(light: .defaultLight, dark: darkTheme))))
    }

    public static func fullImage(id: MessageID = "fullImage") -> InAppMessage {
        InAppMessage(id: id, content: .structured(StructuredContent(
            layout: .fullImage, imageURL: imageURL, buttons: twoButtons, themes: ThemeSet(light: .defaultLight, dark: darkTheme))))
    }

    public static func control(id: MessageID = "control") -> InAppMessage {
        InAppMessage(id: id, content: .structured(StructuredContent(layout: .control)))
    }

    /// An HTML message with a close link, a button posting to a script handler, and a link.
    public static func html(id: MessageID = "html") -> InAppMessage {
        InAppMessage(id: id, content: .html(HTMLContent(html: sampleHTML)))
    }

    public static let twoButtons: [MessageButton] = [
        MessageButton(id: 0, text: "Cancel", action: .none,
                      themes: ButtonThemeSet(light: .defaultLight, dark: .defaultDark)),
        MessageButton(id: 1, text: "OK", action: .url(clickURL, inWebView: false),
                      themes: ButtonThemeSet(light: .defaultLight, dark: .defaultDark)),
    ]

    public static let sampleHTML = """
    <!DOCTYPE html>
    <html><head><title>Sample message</title>
    <style>body { font-family: sans-serif; } .cta { color: #fff; }</style></head>
    <body>
      <h1 id="title">Welcome &amp; hello</h1>
      <p class="copy">Tap a button.</p>
      <button id="accept" class="cta" onclick="webkit.messageHandlers.buttonClicked.postMessage('accepted')">Accept</button>
      <a id="close" href="adbinapp://dismiss?interaction=closed">Close</a>
      <a id="more" href="https://example.com/more">More</a>
    </body></html>
    """

    /// One of every kind, for table-driven tests.
    public static var all: [InAppMessage] {
        [slideup(), modal(), modalTwoButtons(), modalImage(), full(), fullImage(), control(), html()]
    }
}
