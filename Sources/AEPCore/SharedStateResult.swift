import Foundation

/// A shared state as read by an extension (AEPCore `SharedStateResult`): its status and, when set, its value.
public class SharedStateResult: NSObject, @unchecked Sendable {
    public let status: SharedStateStatus
    public let value: [String: Any]?

    init(status: SharedStateStatus, value: [String: Any]?) {
        self.status = status
        self.value = value
        super.init()
    }
}
