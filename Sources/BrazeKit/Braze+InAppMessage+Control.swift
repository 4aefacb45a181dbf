import Foundation

extension Braze.InAppMessage {
    /// A control-group message: never drawn, but "presenting" it logs an impression.
    public struct Control: Sendable, Equatable, Codable {
        public var data: Data
        public init(data: Data = .init()) { self.data = data }
    }
}
