import Foundation
import InAppCore

/// An event for the Edge network (AEPEdge `ExperienceEvent`): XDM, free-form data and an optional dataset.
public class ExperienceEvent: NSObject, @unchecked Sendable {
    /// The XDM of the event.
    public let xdm: [String: Any]?
    /// Free-form data sent with the XDM.
    public let data: [String: Any]?
    /// The dataset the event goes to, if not the datastream's default.
    public private(set) var datasetIdentifier: String?

    public init(xdm: [String: Any], data: [String: Any]? = nil) {
        self.xdm = xdm
        self.data = data
    }

    public convenience init(xdm: [String: Any], data: [String: Any]? = nil, datasetIdentifier: String? = nil) {
        self.init(xdm: xdm, data: data)
        self.datasetIdentifier = datasetIdentifier
    }

    /// An event whose XDM is `xdm` encoded as JSON (dates as upstream's encoder writes them, seconds since 2001
    /// unless the schema encodes them itself); `xdm.datasetIdentifier` names the dataset (empty: the default).
    /// A schema that does not encode to a JSON object gives an event without XDM.
    public init(xdm: any XDMSchema, data: [String: Any]? = nil) {
        let encoded = (try? JSONEncoder().encode(xdm)).flatMap { try? JSONSerialization.jsonObject(with: $0) }
        self.xdm = encoded as? [String: Any]
        self.data = data
        datasetIdentifier = xdm.datasetIdentifier.isEmpty ? nil : xdm.datasetIdentifier
    }

    /// The Edge request event's data: `{"xdm": ..., "data"?: ..., "datasetId"?: ...}`.
    var eventData: JSONValue {
        var o: [String: JSONValue] = [:]
        if let xdm { o["xdm"] = JSONValue(any: xdm) }
        if let data { o["data"] = JSONValue(any: data) }
        if let datasetIdentifier { o["datasetId"] = .string(datasetIdentifier) }
        return .object(o)
    }
}
