import Foundation

/// A question to event history (AEPCore `EventHistoryRequest`): how many recorded events carry every key/value of
/// `mask` (flattened keys, e.g. `iam.id`), optionally between `fromDate` and `toDate` (events' timestamps).
public class EventHistoryRequest: NSObject, @unchecked Sendable {
    public let mask: [String: Any]
    public let fromDate: Date?
    public let toDate: Date?

    public init(mask: [String: Any], from: Date? = nil, to: Date? = nil) {
        self.mask = mask
        self.fromDate = from
        self.toDate = to
        super.init()
    }
}

extension Event {
    /// The history request that matches events like this one: its data restricted to its `mask` (all of its data
    /// without a mask), flattened.
    public func toEventHistoryRequest(from: Date? = nil, to: Date? = nil) -> EventHistoryRequest {
        EventHistoryRequest(mask: EventHistoryStore.maskedValues(of: self).mapValues(\.foundationValue),
                            from: from, to: to)
    }
}
