import XCTest
import Foundation
import InAppTestSupport
import InAppContent
import AEPCore
@testable import AEPServices
@testable import AEPMessaging
@testable import BrazeKit
@testable import BrazeUI
#if canImport(UIKit)
import UIKit
#endif
#if canImport(WebKit)
import WebKit
#endif

/// Replays every committed fuzz input (Tests/Fuzz/Corpus/<target>/, seeds and regression inputs named
/// `regression-*` / `error-*`, which must give a typed error) through the path its fuzz target drives, so `swift test` catches a regression without libFuzzer.
final class FuzzCorpusReplayTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

    func inputs(_ target: String) throws -> [(String, Data)] {
        let dir = Self.corpus.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        XCTAssertFalse(names.isEmpty, "no corpus for \(target)")
        return try names.map { ($0, try Data(contentsOf: dir.appendingPathComponent($0))) }
    }

    override func tearDown() {
        ServiceProvider.shared.messagingDelegate = nil
        ServiceProvider.shared.resetAppOnlyServices()
        Messaging.clearPropositions()
        UIApplication.shared.resetOpenedURLs()
        super.tearDown()
    }

    func testHTMLCorpusParsesAndEveryInteractiveElementCanBeTapped() throws {
        for (name, data) in try inputs("html") {
            let document = try HTMLDocument.parse(bytes: [UInt8](data))
            XCTAssertGreaterThan(document.nodeCount, 1, name)
            // A small time limit: seeds with handlers that loop (looping-*.html) are stopped on every entry, fast.
            let page = ContentPage(scriptLimits: ScriptLimits(timeLimit: 0.2))
            page.loadHTMLString(String(decoding: data, as: UTF8.self), baseURL: URL(string: "https://example.com/iam/"))
            for element in page.document.interactiveElements.prefix(16) { _ = try? page.tap(element.node) }
            page.advanceTime(by: 1)
            for element in page.document.interactiveElements.prefix(16) { _ = try? page.tap(element.node) }
            XCTAssertFalse(page.events.isEmpty, name)
        }
    }

    func testScriptCorpusRunsOrFailsWithATypedError() throws {
        for (name, data) in try inputs("script") {
            let page = ContentPage()
            page.addMessageHandler(name: "buttonClicked") { _ in }
            page.bridgeReceiver = { _ in }
            page.loadHTMLString("<title>T</title><p>x</p>", baseURL: URL(string: "https://example.com/"))
            if case .failure(let error) = page.evaluate(String(decoding: data, as: UTF8.self)) {
                XCTFail("\(name): \(error)")
            }
        }
    }

    func testBrazeJSONCorpusDecodesOrThrowsPayloadErrorAndPresents() throws {
        let h = Harness()
        let braze = Braze(configuration: Braze.Configuration(apiKey: "k", endpoint: "e"))
        let ui = BrazeInAppMessageUI()
        braze.inAppMessagePresenter = ui
        for (name, data) in try inputs("braze-json") {
            do {
                var message = try Braze.InAppMessage(json: data)
                XCTAssertFalse(name.hasPrefix("regression-"), "\(name) decoded")
                message.data.context = Braze.InAppMessage.Context(message: message, using: braze)
                ui.present(message: message)
                ui.dismiss()
            } catch let error as Braze.InAppMessage.PayloadError {
                XCTAssertTrue(name.hasPrefix("regression-"), "\(name): \(error)")
            }
        }
        XCTAssertEqual(ui.invariantViolations, [])
        _ = h
    }

    func testBrazeLinksCorpusIsHandledByTheHTMLMessage() throws {
        let h = Harness()
        let braze = Braze(configuration: Braze.Configuration(apiKey: "k", endpoint: "e"))
        let ui = BrazeInAppMessageUI()
        braze.inAppMessagePresenter = ui
        for (name, data) in try inputs("braze-links") {
            var message = Braze.InAppMessage.html(.init(message: "<p>x</p>"))
            message.data.id = name
            message.data.context = Braze.InAppMessage.Context(message: message, using: braze)
            ui.present(message: message)
            let text = String(decoding: data, as: UTF8.self)
            if name.hasSuffix(".js") {
                ui.messageView?.html?.webView?.evaluateJavaScript(text) { _, error in XCTAssertNil(error, name) }
            } else {
                XCTAssertTrue(ui.simulateLink(try XCTUnwrap(URL(string: text), name)), name)
            }
            ui.dismiss()
            XCTAssertNil(ui.messageView, name)
        }
        XCTAssertTrue(h.trace.events.contains { $0.label == "delivery.logCustomEvent" })
        XCTAssertEqual(ui.invariantViolations, [])
    }

    func testAJOCorpusLoadsOrThrowsAPropositionError() throws {
        let h = Harness()
        for (name, data) in try inputs("ajo-json") {
            do {
                let ids = try Messaging.loadPropositions(data)
                // As upstream, a bad proposition or item is skipped, not fatal: an error- input loads nothing.
                XCTAssertTrue(!name.hasPrefix("error-") || ids.isEmpty, "\(name) loaded \(ids)")
                for id in ids {
                    let message = Messaging.showMessage(forItem: id)
                    h.settle()
                    message?.dismiss()
                    h.settle()
                }
            } catch let error as MessagingPropositionError {
                XCTAssertTrue(name.hasPrefix("error-"), "\(name): \(error)")
            }
        }
        XCTAssertEqual(ServiceProvider.shared.builtInUIService.engine.invariantViolations, [])
    }

    func testAdbinappCorpusIsHandledByTheMessage() throws {
        let h = Harness()
        for (name, data) in try inputs("adbinapp") {
            let message = Message(id: name, html: "<p>x</p>")
            message.show()
            h.settle()
            let fullscreen = try XCTUnwrap(message.fullscreenMessage)
            let url = String(decoding: data, as: UTF8.self)
            let loads = message.overrideUrlLoad(message: fullscreen, url: url)
            XCTAssertEqual(loads, !url.hasPrefix("adbinapp:"), name)
            h.settle()
            message.dismiss()
            h.settle()
        }
        XCTAssertEqual(ServiceProvider.shared.builtInUIService.engine.invariantViolations, [])
    }
}
