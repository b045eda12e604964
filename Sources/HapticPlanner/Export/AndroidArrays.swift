import HapticCore

/// The arrays Android code passes to `VibrationEffect.createWaveform(timings, amplitudes, -1)`, for
/// any input (docs/export.md): a `.haptic` clip as Meta's Android renderer samples it, a pattern or
/// an AHAP file as the Jindong planner's waveform path plays it on a device (its envelope and
/// primitive paths left out, since the arrays are a waveform).
public enum AndroidArrays {
    /// What is exported, and what is worth saying about it.
    public struct Export: Sendable {
        public let waveform: AndroidWaveform
        public let warnings: [String]
    }

    /// Segments over which a waveform may not fit one Binder transaction (the Jindong limit).
    public static let warningSegments = AndroidLimits.maxWaveformSegments

    /// The waveform of `loaded`: for a clip, sampled at `sampleRateHz` with `gain`; else the
    /// waveform path of `device`.
    /// - Throws: `ExportError.silent` when every amplitude is 0 (`createWaveform` refuses that),
    ///   `.unsupported` when the device cannot play it.
    public static func export(
        _ loaded: LoadedPattern, device: AndroidDevice = .amplitudePhone,
        sampleRateHz: Float = HapticClip.defaultAndroidSampleRateHz, gain: Float = 1
    ) throws(ExportError) -> Export {
        let plan: AndroidPlan
        if let clip = loaded.clip {
            plan = clip.androidPlan(on: .amplitudePhone, sampleRateHz: sampleRateHz, gain: gain)
        } else {
            var waveformOnly = device
            waveformOnly.envelope = nil
            waveformOnly.primitiveDurationsMs = [:]
            plan = loaded.androidPlan(on: waveformOnly)
        }
        switch plan.backend {
        case .unsupported: throw .unsupported(plan.unsupportedReason ?? "the device cannot play it")
        case .androidWaveform: break
        default: throw .silent
        }
        guard let waveform = plan.waveform, waveform.amplitudes.contains(where: { $0 > 0 }) else { throw .silent }
        var warnings: [String] = []
        if waveform.timings.count > warningSegments {
            warnings.append("the waveform has \(waveform.timings.count) entries, over \(warningSegments): it may not fit one Binder transaction "
                + "on a phone; a lower sample rate makes fewer")
        }
        return Export(waveform: waveform, warnings: warnings)
    }

    /// `{"amplitudes": […], "timings": […], "repeat": -1}` (Haptics Studio's keys).
    public static func json(_ waveform: AndroidWaveform) -> String {
        JSONOutput.object([
            ("amplitudes", .array(waveform.amplitudes.map { .integer(Int64($0)) })),
            ("timings", .array(waveform.timings.map { .integer($0) })),
            ("repeat", .integer(-1)),
        ]).pretty() + "\n"
    }

    /// A Kotlin property, as Haptics Studio writes one (18 numbers a line):
    /// `val name = VibrationEffect.createWaveform(longArrayOf(…), intArrayOf(…), -1)`.
    public static func kotlin(_ waveform: AndroidWaveform, name: String) -> String {
        func lines(_ values: [String]) -> String {
            stride(from: 0, to: values.count, by: 18).map { values[$0..<min($0 + 18, values.count)].joined(separator: ", ") }
                .joined(separator: ",\n      ")
        }
        return """
            val \(name) = VibrationEffect.createWaveform(
                longArrayOf(
                  \(lines(waveform.timings.map(String.init)))
                ),
                intArrayOf(
                  \(lines(waveform.amplitudes.map(String.init)))
                ),
                -1
              )

            """
    }

    /// Kotlin's hard keywords: no property may be named one.
    static let kotlinKeywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null", "object",
        "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var", "when", "while",
    ]

    /// Whether `name` can be written as a Kotlin property's name as it is: ASCII letters, digits
    /// and `_`, not starting with a digit, not a hard keyword.
    public static func isKotlinName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } && !kotlinKeywords.contains(name)
    }

    /// A Kotlin name from a file name, as Haptics Studio makes one: characters other than letters,
    /// digits, spaces and underscores dropped, words (split at spaces and underscores) in camel case,
    /// `clip` before a leading digit, `clip` when nothing is left (`Big Boom_2` → `bigBoom2`).
    public static func variableName(_ fileName: String) -> String {
        let kept = fileName.filter { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == " " || $0 == "_" || $0 == "\t" }
        let words = kept.split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { return "clip" }
        let camel = words.enumerated().map { index, word in
            index == 0 ? word.lowercased() : word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }.joined()
        if kotlinKeywords.contains(camel) { return camel + "Clip" }
        guard let first = camel.first, first.isNumber else { return camel }
        return "clip" + camel.prefix(1).uppercased() + camel.dropFirst()
    }
}

/// An input that cannot be exported.
public enum ExportError: Error, Sendable, CustomStringConvertible {
    /// Nothing is felt: every amplitude would be 0.
    case silent
    /// The device cannot play the input.
    case unsupported(String)

    public var description: String {
        switch self {
        case .silent: return "nothing to export: every amplitude is 0, and Android's createWaveform refuses a waveform of zeros"
        case .unsupported(let reason): return "cannot export for this device: \(reason)"
        }
    }
}
