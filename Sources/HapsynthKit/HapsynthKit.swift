@_exported import AudioCore
@_exported import AudioIO
@_exported import HapticCheck
@_exported import HapticCore
@_exported import HapticPlanner
@_exported import HapticPlayback
@_exported import RenderFiles
@_exported import HapticSynth

/// hapsynth as a library: read a pattern.json or AHAP file, plan it as Core Haptics (or an Android
/// phone) would, render what the actuator would do to memory or to a sound file, and check a suite
/// of patterns against golden files. `import HapsynthKit` brings the whole model too (the pattern
/// DSL, plans, profiles, the executor).
public enum Hapsynth {
    /// A file as loaded (kept for code written against earlier versions).
    public typealias Loaded = LoadedPattern

    /// Reads a pattern.json or AHAP file (told apart by their content, whatever the file's name) and
    /// plans it for `device`.
    /// - Throws: `LoadError` with the file, line, column and JSON path.
    public static func load(contentsOf path: String, device: DeviceCapabilities = .iPhone) throws(LoadError) -> LoadedPattern {
        try PatternLoader.load(path, capabilities: device)
    }

    /// Plans a pattern made in Swift (`Pattern { … }`) for `device`.
    public static func plan(_ pattern: Pattern, device: DeviceCapabilities = .iPhone) throws -> PlaybackPlan {
        try HapticPlanner.plan(pattern, capabilities: device)
    }

    /// Renders a plan to mono float samples in memory.
    public static func render(_ plan: PlaybackPlan, profile: ActuatorProfile = ActuatorProfile()) throws -> (samples: [Float], summary: RenderSummary) {
        let output = MemoryOutput(format: AudioFormat(sampleRate: profile.sampleRate))
        let summary = try OfflineRender.render(plan, profile: profile, into: output)
        try output.finish()
        return (output.samples, summary)
    }

    /// Renders a Core Haptics plan to a WAV, FLAC or OGG file (by the extension unless
    /// `container` is given), written under a temporary name and moved into place only when
    /// complete; see `FileRender` for Android and both platforms.
    /// - Parameter threads: 2 or more write the file on a second thread while rendering (the
    ///   samples are the same).
    public static func render(
        _ plan: PlaybackPlan, to path: String, profile: ActuatorProfile = ActuatorProfile(), container: SoundFileContainer? = nil,
        threads: Int = 1
    ) throws -> RenderSummary {
        guard let container = container ?? SoundFileContainer(pathExtension: path) else {
            throw HapsynthError(message: "cannot tell the format of '\(path)' from its extension (wav, flac or ogg); give a container")
        }
        let summary = try FileRender.render(.ios(plan), profile: profile, to: path, container: container, encoding: container.defaultEncoding,
                                            threads: threads)
        return summary.ios!
    }

    /// Checks a suite of patterns against its golden files (docs/golden-tests.md).
    public static func check(_ request: CheckRequest, events: (CheckEvent) -> Void = { _ in }) throws(CheckError) -> CheckResult {
        try GoldenCheck.run(request, events: events)
    }
}

/// A mistake in how the library was called, in words.
public struct HapsynthError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

extension AudioTrackOptions {
    /// These options, reading sounds with libsndfile unless another reader was given.
    public var readingFiles: AudioTrackOptions {
        var options = self
        options.opener = opener ?? SoundFileOpener()
        return options
    }
}
