// Scaffolding stand-in for Bluedot's Point SDK (a third-party geofencing library), only the names the example uses.
import Foundation
public struct BDCoordinate { public var latitude = 0.0, longitude = 0.0 }
public struct BDLocation { public var coordinate = BDCoordinate(); public var speed = 0.0; public var course = 0.0 }
public struct BDZoneInfo { public var id = UUID(); public var name = ""; public var customData: [String: Any] = [:] }
public struct BDEntryEvent { public var locations: [BDLocation] = []; public var eventTime = Date() }
public struct BDExitEvent { public var eventTime = Date(); public var dwellTime = 0.0 }
public class GeoTriggerEvent { public var zoneInfo = BDZoneInfo(); public var entryEvent: BDEntryEvent?; public var exitEvent: BDExitEvent? }
public protocol BDPGeoTriggeringEventDelegate: AnyObject {
    func didUpdateZoneInfo(); func didEnterZone(_ e: GeoTriggerEvent); func didExitZone(_ e: GeoTriggerEvent)
}
public class BDLocationManager {
    nonisolated(unsafe) static let shared = BDLocationManager()
    public static func instance() -> BDLocationManager? { shared }
    public weak var geoTriggeringEventDelegate: BDPGeoTriggeringEventDelegate?
    public func requestWhenInUseAuthorization() {}
    public func requestAlwaysAuthorization() {}
    public func isInitialized() -> Bool { false }
    public func initialize(withProjectId: String, completion: @escaping (Error?) -> Void) { completion(nil) }
    public func startGeoTriggering(completion: @escaping (Error?) -> Void) { completion(nil) }
    public func stopGeoTriggering(completion: @escaping (Error?) -> Void) { completion(nil) }
}
