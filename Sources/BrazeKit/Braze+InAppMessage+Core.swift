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

extension Braze.InAppMessage {
    /// A Braze message from a core message (the reverse of `coreMessage`): layout → kind, texts, buttons,
    /// themes, orientation, close behaviour, extras. HTML content becomes `.html`.
    package init(core: InAppCore.InAppMessage) {
        func color(_ c: RGBAColor) -> Color { Color(rawValue: c.argb) }
        func theme(_ t: InAppCore.Theme) -> Theme {
            Theme(backgroundColor: color(t.background), textColor: color(t.text), iconColor: color(t.icon),
                  iconBackgroundColor: color(t.iconBackground), headerTextColor: color(t.header),
                  closeButtonColor: color(t.closeButton), frameColor: color(t.frame))
        }
        func themes(_ t: ThemeSet) -> Themes {
            var all = ["light": theme(t.light)]
            if let d = t.dark { all["dark"] = theme(d) }
            return Themes(themes: all)
        }
        func action(_ a: InAppCore.ClickAction) -> ClickAction {
            switch a {
            case .none: return .none
            case .url(let u, let w): return .url(u, useWebView: w)
            }
        }
        func buttons(_ b: [MessageButton]) -> [Button] {
            b.map { btn in
                var t = ["light": ButtonTheme(textColor: color(btn.themes.light.text), borderColor: color(btn.themes.light.border),
                                              backgroundColor: color(btn.themes.light.background))]
                if let d = btn.themes.dark {
                    t["dark"] = ButtonTheme(textColor: color(d.text), borderColor: color(d.border), backgroundColor: color(d.background))
                }
                return Button(id: btn.id, text: btn.text, clickAction: action(btn.action), themes: ButtonThemes(themes: t))
            }
        }
        var close = MessageClose.userInteraction
        if case .automatic(let t) = core.closeBehavior { close = .auto(t) }
        let orientation: Orientation = core.supportedOrientations == .portrait ? .portrait
            : core.supportedOrientations == .landscape ? .landscape : .any
        let placeholder = URL(string: "about:blank")!
        switch core.content {
        case .html(let h):
            let data = Data(id: core.id.rawValue, messageClose: close, orientation: orientation,
                            extras: core.extras.mapValues(\.foundationValue), animateIn: core.animatesIn, animateOut: core.animatesOut)
            self = .html(Html(data: data, message: h.html, baseURL: h.baseURL, assetURLs: h.assetURLs))
        case .structured(let c):
            let data = Data(id: core.id.rawValue, clickAction: action(c.clickAction), messageClose: close, orientation: orientation,
                            extras: core.extras.mapValues(\.foundationValue), animateIn: core.animatesIn, animateOut: core.animatesOut)
            let graphic: Graphic? = c.icon.map { .icon($0) } ?? c.imageURL.map { .image($0) }
            switch c.layout {
            case .slideup:
                self = .slideup(Slideup(data: data, graphic: graphic, message: c.body ?? "",
                                        slideFrom: c.slideFrom == .top ? .top : .bottom, themes: themes(c.themes)))
            case .modal:
                self = .modal(Modal(data: data, graphic: graphic, header: c.header ?? "", message: c.body ?? "",
                                    buttons: buttons(c.buttons), themes: themes(c.themes)))
            case .modalImage:
                self = .modalImage(ModalImage(data: data, imageURL: c.imageURL ?? placeholder, buttons: buttons(c.buttons),
                                              themes: themes(c.themes)))
            case .full:
                self = .full(Full(data: data, imageURL: c.imageURL ?? placeholder, header: c.header ?? "", message: c.body ?? "",
                                  buttons: buttons(c.buttons), themes: themes(c.themes)))
            case .fullImage:
                self = .fullImage(FullImage(data: data, imageURL: c.imageURL ?? placeholder, buttons: buttons(c.buttons),
                                            themes: themes(c.themes)))
            case .control:
                self = .control(Control(data: data))
            }
        }
    }
}
