import HapticCore

extension EffectTextReader {
    typealias Fields = [(key: String, value: Value, at: Int)]

    /// The effect at the reader's position, every field checked as Android's `validate()` checks it.
    mutating func effect() throws(VibrationEffectTextError) -> VibrationEffect {
        let object = try object()
        return try effect(name: object.name, fields: object.fields, at: object.at)
    }

    func effect(name: String, fields: Fields, at: Int) throws(VibrationEffectTextError) -> VibrationEffect {
        var read = FieldReader(reader: self, name: name, fields: fields, at: at)
        switch name {
        case "OneShot":
            try read.allow(["mTiming", "mDuration", "mAmplitude"])
            let duration = try read.long(read.has("mTiming") ? "mTiming" : "mDuration", in: 1...Int64.max)
            let amplitude = try read.int("mAmplitude", in: -1...255)
            guard amplitude != 0 else { throw read.fail("mAmplitude must be DEFAULT_AMPLITUDE (-1) or 1-255, got 0", key: "mAmplitude") }
            return .oneShot(durationMs: duration, amplitude: amplitude)
        case "Waveform":
            try read.allow(["mTimings", "mAmplitudes", "mRepeat"])
            let timings = try read.list("mTimings").map { (value, at) throws(VibrationEffectTextError) in try read.long(value, at: at, what: "a timing", in: 0...Int64.max) }
            let amplitudes = try read.list("mAmplitudes").map { (value, at) throws(VibrationEffectTextError) in try read.int(value, at: at, what: "an amplitude", in: -1...255) }
            guard timings.count == amplitudes.count else {
                throw read.fail("mTimings has \(timings.count) entries and mAmplitudes \(amplitudes.count); Android needs as many of each", key: "mAmplitudes")
            }
            guard timings.contains(where: { $0 > 0 }) else { throw read.fail("every timing is 0; Android needs one above 0", key: "mTimings") }
            return .waveform(timingsMs: timings, amplitudes: amplitudes, repeatIndex: try read.repeatIndex("mRepeat", count: timings.count))
        case "Prebaked" where read.has("mEffectId"):
            try read.allow(["mEffectId", "mEffectStrength", "mFallback", "mFallbackEffect"])
            let fallbackEffect: VibrationEffect?
            switch read.value("mFallbackEffect") {
            case .object(let innerName, let innerFields)?: fallbackEffect = try effect(name: innerName, fields: innerFields, at: read.at("mFallbackEffect"))
            case .text("null")?, nil: fallbackEffect = nil
            default: throw read.fail("mFallbackEffect must be an effect or null", key: "mFallbackEffect")
            }
            return .prebaked(effect: try read.named("mEffectId", VibrationEffect.effectNames), strength: read.has("mEffectStrength") ? try read.strength("mEffectStrength") : nil,
                             fallback: try read.bool("mFallback"), fallbackEffect: fallbackEffect)
        case "Prebaked":
            // A segment printed on its own (`effect.getSegments().get(0)`): the effect of that one segment.
            return .composed(segments: [try segment(.object(name: name, fields: fields), at: at)], repeatIndex: -1)
        case "Composed" where read.has("mPrimitiveEffects"):
            try read.allow(["mPrimitiveEffects"])
            let primitives = try read.list("mPrimitiveEffects").map { (value, at) throws(VibrationEffectTextError) -> VibrationEffect.Primitive in
                guard case let .object("PrimitiveEffect", inner) = value else { throw fail("expected PrimitiveEffect{id=…, scale=…, delay=…}", at: at) }
                var primitive = FieldReader(reader: self, name: "PrimitiveEffect", fields: inner, at: at)
                try primitive.allow(["id", "scale", "delay"])
                return VibrationEffect.Primitive(id: try primitive.primitiveID("id"), scale: try primitive.float("scale", in: 0...1), delayMs: try primitive.int("delay", in: 0...Int(Int32.max)))
            }
            return .primitives(primitives)
        case "Composed":
            try read.allow(["segments", "repeat", "repeatingDuration"])
            let items = try read.list("segments")
            guard !items.isEmpty else { throw read.fail("a Composed effect needs at least one segment", key: "segments") }
            let segments = try items.map { (value, at) throws(VibrationEffectTextError) in try segment(value, at: at) }
            return .composed(segments: segments, repeatIndex: try read.repeatIndex("repeat", count: segments.count))
        default:
            throw fail("unknown effect '\(name)' (expected OneShot, Waveform, Prebaked or Composed)", at: at)
        }
    }

    /// One segment of an API 31+ `Composed` effect.
    func segment(_ value: Value, at: Int) throws(VibrationEffectTextError) -> VibrationEffect.Segment {
        guard case let .object(name, fields) = value else { throw fail("expected a segment such as Step{…} or Primitive{…}", at: at) }
        var read = FieldReader(reader: self, name: name, fields: fields, at: at)
        let duration = Int(Int32.max)
        switch name {
        case "Step":
            try read.allow(["amplitude", "frequency", "frequencyHz", "duration", "startTimeMillis"])
            let frequencyKey = read.has("frequencyHz") ? "frequencyHz" : "frequency"
            return .step(amplitude: try read.amplitude("amplitude"), frequency: read.has(frequencyKey) ? try read.float(frequencyKey, in: 0...Float.greatestFiniteMagnitude) : nil,
                         durationMs: try read.int("duration", in: 0...duration))
        case "Ramp":
            try read.allow(["startAmplitude", "endAmplitude", "startFrequency", "endFrequency", "startFrequencyHz", "endFrequencyHz", "duration"])
            let hz = read.has("startFrequencyHz") ? "FrequencyHz" : "Frequency"
            return .ramp(startAmplitude: try read.float("startAmplitude", in: 0...1), endAmplitude: try read.float("endAmplitude", in: 0...1),
                         startFrequency: try read.float("start" + hz, in: -Float.greatestFiniteMagnitude...Float.greatestFiniteMagnitude),
                         endFrequency: try read.float("end" + hz, in: -Float.greatestFiniteMagnitude...Float.greatestFiniteMagnitude),
                         durationMs: try read.int("duration", in: 0...duration))
        case "Primitive":
            try read.allow(["primitive", "scale", "delay", "delayType"])
            let delayType = read.has("delayType") ? try read.named("delayType", Dictionary(uniqueKeysWithValues: VibrationEffect.delayTypeNames.enumerated().map { ($0.offset, $0.element) })) : 0
            guard (0...1).contains(delayType) else { throw read.fail("delayType must be PAUSE or START_OFFSET, got \(delayType)", key: "delayType") }
            return .primitive(VibrationEffect.Primitive(id: try read.primitiveID("primitive"), scale: try read.float("scale", in: 0...1), delayMs: try read.int("delay", in: 0...duration),
                                                        delayType: delayType))
        case "Prebaked":
            try read.allow(["effect", "strength", "fallback"])
            return .prebaked(effect: try read.named("effect", VibrationEffect.effectNames), strength: try read.strength("strength"), fallback: try read.bool("fallback"))
        case "Pwle":
            try read.allow(["startAmplitude", "endAmplitude", "startFrequencyHz", "endFrequencyHz", "duration"])
            return .pwle(startAmplitude: try read.float("startAmplitude", in: 0...1), endAmplitude: try read.float("endAmplitude", in: 0...1),
                         startFrequencyHz: try read.float("startFrequencyHz", in: 0...Float.greatestFiniteMagnitude),
                         endFrequencyHz: try read.float("endFrequencyHz", in: 0...Float.greatestFiniteMagnitude), durationMs: try read.long("duration", in: 0...Int64.max))
        case "BasicPwle":
            try read.allow(["startIntensity", "endIntensity", "startSharpness", "endSharpness", "duration"])
            return .basicPwle(startIntensity: try read.float("startIntensity", in: 0...1), endIntensity: try read.float("endIntensity", in: 0...1),
                              startSharpness: try read.float("startSharpness", in: 0...1), endSharpness: try read.float("endSharpness", in: 0...1),
                              durationMs: try read.long("duration", in: 0...Int64.max))
        default:
            throw fail("unknown segment '\(name)' (expected Step, Ramp, Primitive, Prebaked, Pwle or BasicPwle)", at: at)
        }
    }
}

/// The fields of one object, read by name and checked.
struct FieldReader {
    let reader: EffectTextReader
    let name: String
    let fields: EffectTextReader.Fields
    let at: Int

    func has(_ key: String) -> Bool { fields.contains { $0.key == key } }
    func value(_ key: String) -> EffectTextReader.Value? { fields.first { $0.key == key }?.value }
    func at(_ key: String) -> Int { fields.first { $0.key == key }?.at ?? at }
    func fail(_ message: String, key: String) -> VibrationEffectTextError { reader.fail("\(name){…}: \(message)", at: at(key)) }

    /// Refuses a field the class does not print, and one given twice.
    func allow(_ keys: [String]) throws(VibrationEffectTextError) {
        var seen: Set<String> = []
        for field in fields {
            guard keys.contains(field.key) else { throw reader.fail("\(name){…} has no field '\(field.key)' (it has \(keys.joined(separator: ", ")))", at: field.at) }
            guard seen.insert(field.key).inserted else { throw reader.fail("\(name){…} gives '\(field.key)' twice", at: field.at) }
        }
    }

    func text(_ key: String) throws(VibrationEffectTextError) -> String {
        guard let value = value(key) else { throw reader.fail("\(name){…} needs '\(key)'", at: at) }
        guard case .text(let text) = value else { throw fail("\(key) must be a single value", key: key) }
        return text
    }

    func list(_ key: String) throws(VibrationEffectTextError) -> [(EffectTextReader.Value, Int)] {
        guard let value = value(key) else { throw reader.fail("\(name){…} needs '\(key)'", at: at) }
        guard case .list(let items) = value else { throw fail("\(key) must be a list [a, b, …]", key: key) }
        return items
    }

    func long(_ key: String, in range: ClosedRange<Int64>) throws(VibrationEffectTextError) -> Int64 {
        try long(.text(try text(key)), at: at(key), what: key, in: range)
    }

    func long(_ value: EffectTextReader.Value, at: Int, what: String, in range: ClosedRange<Int64>) throws(VibrationEffectTextError) -> Int64 {
        guard case .text(let text) = value, let number = Int64(text) else {
            throw reader.fail("\(name){…}: \(what) must be a whole number \(range.lowerBound)…\(range.upperBound)", at: at)
        }
        guard range.contains(number) else { throw reader.fail("\(name){…}: \(what) must be \(range.lowerBound)…\(range.upperBound), got \(number)", at: at) }
        return number
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws(VibrationEffectTextError) -> Int {
        try int(.text(try text(key)), at: at(key), what: key, in: range)
    }

    func int(_ value: EffectTextReader.Value, at: Int, what: String, in range: ClosedRange<Int>) throws(VibrationEffectTextError) -> Int {
        Int(try long(value, at: at, what: what, in: Int64(range.lowerBound)...Int64(range.upperBound)))
    }

    /// A Java float (`1.0`, `2.5E-4`), finite and in `range`.
    func float(_ key: String, in range: ClosedRange<Float>) throws(VibrationEffectTextError) -> Float {
        let text = try text(key)
        guard let value = Float(text), value.isFinite, text.allSatisfy({ "0123456789.-E".contains($0) }) else {
            throw fail("\(key) must be a finite number, got '\(PatternFileError.shown(text))'", key: key)
        }
        guard range.contains(value) else { throw fail("\(key) must be \(JavaNumber.float(range.lowerBound))…\(JavaNumber.float(range.upperBound)), got \(text)", key: key) }
        return value == 0 ? 0 : value
    }

    /// An amplitude 0–1, or -1.0 (DEFAULT_AMPLITUDE).
    func amplitude(_ key: String) throws(VibrationEffectTextError) -> Float {
        if (try? text(key)) == "-1.0" { return -1 }
        return try float(key, in: 0...1)
    }

    func bool(_ key: String) throws(VibrationEffectTextError) -> Bool {
        switch try text(key) {
        case "true": return true
        case "false": return false
        case let other: throw fail("\(key) must be true or false, got '\(PatternFileError.shown(other))'", key: key)
        }
    }

    /// A name from `names` (`CLICK`) or its number.
    func named(_ key: String, _ names: [Int: String]) throws(VibrationEffectTextError) -> Int {
        let text = try text(key)
        if let id = names.first(where: { $0.value == text })?.key { return id }
        guard let id = Int32(text) else { throw fail("\(key) '\(PatternFileError.shown(text))' is no effect Android names (\(names.values.sorted().joined(separator: ", ")))", key: key) }
        return Int(id)
    }

    func strength(_ key: String) throws(VibrationEffectTextError) -> Int {
        try named(key, Dictionary(uniqueKeysWithValues: VibrationEffect.strengthNames.enumerated().map { ($0.offset, $0.element) }))
    }

    func primitiveID(_ key: String) throws(VibrationEffectTextError) -> Int {
        let text = try text(key)
        let name = text.hasPrefix("PRIMITIVE_") ? String(text.dropFirst(10)) : text
        if let id = VibrationEffect.primitiveNames.firstIndex(of: name) { return id }
        guard let id = Int(text), VibrationEffect.primitiveNames.indices.contains(id) else {
            throw fail("\(key) '\(PatternFileError.shown(text))' is no primitive (PRIMITIVE_\(VibrationEffect.primitiveNames.joined(separator: ", PRIMITIVE_")))", key: key)
        }
        return id
    }

    /// A repeat index: -1, or an index of the `count` entries.
    func repeatIndex(_ key: String, count: Int) throws(VibrationEffectTextError) -> Int {
        let index = try int(key, in: -1...Int(Int32.max))
        guard index < count else { throw fail("\(key)=\(index) is outside the \(count) entries (−1 for none, else 0…\(count - 1))", key: key) }
        return index
    }
}
