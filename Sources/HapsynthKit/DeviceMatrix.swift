import AudioCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// One pattern on several devices of the catalogue, each against a reference device
/// (`hapsynth devices PATTERN`, docs/devices.md): every device renders with its own profile
/// under the resonator, and its render is judged against the reference's as a person would feel
/// it (`PerceptualLoss`), the iOS lead removed so both start at the request.
public struct DeviceMatrix: Sendable {
    /// One device's render and what it loses of the reference's.
    public struct Row: Sendable {
        public let device: DeviceProfile
        /// `coreHaptics`, `unsupported`, `androidEnvelope`, …
        public let backend: String
        /// What the plan (and the renderer) approximates.
        public let approximations: [String]
        /// The render at `sampleRate`, starting at the request (iOS lead removed).
        public let samples: [Float]
        /// nil for the reference's own row.
        public let loss: PerceptualLoss?
    }

    public let sampleRate: Int
    public let reference: Row
    public let rows: [Row]
    /// The lead removed from iOS renders, in ms.
    public static let iosLeadMs = FrameTiming.leadMs

    /// Renders `loaded` on `reference` and on each of `devices` at `sampleRate`.
    public init(_ loaded: LoadedPattern, devices: [DeviceProfile], reference: DeviceProfile, sampleRate: Int = 48_000, limits: PerceptualLoss.Limits = .init()) throws {
        self.sampleRate = sampleRate
        let referenceRow = try Self.row(loaded, device: reference, sampleRate: sampleRate, against: nil, limits: limits)
        self.reference = referenceRow
        // Longer devices' renders count past the reference's end as silence there.
        let measured = PerceptualLoss.Reference(samples: referenceRow.samples, fullScaleG: reference.actuator?.fullScaleG ?? ActuatorProfile().fullScaleG,
                                                sampleRate: sampleRate)
        rows = try devices.map { device in try Self.row(loaded, device: device, sampleRate: sampleRate, against: measured, limits: limits) }
    }

    private static func row(
        _ loaded: LoadedPattern, device: DeviceProfile, sampleRate: Int, against reference: PerceptualLoss.Reference?, limits: PerceptualLoss.Limits
    ) throws -> Row {
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
            (samples, backend, approximations) = (AndroidActuator(profile: profile).render(androidPlan), androidPlan.backend.rawValue,
                                                  androidPlan.approximations + braked)
        } else {
            let lead = Int(FrameTiming.frame(atMs: FrameTiming.leadMs, rate: sampleRate))
            let rendered = try Hapsynth.render(loaded.plan, profile: profile).samples
            samples = Array(rendered.dropFirst(min(lead, rendered.count)))
            backend = loaded.plan.diagnostics.backend.rawValue
            approximations = loaded.plan.diagnostics.approximations
                + (loaded.plan.players.contains { $0.events.contains { $0.kind == .transient } } && profile.tapBraking
                    ? ["transients are braked taps at the resonance (\(NumberText.significant(profile.resonatorHz)) Hz); their sharpness is not rendered"] : [])
        }
        let loss = reference.map { PerceptualLoss(reference: $0, device: samples, deviceFullScaleG: device.actuator?.fullScaleG ?? base.fullScaleG, limits: limits) }
        return Row(device: device, backend: backend, approximations: approximations, samples: samples, loss: loss)
    }
}
