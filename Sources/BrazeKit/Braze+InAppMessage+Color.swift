extension Braze.InAppMessage {
    /// A colour stored as a 32-bit `0xAARRGGBB` value; write it as an integer literal.
    public struct Color: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByIntegerLiteral, CustomStringConvertible {
        /// The `0xAARRGGBB` value.
        public var rawValue: UInt32

        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public init(integerLiteral value: UInt32) { self.rawValue = value }

        /// From components in 0...1 (out-of-range values are clamped).
        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            func byte(_ v: Double) -> UInt32 { UInt32((min(1, max(0, v.isNaN ? 0 : v)) * 255).rounded()) }
            rawValue = byte(alpha) << 24 | byte(red) << 16 | byte(green) << 8 | byte(blue)
        }

        /// Red, 0...1.
        public var r: Double { Double((rawValue >> 16) & 0xFF) / 255 }
        /// Green, 0...1.
        public var g: Double { Double((rawValue >> 8) & 0xFF) / 255 }
        /// Blue, 0...1.
        public var b: Double { Double(rawValue & 0xFF) / 255 }
        /// Alpha, 0...1.
        public var a: Double { Double((rawValue >> 24) & 0xFF) / 255 }

        public var description: String {
            let hex = String(rawValue, radix: 16, uppercase: true)
            return "0x" + String(repeating: "0", count: max(0, 8 - hex.count)) + hex
        }

        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(UInt32.self)
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(rawValue)
        }
    }
}
