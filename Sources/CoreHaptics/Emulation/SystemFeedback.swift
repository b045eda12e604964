import HapticPlanner
import HapticPlayback

/// A feedback generator or system sound as the device sees it: it plays segments, never muted.
final class SystemFeedbackPlayer: DeviceSegmentOwner {
    let segmentName: String
    var mutesHapticsNow: Bool { false }
    var mutesAudioNow: Bool { false }

    init(name: String) { segmentName = name }

    func segmentReachedLoop(_ segment: DeviceSegment) {}
    func segmentFinished(_ segment: DeviceSegment) {}
}

extension EmulatedPhone {
    /// Plays the system's pattern `pattern` (a row of the device's `systemFeedback` table,
    /// docs/corehaptics.md) now for `object` (`UIImpactFeedbackGenerator#1`), its intensity scaled
    /// by `scale` (0…1) as an intensity control over the whole pattern; logged as `call` with
    /// `args`; silent (and logged so) on a device without haptics.
    package func playSystemFeedback(object: String, call: String, args: [(String, String)], pattern: String, scale: Double = 1) {
        prepare()
        lock.withLock {
            sync()
            guard hasHaptics else {
                record(object: object, call: call, args: args, result: "silent", rule: "the device has no haptics")
                return
            }
            guard let row = device.systemFeedback(pattern) else {
                record(object: object, call: call, args: args, result: "silent", rule: "no system feedback table gives \(pattern)")
                return
            }
            record(object: object, call: call, args: args, result: "played", rule: "system feedback: \(row.source)")
            let content = SegmentContent(row.document, durationUs: row.document.layout.durationUs, soundOptions: AudioTrackOptions(), hapticsOff: false,
                                         audioOff: true)
            let player = feedbackPlayers[object] ?? SystemFeedbackPlayer(name: object)
            feedbackPlayers[object] = player
            let controls = scale < 1 ? [DeviceControl(haptic: .intensityControl, audio: nil, timesSeconds: [0], values: [Float(max(0, scale))], startMs: 0)] : []
            device.beginSegment(player, content, controls: controls)
        }
    }

    /// The next number of a kind of object (`UIImpactFeedbackGenerator#2`).
    package func nextName(of kind: String) -> String {
        lock.withLock {
            counters[kind, default: 0] += 1
            return "\(kind)#\(counters[kind]!)"
        }
    }

    /// Records an API call of `object` that plays nothing (`prepare()`).
    package func recordCall(object: String, call: String, args: [(String, String)] = [], result: String) {
        prepare()
        lock.withLock {
            sync()
            record(object: object, call: call, args: args, result: result)
        }
    }
}
