import AudioCore
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// System feedback calls on devices of the catalogue (docs/feedback.md): each call rendered on
/// each device under its resonator as that device plays it (an iPhone its row, an Android phone
/// the chain's effect), and judged as a person would feel it — silent, never above the
/// vibrotactile threshold, or felt; and, among the felt calls of one device, which ones a person
/// could not tell apart (the perceptual gate at the noticeable differences: 1.65 dB, 13 %, 5 ms).
public struct FeedbackMatrix: Sendable {
    /// What a person gets from a call on a device.
    public enum Verdict: String, Sendable, Hashable {
        /// Nothing plays: the call does not exist there, the device has no haptics, or Android
        /// plays no effect for it.
        case silent
        /// It plays, but no 10 ms window rises above the vibrotactile threshold.
        case belowThreshold = "below-threshold"
        /// Some window is felt.
        case felt
    }

    /// One call on one device.
    public struct Cell: Sendable {
        public let call: FeedbackCall
        public let device: String
        /// `coreHaptics`, `androidEffect`, `silent`, …
        public let backend: String
        public let verdict: Verdict
        /// The largest sensation level of any window, in dB above the threshold (−20 when silent).
        public let peakSensationDb: Double
        /// The other calls of the matrix that feel the same on this device (felt calls only).
        public internal(set) var sameAs: [FeedbackCall] = []
    }

    public let calls: [FeedbackCall]
    /// The devices, in the order given.
    public let devices: [DeviceProfile]
    public let sampleRate: Int
    /// `cells[call][device]`.
    public let cells: [[Cell]]

    /// The noticeable differences two calls are told apart by (docs/golden-tests.md, docs/devices.md).
    public static let tolerance = PerceptualTolerance(levelDb: 1.65, frequencyRatio: 0.13, onsetMs: 5)
    /// The most of each render that is judged, in seconds (a `web:vibrate` pattern may last minutes).
    public static let judgedSeconds = 20

    /// Renders every call on every device at `sampleRate` and judges them.
    /// - Throws: `ProfileError` for a device whose values do not fit `sampleRate`.
    public init(calls: [FeedbackCall], devices: [DeviceProfile], sampleRate: Int = 48_000) throws {
        self.calls = calls
        self.devices = devices
        self.sampleRate = sampleRate
        var columns: [[Cell]] = []
        for device in devices {
            var base = ActuatorProfile()
            base.sampleRate = sampleRate
            let profile = device.applied(to: base)
            try profile.validate()
            let renders = try calls.map { try Self.render($0, on: device, profile: profile) }
            var column = zip(calls, renders).map { call, render in
                Cell(call: call, device: device.name, backend: render.backend, verdict: render.verdict, peakSensationDb: render.peakSensationDb)
            }
            // Felt calls a person could not tell apart, pair by pair: calls whose renders are the
            // same samples (several constants reach one effect) are one render, compared once.
            var firstOfRender: [[Float]: Int] = [:], representative: [Int] = []
            for (index, render) in renders.enumerated() {
                representative.append(firstOfRender[render.samples] ?? index)
                if firstOfRender[render.samples] == nil { firstOfRender[render.samples] = index }
            }
            var alike = Set<[Int]>()
            let felt = calls.indices.filter { column[$0].verdict == .felt && representative[$0] == $0 }
            for a in felt {
                for b in felt where b > a && Self.onsetsAgree(renders[a].onsetsMs, renders[b].onsetsMs) {
                    let gate = PerceptualComparison(expected: [renders[a].samples], actual: [renders[b].samples], sampleRate: sampleRate,
                                                    fullScaleG: profile.fullScaleG, tolerance: Self.tolerance, scoring: false)
                    if gate.pass { alike.insert([a, b]) }
                }
            }
            for a in calls.indices where column[a].verdict == .felt {
                for b in calls.indices where b != a && column[b].verdict == .felt {
                    let (ra, rb) = (representative[a], representative[b])
                    if ra == rb || alike.contains([min(ra, rb), max(ra, rb)]) { column[a].sameAs.append(calls[b]) }
                }
            }
            columns.append(column)
        }
        cells = calls.indices.map { c in columns.map { $0[c] } }
    }

    /// What one device plays of a call: its backend, the render from the request (an iPhone's
    /// 10 ms lead dropped, at most `judgedSeconds`) and its verdict.
    struct Render {
        let backend: String
        let samples: [Float]
        let verdict: Verdict
        let peakSensationDb: Double
        /// Its onsets, in ms.
        var onsetsMs: [Double] = []
    }

    /// The perceptual gate's onset test alone (equal counts, each pair within the tolerance),
    /// which is cheap: two renders it fails are told apart without comparing their windows.
    static func onsetsAgree(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance.onsetMs + 1e-9 }
    }

    static func render(_ call: FeedbackCall, on device: DeviceProfile, profile: ActuatorProfile) throws -> Render {
        guard let plan = plan(call, on: device) else {
            return Render(backend: device.hasHaptics ? "silent" : "unsupported", samples: [], verdict: .silent, peakSensationDb: PerceptualView.floorDb)
        }
        let backend = plan.android?.backend.rawValue ?? plan.ios?.diagnostics.backend.rawValue ?? "silent"
        guard backend != "silent", backend != "unsupported" else {
            return Render(backend: backend, samples: [], verdict: .silent, peakSensationDb: PerceptualView.floorDb)
        }
        let lead = plan.ios == nil ? 0 : FrameTiming.frame(atMs: FrameTiming.leadMs, rate: profile.sampleRate)
        let output = MemoryOutput(format: AudioFormat(sampleRate: profile.sampleRate))
        let job = try RenderJob(plan, profile: profile, sinks: [RenderSink(.haptics, output)],
                                maxFrames: lead + Int64(judgedSeconds * profile.sampleRate))
        _ = try job.run()
        let samples = Array(output.samples.dropFirst(Int(lead)))
        if samples.allSatisfy({ $0 == 0 }) { return Render(backend: backend, samples: [], verdict: .silent, peakSensationDb: PerceptualView.floorDb) }
        let view = PerceptualView(samples: samples, sampleRate: profile.sampleRate, fullScaleG: profile.fullScaleG)
        let peak = (0..<view.windowCount).map { view.sensationLevelDb(ofWindow: $0) }.max() ?? PerceptualView.floorDb
        let onsets = view.onsetFrames.map { Double($0) * 1000 / Double(profile.sampleRate) }
        return Render(backend: backend, samples: samples, verdict: peak >= 0 ? .felt : .belowThreshold, peakSensationDb: peak, onsetsMs: onsets)
    }

    /// The plan `device` plays for `call`: an Android phone's chain, an iOS device's own row (else
    /// the catalogue iPhone's), nil where it plays nothing.
    public static func plan(_ call: FeedbackCall, on device: DeviceProfile) -> PlatformPlan? {
        guard device.hasHaptics else { return nil }
        if let android = device.android { return .android(call.androidPlan(on: android)) }
        guard let row = call.iosRow, let found = device.systemFeedbackRow(row) else { return nil }
        return .ios(found.document.plan)
    }

    /// The devices a call is meant for: an Apple call's iOS devices, an Android call's Android
    /// devices, a cross-platform wrapper's (and the web's) all, but for react-native-haptic-feedback's
    /// Android-only types.
    public static func isMeant(_ call: FeedbackCall, for device: DeviceProfile) -> Bool {
        switch call.family {
        case .uikit, .swiftui: return device.android == nil
        case .android, .compose: return device.android != nil
        case .flutter, .expo, .capacitor, .web: return true
        case .reactNative: return device.android != nil || call.iosRow != nil  // its Android-only types
        }
    }
}
