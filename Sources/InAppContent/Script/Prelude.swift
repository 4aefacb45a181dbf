// The browser world a page's JavaScript sees, evaluated once per context: window, document and the DOM classes over
// native DOMTree node ids, events as a browser dispatches them, timers on the page's virtual clock, storage, console,
// the vendor bridges and message handlers. Everything native goes through one host function (ContentPage+Scripting.swift
// answers it). The JavaScript itself is the module's resource `prelude.js` (this folder), so errors in it name the
// file's own lines; this file loads it and makes the two small rewrites below.
import Foundation

enum ScriptPrelude {
    static let sourceURL = "prelude.js"

    /// The prelude as evaluated: ``text`` with each host operation's name (`H('dom.attr'`, `sibling(this, 'dom.next'`)
    /// replaced by its ``HostOperation`` number, made once per process. Positions of later lines do not move (the
    /// rewrite stays on one line), so errors inside the prelude keep their line numbers. The window's handler types
    /// are written in as an array literal (on its line), so that native dispatch and the prelude share one list.
    static let source: String = numberingOperations(in: text)
        .replacing("WINDOW_HANDLER_TYPES", with: "[" + NativeEvents.windowHandlerTypeList.map { "'\($0)'" }.joined(separator: ",") + "]")

    static func numberingOperations(in text: String) -> String {
        // Only a quoted name right after `H(` or after `sibling(this, ` is an operation; the same words elsewhere
        // ('error', 'console') are event types or messages and stay as written.
        let source = Array(text.utf8)
        let openers: [[UInt8]] = [Array("H('".utf8), Array("sibling(this, '".utf8)]
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var i = 0
        scan: while i < source.count {
            for opener in openers where source[i] == opener[0] && i + opener.count <= source.count
                && source[i..<(i + opener.count)].elementsEqual(opener) {
                let nameStart = i + opener.count
                guard let close = source[nameStart...].prefix(40).firstIndex(of: UInt8(ascii: "'")),
                      let op = HostOperation(name: String(decoding: source[nameStart..<close], as: UTF8.self)) else { continue }
                out += opener.dropLast()
                out += Array(String(op.rawValue).utf8)
                i = close + 1
                continue scan
            }
            out.append(source[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }


    /// The prelude's JavaScript as written: the module's resource `prelude.js` (SwiftPM copies it into the module's
    /// resource bundle, beside the built products). Empty when the file cannot be read: the prelude then fails to
    /// install and pages run the statement subset, as without JavaScriptCore (`installPrelude` logs the failure).
    static let text: String = {
        guard let url = resourceURL, let data = FileManager.default.contents(atPath: url.path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }()

    /// Where `prelude.js` is: in the module's resource bundle.
    static var resourceURL: URL? { Bundle.module.url(forResource: "prelude", withExtension: "js") }
}
