#if canImport(Glibc)
import Glibc
#endif
import HapsynthKit
import HapticCore

/// What the studio's panels and its agent tools show, each made by the HapsynthKit call the
/// matching command makes with no options but the ones named here, so that a panel holds the same
/// bytes as the command's output: `plot P out.svg`, `render P out.wav`, `lint P --format json`,
/// `devices P NAME… --json`, `plan P --json`.
public struct StudioCalls: Sendable {
    /// The platform and Android device a call plays on (`--platform`, `--android-device`).
    public struct Target: Sendable, Equatable {
        /// `ios`, `android` or `both`; nil: what the file plays on without `--platform`.
        public var platform: String?
        /// An Android device or an Android catalogue device; nil: the default.
        public var device: String?
        public init(platform: String? = nil, device: String? = nil) { (self.platform, self.device) = (platform, device) }
    }

    /// The version `lint`'s reports name.
    public let toolVersion: String
    /// Where renders are written before they are read back (a private folder of the studio's).
    let scratch: StudioScratch

    public init(toolVersion: String) throws(StudioError) {
        self.toolVersion = toolVersion
        scratch = try StudioScratch()
    }

    /// `plot PATH out.svg`: the SVG.
    public func plot(_ path: String, on target: Target = Target(), pattern: String? = nil) throws(StudioError) -> String {
        let chosen = try device(target, path: path, allowingBoth: false)
        let loaded = try load(path, capabilities: chosen.capabilities, pattern: pattern)
        var request = PlanPicture.Request()
        request.listenSeconds = 20
        request.audio = AudioTrackOptions(besides: path)
        do {
            return try PlanPicture.draw(loaded, path: path, on: chosen, request).text(asHTML: false)
        } catch {
            throw .failure("\(error)", file: path)
        }
    }

    /// `render PATH out.wav`: the WAV file's bytes.
    public func render(_ path: String, on target: Target = Target(), pattern: String? = nil) throws(StudioError) -> [UInt8] {
        try rendered(path, on: target, pattern: pattern, name: "render.wav").bytes
    }

    /// The render's bytes and the command's summary lines, the file named `name` in them.
    func rendered(_ path: String, on target: Target, pattern: String?, name: String) throws(StudioError) -> (bytes: [UInt8], summary: [String]) {
        let output = scratch.newPath(extension: "wav")
        defer { unlink(output) }
        let summary = try render(path, on: target, pattern: pattern, to: output).map { $0.replacingAll(output, with: name) }
        return (try scratch.read(output), summary)
    }

    /// `render PATH OUTPUT`: writes the WAV and returns the command's summary lines.
    private func render(_ path: String, on target: Target, pattern: String?, to output: String) throws(StudioError) -> [String] {
        let chosen = try device(target, path: path, allowingBoth: true)
        let loaded = try load(path, capabilities: chosen.capabilities, pattern: pattern)
        var request = PatternRender.Request(output: output, container: .wav, encoding: SoundFileContainer.wav.defaultEncoding)
        request.audio = AudioTrackOptions(besides: path)
        request.threads = 2
        do {
            let prepared = try PatternRender.Prepared(loaded, platform: chosen.platform, profile: chosen.profile, request: request, inputs: [])
            return prepared.summaryLines(try prepared.render().0)
        } catch {
            throw .failure("\(error)", file: path)
        }
    }

    /// `lint PATH --format json`: the report.
    public func lint(_ path: String) throws(StudioError) -> String {
        var request = LintRun.Request(inputs: [path])
        do {
            let (config, _, recorded) = try LintRun.config(at: nil)
            request.config = config
            var choice = DeviceChoice()
            (choice.allowsBoth, choice.recorded) = (true, Platform.playing([path], otherwise: recorded))
            let chosen = try choice.target(over: ProfileChoice())
            request.target = LintTarget(platform: chosen.platform)
            request.target.capabilities = chosen.capabilities
            request.format = .json
            return try request.run(toolVersion: toolVersion).text
        } catch {
            throw .failure("\(error)", file: path)
        }
    }

    /// `devices PATH NAME… --json`: each device's row (every catalogue device when `devices` is empty).
    public func devices(_ path: String, devices: [String], pattern: String? = nil) throws(StudioError) -> String {
        do {
            let (patterns, named) = try DeviceRun.sort([path] + devices)
            var run = DeviceRun(patterns: patterns)
            (run.devices, run.patternName) = (named, pattern)
            return try run.run { _ in }.json(gated: false)
        } catch {
            throw .failure("\(error)", file: path)
        }
    }

    /// `plan PATH --json`: the plan document.
    public func plan(_ path: String, on target: Target = Target(), pattern: String? = nil) throws(StudioError) -> String {
        let chosen = try device(target, path: path, allowingBoth: false)
        let loaded = try load(path, capabilities: chosen.capabilities, pattern: pattern)
        do {
            return try PlanReport(loaded, platform: chosen.platform, audio: AudioTrackOptions(besides: path)).jsonDocument
        } catch {
            throw .failure("\(error)", file: path)
        }
    }

    /// `compare EXPECTED ACTUAL --perceptual --json`, where each side is a sound file or a pattern
    /// (rendered first, as `render` does).
    public func compare(expected: String, actual: String, on target: Target = Target()) throws(StudioError) -> (text: String, passes: Bool) {
        var renders: [(path: String, side: String)] = []
        defer { renders.forEach { unlink($0.path) } }
        var sides: [String] = []
        for side in [expected, actual] {
            guard StudioFolders.isPatternFile(side) || FeedbackCall.hasFamilyPrefix(side) else {
                sides.append(side)
                continue
            }
            let output = scratch.newPath(extension: "wav")
            renders.append((output, side))
            _ = try render(side, on: target, pattern: nil, to: output)
            sides.append(output)
        }
        do {
            let comparison = try FileComparison.compare(expected: sides[0], actual: sides[1], tolerance: WaveformComparison.Tolerance())
            let felt = try PerceptualFileComparison.compare(expected: sides[0], actual: sides[1], fullScaleG: ActuatorProfile().fullScaleG,
                                                            tolerance: PerceptualTolerance())
            return (ComparisonText.json(comparison, perceptual: felt).pretty(), felt.pass && !comparison.hasNonFinite)
        } catch {
            // A render's scratch file is named by the pattern it renders.
            throw .failed(message: renders.reduce("\(error)") { $0.replacingAll($1.path, with: $1.side) }, line: nil, column: nil)
        }
    }

    /// The device the names choose, for a file (a `.vibration` file plays on Android unless told).
    private func device(_ target: Target, path: String, allowingBoth: Bool) throws(StudioError) -> DeviceChoice.Target {
        var choice = DeviceChoice()
        (choice.platform, choice.allowsBoth, choice.recorded) = (target.platform, allowingBoth, Platform.playing([path], otherwise: .ios))
        if target.platform != "ios" { choice.androidDevice = target.device }
        do {
            return try choice.target(over: ProfileChoice())
        } catch {
            throw .badArgument(target.device == nil ? "platform" : "device", Self.words(error))
        }
    }

    private func load(_ path: String, capabilities: DeviceCapabilities, pattern: String?) throws(StudioError) -> LoadedPattern {
        do {
            return try PatternLoader.load(path, capabilities: capabilities, pattern: pattern)
        } catch {
            throw .failure(error.description, file: path)
        }
    }

    /// A device choice refused, in the studio's words.
    static func words(_ error: DeviceChoiceError) -> String {
        switch error {
        case let .unknownPlatform(platform, platforms): return "unknown platform '\(platform)'; the platforms are \(platforms.joined(separator: ", "))"
        case let .unknownAndroidDevice(name, names): return "unknown Android device '\(name)'; the devices are \(names.joined(separator: ", "))"
        case .iosCatalogueDevice(let name): return "\(name) is an iOS device; name an Android one"
        case .catalogueDeviceInBoth(let name): return "both plays both sides with the iPhone's actuator, not \(name)'s: play \(name) on its own"
        default: return "\(error)"
        }
    }
}
