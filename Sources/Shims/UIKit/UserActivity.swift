// Activities an app continues (Handoff, universal links, Spotlight) and the responders that restore them.
// Apple's `NSUserActivity` is in Foundation; the Linux Foundation lacks it, so the stand-in lives here (integration
// code imports UIKit beside it).

/// `activityType` of an activity that opens a web page (a universal link).
public let NSUserActivityTypeBrowsingWeb = "NSUserActivityTypeBrowsingWeb"

/// A state of the app that can be continued elsewhere or later. Headless nothing is advertised:
/// `becomeCurrent()` and `invalidate()` only change `isCurrent` / `isValid`.
open class NSUserActivity: NSObject, @unchecked Sendable {
    public let activityType: String
    open var title: String?
    open var userInfo: [AnyHashable: Any]?
    open var webpageURL: URL?
    open var referrerURL: URL?
    open var targetContentIdentifier: String?
    open var requiredUserInfoKeys: Set<String>?
    open var keywords: Set<String> = []
    open var isEligibleForHandoff = true
    open var isEligibleForSearch = false
    open var isEligibleForPublicIndexing = false
    open var isEligibleForPrediction = false
    open var needsSave = false
    open var expirationDate: Date?
    public private(set) var isCurrent = false
    public private(set) var isValid = true

    public init(activityType: String) { self.activityType = activityType; super.init() }
    open func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
        var merged = userInfo ?? [:]
        for (k, v) in otherDictionary { merged[k] = v }
        userInfo = merged
    }
    open func becomeCurrent() { if isValid { isCurrent = true } }
    open func resignCurrent() { isCurrent = false }
    open func invalidate() { isCurrent = false; isValid = false }
}

/// Something that restores its state from a continued activity (responders, by default).
public protocol UIUserActivityRestoring: AnyObject {
    func restoreUserActivityState(_ userActivity: NSUserActivity)
}

extension UIResponder: UIUserActivityRestoring {}
