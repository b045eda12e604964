import AudioCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// One pattern on several devices of the catalogue, each against a reference device
/// (`hapsynth devices PATTERN`, docs/devices.md): every device renders with its own profile
/// under the resonator (a render job, under the one length guard), and its render is judged
/// against the reference's as a person would feel it (`PerceptualLoss`), the iOS lead removed so
/// both start at the request. One device's render is held at a time, beside the reference's;
/// each row keeps only its first seconds, to listen to.
public struct DeviceMatrix: Sendable {
    /// One device's render and what it loses of the reference's.
    public struct Row: Sendable {
        public let device: DeviceProfile
        /// `coreHaptics`, `unsupported`, `androidEnvelope`, …
        public let backend: String
        /// What the plan (and the renderer) approximates.
        public let approximations: [String]
        /// The render's first `clipSeconds` at `sampleRate`, starting at the request (iOS lead
        /// removed), and its whole length in frames.
        public let clip: [Float]
        public let frameCount: Int64
        /// nil for the reference's own row.
        public let loss: PerceptualLoss?
        /// Why the lost windows were lost; nil for the reference's own row and a device without haptics.
        public let causes: LossCauses?

        /// What the row says of the device: the reference itself, a device without haptics, a
        /// reference that feels nothing (nothing to lose), or the share of it lost.
        public var verdict: Verdict {
            guard let loss else { return .reference }
            if !device.hasHaptics { return .unsupported }
            return loss.loss.map(Verdict.loss) ?? .notApplicable
        }
    }

    /// A row's verdict (docs/devices.md).
    public enum Verdict: Equatable, Sendable {
        case reference, unsupported, notApplicable
        /// The share of the reference's felt windows lost, 0…1.
        case loss(Double)

        /// `12.5 %`, `n/a`, `unsupported`, `reference`.
        public var text: String {
            switch self {
            case .reference: return "reference"
            case .unsupported: return "unsupported"
            case .notApplicable: return "n/a"
            case .loss(let share): return NumberText.fixed(share * 100, 1) + " %"
            }
        }
    }

    public let sampleRate: Int
    public let reference: Row
    public let rows: [Row]
    /// Whether the pattern plays audio: only then does an onset past 24 ms break audio sync.
    public let hasAudio: Bool
    /// The lead removed from iOS renders, in ms.
    public static let iosLeadMs = FrameTiming.leadMs

    /// Renders `loaded` on `reference` and on each of `devices` at `sampleRate`; each row keeps
    /// the first `clipSeconds` of its render.
    /// - Throws: `RenderLengthError` for a render over 24 hours, `ProfileError` for a device whose
    ///   values do not fit `sampleRate`.
    public init(
        _ loaded: LoadedPattern, devices: [DeviceProfile], reference: DeviceProfile, sampleRate: Int = 48_000, limits: PerceptualLoss.Limits = .init(),
        clipSeconds: Double = 20
    ) throws {
        self.sampleRate = sampleRate
        hasAudio = !(loaded.audio?.events.isEmpty ?? true)
        let clipFrames = Int(clipSeconds * Double(sampleRate))
        let wanted = try Self.source(loaded, device: reference, sampleRate: sampleRate)
        let referenceStream = try RenderStream(wanted, keeping: clipFrames)
        try referenceStream.keep(upTo: referenceStream.frameCount)
        self.reference = Row(device: reference, backend: wanted.backend, approximations: wanted.approximations, clip: referenceStream.clip,
                             frameCount: referenceStream.frameCount, loss: nil, causes: nil)
        // Each device against the reference rendered again beside it, a block of each at a time:
        // a longer device's render counts past the reference's end as silence there. The
        // reference's frequencies are measured once, for every device.
        let frequencies = PerceptualLoss.ReferenceFrequencies()
        rows = try devices.map { device in
            let got = try Self.source(loaded, device: device, sampleRate: sampleRate)
            let wantedStream = try RenderStream(wanted, keeping: 0), gotStream = try RenderStream(got, keeping: clipFrames)
            var meter = PerceptualLoss.Meter(sampleRate: sampleRate, referenceFullScaleG: reference.actuator?.fullScaleG ?? ActuatorProfile().fullScaleG,
                                             deviceFullScaleG: device.actuator?.fullScaleG ?? ActuatorProfile().fullScaleG, limits: limits,
                                             referenceFrequencies: frequencies)
            let frames = max(wantedStream.frameCount, gotStream.frameCount)
            var position: Int64 = 0
            while position < frames {
                let count = Int(min(4_096, frames - position))
                let wantedBlock = try wantedStream.next(count), gotBlock = try gotStream.next(count)
                wantedBlock.withUnsafeBufferPointer { w in gotBlock.withUnsafeBufferPointer { g in meter.feed(reference: w, device: g) } }
                position += Int64(count)
            }
            let loss = meter.finish()
            return Row(device: device, backend: got.backend, approximations: got.approximations, clip: gotStream.clip, frameCount: gotStream.frameCount,
                       loss: loss, causes: device.hasHaptics ? LossCauses(loss, reference: loaded.plan, plan: got.plan, profile: got.profile) : nil)
        }
    }

    /// What a device plays of a pattern: its plan (nil without haptics), its profile, the frames of
    /// lead its render drops (iOS's 10 ms), its backend and what it approximates.
    struct Source {
        let plan: PlatformPlan?
        let profile: ActuatorProfile
        let leadFrames: Int64
        let backend: String
        let approximations: [String]
    }

    private static func source(_ loaded: LoadedPattern, device: DeviceProfile, sampleRate: Int) throws -> Source {
        var base = ActuatorProfile()
        base.sampleRate = sampleRate
        let profile = device.applied(to: base)
        try profile.validate()
        if !device.hasHaptics {
            // A pattern is planned again for the device; an AHAP file or a clip is loaded again for it.
            let unsupported = try loaded.pattern.map { try HapticPlanner.plan($0, capabilities: device.capabilities) }
                ?? PatternLoader.load(loaded.path, capabilities: device.capabilities).plan
            return Source(plan: nil, profile: profile, leadFrames: 0, backend: unsupported.diagnostics.backend.rawValue,
                          approximations: unsupported.diagnostics.approximations)
        }
        if let android = device.android {
            let androidPlan = loaded.androidPlan(on: android)
            let braked = (androidPlan.backend == .androidPrimitives || androidPlan.backend == .androidEffect) && profile.tapBraking
                ? ["primitives are braked taps at the resonance (\(NumberText.significant(profile.android.resonanceHz)) Hz); firmware waveforms are not public"] : []
            return Source(plan: .android(androidPlan), profile: profile, leadFrames: 0, backend: androidPlan.backend.rawValue,
                          approximations: androidPlan.approximations.map(\.text) + braked)
        }
        // A system feedback call plays the device's own row (else the catalogue iPhone's).
        let plan = loaded.feedback.map { FeedbackMatrix.plan($0, on: device)?.ios ?? PatternLoader.silentPlan } ?? loaded.plan
        let braked = plan.players.contains { $0.events.contains { $0.kind == .transient } } && profile.tapBraking
            ? ["transients are braked taps at the resonance (\(NumberText.significant(profile.resonatorHz)) Hz); their sharpness is not rendered"] : []
        return Source(plan: .ios(plan), profile: profile, leadFrames: FrameTiming.frame(atMs: FrameTiming.leadMs, rate: sampleRate),
                      backend: plan.diagnostics.backend.rawValue, approximations: plan.diagnostics.approximations + braked)
    }
}

/// A device's render read a block at a time: its render job stepped as frames are asked for (its
/// lead dropped), silence after its end, its first frames kept to listen to.
final class RenderStream {
    /// The render's frames, its lead dropped.
    let frameCount: Int64
    private let job: RenderJob?
    private let collector: Collector

    /// What the job writes: the frames not yet asked for, and the first ones kept.
    private final class Collector: AudioOutput {
        let format: AudioFormat
        var pending: [Float] = []
        var clip: [Float] = []
        let keeping: Int
        var toSkip: Int64

        init(format: AudioFormat, keeping: Int, skip: Int64) {
            self.format = format
            self.keeping = keeping
            toSkip = skip
        }

        func write(_ samples: UnsafeBufferPointer<Float>) throws {
            let skipped = Int(min(Int64(samples.count), toSkip))
            toSkip -= Int64(skipped)
            let kept = UnsafeBufferPointer(rebasing: samples[skipped...])
            if clip.count < keeping { clip += kept.prefix(keeping - clip.count) }
            pending += kept
        }

        func finish() throws {}
    }

    init(_ source: DeviceMatrix.Source, keeping: Int) throws {
        collector = Collector(format: AudioFormat(sampleRate: source.profile.sampleRate), keeping: keeping, skip: source.leadFrames)
        guard let plan = source.plan else {
            frameCount = 0
            job = nil
            return
        }
        let length = try RenderJob.checkedLength(plan, audio: nil, profile: source.profile, mixes: [.haptics], allowLong: false)
        frameCount = max(0, length - source.leadFrames)
        job = try RenderJob(plan, profile: source.profile, sinks: [RenderSink(.haptics, collector)])
    }

    /// Its first frames, up to what was asked to keep.
    var clip: [Float] { collector.clip }

    /// The next `count` frames (zeros past the end).
    func next(_ count: Int) throws -> [Float] {
        while collector.pending.count < count, let job, try job.step(maxFrames: 4_096) {}
        if collector.pending.count < count { collector.pending += [Float](repeating: 0, count: count - collector.pending.count) }
        defer { collector.pending.removeFirst(count) }
        return Array(collector.pending[0..<count])
    }

    /// Renders as far as the kept frames reach (at most `frames`).
    func keep(upTo frames: Int64) throws {
        var position: Int64 = 0
        while position < min(frames, Int64(collector.keeping)) {
            let count = Int(min(4_096, frames - position))
            _ = try next(count)
            position += Int64(count)
        }
    }
}
