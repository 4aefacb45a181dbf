@_exported import BrazeKit
import Foundation

/// The location provider apps hand to `Braze.Configuration.location.brazeLocationProvider`. Headless: it reads
/// no location; the configuration's settings are recorded and `user.setLastKnownLocation` works as usual.
public final class BrazeLocationProvider: BrazeLocationProviderProtocol, @unchecked Sendable {
    public let providerName = "BrazeLocation"
    public init() {}
}
