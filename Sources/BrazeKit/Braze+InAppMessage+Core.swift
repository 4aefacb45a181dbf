import Foundation
import InAppCore

// Translation of a Braze message into the vendor-neutral core model (for the core renderer, the trace tools,
// and the delivery engine).

extension Braze.InAppMessage.Color {
    package var core: RGBAColor { RGBAColor(argb: rawValue) }
}

extension Braze.InAppMessage.Theme {
    package var core: InAppCore.Theme {
        InAppCore.Theme(background: backgroundColor.core, text: textColor.core, header: headerTextColor.core,
                        icon: iconColor.core, iconBackground: iconBackgroundColor.core, closeButton: closeButtonColor.core,
                        frame: frameColor.core)
    }
}

extension Braze.InAppMessage.ButtonTheme {
    package var core: InAppCore.ButtonTheme {
        InAppCore.ButtonTheme(text: textColor.core, background: backgroundColor.core, border: borderColor.core)
    }
}

extension Braze.InAppMessage.ClickAction {
    package var core: InAppCore.ClickAction {
        switch self {
        case .none: return .none
        case .url(let url, let useWebView): return .url(url, inWebView: useWebView)
        }
    }
}

extension Braze.InAppMessage {
    /// The same message in the core model: layout, texts, buttons, themes, orientation, close behaviour.
    package var coreMessage: InAppCore.InAppMessage {
        func themes(_ t: Themes) -> ThemeSet { ThemeSet(light: t.light.core, dark: t.dark?.core) }
        func buttons(_ b: [Button]) -> [MessageButton] {
            b.map { MessageButton(id: $0.id, text: $0.text, action: $0.clickAction.core,
                                  themes: ButtonThemeSet(light: $0.themes.light.core, dark: $0.themes.dark?.core)) }
        }
        func graphic(_ g: Graphic?) -> (URL?, String?) {
            switch g {
            case .icon(let s)?: return (nil, s)
            case .image(let u)?: return (u, nil)
            case nil: return (nil, nil)
            }
        }
        let content: MessageContent
        switch self {
        case .slideup(let m):
            let (image, icon) = graphic(m.graphic)
            content = .structured(StructuredContent(layout: .slideup, body: m.message, imageURL: image, icon: icon,
                                                    clickAction: m.clickAction.core, themes: themes(m.themes),
                                                    slideFrom: m.slideFrom == .top ? .top : .bottom))
        case .modal(let m):
            let (image, icon) = graphic(m.graphic)
            content = .structured(StructuredContent(layout: .modal, header: m.header, body: m.message, imageURL: image, icon: icon,
                                                    buttons: buttons(m.buttons), clickAction: m.clickAction.core, themes: themes(m.themes)))
        case .modalImage(let m):
            content = .structured(StructuredContent(layout: .modalImage, imageURL: m.imageURL, buttons: buttons(m.buttons),
                                                    clickAction: m.clickAction.core, themes: themes(m.themes)))
        case .full(let m):
            content = .structured(StructuredContent(layout: .full, header: m.header, body: m.message, imageURL: m.imageURL,
                                                    buttons: buttons(m.buttons), clickAction: m.clickAction.core, themes: themes(m.themes)))
        case .fullImage(let m):
            content = .structured(StructuredContent(layout: .fullImage, imageURL: m.imageURL, buttons: buttons(m.buttons),
                                                    clickAction: m.clickAction.core, themes: themes(m.themes)))
        case .html(let m):
            content = .html(HTMLContent(html: m.message, baseURL: m.baseURL, assetURLs: m.assetURLs))
        case .control:
            content = .structured(StructuredContent(layout: .control))
        }
        var close = CloseBehavior.userAction
        if case .auto(let t) = messageClose { close = .automatic(after: t) }
        return InAppCore.InAppMessage(id: traceID, content: content, extras: data.jsonExtras,
                                      supportedOrientations: orientation.support, closeBehavior: close,
                                      animatesIn: animateIn, animatesOut: animateOut,
                                      origin: context == nil ? .local : .remote)
    }
}
