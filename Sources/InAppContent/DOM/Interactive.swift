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
    /// What an `input`'s `type` makes it (ASCII case-insensitive, as the HTML Standard compares keywords).
    private enum InputType { case text, button, hidden }

    /// The interactive elements of `nodes` (a document's tree, indices from 0) and, counted in the same pass,
    /// its `script` elements.
    static func index(nodes: ArraySlice<NodeRecord>, attrs: [AttrRecord], text: [UInt8]) -> (records: [InteractiveRecord], scripts: Int) {
        var out: [InteractiveRecord] = []
        var buttons: Int32 = 0
        var scripts = 0
        text.withUnsafeBufferPointer { t in
            attrs.withUnsafeBufferPointer { at in
              nodes.withUnsafeBufferPointer { nodes in
                /// Whether the attribute's value is `word` (lower-case ASCII), ignoring ASCII case; no String is made.
                func valueIs(_ a: AttrRecord, _ word: StaticString) -> Bool {
                    guard Int(a.count) == word.utf8CodeUnitCount else { return false }
                    let w = word.utf8Start, s = Int(a.start)
                    for k in 0..<Int(a.count) where lowerASCII(t[s + k]) != w[k] { return false }
                    return true
                }
                for i in nodes.indices {
                    let n = nodes[i]
                    guard n.kind == .element else { continue }
                    let name = n.name
                    if name == N.script { scripts += 1 }
                    var hasHref = false, hasOnclick = false, isRoleButton = false
                    var type = InputType.text
                    if n.dataCount > 0 {
                        for a in Int(n.dataStart)..<Int(n.dataStart + n.dataCount) {
                            let r = at[a]
                            switch r.name {
                            case N.href: hasHref = true
                            case N.onclick: hasOnclick = true
                            case N.role: isRoleButton = valueIs(r, "button")
                            case N.type:
                                if valueIs(r, "submit") || valueIs(r, "button") || valueIs(r, "reset") || valueIs(r, "image") {
                                    type = .button
                                } else if valueIs(r, "hidden") {
                                    type = .hidden
                                } else {
                                    type = .text
                                }
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
                        switch type {
                        case .button: kind = .button
                        case .text: kind = .field
                        case .hidden: break
                        }
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
              }
            }
        }
        return (out, scripts)
    }
}
