@_exported import AudioCore
@_exported import AudioIO
@_exported import HapticCore
@_exported import HapticPlanner
@_exported import HapticPlayback
@_exported import HapticSynth

/// hapsynth as a library: read a pattern.json or AHAP file, plan it as Core Haptics would, and
/// render what the actuator would do to memory or to a sound file. `import HapsynthKit` brings
/// the whole model too (the pattern DSL, plans, profiles, the executor).
public enum Hapsynth {
    /// A pattern read from a file and planned for a device.
    public struct Loaded: Sendable {
        /// What Core Haptics would receive.
        public let plan: PlaybackPlan
        /// Warnings from reading and importing, one line each (`file:line:column: …`).
        public let warnings: [String]
    }

    /// Reads a pattern.json or AHAP file (told apart by their content) and plans it for `device`.
    /// - Throws: `PatternFileError` or `AHAPError` with the file, line, column and JSON path,
    ///   or a `PatternError` from planning.
    public static func load(contentsOf path: String, device: DeviceCapabilities = .iPhone) throws -> Loaded {
        if path.hasSuffix(".ahap") {
            let document = try AHAPImport.read(contentsOf: path, capabilities: device)
            return Loaded(plan: document.plan, warnings: document.warnings.map(\.description))
        }
        let document = try PatternReader.read(contentsOf: path)
        return Loaded(plan: try HapticPlanner.plan(document.pattern, capabilities: device),
                      warnings: document.warnings.map(\.description))
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

    /// Renders a plan to a WAV, FLAC or OGG file (by the extension unless `container` is given),
    /// written under a temporary name and moved into place only when complete.
    /// - Parameter threads: 2 or more write the file on a second thread while rendering (the
    ///   samples are the same).
    public static func render(
        _ plan: PlaybackPlan, to path: String, profile: ActuatorProfile = ActuatorProfile(), container: SoundFileContainer? = nil,
        threads: Int = 1
    ) throws -> RenderSummary {
        guard let container = container ?? SoundFileContainer(pathExtension: path) else {
            throw HapsynthError(message: "cannot tell the format of '\(path)' from its extension (wav, flac or ogg); give a container")
        }
        let target = try OutputFile(path: path)
        defer { target.discard() }
        let writer = try SoundFileWriter(
            fileDescriptor: target.fileDescriptor, name: path, format: AudioFormat(sampleRate: profile.sampleRate),
            container: container, encoding: container.defaultEncoding)
        let summary = try OfflineRender.render(plan, profile: profile, into: writer, threads: threads)
        try writer.finish()
        try target.commit()
        return summary
    }
}

/// A mistake in how the library was called, in words.
public struct HapsynthError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
