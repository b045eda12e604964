import HapticPlanner
import HapticPlayback

/// A feedback generator or system sound as the device sees it: it plays segments, never muted,
/// and calls a play's completion (`AudioServicesPlaySystemSoundWithCompletion`) when it ends.
final class SystemFeedbackPlayer: DeviceSegmentOwner {
    let segmentName: String
    var mutesHapticsNow: Bool { false }
    var mutesAudioNow: Bool { false }
    /// The completions of the segments playing, by segment.
    var completions: [ObjectIdentifier: () -> Void] = [:]
    weak var phone: EmulatedPhone?

    init(name: String, phone: EmulatedPhone) { (segmentName, self.phone) = (name, phone) }

    func segmentReachedLoop(_ segment: DeviceSegment) {}

    func segmentFinished(_ segment: DeviceSegment) {
        guard let completion = completions.removeValue(forKey: ObjectIdentifier(segment)) else { return }
        phone?.callBack(completion)
    }
}

extension EmulatedPhone {
    /// Plays the system's pattern `pattern` (a row of the device's `systemFeedback` table,
    /// docs/corehaptics.md) now for `object` (`UIImpactFeedbackGenerator#1`), its intensity scaled
    /// by `scale` (0…1) as an intensity control over the whole pattern; logged as `call` with
    /// `args`; silent (and logged so) on a device without haptics. `completion` runs on the
    /// callback queue when it has played (at once when it plays nothing).
    package func playSystemFeedback(object: String, call: String, args: [(String, String)], pattern: String, scale: Double = 1,
                                    completion: (() -> Void)? = nil) {
        locked {
            guard hasHaptics, let row = device.systemFeedback(pattern) else {
                record(object: object, call: call, args: args, result: "silent",
                       rule: hasHaptics ? "no system feedback table gives \(pattern)" : "the device has no haptics")
                if let completion { callBack(completion) }
                return
            }
            record(object: object, call: call, args: args, result: "played", rule: "system feedback: \(row.source)")
            let content = SegmentContent(row.document, durationUs: row.document.layout.durationUs, soundOptions: AudioTrackOptions(), hapticsOff: false,
                                         audioOff: true)
            let player = feedbackPlayers[object] ?? SystemFeedbackPlayer(name: object, phone: self)
            feedbackPlayers[object] = player
            let controls = scale < 1 ? [DeviceControl(haptic: .intensityControl, audio: nil, timesSeconds: [0], values: [Float(max(0, scale))], startMs: 0)] : []
            let segment = device.beginSegment(player, content, controls: controls)
            if let completion { player.completions[ObjectIdentifier(segment)] = completion }
        }
    }

    /// Runs an app's `handler` on the device's callback queue, on this phone.
    package func callBack(_ handler: @escaping () -> Void) {
        device.callbacks.enqueueHandler { [self] in
            EmulatedPhone.$bound.withValue(self) { handler() }
        }
    }

    /// The next number of a kind of object (`UIImpactFeedbackGenerator#2`).
    package func nextName(of kind: String) -> String {
        withLock {
            counters[kind, default: 0] += 1
            return "\(kind)#\(counters[kind]!)"
        }
    }

    /// Records an API call of `object` that plays nothing (`prepare()`).
    package func recordCall(object: String, call: String, args: [(String, String)] = [], result: String) {
        locked { record(object: object, call: call, args: args, result: result) }
    }
}
