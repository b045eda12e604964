/// Why the Android planner left a native path for the next one, and what the path it took loses
/// that the one it left would have kept (docs/android.md, "Planning"; lint rule HS203).
public struct AndroidFallback: Hashable, Sendable {
    /// The path left.
    public enum Path: String, Hashable, Sendable { case envelope, primitives }

    /// The limit that made the path unusable.
    public enum Limit: Hashable, Sendable {
        /// An envelope starts and ends at rest; the pattern does not.
        case startOrEnd
        /// An envelope cannot step; the pattern jumps at this time.
        case jump(atMs: Int64)
        /// A transient's envelope pulse would run past the pattern's end.
        case transientNearEnd(atMs: Int64, pulseMs: Int64)
        /// The envelope would last longer than the device allows.
        case totalDuration(ms: Int64, maxMs: Int64)
        /// The envelope needs more control points, or shorter segments, than the device allows.
        case controlPoints(max: Int)
        case segmentLength(minMs: Int64)
        /// The device's envelope limits cannot play anything.
        case unusableLimits
        /// A planning budget (its words).
        case planning(String)
        /// The device lacks a primitive the transients need.
        case missingPrimitive(AndroidPrimitive)
        /// Primitives cannot be spaced as the transients are.
        case primitiveSpacing

        /// What the limit is, in words: `the pattern starts or ends above rest (an envelope starts and ends at 0)`.
        public var text: String {
            switch self {
            case .startOrEnd: return "the pattern starts or ends above rest, and an envelope starts and ends at 0"
            case .jump(let ms): return "the pattern steps at \(ms) ms, and an envelope cannot step"
            case let .transientNearEnd(ms, pulse): return "the transient at \(ms) ms needs a \(pulse) ms pulse past the pattern's end"
            case let .totalDuration(ms, max): return "the envelope would last \(ms) ms, over the device's \(max) ms"
            case .controlPoints(let max): return "the envelope needs more than the device's \(max) control points"
            case .segmentLength(let min): return "the envelope needs segments shorter than the device's \(min) ms"
            case .unusableLimits: return "the device's envelope limits cannot play anything"
            case .planning(let reason): return reason
            case .missingPrimitive(let primitive): return "the device has no \(primitive.rawValue) primitive"
            case .primitiveSpacing: return "the primitives cannot be spaced as the transients are"
            }
        }
    }

    public let from: Path
    public let limit: Limit
    /// What the path taken loses that the one left would have kept (`the sharpness changes (0.2 to
    /// 0.9)`); nil when it loses nothing (taps played as primitives).
    public internal(set) var lost: String?
}
