import AudioCore
import FoundationEssentials
import HapticPlanner
import HapticSynth

/// What plays segments on the device: it names them in the timeline, says whether they are muted
/// now, and hears when one reaches its loop's end or its last frame (under the device's lock, at
/// that frame).
package protocol DeviceSegmentOwner: AnyObject {
    /// `player#3`, in the timeline.
    var segmentName: String { get }
    /// Whether its haptics, and its audio, are muted now.
    var mutesHapticsNow: Bool { get }
    var mutesAudioNow: Bool { get }
    /// The segment reached its loop's end (it is still playing: the owner ends it and begins the next).
    func segmentReachedLoop(_ segment: DeviceSegment)
    /// The segment's last frame has been rendered (it is already off the device).
    func segmentFinished(_ segment: DeviceSegment)
}

/// Something that wants the device to stop rendering at a frame of its choosing and to hear of
/// each step (an engine's auto-shutdown, an executor's clock): asked under the device's lock.
package protocol DeviceClient: AnyObject {
    /// The next frame it must be stepped at, if any.
    var wakeFrame: Int64? { get }
    /// Whether it waits for the device to play on (the device is not idle while it does).
    var waitsToPlay: Bool { get }
    /// Called after the actions and completions of the current frame.
    func deviceStepped(_ device: EmulatedDevice)
}

/// The one emulated device (docs/corehaptics.md, "The emulated device"): one frame clock, one mixer
/// of haptic voices (hapsynth's synthesizer, the device's actuator), the sum of the audio tracks,
/// a schedule of actions at exact frames, the timeline, the log and one callback queue. Core
/// Haptics' engines and players and the executor's engine are faces of it.
///
/// Its state has one door, `withLock`: every method that reads or changes it checks that the
/// caller is inside (in debug builds), and the few entries that take the door themselves say so
/// (`configure`, `play(through:)`, `pull(into:)`, `snapshot()`, `advance(by:)`, `runUntilIdle`,
/// `finishLive`, `freezeClock`, `mixerLevels`). Callbacks run on `callbacks`, with no lock held;
/// ALSA is opened, drained and waited on outside it. It renders either into its own capture and
/// live output (`render(until:)`, advanced by a test, an app or the realtime clock) or into a
/// caller's buffer (`pull(into:)`, a render job's frame source).
package final class EmulatedDevice: @unchecked Sendable {
    private let lock = RecursiveLock()
    package let callbacks = ManualCallbackQueue()

    /// The one door to the device's state: runs `body` holding the device's lock. Re-entrant on
    /// its thread: an action, a segment's owner, a client or a phone's service that the device
    /// calls from inside may call it again. Never wrap user work in it (a sound file read, ALSA
    /// opened, drained or waited on, an app's callback): those run outside.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock { () throws -> T in try body() }
    }

    /// Traps in a debug build when the calling thread is not inside `withLock`.
    @inline(__always)
    package func assertInside(_ function: StaticString = #function) {
        assert(lock.isHeldByCurrentThread, "EmulatedDevice.\(function) outside its lock")
    }

    package private(set) var profile: ActuatorProfile
    private var mixer: Mixer
    /// The resonator's ring after the last haptic voice, in frames (0 without a resonator).
    package private(set) var tailFrames: Int64 = 0
    /// Whether audio tracks play (the device supports audio).
    package private(set) var playsAudio = true
    /// The catalogue device or device file it is set up as (nil: settings it cannot be set up as).
    package private(set) var deviceProfile: DeviceProfile?

    /// Frames rendered since the device was configured.
    package var frame: Int64 {
        assertInside()
        return framesRendered
    }
    private var framesRendered: Int64 = 0
    /// What was rendered, when the device keeps it (`configure(… keepsCapture: true)`).
    private var capture: DeviceCapture?
    /// Whether voices are entered in the timeline (a device that keeps its capture; a render
    /// job's device does not spend the time).
    var recordsTimeline: Bool { capture != nil }
    private var timeline: [TimelineVoice] = []
    /// Timeline entries of voices that never began (their player stopped first).
    private var unheard: Set<Int> = []
    private var log: [LogRecord] = []

    /// Segments playing, in start order, and how many of them have an audio track.
    private var segments: [DeviceSegment] = []
    private var audioSegments = 0
    /// Each playing segment's loop or finish frame, latest first (so the soonest is popped from
    /// the end); entries of segments that ended before are passed over.
    private var segmentFrames: [(frame: Int64, id: Int, segment: DeviceSegment)] = []
    /// Actions asked for a later frame, by frame then order asked.
    private var actions: [Action] = []
    private var actionCount = 0
    private var segmentCount = 0
    /// The device is quiet from this frame on (the resonator's tail, the last sound).
    private var quietFrame: Int64 = 0
    private var clients: [WeakClient] = []
    private var clock: RealtimeClock?
    /// Where rendered blocks go as they are made (a live device: the haptics and audio mixed).
    private var live: LiveOutput?
    /// One block of haptics and of each audio channel.
    private var block = DeviceBlock()
    /// One track's block of each audio channel, before it is added to the sum.
    private var trackBlock = DeviceBlock()

    /// A device playing `profile` (configure it again to change it).
    /// - Parameter threads: threads the mixer may use: 1, or 2 and more for two (the same samples).
    package init(profile: ActuatorProfile = ActuatorProfile(), threads: Int = 1) {
        self.profile = profile
        mixer = Mixer(profile: profile, threads: threads)
    }

    package var rate: Int { profile.sampleRate }

    /// Engine seconds now (1000 s at frame 0).
    package var now: Double { EngineClock.time(ofFrame: frame, rate: rate) }

    // MARK: - Set-up

    /// Resets the device to `settings` (its catalogue device, rate, audio and clock): frame 0,
    /// nothing playing, waiting, recorded or called back. Returns whether it has haptics and, for
    /// settings it cannot be set up as, why (it then renders silence at the nearest usable rate).
    /// - Parameter keepsCapture: whether what is rendered is kept for `snapshot()`.
    @discardableResult
    package func configure(_ settings: DeviceSettings, keepsCapture: Bool) -> (hasHaptics: Bool, problem: String?) {
        let resolved = settings.resolvedOrFallback()
        let retired: LiveOutput? = lock.withLock {
            clock?.stop()
            clock = nil
            let retired = live
            live = nil
            let profile = resolved.profile
            (self.profile, playsAudio, deviceProfile) = (profile, settings.supportsAudio, resolved.device)
            framesRendered = 0
            (timeline, unheard, log, segments, segmentFrames, actions, clients) = ([], [], [], [], [], [], [])
            audioSegments = 0
            quietFrame = 0
            (actionCount, segmentCount) = (0, 0)
            callbacks.clear()
            capture = keepsCapture ? DeviceCapture(rate: profile.sampleRate) : nil
            mixer = Mixer(profile: profile)
            tailFrames = profile.actuator == .resonator
                ? Resonator.tailFrames(f0Hz: profile.resonatorHz, q: profile.resonatorQ, sampleRate: profile.sampleRate) : 0
            if settings.realtime { clock = RealtimeClock(device: self) }
            return retired
        }
        // The old live output plays out what it holds outside the lock.
        retired?.finish()
        return (resolved.hasHaptics, resolved.problem)
    }

    /// The system's pattern `name` (`impact.light`, `vibrate`; docs/corehaptics.md) on this device:
    /// its device file's row, else the catalogue iPhone's; and where it comes from, for the log
    /// (`impact.light of device iphone (assumed)`). nil for a name no table gives.
    package func systemFeedback(_ name: String) -> (document: AHAPDocument, source: String)? {
        assertInside()
        guard let row = deviceProfile?.systemFeedbackRow(name) else { return nil }
        return (row.document, "\(name) of device \(row.device)" + (row.provenance.map { " (\($0.basis.rawValue))" } ?? ""))
    }

    /// Plays each block rendered from now on through `output` as well (stereo: the haptics plus
    /// each audio channel, clamped), until the device is configured again.
    package func play(through output: any AudioOutput) {
        lock.withLock { live = LiveOutput(output) }
    }

    /// Registers `client` for its wake frames and steps (held weakly).
    package func attach(_ client: DeviceClient) {
        assertInside()
        clients.removeAll { $0.client == nil }
        clients.append(WeakClient(client: client))
    }

    private var liveClients: [DeviceClient] { clients.compactMap(\.client) }

    // MARK: - Log

    /// Appends a log entry at the current frame.
    package func record(object: String, call: String, args: [(String, String)] = [], result: String? = nil, error: Int? = nil, rule: String? = nil) {
        assertInside()
        // The log is part of the capture: a device that keeps none (an app playing live, a render
        // job) stays flat in memory however long it plays.
        guard capture != nil else { return }
        log.append(LogRecord(seq: log.count + 1, frame: frame, object: object, call: call, args: args, result: result, error: error, rule: rule))
    }

    // MARK: - Time

    /// The frame an API time names, and the rule that decided it (§ Clock): 0 (immediate) or a
    /// past time is now; a future time is round-half-up((time − 1000) × rate).
    package func frame(forTime time: Double) -> (frame: Int64, rule: String) {
        assertInside()
        if time == 0 { return (frame, "clock: immediate is now") }
        let asked = EngineClock.frame(ofTime: time, rate: rate)
        if time <= now || asked <= frame { return (frame, "clock: a past time is now") }
        return (asked, "clock: a future time starts at its frame")
    }

    /// Stops following the monotonic clock (at exit: the rest is rendered as fast as it can be).
    package func freezeClock() {
        lock.withLock {
            sync()
            clock?.stop()
            clock = nil
        }
    }

    /// Catches a realtime clock up with the monotonic clock.
    package func sync() {
        assertInside()
        guard let clock else { return }
        let due = clock.framesElapsed(rate: rate)
        if due > frame { render(until: due) }
    }

    // MARK: - Actions

    /// Runs `body` at `at`: now when it is not later, else when the render reaches that frame.
    package func when(_ at: Int64, owner: AnyObject, _ body: @escaping () -> Void) {
        assertInside()
        guard at > frame else { return body() }
        actionCount += 1
        let action = Action(frame: at, order: actionCount, owner: ObjectIdentifier(owner), run: body)
        let index = actions.firstIndex { ($0.frame, $0.order) > (at, action.order) } ?? actions.count
        actions.insert(action, at: index)
    }

    /// Drops the actions `owner` asked for.
    package func dropActions(of owner: AnyObject) {
        assertInside()
        actions.removeAll { $0.owner == ObjectIdentifier(owner) }
    }

    /// Drops every action waiting.
    package func dropAllActions() {
        assertInside()
        actions.removeAll()
    }

    /// Whether `owner` has an action waiting.
    package func hasActions(of owner: AnyObject) -> Bool {
        assertInside()
        return actions.contains { $0.owner == ObjectIdentifier(owner) }
    }

    // MARK: - Segments

    /// Starts a segment of `owner` at the current frame: `content` from `offsetUs` at `rate`,
    /// placed as `placement` says (default: as `hapsynth render` places a pattern started now),
    /// looping at `loopEndUs` if given; `controls` apply from this frame.
    @discardableResult
    package func beginSegment(_ owner: DeviceSegmentOwner, _ content: SegmentContent, offsetUs: Int64 = 0, rate: Double = 1,
                              loopEndUs: Int64? = nil, placement: Placement? = nil, controls: [DeviceControl] = []) -> DeviceSegment {
        assertInside()
        segmentCount += 1
        let segment = DeviceSegment(owner: owner, content: content, id: segmentCount, offsetUs: offsetUs, rate: rate, loopEndUs: loopEndUs,
                                    placement: placement, device: self)
        segments.append(segment)
        if segment.audio != nil { audioSegments += 1 }
        if let at = segment.loopFrame ?? segment.finishFrame {
            // Latest first; among equal frames, the later start first (so the earlier pops first).
            var low = 0, high = segmentFrames.count
            while low < high {
                let mid = (low + high) / 2
                if (segmentFrames[mid].frame, segmentFrames[mid].id) > (at, segment.id) { low = mid + 1 } else { high = mid }
            }
            segmentFrames.insert((at, segment.id, segment), at: low)
        }
        for control in controls { apply(control, to: segment) }
        return segment
    }

    /// Places a segment's haptic voices in the mixer (muted as asked); returns the frame after the
    /// last one.
    func placeHaptics(_ plan: PlayerPlan, id: Int, placement: Placement, firstFrame: Int64, muted: Bool) -> Int64 {
        assertInside()
        let end = mixer.start(plan, id: id, originFrame: placement.originFrame, leadMs: placement.leadMs, firstFrame: firstFrame)
        if muted { mixer.setMuted(true, id: id) }
        return end
    }

    /// The timeline entries of the haptic voices of `segment`'s id, as placed now.
    func hapticVoices(id: Int, content: SegmentContent, name: String, from startFrame: Int64) -> [TimelineVoice] {
        assertInside()
        return mixer.spans(id: id).map { span in
            let event = content.hapticEventIndices[span.event]
            return TimelineVoice(player: name, event: event, kind: span.isTransient ? "hapticTransient" : "hapticContinuous",
                                 startFrame: max(startFrame, span.startFrame), endFrame: span.endFrame, intensity: Float(span.intensity),
                                 sharpness: Float(span.sharpness), ended: content.cutEvents.contains(event) ? "cut30s" : "end")
        }
    }

    /// Adds voices to the timeline; returns their indices.
    func addToTimeline(_ voices: [TimelineVoice]) -> [Int] {
        assertInside()
        defer { timeline += voices }
        return Array(timeline.count..<(timeline.count + voices.count))
    }

    /// Ends a segment now: its remaining voices are dropped and the timeline says `reason`.
    package func endSegment(_ segment: DeviceSegment, reason: String) {
        assertInside()
        mixer.stop(id: segment.id)
        close(segment, at: frame, reason: reason)
        if segment.hasHaptics { quietFrame = max(quietFrame, frame + tailFrames) }
    }

    /// Pauses a segment now: its continuous voices release over the profile's ramp, clicks begun
    /// finish, nothing later starts; the timeline says `pause`.
    package func pauseSegment(_ segment: DeviceSegment) {
        assertInside()
        let ramp = Int64((profile.rampMs * Double(rate) / 1000).rounded(.toNearestOrAwayFromZero))
        let end = mixer.release(id: segment.id, rampFrames: ramp) ?? frame
        close(segment, at: frame, reason: "pause")
        if segment.hasHaptics { quietFrame = max(quietFrame, end + tailFrames) }
    }

    /// Takes a segment off the device at `at`: voices not begun are dropped from the timeline,
    /// those sounding end there as `reason`.
    private func close(_ segment: DeviceSegment, at: Int64, reason: String) {
        // In start order, so by id: found by halving, removed without touching the others.
        var low = 0, high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if segments[mid].id < segment.id { low = mid + 1 } else { high = mid }
        }
        if low < segments.count, segments[low] === segment {
            segments.remove(at: low)
            if segment.audio != nil { audioSegments -= 1 }
        }
        segment.isPlaying = false
        for index in segment.timelineIndices {
            if timeline[index].startFrame >= at {
                unheard.insert(index)
            } else if timeline[index].endFrame > at {
                timeline[index].endFrame = at
                timeline[index].ended = reason
            }
        }
    }

    /// Applies a control to a playing segment from the current frame: a haptic control to its
    /// voices (and their timeline entries that have not begun), an audio control to its audio track.
    package func apply(_ control: DeviceControl, to segment: DeviceSegment) {
        assertInside()
        guard segment.isPlaying else { return }
        let timesMs = control.timesSeconds.map { $0 * 1000 / segment.rate }
        if let parameter = control.haptic, segment.hasHaptics {
            mixer.apply(parameter, id: segment.id, startMs: control.startMs.map { $0 / segment.rate }, timesMs: timesMs,
                        values: control.values.map(Double.init))
            let placed = hapticVoices(id: segment.id, content: segment.content, name: segment.name, from: segment.startFrame)
            for index in segment.timelineIndices where timeline[index].startFrame >= frame && timeline[index].kind.hasPrefix("haptic") {
                guard let voice = placed.first(where: { $0.event == timeline[index].event && $0.startFrame == timeline[index].startFrame }) else { continue }
                timeline[index] = voice
            }
        } else if let parameter = control.audio, let track = segment.audio {
            track.apply(parameter, timesUs: timesMs.map { EngineClock.microseconds($0 / 1000) }, values: control.values)
            // The sounds that have not begun start under it: their entries say so.
            for index in segment.timelineIndices where timeline[index].startFrame >= frame && timeline[index].kind.hasPrefix("audio") {
                guard let levels = segment.audioLevels(ofEvent: timeline[index].event) else { continue }
                (timeline[index].intensity, timeline[index].sharpness) = levels
            }
        }
    }

    /// Whether a playing segment plays the sound named `path`.
    package func isPlaying(soundPath path: String) -> Bool {
        assertInside()
        return segments.contains { $0.audio != nil && $0.content.sound.events.contains { $0.waveformPath == path } }
    }

    /// Mutes or unmutes the haptics of every segment as its owner now asks (audio is muted as each
    /// block is mixed).
    package func applyMuting() {
        assertInside()
        for segment in segments { mixer.setMuted(segment.owner?.mutesHapticsNow ?? false, id: segment.id) }
    }

    /// Whether nothing plays, waits or rings, and no callback waits (a paused player waits for a
    /// call, not for time).
    package var isIdle: Bool {
        segments.isEmpty && actions.isEmpty && frame >= quietFrame && callbacks.pendingCount == 0 && !liveClients.contains { $0.waitsToPlay }
    }

    // MARK: - Rendering

    /// Runs the actions due now, loops and completes the segments that reached their frames, and
    /// steps the clients.
    private func step() {
        while let first = actions.first, first.frame <= frame {
            actions.removeFirst()
            first.run()
        }
        while let (at, _, segment) = segmentFrames.last, at <= frame || !segment.isPlaying {
            segmentFrames.removeLast()
            guard segment.isPlaying else { continue }
            if segment.loopFrame != nil {
                segment.owner?.segmentReachedLoop(segment)
            } else {
                close(segment, at: frame, reason: "end")
                quietFrame = max(quietFrame, segment.quietFrame)
                segment.owner?.segmentFinished(segment)
            }
        }
        for client in liveClients { client.deviceStepped(self) }
    }

    /// The next frame anything changes after now, at most `limit`: an action falls due, a segment
    /// ends or loops, a client wakes.
    private func nextFrame(limit: Int64) -> Int64 {
        var next = limit
        if let first = actions.first { next = min(next, first.frame) }
        if let soonest = segmentFrames.last { next = min(next, max(soonest.frame, frame + 1)) }
        for client in liveClients { if let wake = client.wakeFrame { next = min(next, max(wake, frame + 1)) } }
        return next
    }

    /// Renders up to `target` into the capture and the live output, running the actions that
    /// fall due at their frames and completing and looping segments at theirs; returns early, at
    /// the frame a callback fell due, so that it runs before anything later is rendered, or when
    /// the live output has no place for another block (`waitForLiveRoom()` waits outside the lock).
    package func render(until target: Int64) {
        assertInside()
        while true {
            step()
            guard frame < target, callbacks.pendingCount == 0, live?.reserve() ?? true else { return }
            renderNext(upTo: min(target, frame + 4_096))
            capture?.append(block)
            if let live, !live.write(block) {
                self.live = nil
                record(object: "device", call: "play", result: "stopped", rule: live.failure.map { "\($0)" })
            }
        }
    }

    /// Renders the next `buffer.count` frames of haptics into `buffer` (a render job's frame
    /// source), and of each audio channel into `audio` when given (as long as `buffer`),
    /// stopping where something changes; returns the frames rendered (at least 1). Takes the
    /// door itself; the caller delivers the callbacks between calls.
    package func pull(into buffer: UnsafeMutableBufferPointer<Float>,
                      audio: (left: UnsafeMutableBufferPointer<Float>, right: UnsafeMutableBufferPointer<Float>)? = nil) -> Int {
        lock.withLock {
            step()
            let count = renderNext(upTo: frame + Int64(buffer.count))
            _ = block.haptics.withUnsafeBufferPointer { buffer.update(fromContentsOf: $0) }
            /// A channel of the block into `out` (silence when the block has no audio).
            func copy(_ channel: [Float], into out: UnsafeMutableBufferPointer<Float>) {
                let copied = channel.withUnsafeBufferPointer { out.update(fromContentsOf: $0) }
                for index in copied..<count { out[index] = 0 }
            }
            if let audio {
                copy(block.left, into: audio.left)
                copy(block.right, into: audio.right)
            }
            step()
            return count
        }
    }

    /// The one render call: the next frames up to `limit`, stopping where something changes (an
    /// action falls due, a segment ends or loops, a client wakes), into `block` — the haptics, and
    /// the sum of the audio tracks with each channel clamped into −1…1 (muted tracks render and
    /// are dropped). Capture, live output and a render job's pull all take their frames from it.
    /// Returns the frames rendered.
    @discardableResult
    private func renderNext(upTo limit: Int64) -> Int {
        let count = Int(nextFrame(limit: limit) - frame)
        let hasAudio = audioSegments > 0
        // A render job's pull takes the haptics only: its block's audio stays empty.
        block.resize(count, withAudio: hasAudio || capture != nil || live != nil)
        block.haptics.withUnsafeMutableBufferPointer { mixer.render(into: $0) }
        if hasAudio {
            for segment in segments {
                guard let track = segment.audio else { continue }
                block.addSound(track, muted: segment.owner?.mutesAudioNow ?? false, scratch: &trackBlock)
            }
            block.clampSounds()
        }
        framesRendered += Int64(count)
        return count
    }

    /// Waits, outside the lock, until the live output has a place for another block (at once
    /// when it has, or when there is none).
    package func waitForLiveRoom() {
        let current: LiveOutput? = lock.withLock { live }
        current?.waitForRoom()
    }

    /// Lets the live output play out what it holds and closes it, outside the lock (takes the
    /// door itself).
    package func finishLive() {
        let retired: LiveOutput? = lock.withLock {
            defer { live = nil }
            return live
        }
        retired?.finish()
    }

    // MARK: - Reading

    /// Everything the device has made so far.
    package func snapshot() -> CaptureSnapshot {
        lock.withLock {
            let heard = timeline.indices.filter { !unheard.contains($0) && timeline[$0].startFrame < frame }.map { timeline[$0] }
            return CaptureSnapshot(sampleRate: rate, haptics: capture?.haptics.samples ?? [], audio: capture?.audio.samples ?? [], timeline: heard, log: log)
        }
    }

    /// The largest |sample| rendered, the samples clamped, the largest |sum| before clamping.
    package var mixerLevels: (peak: Float, clamped: Int, mixPeak: Double) {
        lock.withLock { (mixer.peak, mixer.clampedSampleCount, mixer.mixPeak) }
    }

    /// Renders `seconds` (to the nearest frame), then delivers the callbacks that fell due.
    package func advance(by seconds: Double) {
        let target: Int64 = lock.withLock {
            sync()
            return frame + Self.frameCount(seconds, rate: rate)
        }
        while true {
            callbacks.drain()
            waitForLiveRoom()
            let done: Bool = lock.withLock {
                guard frame < target else { return true }
                render(until: target)
                return false
            }
            if done { break }
        }
    }

    /// Renders until nothing plays, waits, rings or calls back, or for `limit` seconds; returns
    /// the seconds rendered.
    package func runUntilIdle(limit: Double) -> Double {
        let (startFrame, limitFrame): (Int64, Int64) = lock.withLock {
            sync()
            return (frame, frame + Self.frameCount(limit, rate: rate))
        }
        while true {
            callbacks.drain()
            waitForLiveRoom()
            let done: Bool = lock.withLock {
                guard !isIdle, frame < limitFrame else { return true }
                // The next frame anything changes: an action falls due, a segment ends or loops, the device falls quiet.
                let waiting = segments.isEmpty && actions.isEmpty && !liveClients.contains { $0.waitsToPlay }
                let next = waiting ? quietFrame : nextFrame(limit: .max)
                render(until: min(limitFrame, max(next, frame + 1)))
                return false
            }
            if done { break }
        }
        return lock.withLock { Double(frame - startFrame) / Double(rate) }
    }

    /// Whole frames of `seconds` at `rate`, rounded; 0 for a negative or unrepresentable time.
    private static func frameCount(_ seconds: Double, rate: Int) -> Int64 {
        let frames = max(0, (seconds * Double(rate)).rounded(.toNearestOrAwayFromZero))
        return frames.isFinite && frames < 9e15 ? Int64(frames) : 0
    }
}

/// An action asked for a later frame.
private struct Action {
    let frame: Int64
    let order: Int
    let owner: ObjectIdentifier
    let run: () -> Void
}

private struct WeakClient {
    weak var client: DeviceClient?
}

/// One block as the device renders it: mono haptics, and each audio channel.
struct DeviceBlock {
    var haptics: [Float] = [], left: [Float] = [], right: [Float] = []

    /// Makes the haptics `count` frames of silence, and each audio channel too `withAudio` (else
    /// empty), keeping the storage of earlier blocks.
    mutating func resize(_ count: Int, withAudio: Bool) {
        Self.silence(&haptics, count)
        Self.silence(&left, withAudio ? count : 0)
        Self.silence(&right, withAudio ? count : 0)
    }

    /// Renders `track`'s next frames into `scratch` and adds them to each audio channel (a muted
    /// track renders and is dropped).
    mutating func addSound(_ track: AudioTrack, muted: Bool, scratch: inout DeviceBlock) {
        let count = haptics.count
        Self.silence(&scratch.left, count)
        Self.silence(&scratch.right, count)
        scratch.left.withUnsafeMutableBufferPointer { left in
            scratch.right.withUnsafeMutableBufferPointer { right in
                track.render(left: left, right: right)
                guard !muted else { return }
                self.left.withUnsafeMutableBufferPointer { sumLeft in
                    self.right.withUnsafeMutableBufferPointer { sumRight in
                        for index in 0..<count {
                            sumLeft[index] += left[index]
                            sumRight[index] += right[index]
                        }
                    }
                }
            }
        }
    }

    /// Clamps each audio channel into −1…1: the one clamp of the device's sounds.
    mutating func clampSounds() {
        for index in left.indices {
            left[index] = min(max(left[index], -1), 1)
            right[index] = min(max(right[index], -1), 1)
        }
    }

    private static func silence(_ channel: inout [Float], _ count: Int) {
        channel.removeAll(keepingCapacity: true)
        channel.append(contentsOf: repeatElement(0, count: count))
    }
}

/// What the device has rendered, kept as a render job's sinks keep what they are given: the
/// haptics, and the audio interleaved in stereo, each composed by the one composer into memory.
private struct DeviceCapture {
    let haptics: MemoryOutput, audio: MemoryOutput
    private var hapticsComposer = SinkComposer(), audioComposer = SinkComposer()

    init(rate: Int) {
        haptics = MemoryOutput(format: AudioFormat(sampleRate: rate, channelCount: 1))
        audio = MemoryOutput(format: AudioFormat(sampleRate: rate, channelCount: 2))
    }

    mutating func append(_ block: DeviceBlock) {
        let sources = SinkSources(haptic: block.haptics, right: [], audioLeft: block.left, audioRight: block.right, hasIOS: true)
        // Memory takes every write.
        try? hapticsComposer.write(block.haptics.count, .haptics, sources, to: haptics, measuresPlainHaptics: false)
        try? audioComposer.write(block.haptics.count, .audio, sources, to: audio)
    }
}
