import Foundation

/// A typed XDM event schema (AEPEdge `XDMSchema`), such as the classes Adobe's XDM tool generates: it encodes to
/// the event's XDM and names its schema and dataset. `ExperienceEvent(xdm:data:)` takes one.
public protocol XDMSchema: Encodable {
    /// The schema's version in Adobe Experience Platform.
    var schemaVersion: String { get }
    /// The schema's URI in Adobe Experience Platform.
    var schemaIdentifier: String { get }
    /// The dataset the event goes to (empty: the datastream's default).
    var datasetIdentifier: String { get }
}
