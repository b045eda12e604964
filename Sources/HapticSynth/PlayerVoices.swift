import HapticCore
import HapticPlanner

/// The voices of one started player, placed on the frame axis from the moment playback was
/// requested (docs/synthesis.md "Frames"), with the player's control tracks. Controls sent while it
/// plays are added at a frame (`apply`), and a pause releases it at a frame (`release`).
final class PlayerVoices: @unchecked Sendable {
    private(set) var context: VoiceContext
    /// The player's time controls, which shape each event's envelope at its onset.
    private var envelopes: EnvelopeControls
    private let plan: PlayerPlan
    /// Voices by start frame (ties in plan order), with their rendering state. Two threads may
    /// render different voices of it at once, and a voice is updated in place, so it is memory of its own, not
    /// an array (whose in-place updates check exclusivity on the whole array).
    private let store: UnsafeMutableBufferPointer<Voice>
    /// One past the last frame any voice covers (the origin when there are none).
    private(set) var endFrame: Int64
    /// The first frame any voice covers (the origin when there are none).
    let startFrame: Int64
    /// Voices before this index have ended or are in `active`.
    private var nextVoice = 0
    private var active: [Int] = []

    /// - Parameters:
    ///   - originFrame: the frame at which playback was requested (frame 0 of a render).
    ///   - leadMs: milliseconds from the request to pattern time 0 (10).
    ///   - firstOrder: the sum order of this player's first voice.
    ///   - firstFrame: the first frame rendered (a player started part-way into its pattern):
    ///     voices over by then and clicks begun before it are left out; continuous voices begun
    ///     before it play on from it.
    init(plan: PlayerPlan, profile: ActuatorProfile, originFrame: Int64, leadMs: Int64, firstOrder: Int, firstFrame: Int64 = .min) {
        // Before a player's first curve of a parameter starts, the control is at Core Haptics'
        // neutral value: ×1 for intensity, +0 for sharpness.
        let intensity = ControlTrack(curves: plan.curves.filter { $0.parameter == .intensityControl }, valueBeforeFirst: 1)
        let sharpness = ControlTrack(curves: plan.curves.filter { $0.parameter == .sharpnessControl }, valueBeforeFirst: 0)
        context = VoiceContext(
            profile: profile, intensity: intensity, sharpness: sharpness, originFrame: originFrame, leadMs: leadMs)
        envelopes = EnvelopeControls(curves: plan.curves)
        self.plan = plan

        var voices: [Voice] = []
        var index = 0
        let events = plan.events
        while index < events.count {
            // A continuous event; with seamless splits, its continuation parts join it.
            var last = index
            if events[index].kind == .continuous, !profile.splitRetrigger {
                while last + 1 < events.count, events[last + 1].isContinuation { last += 1 }
            }
            if let voice = Self.voice(events: events, first: index, last: last, order: firstOrder + voices.count, context: context,
                                      envelopes: envelopes) {
                voices.append(voice)
            }
            index = last + 1
        }
        voices.removeAll { $0.endFrame <= firstFrame || ($0.isTransient && $0.startFrame < firstFrame) }
        // Plans list events by start, so the voices are almost always in order already.
        let inOrder = zip(voices, voices.dropFirst()).allSatisfy { ($0.startFrame, $0.order) < ($1.startFrame, $1.order) }
        let sorted = inOrder ? voices : voices.sorted { ($0.startFrame, $0.order) < ($1.startFrame, $1.order) }
        store = .allocate(capacity: sorted.count)
        _ = store.initialize(from: sorted)
        endFrame = voices.map(\.endFrame).max() ?? originFrame
        startFrame = sorted.first?.startFrame ?? originFrame
    }

    /// The voice of events `first...last` (one event, or a continuous one and the parts that join
    /// it), placed and shaped under the controls as they are; nil for a continuous event of no frames.
    private static func voice(events: [NativeEvent], first: Int, last: Int, order: Int, context: VoiceContext, envelopes: EnvelopeControls) -> Voice? {
        let profile = context.profile, event = events[first]
        let leadUs = context.leadMs * Microseconds.perMillisecond
        /// The frame of pattern time `patternUs`; times at the end of the 64-bit range saturate
        /// (a render that long is refused long before it would reach them).
        func frame(_ patternUs: Int64) -> Int64 {
            let (sum, overflow) = patternUs.addingReportingOverflow(leadUs)
            return FrameTiming.adding(context.originFrame, FrameTiming.frame(atUs: overflow ? .max : sum, rate: profile.sampleRate))
        }
        let envelope = envelopes.envelope(of: event, profile: profile)
        var voice: Voice
        if event.kind == .transient {
            var cursor = ControlTrack.Cursor()
            let onsetMs = Microseconds.milliseconds(event.startUs)
            let control = context.intensity.isEmpty ? 1 : context.intensity.value(atMs: onsetMs, cursor: &cursor)
            let level = min(max(Double(event.intensity) * control, 0), 1)
            let braked = profile.actuator == .resonator && profile.tapBraking
            // A braked tap plays at f0 whatever the sharpness (an approximation; docs/devices.md).
            let frequencyHz = braked ? profile.resonatorHz : profile.frequencyHz(sharpness: Double(event.sharpness))
            let start = frame(event.startUs)
            let peak = profile.transientGain * Voice.shaped(level, profile.intensityExponent)
            let tap = braked ? BrakedTap(peak: peak, halfCycles: 2 * profile.transientCycles, q: profile.resonatorQ) : nil
            voice = Voice(
                shape: .transient(cycles: profile.transientCycles, amplitude: tap?.overdrive ?? peak, brake: tap?.brake),
                startFrame: start, endFrame: FrameTiming.adding(start, clickFrames(profile, frequencyHz: frequencyHz)),
                envelope: envelope, baseIntensity: Double(event.intensity), baseSharpness: Double(event.sharpness), order: order)
        } else {
            let start = frame(event.startUs), end = frame(events[last].endUs)
            guard end > start else { return nil }
            let ramp = Int64((profile.rampMs * Double(profile.sampleRate) / 1000).rounded(.toNearestOrAwayFromZero))
            voice = Voice(
                shape: .continuous(rampFrames: envelope == nil ? min(ramp, (end - start) / 2) : 0), startFrame: start,
                endFrame: FrameTiming.adding(start, envelope?.length(of: end - start) ?? end - start), envelope: envelope,
                baseIntensity: Double(event.intensity), baseSharpness: Double(event.sharpness), order: order)
        }
        voice.event = first
        voice.lastEvent = last
        return voice
    }

    /// Adds a control (`parameter`'s points, `timesMs` after `frame`'s pattern time) from frame
    /// `frame` on, which must not be before the next frame to render: voices playing follow it
    /// from that frame exactly; voices yet to start are placed again (a click's level, an
    /// envelope's times are read at the onset).
    func apply(_ parameter: ParameterCurve.Parameter, atFrame frame: Int64, startMs: Double? = nil, timesMs: [Double], values: [Double]) {
        let start = startMs ?? context.timeMs(of: frame)
        var inserted = 0
        switch parameter {
        case .intensityControl: inserted = context.intensity.insert(startMs: start, timesMs: timesMs, values: values)
        case .sharpnessControl: inserted = context.sharpness.insert(startMs: start, timesMs: timesMs, values: values)
        case .attackTimeControl: _ = envelopes.attack.insert(startMs: start, timesMs: timesMs, values: values)
        case .decayTimeControl: _ = envelopes.decay.insert(startMs: start, timesMs: timesMs, values: values)
        case .releaseTimeControl: _ = envelopes.release.insert(startMs: start, timesMs: timesMs, values: values)
        }
        for index in 0..<store.count {
            let voice = store.baseAddress! + index
            if parameter == .intensityControl {
                if voice.pointee.intensityCursor.entry >= inserted { voice.pointee.intensityCursor.entry += 1 }
                voice.pointee.intensityPiece.untilFrame = min(voice.pointee.intensityPiece.untilFrame, frame)
            } else if parameter == .sharpnessControl {
                if voice.pointee.sharpnessCursor.entry >= inserted { voice.pointee.sharpnessCursor.entry += 1 }
                voice.pointee.sharpnessPiece.untilFrame = min(voice.pointee.sharpnessPiece.untilFrame, frame)
            }
        }
        for index in nextVoice..<store.count {
            let old = store[index]
            guard let placed = Self.voice(events: plan.events, first: old.event, last: old.lastEvent, order: old.order, context: context,
                                          envelopes: envelopes) else { continue }
            store[index] = placed
        }
        endFrame = max(store.map(\.endFrame).max() ?? startFrame, frame)
    }

    /// Releases the player at `frame` (the next frame to render): continuous voices fall over
    /// `rampFrames` from there, clicks begun finish, voices yet to start never do.
    func release(atFrame frame: Int64, rampFrames: Int64) {
        nextVoice = store.count
        var end = frame
        for index in active {
            let voice = store.baseAddress! + index
            if !voice.pointee.isTransient, voice.pointee.endFrame > frame + rampFrames {
                voice.pointee.endFrame = frame + rampFrames
                voice.pointee.releaseFrames = rampFrames
            }
            end = max(end, voice.pointee.endFrame)
        }
        endFrame = end
    }

    deinit {
        store.deinitialize()
        store.deallocate()
    }

    /// The voices by start frame, as placed (their rendering state included).
    var voices: [Voice] { Array(store) }

    /// The frames of a transient click: round-half-up(cycles × rate / f), at least 1; saturated
    /// when that does not fit (the render-length guard then refuses the render).
    static func clickFrames(_ profile: ActuatorProfile, frequencyHz: Double) -> Int64 {
        let frames = (Double(profile.transientCycles) * Double(profile.sampleRate) / frequencyHz).rounded(.toNearestOrAwayFromZero)
        guard frames.isFinite, frames < Double(FrameTiming.saturated) else { return FrameTiming.saturated }
        return max(Int64(frames), 1)
    }

    /// How many voices the player has.
    var voiceCount: Int { store.count }

    /// Voices begun and not yet let go.
    var activeCount: Int { active.count }

    /// Takes in the voices that begin before `blockEnd`; call before rendering a block.
    func beginBlock(ending blockEnd: Int64) {
        while nextVoice < store.count, store[nextVoice].startFrame < blockEnd {
            active.append(nextVoice)
            nextVoice += 1
        }
    }

    /// Adds the player's begun voices of one lane (those whose sum order has `order % laneCount ==
    /// lane`) over `blockStart ..< blockStart + mix.count`, in a fixed order, between `beginBlock`
    /// and `endBlock`. Different lanes may render at once on different threads. A continuous voice
    /// waiting for a partner (`pending`, from an earlier player of the lane) is rendered together
    /// with this player's first continuous voice, or alone before a transient; the last voice of
    /// the lane may be left in `pending` for the next player.
    /// Continuous voices go to `motion` when it is given (equalised under `resonator`: they move
    /// the mass as asked and do not drive it).
    func render(
        lane: Int, laneCount: Int, into mix: UnsafeMutableBufferPointer<Double>, motion: UnsafeMutableBufferPointer<Double>?,
        blockStart: Int64, scratch: KernelScratch, pending: inout PendingVoice?
    ) {
        let continuousMix = motion ?? mix
        for index in active where store[index].order % laneCount == lane {
            let voice = store.baseAddress! + index
            guard !voice.pointee.isTransient else {
                pending?.render(into: continuousMix, blockStart: blockStart, scratch: scratch)
                pending = nil
                voice.pointee.render(into: mix, blockStart: blockStart, context: context, scratch: scratch)
                continue
            }
            if let waiting = pending {
                Voice.renderPair(waiting.voice, waiting.player.context, voice, context, into: continuousMix, blockStart: blockStart, scratch: scratch)
                pending = nil
            } else {
                pending = PendingVoice(voice: voice, player: self)
            }
        }
    }

    /// Lets go of the voices that have ended by `blockEnd`; call after rendering a block.
    func endBlock(ending blockEnd: Int64) {
        active.removeAll { store[$0].endFrame <= blockEnd }
    }
}

/// A continuous voice waiting to be rendered together with the next one of its lane.
struct PendingVoice {
    let voice: UnsafeMutablePointer<Voice>
    unowned(unsafe) let player: PlayerVoices

    func render(into mix: UnsafeMutableBufferPointer<Double>, blockStart: Int64, scratch: KernelScratch) {
        voice.pointee.render(into: mix, blockStart: blockStart, context: player.context, scratch: scratch)
    }
}

/// One voice of a player as placed: the plan event it plays, its frames, and its effective
/// intensity and sharpness at its onset (before the intensity exponent and gains).
package struct VoiceSpan: Sendable {
    package let event: Int
    package let isTransient: Bool
    package let startFrame: Int64
    package let endFrame: Int64
    package let intensity: Double
    package let sharpness: Double
}

extension VoiceSpan {
    /// The voices of `plan` started at `originFrame` with `leadMs`, in start order.
    package static func spans(of plan: PlayerPlan, profile: ActuatorProfile, originFrame: Int64, leadMs: Int64, firstFrame: Int64 = .min) -> [VoiceSpan] {
        PlayerVoices(plan: plan, profile: profile, originFrame: originFrame, leadMs: leadMs, firstOrder: 0, firstFrame: firstFrame).spans
    }
}

extension PlayerVoices {
    /// Each voice as placed now, with its effective intensity and sharpness at its onset.
    var spans: [VoiceSpan] {
        voices.map { voice in
            let onsetMs = Microseconds.milliseconds(plan.events[voice.event].startUs)
            var intensityCursor = ControlTrack.Cursor(), sharpnessCursor = ControlTrack.Cursor()
            let intensity = context.intensity.isEmpty ? 1 : context.intensity.value(atMs: onsetMs, cursor: &intensityCursor)
            let sharpness = context.sharpness.isEmpty ? 0 : context.sharpness.value(atMs: onsetMs, cursor: &sharpnessCursor)
            return VoiceSpan(event: voice.event, isTransient: voice.isTransient, startFrame: voice.startFrame, endFrame: voice.endFrame,
                             intensity: Voice.intensity(voice.baseIntensity, control: intensity),
                             sharpness: Voice.sharpness(voice.baseSharpness, control: sharpness))
        }
    }
}
