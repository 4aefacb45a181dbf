extension BrazeInAppMessageUI {
    /// A length with a value for regular screens and one for large (iPad-size) screens.
    public struct ViewDimension: Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
        public var regular: Double
        public var large: Double
        public init(regular: Double, large: Double) { self.regular = regular; self.large = large }
        public init(floatLiteral value: Double) { self.init(regular: value, large: value) }
        public init(integerLiteral value: Int) { self.init(regular: Double(value), large: Double(value)) }
    }
}
