import HapticCore

/// A Meta Haptics Studio / Lofelt `.haptic` clip, version 1 (docs/haptic.md): an amplitude envelope
/// whose breakpoints may carry an emphasis (a short, sharp accent), and an optional frequency
/// envelope. Values are 32-bit floats, as the format's SDKs read them; times are seconds.
public struct HapticClip: Hashable, Sendable {
    /// An emphasis on an amplitude breakpoint: its amplitude and frequency, each 0…1.
    public struct Emphasis: Hashable, Sendable {
        public let amplitude: Float
        public let frequency: Float

        public init(amplitude: Float, frequency: Float) {
            (self.amplitude, self.frequency) = (amplitude, frequency)
        }
    }

    /// A breakpoint of the amplitude envelope: time in seconds, amplitude 0…1.
    public struct AmplitudePoint: Hashable, Sendable {
        public let timeS: Float
        public let amplitude: Float
        public let emphasis: Emphasis?

        public init(timeS: Float, amplitude: Float, emphasis: Emphasis? = nil) {
            (self.timeS, self.amplitude, self.emphasis) = (timeS, amplitude, emphasis)
        }
    }

    /// A breakpoint of the frequency envelope: time in seconds, frequency 0…1.
    public struct FrequencyPoint: Hashable, Sendable {
        public let timeS: Float
        public let frequency: Float

        public init(timeS: Float, frequency: Float) {
            (self.timeS, self.frequency) = (timeS, frequency)
        }
    }

    /// `major.minor.patch` (major is 1).
    public let version: (major: Int64, minor: Int64, patch: Int64)
    /// The metadata's `description`, when given.
    public let description: String?
    /// The metadata as written (`editor`, `author`, `source`, `project`, `description`, `tags`),
    /// in the file's order, so that an export keeps it.
    public var metadata: [MetadataField] = []

    /// One metadata member: a text, or the list of `tags`.
    public struct MetadataField: Hashable, Sendable {
        public let key: String
        public let text: String?
        public let tags: [String]?
    }
    public let amplitude: [AmplitudePoint]
    /// nil when the clip has no frequency envelope (absent, or `[]`).
    public let frequency: [FrequencyPoint]?

    /// The first and last amplitude breakpoints' times, in seconds.
    public var startS: Float { amplitude.first?.timeS ?? 0 }
    public var endS: Float { amplitude.last?.timeS ?? 0 }

    /// Whether anything is felt: a positive amplitude or emphasis.
    public var isAudible: Bool { amplitude.contains { $0.amplitude > 0 || ($0.emphasis?.amplitude ?? 0) > 0 } }

    public static func == (a: HapticClip, b: HapticClip) -> Bool {
        a.version == b.version && a.description == b.description && a.amplitude == b.amplitude && a.frequency == b.frequency
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(amplitude)
        hasher.combine(frequency)
    }
}

/// A `.haptic` file that cannot be used, with its place.
public struct HapticClipError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let position: SourcePosition
    public let path: JSONPath
    /// What is wrong; for the envelope rules, the text of Meta's SDK.
    public let message: String
    /// What it is, for programs.
    public let code: ReadCode

    public var description: String { "\(file):\(position): \(message) at \(path)" }
}

/// A clip read from a file, with its warnings (each `$.path: message`, kind for grouping).
public struct HapticClipDocument: Sendable {
    public let clip: HapticClip
    public let warnings: [AHAPWarning]
}

/// 32-bit floats as the `.haptic` SDKs print them in their messages: the shortest digits that read
/// back to the same float, never in exponent form, without a trailing `.0` (`1`, `0.5`, `0.0000001`).
enum FloatText {
    static func display(_ value: Float) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-inf" : "inf") }
        let shortest = "\(value)"  // shortest round trip, perhaps with an exponent: 1e-07, 3.4028235e+38
        let negative = shortest.hasPrefix("-")
        let unsigned = negative ? String(shortest.dropFirst()) : shortest
        let parts = unsigned.split(separator: "e")
        let mantissa = parts[0], exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let pieces = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        var digits = String(pieces[0]) + (pieces.count > 1 ? String(pieces[1]) : "")
        var point = pieces[0].count + exponent  // digits before the decimal point
        while digits.count > 1 && digits.hasPrefix("0") && point > 1 { digits.removeFirst(); point -= 1 }
        var text: String
        if point <= 0 {
            text = "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            text = digits + String(repeating: "0", count: point - digits.count)
        } else {
            text = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        }
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return (negative && text != "0" ? "-" : "") + text
    }
}

extension HapticClip {
    /// A version 1.0 clip of these envelopes (a sound's analysis, docs/from-audio.md).
    public init(amplitude: [AmplitudePoint], frequency: [FrequencyPoint]?, description: String? = nil) {
        self.init(version: (1, 0, 0), description: description, amplitude: amplitude, frequency: frequency)
    }
}
