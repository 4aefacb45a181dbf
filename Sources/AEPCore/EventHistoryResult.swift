import Foundation

/// The answer to one `EventHistoryRequest` (AEPCore `EventHistoryResult`): how many recorded events matched, and
/// the timestamps of the oldest and newest of them. A failed query has `count` -1.
public class EventHistoryResult: NSObject, @unchecked Sendable {
    public let count: Int
    public let oldestOccurrence: Date?
    public let newestOccurrence: Date?

    init(count: Int, oldest: Date? = nil, newest: Date? = nil) {
        self.count = count
        self.oldestOccurrence = oldest
        self.newestOccurrence = newest
        super.init()
    }
}
