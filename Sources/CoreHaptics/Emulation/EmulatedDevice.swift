import AudioCore
import AudioIO
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// The one emulated iPhone every engine of the process plays on (docs/corehaptics.md): one
/// mixer for the haptics (hapsynth's synthesizer, the device's actuator), one sum of audio
/// tracks, one clock counted in frames, the timeline and the log.
///
/// Every change happens under `lock`; callbacks run later on `callbacks`, with no lock held.
package final class EmulatedDevice: @unchecked Sendable {
    /// The process's device: a plain program's, and a test's outside `HapticsEmulator.withDevice`.
    package static let process = EmulatedDevice()
    /// The device bound to the current task (`HapticsEmulator.withDevice`), if any.
    @TaskLocal package static var bound: EmulatedDevice?
    /// The device calls made here play on: the task's own, else the process's. An engine keeps the
    /// device it was made on.
    package static var shared: EmulatedDevice { bound ?? process }

    let lock = NSRecursiveLock()
    let callbacks = CallbackQueue()

    package private(set) var settings = DeviceSettings()
    private(set) var profile = ActuatorProfile()
    /// Why the device cannot play (engines fail to start), when its settings are unusable.
    private(set) var problem: String?
    /// Why the live device named by `HAPSYNTH_COREHAPTICS_PLAY` (or `liveDevice`) does not play, if it does not.
    private var liveProblem: String?
    private(set) var hasHaptics = true
    private var configured = false
    /// Bumped at each configure: engines and players made before it are stale.
    private(set) var generation = 0
    private var mixer = Mixer(profile: ActuatorProfile())
    /// The resonator's ring after the last haptic voice, in frames (0 without a resonator).
    private var tailFrames: Int64 = 0

    /// Frames rendered since the device was configured.
    package private(set) var frame: Int64 = 0
    private var haptics: [Float] = []
    /// Interleaved stereo from frame 0; frames past its end are silent.
    private var audio: [Float] = []
    private var timeline: [TimelineVoice] = []
    /// Timeline entries of voices that never began (their player stopped first).
    private var unheard: Set<Int> = []
    private var log: [LogRecord] = []

    /// Started patterns not yet complete, in start order.
    private var playbacks: [Playback] = []
    /// Starts and stops asked for a later frame, by frame then order asked.
    private var actions: [Action] = []
    /// The device is quiet from this frame on (the resonator's tail, the last sound).
    private var quietFrame: Int64 = 0
    private var engines: [WeakEngine] = []
    var resources: [CHHapticAudioResourceID: AudioResource] = [:]
    private var counts = (engine: 0, player: 0, mixer: 0, action: 0)
    /// Resources registered since the device was configured (IDs are not reused before).
    var resourceCount = 0
    private var clock: RealtimeClock?
    /// The ALSA device it plays through, when one was asked for.
    private var live: ALSAOutput?

    package init() {}

    var rate: Int { profile.sampleRate }

    /// Engine seconds now.
    var now: Double { EngineClock.time(ofFrame: frame, rate: rate) }

    // MARK: - Set-up

    /// Resets the device to `settings`: frame 0, nothing playing, nothing recorded; engines and
    /// players made before stop working (their calls fail with `invalidPatternPlayer` or
    /// `serverInitFailed` until a new engine is made).
    package func configure(_ settings: DeviceSettings) {
        lock.withLock {
            clock?.stop()
            clock = nil
            finishLive()
            generation += 1
            self.settings = settings
            configured = true
            frame = 0
            (haptics, audio, timeline, unheard, log, playbacks, actions, runs) = ([], [], [], [], [], [], [], [])
            quietFrame = 0
            engines = []
            resources = [:]
            resourceCount = 0
            counts = (0, 0, 0, 0)
            callbacks.clear()
            do {
                let resolved = try settings.resolve()
                (profile, hasHaptics, problem) = (resolved.profile, resolved.hasHaptics && settings.supportsHaptics, nil)
            } catch {
                var fallback = ActuatorProfile()
                fallback.sampleRate = max(1_000, min(settings.sampleRate, 384_000))
                (profile, hasHaptics, problem) = (fallback, false, "\(error)")
            }
            mixer = Mixer(profile: profile)
            tailFrames = profile.actuator == .resonator
                ? Resonator.tailFrames(f0Hz: profile.resonatorHz, q: profile.resonatorQ, sampleRate: profile.sampleRate) : 0
            record(object: "device", call: "configure", args: [("device", settings.device), ("sampleRate", "\(settings.sampleRate)"),
                                                              ("supportsHaptics", "\(settings.supportsHaptics)"),
                                                              ("supportsAudio", "\(settings.supportsAudio)"),
                                                              ("clock", settings.realtime ? "realtime" : "virtual")],
                   result: problem == nil ? "configured" : nil, error: problem == nil ? nil : CHHapticError.Code.serverInitFailed.rawValue,
                   rule: problem)
            liveProblem = nil
            if let device = settings.liveDevice {
                do {
                    live = try ALSAOutput(device: device, sampleRate: rate, channelCount: 2)
                    record(object: "device", call: "play", args: [("device", device)], result: "playing")
                } catch {
                    record(object: "device", call: "play", args: [("device", device)], error: CHHapticError.Code.resourceNotAvailable.rawValue,
                           rule: "\(error)")
                    liveProblem = "HAPSYNTH_COREHAPTICS_PLAY=\(device): \(error); the device renders without playing"
                }
            }
            if settings.realtime { clock = RealtimeClock(device: self) }
        }
        // The session is the process's: its calls are logged by the device of the caller's task
        // (never one captured here, which a test's own device may outlive).
        AVAudioSession.sharedInstance().observer = { call, args in
            let device = EmulatedDevice.shared
            device.lock.withLock { device.record(object: "audioSession", call: call, args: args, result: "accepted") }
        }
    }

    /// Configures the device from the environment on its first use (frame 0 is then), and arms
    /// the capture at exit that `HAPSYNTH_COREHAPTICS_CAPTURE` asks for.
    func prepare() {
        lock.withLock {
            guard !configured else { return }
            configure(.fromEnvironment())
            // A process set up from its environment has no test reading its log: what went
            // wrong with the variables is said on stderr too.
            for problem in DeviceSettings.environmentProblems() + [problem.map { "HAPSYNTH_COREHAPTICS_DEVICE=\(settings.device): \($0); every engine fails "
                                                                    + "with serverInitFailed (-4810)" }, liveProblem].compactMap({ $0 }) {
                FileHandle.standardError.write(Data("hapsynth CoreHaptics: \(problem)\n".utf8))
            }
            CaptureAtExit.arm()
        }
    }

    // MARK: - Objects

    func nextEngineName() -> String {
        counts.engine += 1
        return "engine#\(counts.engine)"
    }

    func attach(_ engine: CHHapticEngine) {
        engines.removeAll { $0.engine == nil }
        engines.append(WeakEngine(engine: engine))
    }

    func nextPlayerName() -> String {
        counts.player += 1
        return "player#\(counts.player)"
    }

    /// The live engines, in the order they were made.
    var liveEngines: [CHHapticEngine] { engines.compactMap(\.engine) }

    // MARK: - Log

    /// Appends a log entry at the current frame.
    func record(object: String, call: String, args: [(String, String)] = [], result: String? = nil, error: Int? = nil, rule: String? = nil) {
        log.append(LogRecord(seq: log.count + 1, frame: frame, object: object, call: call, args: args, result: result, error: error, rule: rule))
    }

    /// Runs `body` as the API call `call` of `object`: the log says what it returned or threw.
    func logged<T>(_ object: String, _ call: String, _ args: [(String, String)] = [], rule: String? = nil, result: (T) -> String? = { _ in "ok" },
                   _ body: () throws -> T) throws -> T {
        do {
            let value = try body()
            record(object: object, call: call, args: args, result: result(value), rule: rule)
            return value
        } catch let error as CHHapticError {
            record(object: object, call: call, args: args, error: error.code.rawValue,
                   rule: error.userInfo[NSLocalizedDescriptionKey] as? String ?? rule)
            throw error
        }
    }

    // MARK: - Time

    /// The frame an API time names, and the rule that decided it (§ Clock): 0, immediate or a
    /// past time is now; a future time is round-half-up((time − 1000) × rate).
    func frame(forTime time: TimeInterval) -> (frame: Int64, rule: String) {
        if time == CHHapticTimeImmediate { return (frame, "clock: immediate is now") }
        let asked = EngineClock.frame(ofTime: time, rate: rate)
        if time <= now || asked <= frame { return (frame, "clock: a past time is now") }
        return (asked, "clock: a future time starts at its frame")
    }

    /// Stops following the monotonic clock (at exit: the rest is rendered as fast as it can be).
    func freezeClock() {
        lock.withLock {
            sync()
            clock?.stop()
            clock = nil
        }
    }

    /// Catches a realtime clock up with the monotonic clock.
    func sync() {
        guard let clock else { return }
        let due = clock.framesElapsed(rate: rate)
        if due > frame { render(until: due) }
    }

    // MARK: - Playing

    /// Runs `body` at `at` (now, or at that frame, logged as `call` there).
    func when(_ at: Int64, _ player: PatternPlayer, _ call: String, _ body: @escaping () -> Void) {
        guard at > frame else { return body() }
        schedule(at: at, owner: player.engine) { [unowned self] in
            record(object: player.name, call: call, result: "done", rule: "clock: asked for this frame")
            body()
        }
    }

    /// Starts a segment of `player`'s run at the current frame: its pattern from `offsetUs` at
    /// its rate, looping if it loops; the controls sent to it so far apply from this frame.
    @discardableResult
    func beginSegment(_ player: PatternPlayer, offsetUs: Int64) -> Playback {
        counts.mixer += 1
        let playback = Playback(player: player, mixerID: counts.mixer, offsetUs: offsetUs, rate: player.rateNow, loopEndUs: player.loopEndUsNow,
                                device: self)
        playbacks.append(playback)
        player.playback = playback
        for control in player.sentControls { apply(control, to: playback) }
        return playback
    }

    /// Places a segment's haptic voices in the mixer (muted as asked); returns the frame after the
    /// last one.
    func placeHaptics(_ plan: PlayerPlan, id: Int, placement: Placement, firstFrame: Int64, muted: Bool) -> Int64 {
        let end = mixer.start(plan, id: id, originFrame: placement.originFrame, leadMs: placement.leadMs, firstFrame: firstFrame)
        if muted { mixer.setMuted(true, id: id) }
        return end
    }

    /// The timeline entries of the haptic voices of the segment `mixerID` of `player`, as placed now.
    func hapticVoices(mixerID: Int, player: PatternPlayer, from startFrame: Int64) -> [TimelineVoice] {
        mixer.spans(id: mixerID).map { span in
            let event = player.pattern.hapticEventIndices[span.event]
            return TimelineVoice(player: player.name, event: event, kind: span.isTransient ? "hapticTransient" : "hapticContinuous",
                                 startFrame: max(startFrame, span.startFrame), endFrame: span.endFrame, intensity: Float(span.intensity),
                                 sharpness: Float(span.sharpness), ended: player.pattern.cutEvents.contains(event) ? "cut30s" : "end")
        }
    }

    /// Adds voices to the timeline; returns their indices.
    func addToTimeline(_ voices: [TimelineVoice]) -> [Int] {
        defer { timeline += voices }
        return Array(timeline.count..<(timeline.count + voices.count))
    }

    var resonatorTailFrames: Int64 { tailFrames }

    /// Ends a segment now: its remaining voices are dropped and the timeline says `reason`.
    func endSegment(_ playback: Playback, reason: String) {
        mixer.stop(id: playback.mixerID)
        close(playback, at: frame, reason: reason)
        if playback.hasHaptics { quietFrame = max(quietFrame, frame + tailFrames) }
    }

    /// Pauses a segment now: its continuous voices release over the profile's ramp, clicks begun
    /// finish, nothing later starts; the timeline says `pause`.
    func pauseSegment(_ playback: Playback) {
        let ramp = Int64((profile.rampMs * Double(rate) / 1000).rounded(.toNearestOrAwayFromZero))
        let end = mixer.release(id: playback.mixerID, rampFrames: ramp) ?? frame
        close(playback, at: frame, reason: "pause")
        if playback.hasHaptics { quietFrame = max(quietFrame, end + tailFrames) }
    }

    /// Takes a segment off the device at `at`: voices not begun are dropped from the timeline,
    /// those sounding end there as `reason`.
    private func close(_ playback: Playback, at: Int64, reason: String) {
        playbacks.removeAll { $0 === playback }
        if playback.player.playback === playback { playback.player.playback = nil }
        for index in playback.timelineIndices {
            if timeline[index].startFrame >= at {
                unheard.insert(index)
            } else if timeline[index].endFrame > at {
                timeline[index].endFrame = at
                timeline[index].ended = reason
            }
        }
    }

    /// Applies a control to `player` now: remembered for its later segments, and acting on the
    /// segment it plays from this frame.
    func apply(_ control: SentControl, to player: PatternPlayer) {
        player.remember(control)
        if let playback = player.playback { apply(control, to: playback) }
    }

    /// Applies a control to a segment from the current frame: a haptic control to its voices (and
    /// their timeline entries that have not begun), an audio control to its audio track.
    private func apply(_ control: SentControl, to playback: Playback) {
        let timesMs = control.timesSeconds.map { $0 * 1000 / playback.rate }
        if let parameter = control.haptic, playback.hasHaptics {
            mixer.apply(parameter, id: playback.mixerID, startMs: control.startMs.map { $0 / playback.rate }, timesMs: timesMs,
                        values: control.values.map(Double.init))
            let placed = hapticVoices(mixerID: playback.mixerID, player: playback.player, from: playback.startFrame)
            for index in playback.timelineIndices where timeline[index].startFrame >= frame && timeline[index].kind.hasPrefix("haptic") {
                guard let voice = placed.first(where: { $0.event == timeline[index].event && $0.startFrame == timeline[index].startFrame }) else { continue }
                timeline[index] = voice
            }
        } else if let parameter = control.audio, let track = playback.audio {
            track.apply(parameter, timesUs: timesMs.map { EngineClock.microseconds($0 / 1000) }, values: control.values)
            // The sounds that have not begun start under it: their entries say so.
            for index in playback.timelineIndices where timeline[index].startFrame >= frame && timeline[index].kind.hasPrefix("audio") {
                guard let levels = playback.audioLevels(ofEvent: timeline[index].event) else { continue }
                (timeline[index].intensity, timeline[index].sharpness) = levels
            }
        }
    }

    /// Whether a playing pattern plays audio resource `id`.
    func isPlaying(_ id: CHHapticAudioResourceID) -> Bool {
        playbacks.contains { $0.audio != nil && $0.player.pattern.resourceIDs.contains(id) }
    }

    /// Mutes or unmutes the haptics of every segment as its player and engine now ask (audio is
    /// muted as each block is mixed).
    func applyMuting() {
        for playback in playbacks {
            let player = playback.player
            mixer.setMuted(player.isMutedNow || player.engine.mutesHaptics, id: playback.mixerID)
        }
    }

    /// Players with a run in progress (playing or paused), in the order they started.
    private(set) var runs: [PatternPlayer] = []

    func addRun(_ player: PatternPlayer) {
        if !runs.contains(where: { $0 === player }) { runs.append(player) }
    }

    func removeRun(_ player: PatternPlayer) { runs.removeAll { $0 === player } }

    /// Drops the later calls of `engine`'s players and ends their runs (with `error`).
    func stopAll(of engine: CHHapticEngine, reason: String, error: CHHapticError.Code?) {
        actions.removeAll { $0.owner === engine }
        for player in runs where player.engine === engine { player.endRun(reason: reason, error: error) }
    }

    func schedule(at frame: Int64, owner: CHHapticEngine, _ run: @escaping () -> Void) {
        counts.action += 1
        let action = Action(frame: frame, order: counts.action, owner: owner, run: run)
        let index = actions.firstIndex { ($0.frame, $0.order) > (frame, action.order) } ?? actions.count
        actions.insert(action, at: index)
    }

    /// Whether anything of `engine` plays, is paused or waits to play.
    func isBusy(_ engine: CHHapticEngine) -> Bool {
        runs.contains { $0.engine === engine } || actions.contains { $0.owner === engine }
    }

    /// Whether nothing plays, waits or rings, and no callback waits (a paused player waits for a
    /// call, not for time).
    var isIdle: Bool { playbacks.isEmpty && actions.isEmpty && frame >= quietFrame && callbacks.isEmpty }

    // MARK: - Rendering

    /// Renders up to `target`, running the calls that fall due at their frames and completing and
    /// looping segments at theirs; returns early, at the frame a callback fell due, so that it
    /// runs before anything later is rendered.
    func render(until target: Int64) {
        while true {
            while let first = actions.first, first.frame <= frame {
                actions.removeFirst()
                first.run()
            }
            completeFinished()
            for engine in liveEngines { engine.checkIdle(device: self) }
            guard frame < target, callbacks.isEmpty else { return }
            var next = min(target, frame + 4_096)
            if let first = actions.first { next = min(next, first.frame) }
            for playback in playbacks {
                if let finish = playback.finishFrame { next = min(next, max(finish, frame + 1)) }
                if let loop = playback.loopFrame { next = min(next, max(loop, frame + 1)) }
            }
            for engine in liveEngines { if let deadline = engine.shutdownFrame { next = min(next, max(deadline, frame + 1)) } }
            renderBlock(Int(next - frame))
        }
    }

    /// Loops the segments that reached their loop's end and completes those whose last frame has
    /// been rendered.
    private func completeFinished() {
        for playback in playbacks {
            if let loop = playback.loopFrame, loop <= frame {
                endSegment(playback, reason: "loop")
                beginSegment(playback.player, offsetUs: 0)
            } else if let finish = playback.finishFrame, finish <= frame {
                close(playback, at: frame, reason: "end")
                quietFrame = max(quietFrame, playback.quietFrame)
                playback.player.endRun(reason: "end", error: nil)
            }
        }
    }

    private func renderBlock(_ count: Int) {
        let start = haptics.count
        haptics.append(contentsOf: repeatElement(0, count: count))
        haptics.withUnsafeMutableBufferPointer { buffer in
            mixer.render(into: UnsafeMutableBufferPointer(rebasing: buffer[start..<(start + count)]))
        }
        let tracks = playbacks.compactMap { playback in playback.audio.map { ($0, playback.player.isMutedNow || playback.player.engine.mutesAudio) } }
        if !tracks.isEmpty { mixAudio(tracks, count: count) }
        if live != nil { play(from: start, count: count) }
        frame += Int64(count)
    }

    /// Writes the block just rendered to the live device: the haptics plus each audio channel,
    /// clamped. A device that fails is closed and logged; rendering goes on.
    private func play(from start: Int, count: Int) {
        var block = [Float](repeating: 0, count: 2 * count)
        for index in 0..<count {
            let haptic = haptics[start + index], at = 2 * (start + index)
            block[2 * index] = min(max(haptic + (at < audio.count ? audio[at] : 0), -1), 1)
            block[2 * index + 1] = min(max(haptic + (at + 1 < audio.count ? audio[at + 1] : 0), -1), 1)
        }
        do {
            try block.withUnsafeBufferPointer { try live?.write($0) }
        } catch {
            live?.close()
            live = nil
            record(object: "device", call: "play", result: "stopped", rule: "\(error)")
        }
    }

    /// Lets the live device play out what it holds and closes it.
    func finishLive() {
        try? live?.finish()
        live = nil
    }

    /// Adds the block of every audio track to the capture (muted ones render and are dropped),
    /// each channel clamped into −1…1.
    private func mixAudio(_ tracks: [(AudioTrack, Bool)], count: Int) {
        let first = Int(frame) * 2
        if audio.count < first { audio.append(contentsOf: repeatElement(0, count: first - audio.count)) }
        var left = [Float](repeating: 0, count: count), right = left
        var sumLeft = [Float](repeating: 0, count: count), sumRight = sumLeft
        for (track, muted) in tracks {
            left.withUnsafeMutableBufferPointer { l in right.withUnsafeMutableBufferPointer { r in track.render(left: l, right: r) } }
            guard !muted else { continue }
            for index in 0..<count {
                sumLeft[index] += left[index]
                sumRight[index] += right[index]
            }
        }
        for index in 0..<count {
            audio.append(min(max(sumLeft[index], -1), 1))
            audio.append(min(max(sumRight[index], -1), 1))
        }
    }

    // MARK: - Reading

    /// What the device has made so far.
    package func snapshot() -> CaptureSnapshot {
        prepare()
        return lock.withLock {
            var sound = audio
            if sound.count < haptics.count * 2 { sound.append(contentsOf: repeatElement(0, count: haptics.count * 2 - sound.count)) }
            let heard = timeline.indices.filter { !unheard.contains($0) && timeline[$0].startFrame < frame }.map { timeline[$0] }
            return CaptureSnapshot(sampleRate: rate, haptics: haptics, audio: sound, timeline: heard, log: log)
        }
    }

    /// Engine seconds now (a realtime clock caught up first).
    package var currentTime: Double {
        prepare()
        return lock.withLock {
            sync()
            return now
        }
    }

    /// Renders `seconds` (to the nearest frame), then delivers the callbacks that fell due.
    package func advance(by seconds: TimeInterval) {
        prepare()
        let target: Int64 = lock.withLock {
            sync()
            let frames = max(0, (seconds * Double(rate)).rounded(.toNearestOrAwayFromZero))
            return frame + (frames.isFinite && frames < 9e15 ? Int64(frames) : 0)
        }
        while true {
            callbacks.drain()
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
    package func runUntilIdle(limit: TimeInterval) -> TimeInterval {
        prepare()
        let (startFrame, limitFrame): (Int64, Int64) = lock.withLock {
            sync()
            let frames = max(0, (limit * Double(rate)).rounded(.toNearestOrAwayFromZero))
            return (frame, frame + (frames.isFinite && frames < 9e15 ? Int64(frames) : 0))
        }
        while true {
            callbacks.drain()
            let done: Bool = lock.withLock {
                guard !isIdle, frame < limitFrame else { return true }
                // The next frame anything changes: a call falls due, a segment ends or loops, the device falls quiet.
                var next = playbacks.isEmpty && actions.isEmpty ? quietFrame : Int64.max
                if let first = actions.first { next = min(next, first.frame) }
                for playback in playbacks {
                    if let finish = playback.finishFrame { next = min(next, finish) }
                    if let loop = playback.loopFrame { next = min(next, loop) }
                }
                render(until: min(limitFrame, max(next, frame + 1)))
                return false
            }
            if done { break }
        }
        return lock.withLock { Double(frame - startFrame) / Double(rate) }
    }

    /// Stops every running engine as the system would, for `reason`: their players stop and
    /// each `stoppedHandler` is called.
    package func simulateStop(reason: CHHapticEngine.StoppedReason) {
        prepare()
        lock.withLock {
            sync()
            record(object: "device", call: "simulateStop(reason:)", args: [("reason", reason.name)], result: "stopped")
            for engine in liveEngines where engine.isRunning { engine.stopBySystem(reason, device: self) }
        }
        callbacks.drain()
    }

    /// Resets the haptic server: every engine stops, every player is invalid, every audio
    /// resource is unregistered, and each `resetHandler` is called.
    package func simulateReset() {
        prepare()
        lock.withLock {
            sync()
            record(object: "device", call: "simulateReset()", result: "reset")
            actions.removeAll()
            for player in runs { player.endRun(reason: "reset", error: .serverInterrupted) }
            resources = [:]
            for engine in liveEngines { engine.resetBySystem(device: self) }
        }
        callbacks.drain()
    }
}

/// A start or stop asked for a later frame.
private struct Action {
    let frame: Int64
    let order: Int
    let owner: CHHapticEngine
    let run: () -> Void
}

private struct WeakEngine {
    weak var engine: CHHapticEngine?
}
