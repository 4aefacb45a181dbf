// The coverage report: for each interactive element, whether a headless run can perform its action.
import Foundation

/// One interactive element and what the model can do with it.
public struct CoverageEntry: Sendable, Equatable, CustomStringConvertible {
    /// The element.
    public let element: HTMLNode
    /// Its kind in the interactive index.
    public let kind: InteractiveKind
    /// What a user reads on it.
    public let label: String
    /// What activating it does, e.g. `link https://…`, `script brazeBridge.logClick("0")`, `submit GET https://…`.
    public let action: String
    /// True when tapping it in the model performs that action.
    public let isRunnable: Bool
    /// Why not, when it is not runnable.
    public let reason: String?

    public var description: String {
        "\(isRunnable ? "yes" : "no ") \(kind.rawValue) \(element) \"\(label)\" — \(action)\(reason.map { " [\($0)]" } ?? "")"
    }
}

/// Coverage of a loaded document.
public struct CoverageReport: Sendable, Equatable, CustomStringConvertible {
    /// One entry per interactive element, in document order.
    public let entries: [CoverageEntry]
    /// Number of `<script>` elements (run by JavaScriptCore; never run by the subset).
    public let scriptElementCount: Int
    /// The engine that ran the page's scripts.
    public var scriptEngine: ScriptEngineKind = .subset
    /// Entries the model can run.
    public var runnable: [CoverageEntry] { entries.filter(\.isRunnable) }
    /// Entries it cannot run.
    public var notRunnable: [CoverageEntry] { entries.filter { !$0.isRunnable } }

    public var description: String {
        let scripts = scriptEngine == .javaScriptCore
            ? "\(scriptElementCount) <script> element(s) run by JavaScriptCore"
            : "\(scriptElementCount) <script> element(s) not executed"
        var lines = ["coverage: \(runnable.count) of \(entries.count) interactive elements runnable; \(scripts)"]
        if scriptEngine == .subset && scriptElementCount > 0 && !ScriptEngines.isJavaScriptCoreAvailable { lines.append(ScriptEngines.availability) }
        lines += entries.map(\.description)
        return lines.joined(separator: "\n")
    }
}

extension ContentPage {
    /// Lists each interactive element of the loaded document and whether its action can run here, and why not.
    public func coverageReport() -> CoverageReport {
        let doc = document
        // Nearest link, form and onclick ancestors of every node, in one pass (parents precede children).
        var above = Ancestry(count: doc.nodes.count)
        for i in 1..<doc.treeCount {
            let p = Int(doc.nodes[i].parent)
            guard p > 0, doc.nodes[p].kind == .element else { continue }
            let name = doc.nodes[p].name
            above.link[i] = (name == N.a || name == N.area) && doc.attributeSlot(Int32(p), N.href) != nil ? Int32(p) : above.link[p]
            above.form[i] = name == N.form ? Int32(p) : above.form[p]
            above.onclick[i] = doc.attributeSlot(Int32(p), N.onclick) != nil ? Int32(p) : above.onclick[p]
        }
        var entries: [CoverageEntry] = []
        let javaScript = scriptEngine == .javaScriptCore
        var listed = Set<Int32>()
        for item in doc.interactiveElements {
            let node = item.node
            listed.insert(node.index)
            var (action, reason) = analyze(node, kind: item.kind, above)
            if javaScript, let types = listenerSummary(of: node) {
                action = (action.isEmpty || action == "no inline action" ? "" : action + "; ") + "listeners \(types)"
                if reason?.hasPrefix("no href, onclick or form") == true { reason = nil }
            }
            if javaScript, reason == nil, let hidden = hiddenReason(node) {
                // A visually hidden control (the custom-checkbox pattern) is operated through its visible label.
                if item.kind == .field, let label = visibleLabel(of: node) { action += "; through its label \(label)" }
                else { reason = "not reachable now: " + hidden }
            }
            entries.append(CoverageEntry(element: node, kind: item.kind, label: ContentPage.label(of: node),
                                         action: action, isRunnable: reason == nil, reason: reason))
        }
        if javaScript {
            // Elements that only scripts made interactive (a div with a click listener).
            for node in doc.allElements where !listed.contains(node.index) {
                guard let types = listenerSummary(of: node, tapOnly: true) else { continue }
                let hidden = hiddenReason(node)
                entries.append(CoverageEntry(element: node, kind: .clickHandler, label: ContentPage.label(of: node),
                                             action: "listeners \(types)", isRunnable: hidden == nil,
                                             reason: hidden.map { "not reachable now: " + $0 }))
            }
            entries.sort { $0.element.index < $1.element.index }
        }
        var report = CoverageReport(entries: entries, scriptElementCount: doc.scriptCount)
        report.scriptEngine = javaScript ? .javaScriptCore : .subset
        return report
    }

    /// A reachable label that activates `field` (`label[for=id]` or an enclosing label).
    private func visibleLabel(of field: HTMLNode) -> HTMLNode? {
        if let enclosing = field.closestAncestor(where: { $0.tagName == "label" }), hiddenReason(enclosing) == nil { return enclosing }
        guard let id = field.id, !id.isEmpty else { return nil }
        return field.document.elements(tag: "label").first { $0["for"] == id && hiddenReason($0) == nil }
    }

    /// Event types with listeners (or on* properties) set by scripts on `node`, e.g. `click, keyup`.
    private func listenerSummary(of node: HTMLNode, tapOnly: Bool = false) -> String? {
        guard var types = listenerTypes(of: node), !types.isEmpty else { return nil }
        if tapOnly {
            types = types.filter { ["click", "pointerdown", "pointerup", "touchstart", "touchend", "mousedown", "mouseup"].contains($0) }
            if types.isEmpty { return nil }
        }
        return types.sorted().joined(separator: ", ")
    }

    private func scriptProblem(_ source: String, javascriptURL: Bool = false) -> String? {
        if scriptEngine == .javaScriptCore { return nil }
        do {
            let program = javascriptURL ? try ScriptProgram(javascriptURL: source) : try ScriptProgram(source)
            for statement in program.statements {
                if case .postMessage(let name, _) = statement, messageHandlers.handler(named: name) == nil {
                    return "no message handler named '\(name)' is registered"
                }
                if case .bridge(let call) = statement, bridgeReceiver == nil {
                    return "no bridge receiver for \(call.root.rawValue) is installed"
                }
            }
            return nil
        } catch {
            return "script outside the supported subset: \(error.reason)"
        }
    }

    private func linkProblem(_ href: String) -> (String, String?) {
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.lowercased().hasPrefix("javascript:") {
            return ("script \(trimmed)", scriptProblem(trimmed, javascriptURL: true))
        }
        guard let url = resolve(href: trimmed) else { return ("link \(href)", "invalid URL") }
        if url.isFileURL {
            let root = documentBaseURL.map { $0.hasDirectoryPath ? $0 : $0.deletingLastPathComponent() }
            if root == nil || !ContentPage.isFile(url, inside: root!) {
                return ("link \(url.absoluteString)", "file: URL outside the readable directory")
            }
        }
        return ("link \(url.absoluteString)", nil)
    }

    struct Ancestry {
        var link: [Int32], form: [Int32], onclick: [Int32]
        init(count: Int) {
            link = [Int32](repeating: -1, count: count); form = link; onclick = link
        }
    }

    private func analyze(_ node: HTMLNode, kind: InteractiveKind, _ above: Ancestry) -> (String, String?) {
        func ancestor(_ index: Int32) -> HTMLNode? { index < 0 ? nil : HTMLNode(document: node.document, index: index) }
        var parts: [String] = []
        var problem: String?
        if node.hasAttribute("disabled") { return ("disabled control", "disabled") }
        if let onclick = node["onclick"] {
            parts.append("script \(onclick)")
            problem = scriptProblem(onclick)
        }
        switch kind {
        case .link:
            let (a, p) = linkProblem(node["href"] ?? "")
            parts.append(a); problem = problem ?? p
        case .form:
            if let onsubmit = node["onsubmit"] { parts.append("script \(onsubmit)"); problem = problem ?? scriptProblem(onsubmit) }
            let method = (node["method"] ?? "get").uppercased() == "POST" ? "POST" : "GET"
            let action = node["action"] ?? ""
            let target = action.isEmpty ? url : resolve(href: action)
            if let target { parts.append("submit \(method) \(target.absoluteString)") } else {
                parts.append("submit \(method) \(action)"); problem = problem ?? "invalid form action"
            }
        case .field:
            let type = (node["type"] ?? (node.tagName == "input" ? "text" : node.tagName)).lowercased()
            parts.append(type == "checkbox" || type == "radio" ? "toggle \(type)" : "set value (\(type))")
        case .button:
            let tag = node.tagName
            let type = (node["type"] ?? (tag == "button" ? "submit" : "")).lowercased()
            let form = (node["form"].flatMap { node.document.element(id: $0) }) ?? ancestor(above.form[Int(node.index)])
            if (tag == "button" || tag == "input") && (type == "submit" || type == "image"), let form {
                parts.append("submit form \(form)")
            } else if type != "reset",
                      let link = ancestor(above.link[Int(node.index)]) {
                let (a, p) = linkProblem(link["href"] ?? "")
                parts.append(a); problem = problem ?? p
            } else if node["onclick"] == nil {
                let inherited = ancestor(above.onclick[Int(node.index)])
                if let inherited, let onclick = inherited["onclick"] {
                    parts.append("script \(onclick) (on \(inherited))")
                    problem = problem ?? scriptProblem(onclick)
                } else {
                    parts.append("no inline action")
                    problem = "no href, onclick or form: listeners added by scripts are not modelled"
                }
            }
        case .clickHandler:
            break
        }
        return (parts.joined(separator: "; "), problem)
    }
}
