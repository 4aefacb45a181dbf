import Foundation

extension Braze.InAppMessage {
    /// The message's campaign identifier (`data.id`), what apps log and compare.
    public var id: String? { data.id }
}
