import AudioCore
import Glibc
import HapticCore
import HapticPlanner
import HapticSynth

/// Why a device lost the windows it lost (docs/devices.md, "Why windows are lost"): each lost
/// window of a `PerceptualLoss` given the one cause that explains it, so that a team can tell a
/// device's limit (the first three) from what the pattern asks of it (the last two).
public enum LossCause: String, CaseIterable, Sendable {
    /// A frequency window on a path that plays at the resonance (Android's waveform): the
    /// pattern's sharpness is dropped.
    case frequencyDropped = "frequency dropped by the waveform"
    /// A window of a tap the device plays as a pulse shorter than three of its time constants:
    /// the mass never reaches the tap's level before the pulse ends.
    case tapUnderTimeConstant = "tap under the time constant"
    /// A window within three time constants of a step (an event's start or end, a change of the
    /// waveform's amplitude past the level limit): the mass rising to it and ringing after it.
    case riseAndRing = "the mass's rise and ring"
    /// A frequency window on a path that keeps sharpness: the device's own frequency differs.
    case frequency = "the device's frequency"
    /// A window where the pattern holds steady and the device plays it at another level or loses
    /// its onset: what the pattern asks of the device rather than its dynamics.
    case steady = "a steady level or an onset"

    /// Whether the cause is the device's limit, not the pattern's doing.
    public var isDeviceLimit: Bool { self == .frequencyDropped || self == .tapUnderTimeConstant || self == .riseAndRing }

    /// How many time constants after a step or a tap's onset the mass is still rising or ringing:
    /// 3 (95 % of the way, derived from a first-order response).
    public static let settlingTimeConstants = 3.0

    /// The device's time constant in ms: under the resonator, its envelope's, Q / (π f0) (the
    /// mass is the inertia there: the drive steps at once); on the drive, Android's first-order
    /// inertia and the iPhone's ramp (derived from the profile's values).
    public static func timeConstantMs(_ profile: ActuatorProfile, android: Bool) -> Double {
        guard profile.actuator == .resonator else { return android ? profile.android.inertiaMs : profile.rampMs }
        return profile.resonatorQ / (Double.pi * (android ? profile.android.resonanceHz : profile.resonatorHz)) * 1000
    }
}

/// The causes of one device's lost windows, counted.
public struct LossCauses: Hashable, Sendable {
    /// Lost windows per cause, in `LossCause.allCases` order, zeros kept.
    public let counts: [Int]
    /// The device's time constant the causes were judged with, in ms.
    public let timeConstantMs: Double

    public func count(_ cause: LossCause) -> Int { counts[LossCause.allCases.firstIndex(of: cause)!] }

    /// The windows lost to the device's own limits.
    public var deviceLimit: Int { zip(LossCause.allCases, counts).filter { $0.0.isDeviceLimit }.map(\.1).reduce(0, +) }

    /// `frequency dropped by the waveform 27, tap under the time constant 12, …` (causes with none left out).
    public var text: String {
        zip(LossCause.allCases, counts).filter { $0.1 > 0 }.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ")
    }

    /// Each lost window of `loss` on a device playing `plan` with `profile`, against the pattern's
    /// own timeline `reference` (its taps and its continuous events' starts and ends).
    public init(_ loss: PerceptualLoss, reference: PlaybackPlan, plan: PlatformPlan?, profile: ActuatorProfile) {
        var android: AndroidPlan?
        if case .android(let androidPlan) = plan { android = androidPlan }
        let tau = LossCause.timeConstantMs(profile, android: android != nil)
        timeConstantMs = tau
        let settleMs = LossCause.settlingTimeConstants * tau
        let events = reference.players.flatMap(\.events).filter { $0.intensity > 0 }
        let taps = events.filter { $0.kind == .transient }.map { Double($0.startUs) / 1000 }.sorted()
        var steps = events.filter { $0.kind == .continuous }.flatMap { [Double($0.startUs) / 1000, Double($0.endUs) / 1000] }
        // The waveform's own steps: an amplitude change past the level limit.
        let stepRatio = pow(10, PerceptualLoss.Limits().levelDb / 20)
        if let segments = android?.waveform?.segments {
            for (previous, segment) in zip(segments, segments.dropFirst()) {
                let (a, b) = (Double(max(previous.amplitude, 1)), Double(max(segment.amplitude, 1)))
                if max(a, b) / min(a, b) > stepRatio { steps.append(Double(segment.startMs)) }
            }
        }
        steps.sort()
        // Taps are pulses (not braked firmware clicks) on the waveform and envelope paths, and on
        // an iPhone that does not brake them; a waveform pulse lasts at most 10 ms (android.md).
        let pulses: Bool
        switch android?.backend {
        case .androidWaveform?, .androidEnvelope?: pulses = true
        case .androidPrimitives?, .androidEffect?, .silent?, .unsupported?: pulses = false
        case nil: pulses = !profile.tapBraking
        }
        let tapsUnderTau = pulses && Double(AndroidPlan.transientPulseMs) < settleMs
        let dropsSharpness = android?.backend == .androidWaveform
        // A window's level spans [(k − 1), (k + 3)) hops: it holds a time when its centre is within 2 hops.
        let reachMs = 2 * loss.hopMs
        /// Whether a window centred at `centre` lies within the settling after one of sorted `times`.
        func settling(_ centre: Double, after times: [Double]) -> Bool {
            let reached = times.prefixCount { $0 <= centre + reachMs }
            return reached > 0 && centre - times[reached - 1] <= settleMs + reachMs
        }
        var counts = [Int](repeating: 0, count: LossCause.allCases.count)
        for window in loss.lost {
            let centre = window.centreMs(hopMs: loss.hopMs)
            let cause: LossCause
            if window.kind == .frequency {
                cause = dropsSharpness ? .frequencyDropped : .frequency
            } else if tapsUnderTau, settling(centre, after: taps) {
                cause = .tapUnderTimeConstant
            } else if settling(centre, after: steps) {
                cause = .riseAndRing
            } else {
                cause = .steady
            }
            counts[LossCause.allCases.firstIndex(of: cause)!] += 1
        }
        self.counts = counts
    }
}
