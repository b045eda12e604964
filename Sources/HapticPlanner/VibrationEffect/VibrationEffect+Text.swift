import HapticCore

extension VibrationEffect {
    /// The text `toString()` prints for the effect on Android at `apiLevel` (26–36; docs/android.md,
    /// "VibrationEffect text", each format with its source). An effect a level cannot hold (a
    /// segment before API 31, a `Pwle` before 36) prints in the nearest form that level has.
    public func text(apiLevel: Int) -> String {
        if apiLevel >= 31, let steps = steps { return steps.text(apiLevel: apiLevel) }
        switch self {
        case let .oneShot(durationMs, amplitude):
            return "OneShot{\(apiLevel < 28 ? "mTiming" : "mDuration")=\(durationMs), mAmplitude=\(amplitude)}"
        case let .waveform(timings, amplitudes, repeatIndex):
            return "Waveform{mTimings=\(Self.list(timings.map(String.init))), mAmplitudes=\(Self.list(amplitudes.map(String.init))), mRepeat=\(repeatIndex)}"
        case let .prebaked(effect, strength, fallback, fallbackEffect):
            if apiLevel < 28 { return "Prebaked{mEffectId=\(effect), mFallback=\(fallback)}" }
            if apiLevel < 31 { return "Prebaked{mEffectId=\(effect), mEffectStrength=\(strength ?? 1), mFallback=\(fallback)}" }
            _ = fallbackEffect
            return "Composed{segments=[\(Segment.prebaked(effect: effect, strength: strength ?? 1, fallback: fallback).text(apiLevel: apiLevel))], repeat=-1}"
        case .primitives(let primitives):
            if apiLevel >= 31 { return VibrationEffect.composed(segments: primitives.map(Segment.primitive), repeatIndex: -1).text(apiLevel: apiLevel) }
            let items = primitives.map { "PrimitiveEffect{id=\(Self.primitiveName($0.id, apiLevel: apiLevel)), scale=\(JavaNumber.float($0.scale)), delay=\($0.delayMs)}" }
            return "Composed{mPrimitiveEffects=\(Self.list(items))}"
        case let .composed(segments, repeatIndex):
            return "Composed{segments=\(Self.list(segments.map { $0.text(apiLevel: apiLevel) })), repeat=\(repeatIndex)}"
        }
    }

    /// A one-shot or waveform as API 31 and later build it: one step per timing, the amplitude
    /// over 255 (the default staying -1), the frequency the device's default (0).
    var steps: VibrationEffect? {
        switch self {
        case let .oneShot(durationMs, amplitude):
            return .composed(segments: [.step(amplitude: Self.stepAmplitude(amplitude), frequency: 0, durationMs: Int(clamping: durationMs))], repeatIndex: -1)
        case let .waveform(timings, amplitudes, repeatIndex):
            let segments = zip(timings, amplitudes).map { Segment.step(amplitude: Self.stepAmplitude($1), frequency: 0, durationMs: Int(clamping: $0)) }
            return .composed(segments: segments, repeatIndex: repeatIndex)
        default: return nil
        }
    }

    /// An amplitude 0–255 (-1 the default) as a step's 0–1 (the default stays -1).
    static func stepAmplitude(_ amplitude: Int) -> Float {
        amplitude == defaultAmplitude ? -1 : Float(amplitude) / 255
    }

    /// `PRIMITIVE_CLICK` (API 30–34) or `CLICK` (from API 35), or the id as a number when it has no name.
    static func primitiveName(_ id: Int, apiLevel: Int) -> String {
        guard primitiveNames.indices.contains(id) else { return String(id) }
        return (apiLevel >= 35 ? "" : "PRIMITIVE_") + primitiveNames[id]
    }

    /// Java's `Arrays.toString` and `AbstractCollection.toString`: `[a, b]`.
    static func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
}

extension VibrationEffect.Segment {
    /// The segment's `toString()` at `apiLevel` (31–36): frequencies are `frequency` on 31–32 and
    /// `frequencyHz` from 33.
    public func text(apiLevel: Int) -> String {
        let hz = apiLevel >= 33 ? "FrequencyHz" : "Frequency"
        func f(_ value: Float) -> String { JavaNumber.float(value) }
        switch self {
        case let .step(amplitude, frequency, durationMs):
            let frequencyText = frequency.map { ", \(hz.prefix(1).lowercased() + hz.dropFirst())=\(f($0))" } ?? ""
            return "Step{amplitude=\(f(amplitude))\(frequencyText), duration=\(durationMs)}"
        case let .ramp(startAmplitude, endAmplitude, startFrequency, endFrequency, durationMs):
            return "Ramp{startAmplitude=\(f(startAmplitude)), endAmplitude=\(f(endAmplitude)), start\(hz)=\(f(startFrequency)), "
                + "end\(hz)=\(f(endFrequency)), duration=\(durationMs)}"
        case .primitive(let primitive):
            let delayType = VibrationEffect.delayTypeNames.indices.contains(primitive.delayType) ? VibrationEffect.delayTypeNames[primitive.delayType] : String(primitive.delayType)
            return "Primitive{primitive=\(VibrationEffect.primitiveName(primitive.id, apiLevel: apiLevel)), scale=\(f(primitive.scale)), delay=\(primitive.delayMs)"
                + (apiLevel >= 36 ? ", delayType=\(delayType)}" : "}")
        case let .prebaked(effect, strength, fallback):
            let strengthText = VibrationEffect.strengthNames.indices.contains(strength) ? VibrationEffect.strengthNames[strength] : String(strength)
            return "Prebaked{effect=\(VibrationEffect.effectNames[effect] ?? String(effect)), strength=\(strengthText), fallback=\(fallback)}"
        case let .pwle(startAmplitude, endAmplitude, startFrequencyHz, endFrequencyHz, durationMs):
            return "Pwle{startAmplitude=\(f(startAmplitude)), endAmplitude=\(f(endAmplitude)), startFrequencyHz=\(f(startFrequencyHz)), "
                + "endFrequencyHz=\(f(endFrequencyHz)), duration=\(durationMs)}"
        case let .basicPwle(startIntensity, endIntensity, startSharpness, endSharpness, durationMs):
            return "BasicPwle{startIntensity=\(f(startIntensity)), endIntensity=\(f(endIntensity)), startSharpness=\(f(startSharpness)), "
                + "endSharpness=\(f(endSharpness)), duration=\(durationMs)}"
        }
    }
}

/// Numbers as Java's `String.valueOf` prints them.
public enum JavaNumber {
    /// `Float.toString`: the shortest digits that read back as the float, as a plain decimal with
    /// at least one digit after the point for magnitudes in [10⁻³, 10⁷), else as `d.dddE±n`;
    /// `NaN`, `Infinity`, `-Infinity`, `-0.0`.
    public static func float(_ value: Float) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        // Swift's description gives the shortest round-tripping digits; only the layout differs.
        let (negative, digits, exponent) = decimalDigits(of: "\(value.magnitude)")
        let sign = negative || value < 0 ? "-" : ""
        let magnitude = value.magnitude
        if magnitude >= 1e-3 && magnitude < 1e7 {
            if exponent >= 0 {
                let whole = digits.count > exponent ? String(digits.prefix(exponent + 1)) : digits + String(repeating: "0", count: exponent + 1 - digits.count)
                let fraction = digits.count > exponent + 1 ? String(digits.dropFirst(exponent + 1)) : "0"
                return sign + whole + "." + fraction
            }
            return sign + "0." + String(repeating: "0", count: -exponent - 1) + digits
        }
        let fraction = digits.count > 1 ? String(digits.dropFirst()) : "0"
        return sign + String(digits.prefix(1)) + "." + fraction + "E" + String(exponent)
    }

    /// The significant digits of a decimal text (`1.25e-05`, `300.0`) without leading or trailing
    /// zeros, and the power of ten of the first digit.
    static func decimalDigits(of text: String) -> (negative: Bool, digits: String, exponent: Int) {
        var body = Substring(text)
        let negative = body.hasPrefix("-")
        if negative { body = body.dropFirst() }
        var exponent = 0
        if let e = body.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(body[body.index(after: e)...]) ?? 0
            body = body[..<e]
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0]), fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = whole + fraction
        var firstPower = exponent + whole.count - 1
        while digits.hasPrefix("0") && digits.count > 1 { digits.removeFirst(); firstPower -= 1 }
        while digits.hasSuffix("0") && digits.count > 1 { digits.removeLast() }
        return (negative, digits, firstPower)
    }
}
