import Foundation
import InAppCore
import BrazeKit

// The one input loader behind `iam simulate` and `iam render`: JSON files read with positioned errors, HTML files
// turned into each vendor's HTML message, scenario files (one format, which the scripted fixtures also use) and
// the message payloads of every vendor.

/// The message formats `iam` reads, named after the SDK whose format they are.
enum Vendor: String, CaseIterable, Sendable {
    case core, adobe, braze, appboy

    /// Parses a `--vendor` value or a scenario's `"vendor"`.
    static func named(_ name: String, allowed: [Vendor] = Vendor.allCases) throws -> Vendor {
        guard let v = Vendor(rawValue: name), allowed.contains(v) else {
            throw InputError(message: "unknown vendor \"\(name)\" (known: \(allowed.map(\.rawValue).joined(separator: ", ")))")
        }
        return v
    }
}

/// Reads a JSON file; a missing file, an unreadable one and malformed JSON (with its line, column and byte) are
/// `InputError`s.
func readJSONFile(_ path: String) throws -> JSONValue {
    guard FileManager.default.fileExists(atPath: path) else { throw InputError(message: "\(path): no such file") }
    guard let data = FileManager.default.contents(atPath: path) else { throw InputError(message: "\(path): cannot read the file") }
    do {
        return try JSONValue(parsing: data)
    } catch {
        let (line, column) = lineAndColumn(of: error.offset, in: data)
        throw InputError(message: "\(path):\(line):\(column): invalid JSON (byte \(error.offset)): \(error.reason)")
    }
}

/// The 1-based line and column (in characters) of byte `offset` of `data`.
func lineAndColumn(of offset: Int, in data: Data) -> (line: Int, column: Int) {
    let bytes = [UInt8](data.prefix(max(0, offset)))
    let line = bytes.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    let lineStart = (bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
    let column = String(decoding: bytes[lineStart...], as: UTF8.self).count + 1
    return (line, column)
}

/// An HTML message's document read from a file. Images and other files beside it are the message's assets: the
/// message's base URL is the file's folder (for Braze, Appboy and core messages; Adobe loads every message with the
/// app's bundle as its base, as on a device).
struct HTMLFile: Sendable {
    let url: URL
    let text: String
    var folder: URL { url.deletingLastPathComponent() }
    /// The file name without `.html`: the message id of an HTML file delivered on its own.
    var stem: String { url.deletingPathExtension().lastPathComponent }

    /// Reads `path`, relative to `folder` unless absolute (or to the working directory without a folder).
    init(path: String, relativeTo folder: URL? = nil) throws {
        let url: URL
        if path.hasPrefix("/") || folder == nil { url = URL(fileURLWithPath: path).standardizedFileURL }
        else { url = folder!.appendingPathComponent(path).standardizedFileURL }
        guard FileManager.default.fileExists(atPath: url.path) else { throw InputError(message: "\(path): no such HTML file (\(url.path))") }
        guard let data = FileManager.default.contents(atPath: url.path) else { throw InputError(message: "\(path): cannot read the file") }
        self.url = url
        self.text = String(decoding: data, as: UTF8.self)
    }

    /// The message payload, in `vendor`'s format, that delivers this document as its HTML message with id `id`:
    /// Braze and Appboy `{"type": "HTML", "message_id", "message", "base_url", "message_close": "SWIPE"}`, Adobe `{"id", "html"}`, core
    /// `{"id", "content": {"html": {"html", "baseURL"}}}`.
    func payload(for vendor: Vendor, id: String) -> JSONValue {
        let base = JSONValue.string(folder.absoluteString)
        switch vendor {
        case .braze, .appboy:
            // SWIPE: the message stays until it is closed (the format's default is to close after 5 s).
            return ["type": "HTML", "message_id": .string(id), "message": .string(text), "base_url": base, "message_close": "SWIPE"]
        case .adobe: return ["id": .string(id), "html": .string(text)]
        case .core: return ["id": .string(id), "content": ["html": ["html": .string(text), "baseURL": base]]]
        }
    }
}

/// The field of a vendor's payload that holds an HTML message's document (what `"html_file"` stands in for).
private func inlineHTMLKey(_ vendor: Vendor) -> String {
    switch vendor {
    case .braze, .appboy: return "message"
    case .adobe: return "html"
    case .core: return "content"
    }
}

/// A `deliver` payload with its `"html_file"` (resolved against `folder`) replaced by the vendor's inline HTML field.
func resolvingHTMLFile(_ payload: JSONValue, vendor: Vendor, folder: URL?) throws -> (JSONValue, HTMLFile?) {
    guard case .object(var o) = payload, let ref = o["html_file"] else { return (payload, nil) }
    guard let path = ref.stringValue else { throw InputError(message: "\"html_file\" takes a path (a string)") }
    let key = inlineHTMLKey(vendor)
    if o[key] != nil { throw InputError(message: "give \"html_file\" or \"\(key)\", not both") }
    let file = try HTMLFile(path: path, relativeTo: folder)
    o["html_file"] = nil
    let id = o[vendor == .braze || vendor == .appboy ? "message_id" : "id"]?.stringValue ?? file.stem
    guard case .object(let generated) = file.payload(for: vendor, id: id) else { return (.object(o), file) }
    // The document, and what the step left out of type, id and base URL; the step's own fields win.
    for k in ["type", "message_id", "id", "message", "html", "content", "base_url"] where o[k] == nil { o[k] = generated[k] }
    return (.object(o), file)
}

/// Which vendor's format a bare message payload is in: `{"id", "content"}` core, `{"type", …}` Braze (the legacy
/// Appboy SDK receives the same format), `{"id", "html": "<html>…"}` Adobe.
func guessVendor(of payload: JSONValue) -> Vendor? {
    guard case .object(let o) = payload else { return nil }
    if o["propositions"] != nil || (o["schema"] != nil && o["data"] != nil) { return .adobe }
    if o["content"] != nil { return .core }
    if o["type"] != nil { return .braze }
    if o["html"]?.stringValue != nil || o["html_file"] != nil { return o["message_id"] != nil ? .braze : .adobe }
    return nil
}

/// The core message a vendor payload stands for (what `iam render` draws).
func coreMessage(from payload: JSONValue, vendor: Vendor, source: String) throws -> InAppMessage {
    switch vendor {
    case .core:
        return try decodeCoreMessage(payload, source: source)
    case .adobe:
        guard case .object(let o) = adobeMessagePayload(payload), let id = o["id"]?.stringValue, let html = o["html"]?.stringValue else {
            throw InputError(message: "\(source): an Adobe payload is {\"id\": …, \"html\": \"<html>…\"} (or \"html_file\")")
        }
        return InAppMessage(id: MessageID(rawValue: id), content: .html(HTMLContent(html: html)))
    case .braze, .appboy:
        do { return try Braze.InAppMessage(json: Data(payload.description.utf8)).coreMessage }
        catch { throw InputError(message: "\(source): not a \(vendor == .braze ? "Braze" : "Appboy") in-app message payload: \(error)") }
    }
}

/// Decodes an OpenInApp message, turning every failure into one readable line.
func decodeCoreMessage(_ payload: JSONValue, source: String) throws -> InAppMessage {
    do {
        return try JSONDecoder().decode(InAppMessage.self, from: Data(payload.description.utf8))
    } catch let DecodingError.dataCorrupted(context) {
        throw InputError(message: "\(source): \(context.debugDescription) at \(codingPathText(context.codingPath))")
    } catch let DecodingError.keyNotFound(key, context) {
        throw InputError(message: "\(source): missing \"\(key.stringValue)\" at \(codingPathText(context.codingPath))")
    } catch let DecodingError.typeMismatch(type, context) {
        throw InputError(message: "\(source): expected \(type) at \(codingPathText(context.codingPath))")
    } catch let DecodingError.valueNotFound(type, context) {
        throw InputError(message: "\(source): expected \(type) at \(codingPathText(context.codingPath))")
    } catch {
        throw InputError(message: "\(source): \(error)")
    }
}

func codingPathText(_ path: [any CodingKey]) -> String {
    path.isEmpty ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
}

/// What the user handed `simulate` or `render`: a file (scenario or message payload) and/or `--html FILE --vendor V`.
struct InputRequest {
    var path: String?
    var htmlPath: String?
    var vendor: Vendor?
    /// Only the run of a scenario file with this name (`--run`).
    var runName: String?
}

/// Loads a request as a scenario: a scenario file as it is, `--html` added as its opening delivery, a bare message
/// payload as a one-step scenario delivering it.
func loadScenario(_ request: InputRequest) throws -> ScenarioFile {
    let html = try request.htmlPath.map { try HTMLFile(path: $0) }
    guard let path = request.path else {
        guard let html, let vendor = request.vendor else { throw UsageError(message: "give a SCENARIO.json, or --html FILE --vendor V") }
        return ScenarioFile(vendor: vendor, folder: html.folder, opening: html, runs: [ScenarioFile.Run(name: nil, device: nil, steps: [])])
    }
    let value = try readJSONFile(path)
    let folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
    if ScenarioFile.looksLikeScenario(value) {
        var file = try ScenarioFile(parsing: value, source: path, folder: folder, vendor: request.vendor, html: html)
        if let name = request.runName {
            file.runs = file.runs.filter { $0.name == name }
            guard !file.runs.isEmpty else { throw InputError(message: "\(path): no scenario named \"\(name)\"") }
        }
        return file
    }
    // A bare payload: one run that delivers it.
    guard let vendor = request.vendor ?? guessVendor(of: value) else {
        throw InputError(message: "\(path): neither a scenario ({\"steps\": …} or {\"scenarios\": …}) nor a message payload (\(payloadKinds))")
    }
    return try ScenarioFile(parsing: ["vendor": .string(vendor.rawValue), "steps": [["deliver": value]]], source: path,
                            folder: folder, vendor: nil, html: html)
}

let payloadKinds = "an OpenInApp message {\"id\", \"content\"}, a Braze or Appboy payload {\"type\", \"message_id\", …}, an Adobe payload {\"id\", \"html\"} or in-app proposition item {\"id\", \"schema\", \"data\": {\"content\"}}"

/// Loads a request as the one message it shows (`iam render`): the payload itself, the `--html` file as the vendor's
/// HTML message, or the first message a scenario delivers.
func loadMessage(_ request: InputRequest) throws -> InAppMessage {
    let source = request.path ?? request.htmlPath ?? "input"
    if request.path == nil, let htmlPath = request.htmlPath {
        guard let vendor = request.vendor else { throw UsageError(message: "--html needs --vendor braze|adobe|appboy") }
        let html = try HTMLFile(path: htmlPath)
        var message = try coreMessage(from: html.payload(for: vendor, id: html.stem), vendor: vendor, source: htmlPath)
        if vendor == .adobe, case .html(var h) = message.content { h.baseURL = html.folder; message.content = .html(h) }
        return message
    }
    let scenario = try loadScenario(request)
    for run in scenario.runs {
        for step in run.steps {
            guard case .object(let o) = step, let payload = o["deliver"] else { continue }
            var message = try coreMessage(from: payload, vendor: scenario.vendor, source: source)
            // An Adobe message's files (html_file) still resolve beside the HTML file when drawn on its own.
            if scenario.vendor == .adobe, case .html(var h) = message.content, h.baseURL == nil, let f = scenario.htmlFolders[payloadKey(payload)] {
                h.baseURL = f
                message.content = .html(h)
            }
            return message
        }
    }
    throw InputError(message: "\(source): the scenario delivers no message")
}

/// A key identifying a resolved payload (its JSON text), for the folder of the HTML file it came from.
func payloadKey(_ payload: JSONValue) -> String { payload.description }

/// An Adobe payload in the short form `{"id", "html", "mobileParameters"?}`. Also read: an in-app message proposition
/// item as Adobe Journey Optimizer sends it (`{"id", "schema", "data": {"content", "contentType", "mobileParameters"?}}`)
/// and a `{"propositions": [{…, "items": [item]}]}` envelope (its first in-app message item). Anything else is
/// returned as it is.
func adobeMessagePayload(_ payload: JSONValue) -> JSONValue {
    guard case .object(let o) = payload else { return payload }
    func short(_ item: JSONValue) -> JSONValue? {
        guard case .object(let i) = item, let id = i["id"]?.stringValue, case .object(let data)? = i["data"],
              let content = data["content"]?.stringValue else { return nil }
        var out: [String: JSONValue] = ["id": .string(id), "html": .string(content)]
        if let p = data["mobileParameters"] { out["mobileParameters"] = p }
        return .object(out)
    }
    if case .array(let propositions)? = o["propositions"] {
        for case .object(let p) in propositions {
            guard case .array(let items)? = p["items"] else { continue }
            for item in items { if let s = short(item) { return s } }
        }
        return payload
    }
    if o["html"] == nil, let s = short(payload) { return s }
    return payload
}
