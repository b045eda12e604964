/// What an Android phone offers for vibration: the facts the Android planner chooses a native path
/// from (docs/android.md). A value, a JSON file (`--android-device FILE`) or a named description.
public struct AndroidDevice: Hashable, Sendable {
    /// A name for messages and plans (`flagship-api36`, or the file's).
    public var name: String
    /// Android's API level (26 = Android 8, 31 = Android 12, 36 = Android 16).
    public var apiLevel: Int
    public var hasVibrator: Bool
    /// Whether amplitudes 1…255 are honoured (else any positive amplitude is full strength).
    public var hasAmplitudeControl: Bool
    /// Envelope effects (API 36) and their limits; nil: not supported.
    public var envelope: AndroidEnvelopeLimits?
    /// The composition primitives the device supports, with their durations in milliseconds.
    public var primitiveDurationsMs: [AndroidPrimitive: Int]
    /// Predefined effects as the device's firmware plays them, for `plan` to report (patterns
    /// reach primitives, not predefined effects, so they are not played).
    public var effects: [AndroidFirmwareEffect] = []

    public init(
        name: String, apiLevel: Int, hasVibrator: Bool = true, hasAmplitudeControl: Bool = true, envelope: AndroidEnvelopeLimits? = nil,
        primitiveDurationsMs: [AndroidPrimitive: Int] = [:]
    ) {
        self.name = name
        self.apiLevel = apiLevel
        self.hasVibrator = hasVibrator
        self.hasAmplitudeControl = hasAmplitudeControl
        self.envelope = envelope
        self.primitiveDurationsMs = primitiveDurationsMs
    }

    /// A current flagship: API 36 with envelope effects, every primitive.
    public static let flagship = AndroidDevice(
        name: "flagship-api36", apiLevel: 36,
        envelope: AndroidEnvelopeLimits(maxControlPoints: 16, minSegmentMs: 20, maxSegmentMs: 1000, maxDurationMs: 16_000),
        primitiveDurationsMs: [.click: 12, .tick: 8, .lowTick: 10])
    /// An API 31 phone with composition primitives but no envelopes.
    public static let primitivesPhone = AndroidDevice(
        name: "phone-api31", apiLevel: 31, primitiveDurationsMs: [.click: 12, .tick: 8, .lowTick: 10])
    /// An API 26 phone with amplitude control only (waveforms).
    public static let amplitudePhone = AndroidDevice(name: "phone-api26", apiLevel: 26)
    /// An old phone whose motor is on or off.
    public static let onOffPhone = AndroidDevice(name: "old-phone", apiLevel: 26, hasAmplitudeControl: false)
    /// A device without a vibrator.
    public static let noVibrator = AndroidDevice(name: "no-vibrator", apiLevel: 36, hasVibrator: false, hasAmplitudeControl: false)

    /// The named descriptions, in the order `--android-device` lists them.
    public static let named: [AndroidDevice] = [.flagship, .primitivesPhone, .amplitudePhone, .onOffPhone, .noVibrator]
}

/// The limits of a device's envelope effects (API 36 `VibratorEnvelopeEffectInfo`).
public struct AndroidEnvelopeLimits: Hashable, Sendable {
    public var maxControlPoints: Int
    public var minSegmentMs: Int64
    public var maxSegmentMs: Int64
    public var maxDurationMs: Int64

    public init(maxControlPoints: Int, minSegmentMs: Int64, maxSegmentMs: Int64, maxDurationMs: Int64) {
        self.maxControlPoints = maxControlPoints
        self.minSegmentMs = minSegmentMs
        self.maxSegmentMs = maxSegmentMs
        self.maxDurationMs = maxDurationMs
    }

    /// Whether the limits describe envelopes that can be played at all.
    var isUsable: Bool {
        maxControlPoints > 0 && minSegmentMs > 0 && maxSegmentMs >= minSegmentMs && maxDurationMs > 0 && minSegmentMs <= Int64.max / 2
    }
}

/// A predefined effect (`VibrationEffect.EFFECT_…`) as a device's firmware plays it, at the haptic
/// feedback's default strength.
public struct AndroidFirmwareEffect: Hashable, Sendable {
    /// One stretch of the effect: its length in ms and its level, 0 (off) to 1 (the device's full scale).
    public struct Segment: Hashable, Sendable {
        public let ms: Int64
        public let drive: Double

        public init(ms: Int64, drive: Double) {
            self.ms = ms
            self.drive = drive
        }
    }

    /// The names a device file may use.
    public static let names = ["CLICK", "DOUBLE_CLICK", "TICK", "THUD", "POP", "HEAVY_CLICK", "TEXTURE_TICK"]

    public let name: String
    public let segments: [Segment]

    public init(name: String, segments: [Segment]) {
        self.name = name
        self.segments = segments
    }

    /// The effect's length, in ms.
    public var durationMs: Int64 { segments.reduce(0) { $0 + $1.ms } }
}

/// Android's composition primitives that transients map to.
public enum AndroidPrimitive: String, CaseIterable, Hashable, Sendable, Comparable {
    case click = "CLICK", tick = "TICK", lowTick = "LOW_TICK"

    /// The primitive for a sharpness: below 1/3 `LOW_TICK`, below 2/3 `CLICK`, else `TICK`.
    public static func forSharpness(_ sharpness: Float) -> AndroidPrimitive {
        sharpness < Float(1) / 3 ? .lowTick : (sharpness < Float(2) / 3 ? .click : .tick)
    }

    public static func < (a: AndroidPrimitive, b: AndroidPrimitive) -> Bool { a.rawValue < b.rawValue }
}
