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
    }

    public let sampleRate: Int
    public let reference: Row
    public let rows: [Row]
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
        let clipFrames = Int(clipSeconds * Double(sampleRate))
        let referenceRender = try Self.render(loaded, device: reference, sampleRate: sampleRate)
        self.reference = Self.row(referenceRender, device: reference, clipFrames: clipFrames, loss: nil)
        // Longer devices' renders count past the reference's end as silence there.
        let measured = PerceptualLoss.Reference(samples: referenceRender.samples, fullScaleG: reference.actuator?.fullScaleG ?? ActuatorProfile().fullScaleG,
                                                sampleRate: sampleRate)
        rows = try devices.map { device in
            let render = try Self.render(loaded, device: device, sampleRate: sampleRate)
            let loss = PerceptualLoss(reference: measured, device: render.samples, deviceFullScaleG: device.actuator?.fullScaleG ?? ActuatorProfile().fullScaleG,
                                      limits: limits)
            return Self.row(render, device: device, clipFrames: clipFrames, loss: loss)
        }
    }

    /// A row of a device's render: its first frames kept.
    private static func row(_ render: Render, device: DeviceProfile, clipFrames: Int, loss: PerceptualLoss?) -> Row {
        Row(device: device, backend: render.backend, approximations: render.approximations, clip: Array(render.samples.prefix(clipFrames)),
            frameCount: Int64(render.samples.count), loss: loss)
    }

    /// One device's render, whole, and what its plan is and approximates.
    private struct Render {
        let samples: [Float]
        let backend: String
        let approximations: [String]
    }

    private static func render(_ loaded: LoadedPattern, device: DeviceProfile, sampleRate: Int) throws -> Render {
        var base = ActuatorProfile()
        base.sampleRate = sampleRate
        let profile = device.applied(to: base)
        try profile.validate()
        let samples: [Float], backend: String, approximations: [String]
        if !device.hasHaptics {
            let unsupported = try PatternLoader.load(loaded.path, capabilities: device.capabilities).plan
            (samples, backend, approximations) = ([], unsupported.diagnostics.backend.rawValue, unsupported.diagnostics.approximations)
        } else if let android = device.android {
            let androidPlan = loaded.androidPlan(on: android)
            let braked = androidPlan.backend == .androidPrimitives && profile.tapBraking
                ? ["primitives are braked taps at the resonance (\(NumberText.significant(profile.android.resonanceHz)) Hz); firmware waveforms are not public"] : []
            (samples, backend, approximations) = (try Self.samples(.android(androidPlan), profile: profile), androidPlan.backend.rawValue,
                                                  androidPlan.approximations + braked)
        } else {
            let lead = Int(FrameTiming.frame(atMs: FrameTiming.leadMs, rate: sampleRate))
            let rendered = try Self.samples(.ios(loaded.plan), profile: profile)
            samples = Array(rendered.dropFirst(min(lead, rendered.count)))
            backend = loaded.plan.diagnostics.backend.rawValue
            approximations = loaded.plan.diagnostics.approximations
                + (loaded.plan.players.contains { $0.events.contains { $0.kind == .transient } } && profile.tapBraking
                    ? ["transients are braked taps at the resonance (\(NumberText.significant(profile.resonatorHz)) Hz); their sharpness is not rendered"] : [])
        }
        return Render(samples: samples, backend: backend, approximations: approximations)
    }

    /// A plan's haptics rendered into memory by a render job (under the length guard).
    private static func samples(_ plan: PlatformPlan, profile: ActuatorProfile) throws -> [Float] {
        let memory = MemoryOutput(format: AudioFormat(sampleRate: profile.sampleRate))
        try RenderJob(plan, profile: profile, sinks: [RenderSink(.haptics, memory)]).run()
        return memory.samples
    }
}
