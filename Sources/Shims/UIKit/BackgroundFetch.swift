// What a background fetch or a remote notification handler reports back.

/// The outcome an app passes to a background-fetch or remote-notification completion handler.
public enum UIBackgroundFetchResult: UInt, Sendable {
    case newData = 0
    case noData = 1
    case failed = 2
}
