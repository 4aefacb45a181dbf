import Foundation

extension JsonContentSchemaData {
    /// The content when it is a JSON object, else nil.
    public func getDictionaryValue() -> [String: Any]? { content as? [String: Any] }

    /// The content when it is a JSON array, else nil.
    public func getArrayValue() -> [Any]? { content as? [Any] }
}
