import Foundation

/// What a background fetch or silent notification produced, reported through the app delegate's completion handler.
public enum UIBackgroundFetchResult: UInt, Sendable {
    case newData = 0
    case noData = 1
    case failed = 2
}
