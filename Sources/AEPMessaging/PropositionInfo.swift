import Foundation
import InAppCore

/// Where a message came from, for tracking: the proposition's id, scope (surface) and scope details.
struct PropositionInfo: Hashable, Sendable {
    var id: String
    var scope: String
    var scopeDetails: JSONValue

    /// `scopeDetails.activity.id`, or `""`.
    var activityId: String {
        if case .object(let details) = scopeDetails, case .object(let activity)? = details["activity"],
           case .string(let id)? = activity["id"] { return id }
        return ""
    }
}
