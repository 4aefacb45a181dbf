// The interactive elements of a document, found once when it is parsed.

/// What makes an element interactive.
public enum InteractiveKind: String, Sendable, CaseIterable {
    /// `a` or `area` with an `href`.
    case link
    /// `button`, `input` of type submit/button/reset/image, or any element with `role="button"`.
    case button
    /// Another element carrying an `onclick` attribute.
    case clickHandler
    /// A `form`.
    case form
    /// A form field a user can fill or toggle: text-like `input`, checkbox, radio, `select`, `textarea`.
    case field
}

/// One entry of the interactive index.
public struct InteractiveElement: Sendable, Equatable {
    /// The element.
    public let node: HTMLNode
    /// Why it is interactive.
    public let kind: InteractiveKind
    /// Position among the document's buttons, for ``ContentPage/tapButton(at:)``; nil for non-buttons.
    public let buttonIndex: Int?
}

enum InteractiveIndexer {
    static let buttonInputTypes: Set<String> = ["submit", "button", "reset", "image"]

    static func index(nodes: ArraySlice<NodeRecord>, attrs: [AttrRecord], text: [UInt8]) -> [InteractiveRecord] {
        var out: [InteractiveRecord] = []
        var buttons: Int32 = 0
        func value(_ a: AttrRecord) -> String {
            String(decoding: text[Int(a.start)..<Int(a.start + a.count)], as: UTF8.self)
        }
        for i in nodes.indices {
            let n = nodes[i]
            guard n.kind == .element else { continue }
            let name = n.name
            var hasHref = false, hasOnclick = false, isRoleButton = false
            var type: String?
            if n.dataCount > 0 {
                for a in Int(n.dataStart)..<Int(n.dataStart + n.dataCount) {
                    switch attrs[a].name {
                    case N.href: hasHref = true
                    case N.onclick: hasOnclick = true
                    case N.role: isRoleButton = value(attrs[a]).lowercased() == "button"
                    case N.type: type = value(attrs[a]).lowercased()
                    default: break
                    }
                }
            }
            var kind: InteractiveKind?
            if (name == N.a || name == N.area) && hasHref {
                kind = .link
            } else if name == N.button || isRoleButton {
                kind = .button
            } else if name == N.input {
                let t = type ?? "text"
                if buttonInputTypes.contains(t) { kind = .button } else if t != "hidden" { kind = .field }
            } else if name == N.form {
                kind = .form
            } else if name == N.select || name == N.textarea {
                kind = .field
            } else if hasOnclick {
                kind = .clickHandler
            }
            guard let kind else { continue }
            var index: Int32 = -1
            if kind == .button { index = buttons; buttons += 1 }
            out.append(InteractiveRecord(node: Int32(i), kind: kind, buttonIndex: index))
        }
        return out
    }
}
