import XCTest
import Foundation
import InAppCore
import InAppTestSupport
import AEPMessagingNotification
import UserNotifications

/// AEPMessagingNotification's `MessagingNotificationHelper` in a notification service extension: a local media
/// file named by `adb_media` is attached; a remote or missing one is skipped; the content is always handed on.
final class MessagingNotificationTests: AdobeTestCase {
    private func process(_ userInfo: [AnyHashable: Any]) -> UNNotificationContent? {
        let content = UNMutableNotificationContent()
        content.title = "Sale"
        content.userInfo = userInfo
        var handed: [UNNotificationContent] = []
        MessagingNotificationHelper.processNotificationRequest(with: content) { handed.append($0) }
        XCTAssertEqual(handed.count, 1, "the content handler runs once")
        return handed.first
    }

    func test_aLocalMediaFileIsAttached() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("adb-media-\(UUID().uuidString).png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let shown = process([MessagingNotificationHelper.mediaKey: file.absoluteString])
        XCTAssertEqual(shown?.title, "Sale")
        XCTAssertEqual(shown?.attachments.map(\.url), [file])
        XCTAssertEqual(harness.trace.events.last { $0.name == "messagingNotificationProcessed" }?.details["attachment"],
                       file.lastPathComponent)
    }

    func test_remoteMissingOrAbsentMediaIsSkippedAndTheContentStillShown() {
        XCTAssertEqual(MessagingNotificationHelper.mediaKey, "adb_media")
        for link in ["https://example.com/a.png", "file:///no/such/file.png", "not a url"] {
            let shown = process([MessagingNotificationHelper.mediaKey: link])
            XCTAssertEqual(shown?.title, "Sale")
            XCTAssertEqual(shown?.attachments.count, 0, link)
            XCTAssertEqual(harness.trace.events.last { $0.name == "messagingNotificationProcessed" }?.details["attachmentSkipped"], link)
        }
        XCTAssertEqual(process([:])?.attachments.count, 0)
    }
}
