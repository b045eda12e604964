import HapticPlanner
import HapticPlayback

/// What the system plays for a feedback generator or a system sound (docs/corehaptics.md,
/// "Feedback generators"): one AHAP pattern each. No public measurement of what an iPhone plays
/// for them exists: every row is assumed, ordered as Apple's Human Interface Guidelines describe
/// the styles (light < medium < heavy in strength; soft round and rigid sharp; success, warning and
/// error as two, two and three taps), and replaceable in a later round by a file of one's own.
package enum SystemFeedback {
    /// A tap of `intensity` and `sharpness` at `seconds`.
    private static func tap(_ seconds: Double, _ intensity: Double, _ sharpness: Double) -> String {
        #"{"Event": {"Time": \#(seconds), "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": \#(intensity)}, {"ParameterID": "HapticSharpness", "ParameterValue": \#(sharpness)}]}}"#
    }

    /// The patterns' entries by name (`impact.light`, `notification.success`, `selection`, `vibrate`).
    package static let patterns: [String: [String]] = [
        "impact.light": [tap(0, 0.4, 0.5)],
        "impact.medium": [tap(0, 0.7, 0.5)],
        "impact.heavy": [tap(0, 1.0, 0.5)],
        "impact.soft": [tap(0, 0.6, 0.1)],
        "impact.rigid": [tap(0, 0.8, 1.0)],
        "notification.success": [tap(0, 0.6, 0.6), tap(0.1, 1.0, 0.7)],
        "notification.warning": [tap(0, 1.0, 0.6), tap(0.15, 0.6, 0.6)],
        "notification.error": [tap(0, 0.8, 0.8), tap(0.08, 0.8, 0.8), tap(0.16, 1.0, 0.8)],
        "selection": [tap(0, 0.3, 0.9)],
        "vibrate": [#"{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.4, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.0}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.3}]}}"#],
    ]

    /// The document of the pattern `name`, its intensities scaled by `scale` (0…1) through an
    /// intensity control over the whole pattern, as a player's would be.
    static func document(_ name: String, scale: Double) -> AHAPDocument? {
        guard var entries = patterns[name] else { return nil }
        if scale < 1 {
            entries.append(#"{"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterValue": \#(max(0, scale))}}"#)
        }
        let text = #"{"Version": 1.0, "Pattern": ["# + entries.joined(separator: ", ") + "]}"
        return try? AHAPImport.read(bytes: Array(text.utf8), file: name)
    }
}

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
    /// Plays the system's pattern `pattern` now for `object` (`UIImpactFeedbackGenerator#1`),
    /// logged as `call` with `args`; silent (and logged so) on a device without haptics.
    package func playSystemFeedback(object: String, call: String, args: [(String, String)], pattern: String, scale: Double = 1) {
        prepare()
        lock.withLock {
            sync()
            guard hasHaptics else {
                record(object: object, call: call, args: args, result: "silent", rule: "the device has no haptics")
                return
            }
            guard let document = SystemFeedback.document(pattern, scale: scale) else { return }
            record(object: object, call: call, args: args, result: "played", rule: "feedback: \(pattern) (docs/corehaptics.md)")
            let content = SegmentContent(document, durationUs: document.layout.durationUs, soundOptions: AudioTrackOptions(), hapticsOff: false,
                                         audioOff: true)
            let player = feedbackPlayers[object] ?? SystemFeedbackPlayer(name: object)
            feedbackPlayers[object] = player
            device.beginSegment(player, content)
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
