import Foundation
import InAppCore

/// The SDK-wide switches of a `Braze` instance (kept apart from the in-app state in `Braze.swift`).
package struct BrazeSDKSettings {
    var enabled = true
    var signature: String?
    /// This install's identifier; a new one after `wipeData()`.
    var deviceId = UUID().uuidString
    weak var authDelegate: (any BrazeSDKAuthDelegate)?
    /// Ad tracking and device identifiers the app handed over (Braze+Tracking.swift).
    var tracking = BrazeTrackingSettings()
}

extension Braze {
    /// Whether the SDK runs. Disabled, it refuses server requests (refreshes fail with `Braze.Error.sdkDisabled`),
    /// leaves notifications to the app (the handlers return false) and logs no card, flag or banner
    /// interaction. Persisting the switch across launches is not modelled.
    public var enabled: Bool {
        get { sdkSettings.withLock { $0.enabled } }
        set {
            let changed = sdkSettings.withLock { s -> Bool in
                defer { s.enabled = newValue }
                return s.enabled != newValue
            }
            if changed { environment.trace.record(.delivery, newValue ? "sdkEnabled" : "sdkDisabled") }
        }
    }

    /// The identifier of this device (install) for Braze: random, kept until `wipeData()` makes a new one.
    public var deviceId: String { sdkSettings.withLock { $0.deviceId } }

    /// Calls `completion` with `deviceId`.
    public func getDeviceId(_ completion: @escaping (String) -> Void) { completion(deviceId) }

    /// `deviceId`, as an async call.
    public func getDeviceId() async -> String { deviceId }

    /// Sends what the SDK has queued now (headless: the simulated server counts a flush; see `BrazeServer`).
    public func requestImmediateDataFlush() {
        environment.trace.record(.delivery, "requestImmediateDataFlush")
        server.handle("data", for: self) { _ in }
    }

    /// What `init` does after the channels are wired: push automation set-up.
    func started() {
        configuration.logger.log("Braze started (endpoint: \(configuration.api.endpoint))", level: .info)
        if !configuration.push.automation.isEnabled, let delayed = Braze.delayedAutomation(in: environment) {
            configuration.push.automation = delayed
        }
        notifications.runAutomation(configuration.push.automation)
    }

    /// The user changed: channels serve the new user's (empty until refreshed) data, as upstream notifies
    /// content-card subscribers after a switch.
    func userChanged() {
        contentCards.reset(notify: true)
        featureFlags.reset()
    }

    /// Everything local was erased.
    func dataWiped() {
        contentCards.reset(notify: true)
        featureFlags.reset()
        banners.reset()
        notifications.reset()
        sdkSettings.withLock { $0.signature = nil; $0.deviceId = UUID().uuidString }
    }
}
