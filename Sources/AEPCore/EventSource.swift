import Foundation

/// The event sources AEP's extensions use (`Event.source`).
public final class EventSource: NSObject, Sendable {
    private override init() { super.init() }
    public static let none = "com.adobe.eventSource.none"
    public static let os = "com.adobe.eventSource.os"
    public static let requestContent = "com.adobe.eventSource.requestContent"
    public static let requestIdentity = "com.adobe.eventSource.requestIdentity"
    public static let requestProfile = "com.adobe.eventSource.requestProfile"
    public static let requestReset = "com.adobe.eventSource.requestReset"
    public static let responseContent = "com.adobe.eventSource.responseContent"
    public static let responseIdentity = "com.adobe.eventSource.responseIdentity"
    public static let responseProfile = "com.adobe.eventSource.responseProfile"
    public static let sharedState = "com.adobe.eventSource.sharedState"
    public static let notification = "com.adobe.eventSource.notification"
    public static let updateConsent = "com.adobe.eventSource.updateConsent"
    public static let updateIdentity = "com.adobe.eventSource.updateIdentity"
    public static let removeIdentity = "com.adobe.eventSource.removeIdentity"
    public static let wildcard = "com.adobe.eventSource._wildcard_"
    public static let resetComplete = "com.adobe.eventSource.resetComplete"
    public static let applicationLaunch = "com.adobe.eventSource.applicationLaunch"
    public static let applicationClose = "com.adobe.eventSource.applicationClose"
    public static let personalizationDecisions = "personalization:decisions"
    public static let locationHintResult = "locationHint:result"
    public static let errorResponseContent = "com.adobe.eventSource.errorResponseContent"
    public static let createTracker = "com.adobe.eventSource.createTracker"
    public static let trackMedia = "com.adobe.eventSource.trackMedia"
    public static let contentComplete = "com.adobe.eventSource.contentComplete"
    public static let debug = "com.adobe.eventSource.debug"
}
