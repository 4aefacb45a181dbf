import Foundation

/// The categories a News Feed card belongs to (a campaign sets them; the feed filters by them).
public struct ABKCardCategory: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let noCategory = ABKCardCategory(rawValue: 1 << 0)
    public static let news = ABKCardCategory(rawValue: 1 << 1)
    public static let advertising = ABKCardCategory(rawValue: 1 << 2)
    public static let announcements = ABKCardCategory(rawValue: 1 << 3)
    public static let social = ABKCardCategory(rawValue: 1 << 4)
    public static let all: ABKCardCategory = [.noCategory, .news, .advertising, .announcements, .social]
}
