/// How strong a vibration is, in 0…1 (0 is silence), stored as a 32-bit float.
///
/// A custom value is kept as requested and used clamped into 0…1 (1.5 → 1.0, −0.1 → 0.0); two
/// intensities are equal when their clamped values are. NaN and infinities are rejected when an
/// event is made (`HapticEvent`), so a pattern never holds one.
public struct Intensity: Hashable, Sendable {
    /// The value as given, before clamping.
    public let requested: Float

    /// Makes an intensity from a 32-bit value; it is used clamped into 0…1.
    public init(_ requested: Float) {
        self.requested = requested
    }

    /// Makes an intensity from a number, converted to the nearest 32-bit float.
    public init(_ requested: Double) {
        self.requested = Float(requested)
    }

    /// The effective value in 0…1 (NaN stays NaN so that validation can reject it).
    public var value: Float {
        requested.isNaN ? requested : min(max(requested, 0), 1)
    }

    /// Whether clamping changed the requested value.
    public var wasClamped: Bool { requested.isFinite && requested != value }

    /// 0.25.
    public static let light = Intensity(Float(0.25))
    /// 0.5, the default everywhere.
    public static let medium = Intensity(Float(0.5))
    /// 0.75.
    public static let strong = Intensity(Float(0.75))
    /// 1.0.
    public static let high = Intensity(Float(1.0))

    /// The preset names in the order they are documented, with their intensities.
    public static let presets: [(name: String, intensity: Intensity)] = [
        ("light", .light), ("medium", .medium), ("strong", .strong), ("high", .high),
    ]

    public static func == (a: Intensity, b: Intensity) -> Bool { a.value == b.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension Intensity: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Double) { self.init(value) }
    public init(integerLiteral value: Int) { self.init(Double(value)) }
}

extension Intensity: CustomStringConvertible {
    /// The clamped value in its shortest round-trip form (`0.75`).
    public var description: String { "\(value)" }
}
