/// An Android `VibrationEffect` as an app builds it and as `toString()` prints it
/// (docs/android.md, "VibrationEffect text"): the classes of API 26–30 (`OneShot`, `Waveform`,
/// `Prebaked`, API 30's `Composed` of primitive effects) and, from API 31, one `Composed` of
/// segments with a repeat index.
public indirect enum VibrationEffect: Hashable, Sendable {
    /// `createOneShot(durationMs, amplitude)` on API 26–30: amplitude 1–255, or -1 (the default).
    case oneShot(durationMs: Int64, amplitude: Int)
    /// `createWaveform(timings, amplitudes, repeat)` on API 26–30: off and on stretches in ms with
    /// their amplitudes (0–255, -1 the default); `repeat` the index looped from, -1 none.
    case waveform(timingsMs: [Int64], amplitudes: [Int], repeatIndex: Int)
    /// A predefined effect (`VibrationEffect.get`, `createPredefined`) on API 26–30: its id, its
    /// strength (nil where the API level prints none), whether Android may fall back to a
    /// waveform, and (API 30) the fallback effect itself.
    case prebaked(effect: Int, strength: Int?, fallback: Bool, fallbackEffect: VibrationEffect?)
    /// API 30's composition of primitives.
    case primitives([Primitive])
    /// API 31 and later: the segments in order, and the index looped from (-1: none).
    case composed(segments: [Segment], repeatIndex: Int)

    /// One primitive of a composition: its id (`PRIMITIVE_CLICK` is 1), its scale 0–1 and the
    /// delay before it, in ms.
    public struct Primitive: Hashable, Sendable {
        public var id: Int
        public var scale: Float
        public var delayMs: Int
        /// What the delay counts from (API 36's `delayType`): 0 `PAUSE`, after the previous
        /// primitive ends; 1 `START_OFFSET`, after it starts.
        public var delayType: Int

        public init(id: Int, scale: Float, delayMs: Int, delayType: Int = 0) {
            (self.id, self.scale, self.delayMs, self.delayType) = (id, scale, delayMs, delayType)
        }
    }

    /// One segment of an API 31+ effect.
    public enum Segment: Hashable, Sendable {
        /// A fixed amplitude (0–1, or -1 the default) and frequency (Hz from API 33, relative
        /// on API 31–32, 0: the device's default; nil where the level prints none) for a duration in ms.
        case step(amplitude: Float, frequency: Float?, durationMs: Int)
        /// Amplitude and frequency moving linearly over a duration in ms.
        case ramp(startAmplitude: Float, endAmplitude: Float, startFrequency: Float, endFrequency: Float, durationMs: Int)
        case primitive(Primitive)
        /// A predefined effect: its id, strength and whether a fallback may play.
        case prebaked(effect: Int, strength: Int, fallback: Bool)
        /// API 36's envelope segment in amplitude (0–1) and frequency (Hz) over a duration in ms.
        case pwle(startAmplitude: Float, endAmplitude: Float, startFrequencyHz: Float, endFrequencyHz: Float, durationMs: Int64)
        /// API 36's basic envelope segment in intensity and sharpness (0–1) over a duration in ms.
        case basicPwle(startIntensity: Float, endIntensity: Float, startSharpness: Float, endSharpness: Float, durationMs: Int64)
    }
}

extension VibrationEffect {
    /// `PRIMITIVE_*` names by id, as `Composition.primitiveToString` prints them.
    public static let primitiveNames = ["NOOP", "CLICK", "THUD", "SPIN", "QUICK_RISE", "SLOW_RISE", "QUICK_FALL", "TICK", "LOW_TICK"]

    /// `EFFECT_*` names by id, as `effectIdToString` prints them (other ids print as numbers).
    public static let effectNames: [Int: String] = [0: "CLICK", 1: "DOUBLE_CLICK", 2: "TICK", 3: "THUD", 4: "POP", 5: "HEAVY_CLICK", 21: "TEXTURE_TICK"]

    /// `Composition.DELAY_TYPE_*` names by value, as API 36's `delayTypeToString` prints them.
    public static let delayTypeNames = ["PAUSE", "START_OFFSET"]

    /// `EFFECT_STRENGTH_*` names by value, as `effectStrengthToString` prints them.
    public static let strengthNames = ["LIGHT", "MEDIUM", "STRONG"]

    /// `DEFAULT_AMPLITUDE`: the device's default strength, which the framework resolves to 255.
    public static let defaultAmplitude = -1

    /// The lowest and highest API level whose `toString` hapsynth reads and writes.
    public static let apiLevels = 26...36
}
