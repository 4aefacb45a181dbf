import Foundation
import InAppCore

extension Braze.User {
    /// Where the user was acquired (an attribution provider's network, campaign, ad group and creative).
    public struct AttributionData: Hashable, Sendable {
        public var network: String?
        public var campaign: String?
        public var adGroup: String?
        public var creative: String?
        public init(network: String? = nil, campaign: String? = nil, adGroup: String? = nil, creative: String? = nil) {
            self.network = network; self.campaign = campaign; self.adGroup = adGroup; self.creative = creative
        }
    }

    /// Sets the user's install attribution. Headless: kept as the standard attribute `ab_install_attribution`
    /// (an object of the fields that are set; readable in `attributes`) and recorded as `user.setAttribute`.
    public func set(attributionData: AttributionData) {
        var fields: [String: JSONValue] = [:]
        if let v = attributionData.network { fields["source"] = .string(v) }
        if let v = attributionData.campaign { fields["campaign"] = .string(v) }
        if let v = attributionData.adGroup { fields["adgroup"] = .string(v) }
        if let v = attributionData.creative { fields["ad"] = .string(v) }
        setStandard("ab_install_attribution", .object(fields))
    }
}
