import Foundation
import HapticPlayback
import IPhoneEmulation

/// What Core Haptics keeps on a phone (its haptic server): the engines, the runs of their
/// players, the audio resources, and the names it numbers. Dropped when the phone is configured;
/// reached under the phone's lock through `EmulatedPhone.haptics`.
final class HapticServer: PhoneService {
    unowned let phone: EmulatedPhone
    private var engines: [WeakEngine] = []
    var resources: [CHHapticAudioResourceID: AudioResource] = [:]
    /// Resources registered since the phone was configured (IDs are not reused before).
    var resourceCount = 0
    private var counts = (engine: 0, player: 0)
    /// Players with a run in progress (playing or paused), in the order they started.
    private(set) var runs: [PatternPlayer] = []

    init(phone: EmulatedPhone) { self.phone = phone }

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

    func addRun(_ player: PatternPlayer) {
        if !runs.contains(where: { $0 === player }) { runs.append(player) }
    }

    func removeRun(_ player: PatternPlayer) { runs.removeAll { $0 === player } }

    /// Drops the later calls of `engine`'s players and ends their runs (with `error`).
    func stopAll(of engine: CHHapticEngine, reason: String, error: CHHapticError.Code?) {
        phone.device.dropActions(of: engine)
        for player in runs where player.engine === engine { player.endRun(reason: reason, error: error) }
    }

    /// Whether anything of `engine` plays, is paused or waits to play.
    func isBusy(_ engine: CHHapticEngine) -> Bool {
        runs.contains { $0.engine === engine } || phone.device.hasActions(of: engine)
    }

    /// Whether a playing pattern plays audio resource `id`.
    func isPlaying(_ id: CHHapticAudioResourceID) -> Bool { phone.device.isPlaying(soundPath: AudioResources.path(of: id)) }

    // MARK: - PhoneService

    /// The earliest auto-shutdown deadline of an engine.
    var wakeFrame: Int64? { liveEngines.compactMap(\.shutdownFrame).min() }

    func deviceStepped() {
        for engine in liveEngines { engine.checkIdle() }
    }
}

private struct WeakEngine {
    weak var engine: CHHapticEngine?
}

extension EmulatedPhone {
    /// What Core Haptics keeps on this phone. Call under the lock.
    var haptics: HapticServer { service(HapticServer.self) }

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

    /// Runs `body` at `at` (now, or at that frame, logged as `call` there).
    func when(_ at: Int64, _ player: PatternPlayer, _ call: String, _ body: @escaping () -> Void) {
        guard at > frame else { return body() }
        device.when(at, owner: player.engine) { [unowned self] in
            record(object: player.name, call: call, result: "done", rule: "clock: asked for this frame")
            body()
        }
    }

    /// Stops every running engine as the system would, for `reason`: their players stop and
    /// each `stoppedHandler` is called.
    package func simulateStop(reason: CHHapticEngine.StoppedReason) {
        locked {
            record(object: "device", call: "simulateStop(reason:)", args: [("reason", reason.name)], result: "stopped")
            for engine in haptics.liveEngines where engine.isRunning { engine.stopBySystem(reason) }
            if reason == .audioSessionInterrupt {
                record(object: "audioSession", call: "interruptionNotification", args: [("type", "began")], result: "posted")
            }
        }
        // An interruption is the session's too: its observers hear of it (on this phone, no lock held).
        if reason == .audioSessionInterrupt {
            EmulatedPhone.$bound.withValue(self) { AVAudioSession.sharedInstance().postInterruption(.began) }
        }
        device.callbacks.drain()
    }

    /// Resets the haptic server: every engine stops, every player is invalid, every audio
    /// resource is unregistered, and each `resetHandler` is called.
    package func simulateReset() {
        locked {
            record(object: "device", call: "simulateReset()", result: "reset")
            device.dropAllActions()
            for player in haptics.runs { player.endRun(reason: "reset", error: .serverInterrupted) }
            haptics.resources = [:]
            for engine in haptics.liveEngines { engine.resetBySystem() }
        }
        device.callbacks.drain()
    }
}
