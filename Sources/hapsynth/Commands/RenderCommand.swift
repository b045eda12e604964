import AudioCore
import FoundationEssentials
import Glibc
import AudioIO
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// `hapsynth render <pattern> <out>`: plays the pattern through the executor on the audio engine
/// into a sound file, written atomically (docs/files-and-limits.md, docs/command-line.md).
struct RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render what the actuator would do to a WAV, FLAC or OGG file."
    static let discussion = """
        The file is written beside the target under a temporary name and renamed into place only
        when complete. Prints one summary line; warnings go to stderr.
        """
    static let positionals = [
        PositionalSpec(name: "pattern", help: "A pattern.json or AHAP file."),
        PositionalSpec(name: "out", help: "The sound file to write (.wav, .flac or .ogg)."),
    ]
    static var options: [OptionSpec] {
        [
            OptionSpec(name: "--format", valueName: "wav|flac|ogg", help: "Container (default: from the extension)."),
            OptionSpec(name: "--encoding", valueName: "float|pcm16|pcm24", help: "Sample encoding (default: per format)."),
        ] + ProfileOptions.specs + [
            OptionSpec(name: "--allow-long", valueName: nil, help: "Allow renders longer than 24 hours."),
            OptionSpec(name: "--platform", valueName: "ios|android|both", help: "Render as an iPhone (default), an Android phone, or both (stereo: left iOS, right Android)."),
            OptionSpec(name: "--android-device", valueName: "NAME|FILE", help: "With --platform android or both: the Android device (default flagship-api36)."),
            OptionSpec(name: "--threads", valueName: "N", help: "Threads: 2 writes while rendering, 3+ also splits the voices (default: the cores; same samples)."),
            OptionSpec(name: "--quiet", valueName: nil, help: "Hide warnings.", short: "-q"),
            OptionSpec(name: "--strict", valueName: nil, help: "Exit 65 when there is any warning."),
        ]
    }

    let patternPath: String
    let outputPath: String
    let container: SoundFileContainer
    let encoding: SampleEncoding
    let profile: ActuatorProfile
    let allowLong, quiet, strict: Bool
    /// Threads the render may use: 1; 2 (writing on its own thread); 3 or more (the mixer's lanes
    /// too). The output is the same for any count.
    let threads: Int
    /// With `--platform android` or `both`: the Android device; `both`: a stereo file.
    let androidDevice: AndroidDevice?
    let both: Bool

    init(_ arguments: ParsedArguments) throws(CLIError) {
        patternPath = arguments.positionals[0]
        outputPath = arguments.positionals[1]
        if let name = arguments.value("--format") {
            guard let container = SoundFileContainer(rawValue: name) else {
                throw .usage("--format must be wav, flac or ogg, got '\(name)'", command: Self.name)
            }
            self.container = container
        } else if let container = SoundFileContainer(pathExtension: outputPath) {
            self.container = container
        } else {
            throw .usage("cannot tell the format of '\(outputPath)' from its extension; use --format", command: Self.name)
        }
        if let name = arguments.value("--encoding") {
            guard let encoding = SampleEncoding(rawValue: name), encoding != .vorbis else {
                throw .usage("--encoding must be float, pcm16 or pcm24, got '\(name)'", command: Self.name)
            }
            self.encoding = encoding
        } else {
            encoding = container.defaultEncoding
        }
        profile = try ProfileOptions.resolve(arguments, command: Self.name)
        guard SoundFileWriter.accepts(container, encoding, format: AudioFormat(sampleRate: profile.sampleRate)) else {
            throw .usage("\(container.rawValue) files cannot hold \(encoding.rawValue) samples at \(profile.sampleRate) Hz",
                         command: Self.name)
        }
        allowLong = arguments.has("--allow-long")
        threads = try arguments.count("--threads", maximum: 256, command: Self.name)
        both = arguments.value("--platform") == "both"
        androidDevice = try AndroidOptions.device(arguments, command: Self.name, allowingBoth: true)
        quiet = arguments.has("--quiet")
        strict = arguments.has("--strict")
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let loaded = try PatternInput.load(patternPath, console: console, quiet: quiet, strict: strict)
        try FileRender.refuseOverwritingInputs(outputPath, inputs: loaded.files)
        let playback = loaded.plan
        if let androidDevice {
            let plan = try loaded.androidPlan(on: androidDevice, path: patternPath, platform: both ? "both" : "android")
            let summary = try Interruption.deferred { () throws(CLIError) in
                try AndroidRender.render(plan, of: patternPath, iosPlan: both ? playback : nil, profile: profile, to: outputPath, container: container,
                                         encoding: encoding, allowLong: allowLong)
            }
            console.out(AndroidRender.summaryLine(summary, path: outputPath, rate: profile.sampleRate, both: both))
            return .success
        }
        let frames = try FileRender.checkedLength(playback, of: patternPath, profile: profile, allowLong: allowLong)
        if let coarse = TransientResolution.warning(in: playback, profile: profile) {
            try PatternInput.warn(coarse, console: console, quiet: quiet, strict: strict)
        }
        let summary = try Interruption.deferred { () throws(CLIError) in try render(playback, frames: frames, console: console) }
        if summary.clampedSampleCount > 0 {
            try PatternInput.warn(Self.clampWarning(summary, plan: playback, profile: profile), console: console, quiet: quiet, strict: strict)
        }
        console.out(RenderCommand.summaryLine(summary, path: outputPath))
        return .success
    }

    /// The clamping warning; when transient clicks overlap, it says so (dense textures clip
    /// because their clicks add up) and names the sum's peak.
    static func clampWarning(_ summary: RenderSummary, plan: PlaybackPlan, profile: ActuatorProfile) -> String {
        let base = "\(summary.clampedSampleCount) samples exceeded full scale and were clamped"
        let overlapping = TransientOverlap.count(in: plan, profile: profile)
        guard overlapping > 0 else { return base + " (the sum peaks at \(RenderCommand.threeDigits(summary.mixPeak)))" }
        return base + "; \(overlapping) transient clicks overlap others and add up (the sum peaks at "
            + "\(RenderCommand.threeDigits(summary.mixPeak))): space them further apart or lower their intensity"
    }

    /// A positive number with three decimals.
    static func threeDigits(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        let thousandths = Int64((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// Renders into a temporary file and moves it into place, with a progress bar on a terminal.
    private func render(_ playback: PlaybackPlan, frames: Int64, console: Console) throws(CLIError) -> RenderSummary {
        let progress = ProgressBar(total: { frames }, console: console)
        defer { progress.clear() }
        return try FileRender.render(
            playback, profile: profile, to: outputPath, container: container, encoding: encoding, allowLong: allowLong,
            threads: threads
        ) { frames in
            progress.update(frames)
            return !Interruption.isRaised
        }
    }

    /// `out.wav: 0.550 s, 26400 frames at 48000 Hz, 2 players, peak 0.8000 (-1.9 dBFS), 0 clamped samples`.
    static func summaryLine(_ summary: RenderSummary, path: String) -> String {
        "\(path): \(lengthText(frames: summary.frameCount, rate: summary.sampleRate)), "
            + "\(summary.playerCount) player\(summary.playerCount == 1 ? "" : "s"), peak \(peakText(summary.peak)), "
            + "\(summary.clampedSampleCount) clamped sample\(summary.clampedSampleCount == 1 ? "" : "s")"
    }

    /// `0.550 s, 26400 frames at 48000 Hz`.
    static func lengthText(frames: Int64, rate: Int) -> String {
        "\(fixed(Double(frames) / Double(rate), 3)) s, \(frames) frames at \(rate) Hz"
    }

    /// `0.8000 (-1.9 dBFS)`, or `0 (silence)`.
    static func peakText(_ peak: Float) -> String {
        peak > 0 ? "\(fixed(Double(peak), 4)) (\(fixed(20 * log10(Double(peak)), 1)) dBFS)" : "0 (silence)"
    }

    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        guard abs(value) < 1e15 else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (abs(value) * scale).rounded() / scale
        var text = String(Int64(rounded))
        if digits > 0 {
            let fraction = Int64(((rounded - rounded.rounded(.down)) * scale).rounded())
            let digitsText = String(fraction)
            text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
        }
        return (value < 0 && rounded != 0 ? "-" : "") + text
    }
}
