import AudioCore
import HapticCore

extension AudioToHaptics.Settings {
    /// The keys of a settings file: Meta's analysis settings as Studio stores them (snake_case, the
    /// stages nested), and the pre-processing's.
    static let keys = ["spectrum", "amplitude", "amplitude_breakpoints_per_second", "frequency", "frequency_breakpoints_per_second",
                       "emphasis_enabled", "emphasis", "minimum_breakpoint_score"]

    /// Reads a settings file (`from-audio --settings`, docs/from-audio.md): any of Studio's keys,
    /// each checked where it enters (the analysis' at the top or inside `offline`, as a Studio
    /// project stores a clip's `settings`); the others keep their defaults.
    /// - Throws: `SettingsFileError` with the file, line, column and JSON path of what is wrong.
    public static func read(file path: String) throws(SettingsFileError) -> Self {
        try read(SettingsReader.root(of: path), at: .root, reader: SettingsReader(file: path))
    }

    /// The settings in `root` (at `at` in its file).
    static func read(_ root: JSONNode, at rootPath: JSONPath, reader: SettingsReader) throws(SettingsFileError) -> Self {
        var settings = Self()
        // The analysis' keys at the top, or inside "offline" as a Studio project stores a clip's settings.
        let outer = try reader.members(root, rootPath, keys: ["preprocessing", "offline"] + keys, what: "an object of from-audio settings")
        var top = outer, base = rootPath
        if let offline = outer["offline"] {
            base = rootPath.appending("offline")
            top = try reader.members(offline, base, keys: keys, what: "an object of analysis settings")
            top["preprocessing"] = outer["preprocessing"]
        }
        /// The members of a nested stage.
        func stage(_ key: String, _ keys: [String]) throws(SettingsFileError) -> (members: [String: JSONNode], path: JSONPath)? {
            guard let node = top[key] else { return nil }
            let path = key == "preprocessing" ? rootPath.appending(key) : base.appending(key)
            return (try reader.members(node, path, keys: keys, what: "an object of \(key) settings"), path)
        }
        /// A number of a stage in `range`, or nil when absent.
        func number(_ members: [String: JSONNode], _ key: String, at path: JSONPath, _ range: ClosedRange<Double>) throws(SettingsFileError) -> Float? {
            guard let node = members[key] else { return nil }
            return Float(try reader.number(node, path.appending(key), "within \(NumberText.significant(range.lowerBound))...\(NumberText.significant(range.upperBound))") { range.contains($0) })
        }
        if let (members, path) = try stage("preprocessing", ["gain_db", "normalize_audio", "normalize_level_db"]) {
            settings.gainDb = try number(members, "gain_db", at: path, -60...60) ?? settings.gainDb
            settings.normalizes = try reader.flag(members["normalize_audio"], path.appending("normalize_audio"), default: settings.normalizes)
            settings.normalizeDb = try number(members, "normalize_level_db", at: path, -60...0) ?? settings.normalizeDb
        }
        if let (members, path) = try stage("spectrum", ["fft_size", "overlap_factor", "centroid_lowpass_hz"]) {
            if let node = members["fft_size"] {
                let size = try reader.whole(node, path.appending("fft_size"), minimum: 4)
                guard size <= 65_536, size & (size - 1) == 0 else { throw reader.fail("must be a power of two from 4 to 65536 (got \(size))", node, path.appending("fft_size")) }
                settings.analysis.spectrum.fftSize = Int(size)
            }
            if let node = members["overlap_factor"] {
                let overlap = try reader.whole(node, path.appending("overlap_factor"), minimum: 1)
                // The work grows with the overlap (an FFT every fft_size / overlap samples): at most 64, and a
                // hop of at least 8 samples, so no pair in range runs for minutes.
                let size = settings.analysis.spectrum.fftSize
                guard overlap <= 64, size / Int(overlap) >= 8 else {
                    throw reader.fail("must be at most 64 and leave a hop (fft_size / overlap_factor) of at least 8 samples; fft_size is \(size) (got \(overlap))",
                                      node, path.appending("overlap_factor"))
                }
                settings.analysis.spectrum.overlap = Int(overlap)
            }
            settings.analysis.spectrum.centroidLowpassHz = try number(members, "centroid_lowpass_hz", at: path, 1...192_000) ?? settings.analysis.spectrum.centroidLowpassHz
        }
        if let (members, path) = try stage("amplitude", ["time_between_updates", "envelope_attack_time", "envelope_hold_time", "envelope_release_time",
                                                         "rms_windowing_time"]) {
            var amplitude = settings.analysis.amplitude
            amplitude.updateSeconds = try number(members, "time_between_updates", at: path, 1e-5...1) ?? amplitude.updateSeconds
            amplitude.attackSeconds = try number(members, "envelope_attack_time", at: path, 0...10) ?? amplitude.attackSeconds
            amplitude.holdSeconds = try number(members, "envelope_hold_time", at: path, 0...10) ?? amplitude.holdSeconds
            amplitude.releaseSeconds = try number(members, "envelope_release_time", at: path, 0...10) ?? amplitude.releaseSeconds
            // A window of 0 s would divide by zero (an envelope of NaN): at least 10 µs.
            amplitude.rmsWindowSeconds = try number(members, "rms_windowing_time", at: path, 1e-5...10) ?? amplitude.rmsWindowSeconds
            settings.analysis.amplitude = amplitude
        }
        if let (members, path) = try stage("frequency", ["frequency_min", "frequency_max", "output_min", "output_max"]) {
            var frequency = settings.analysis.frequency
            frequency.lowHz = try number(members, "frequency_min", at: path, 0...192_000) ?? frequency.lowHz
            frequency.highHz = try number(members, "frequency_max", at: path, 0...192_000) ?? frequency.highHz
            frequency.outputLow = try number(members, "output_min", at: path, 0...1) ?? frequency.outputLow
            frequency.outputHigh = try number(members, "output_max", at: path, 0...1) ?? frequency.outputHigh
            guard frequency.lowHz < frequency.highHz else {
                throw reader.fail("frequency_min must be below frequency_max (\(frequency.lowHz) and \(frequency.highHz))", top["frequency"]!, path)
            }
            settings.analysis.frequency = frequency
        }
        if let (members, path) = try stage("emphasis", ["sensitivity_percent", "peak_window_ms", "minimum_rise", "plateau_factor_percent", "sharpness_min",
                                                        "sharpness_max", "ducking_percent"]) {
            var emphasis = settings.analysis.emphasis
            emphasis.sensitivityPercent = try number(members, "sensitivity_percent", at: path, 0...100) ?? emphasis.sensitivityPercent
            emphasis.peakWindowMs = try number(members, "peak_window_ms", at: path, 0...10_000) ?? emphasis.peakWindowMs
            emphasis.minimumRise = try number(members, "minimum_rise", at: path, 0...1) ?? emphasis.minimumRise
            emphasis.plateauFactorPercent = try number(members, "plateau_factor_percent", at: path, 0...1_000) ?? emphasis.plateauFactorPercent
            emphasis.sharpnessMin = try number(members, "sharpness_min", at: path, 0...1) ?? emphasis.sharpnessMin
            emphasis.sharpnessMax = try number(members, "sharpness_max", at: path, 0...1) ?? emphasis.sharpnessMax
            emphasis.duckingPercent = try number(members, "ducking_percent", at: path, 0...100) ?? emphasis.duckingPercent
            settings.analysis.emphasis = emphasis
        }
        for (key, assign) in [("amplitude_breakpoints_per_second", { (value: Int) in settings.analysis.amplitudePerSecond = value }),
                              ("frequency_breakpoints_per_second", { (value: Int) in settings.analysis.frequencyPerSecond = value })] {
            guard let node = top[key] else { continue }
            let value = try reader.whole(node, base.appending(key), minimum: 1)
            guard value <= 1_000 else { throw reader.fail("must be at most 1000 (got \(value))", node, base.appending(key)) }
            assign(Int(value))
        }
        settings.analysis.emphasisEnabled = try reader.flag(top["emphasis_enabled"], base.appending("emphasis_enabled"), default: true)
        if let node = top["minimum_breakpoint_score"] {
            settings.analysis.minimumScore = Float(try reader.number(node, base.appending("minimum_breakpoint_score"), "within 0...1") { (0...1).contains($0) })
        }
        return settings
    }
}
