import AudioCore
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// One fuzz input through every path that reads user data: the pattern.json reader, AHAP import,
/// the `.haptic` reader, the planners (Core Haptics, Android, a clip's and an AHAP file's Android
/// plans), the render-length guard and, for short plans, a render at 8 kHz; and the profile reader. Errors are expected; a trap, a hang or unbounded memory is a finding.
enum FuzzTarget {
    static let profile: ActuatorProfile = {
        var profile = ActuatorProfile()
        profile.sampleRate = 8_000
        return profile
    }()

    static func run(_ bytes: [UInt8]) {
        if let document = try? PatternReader.read(json: bytes, file: "fuzz.json", directory: "/nonexistent") {
            exercise(try? plan(document.pattern))
            exercise(try? plan(document.pattern, capabilities: .noHaptics))
        }
        if let document = try? AHAPImport.read(bytes: bytes, file: "fuzz.ahap") {
            exercise(document.plan)
            _ = AHAPExport.files(for: document.plan)
            _ = AHAPOnAndroid.plan(document.plan, device: .amplitudePhone)
        }
        if let document = try? HapticClipReader.read(bytes: bytes, file: "fuzz.haptic") {
            exercise(document.clip.coreHapticsPlan().plan)
            _ = document.clip.androidPlan(on: .amplitudePhone)
            _ = document.clip.androidPlan(on: .onOffPhone)
        }
        if let profile = try? ActuatorProfile.parse(bytes, file: "profile.json") {
            _ = profile.envelopeTimeMs(0.5)
        }
    }

    /// The plan's JSON, its render length, and a render when it is short.
    static func exercise(_ plan: PlaybackPlan?) {
        guard let plan else { return }
        _ = plan.jsonText
        guard let frames = try? RenderLength.checked(plan, profile: profile, allowLong: false), frames <= 8_000 else { return }
        _ = try? OfflineRender.render(plan, profile: profile, into: MemoryOutput(format: AudioFormat(sampleRate: 8_000)))
    }
}
