import HapticCore
import HapticSynth

/// One voice that sounded on the emulated device: which player and event, its frames, its
/// effective values at the onset and why it ended (docs/corehaptics.md, "What is recorded").
package struct TimelineVoice: Sendable, Equatable {
    /// `player#3`.
    package let player: String
    /// The event's index among its pattern's events.
    package let event: Int
    /// `hapticTransient`, `hapticContinuous`, `audioCustom` or `audioContinuous`.
    package let kind: String
    package let startFrame: Int64
    package var endFrame: Int64
    /// Haptic: intensity × the intensity control, clamped into 0…1; audio: volume × the volume
    /// control.
    package var intensity: Float
    /// Haptic: sharpness + the sharpness control, clamped into 0…1; audio: brightness + the
    /// brightness control, clamped.
    package var sharpness: Float
    /// `end`, `stop`, `cut30s`, `cancel`, `reset` (and, with transport, `pause`, `loop`).
    package var ended: String
}

/// One entry of the log: an API call, a callback delivered or a rule applied.
package struct LogRecord: Sendable, Equatable {
    package let seq: Int
    package let frame: Int64
    /// `engine#1`, `player#3`, `device`.
    package let object: String
    /// `start(atTime:)`, `stoppedHandler`.
    package let call: String
    /// The arguments as text, in the order the call takes them.
    package let args: [(String, String)]
    package let result: String?
    /// The code thrown or passed, when it failed.
    package let error: Int?
    /// The rule of docs/corehaptics.md that decided it.
    package let rule: String?

    package static func == (a: LogRecord, b: LogRecord) -> Bool {
        a.seq == b.seq && a.frame == b.frame && a.object == b.object && a.call == b.call && a.args.map(\.0) == b.args.map(\.0)
            && a.args.map(\.1) == b.args.map(\.1) && a.result == b.result && a.error == b.error && a.rule == b.rule
    }
}

/// Everything the device made since it was configured: the samples, the timeline and the log.
package struct CaptureSnapshot: Sendable {
    package let sampleRate: Int
    /// Mono haptics at the device rate.
    package let haptics: [Float]
    /// Interleaved stereo audio, as many frames as `haptics`.
    package let audio: [Float]
    package let timeline: [TimelineVoice]
    package let log: [LogRecord]

    /// Engine seconds at `frame`: 1000 s at frame 0.
    package func time(_ frame: Int64) -> Double { EngineClock.time(ofFrame: frame, rate: sampleRate) }

    /// `timeline.json`'s text.
    package var timelineJSON: String {
        let voices = timeline.map { voice -> JSONOutput in
            .object([
                ("player", .string(voice.player)), ("event", .integer(Int64(voice.event))), ("kind", .string(voice.kind)),
                ("startTime", .double(time(voice.startFrame))), ("startFrame", .integer(voice.startFrame)),
                ("endTime", .double(time(voice.endFrame))), ("endFrame", .integer(voice.endFrame)),
                ("intensity", .float(voice.intensity)), ("sharpness", .float(voice.sharpness)), ("ended", .string(voice.ended)),
            ])
        }
        return JSONOutput.object([("sampleRate", .integer(Int64(sampleRate))), ("voices", .array(voices))]).pretty() + "\n"
    }

    /// `log.jsonl`'s text: one object a line.
    package var logJSONLines: String {
        log.map { entry -> String in
            var members: [(String, JSONOutput)] = [
                ("seq", .integer(Int64(entry.seq))), ("time", .double(time(entry.frame))), ("frame", .integer(entry.frame)),
                ("object", .string(entry.object)), ("call", .string(entry.call)),
                ("args", .object(entry.args.map { ($0.0, .string($0.1)) })),
            ]
            if let error = entry.error { members.append(("error", .integer(Int64(error)))) }
            if let result = entry.result { members.append(("result", .string(result))) }
            if let rule = entry.rule { members.append(("rule", .string(rule))) }
            return JSONOutput.object(members).compact + "\n"
        }.joined()
    }
}

/// The engine clock: 1000 s at frame 0, so that small literal times are in the past.
package enum EngineClock {
    /// Engine seconds at frame 0.
    package static let originSeconds = 1000.0

    package static func time(ofFrame frame: Int64, rate: Int) -> Double { originSeconds + Double(frame) / Double(rate) }

    /// The frame of an engine time: round-half-up((time − 1000) × rate), never before frame 0.
    package static func frame(ofTime time: Double, rate: Int) -> Int64 {
        let frames = ((time - originSeconds) * Double(rate) + 0.5).rounded(.down)
        guard frames.isFinite, frames > 0 else { return frames == .infinity ? FrameTiming.saturated : 0 }
        return frames >= Double(FrameTiming.saturated) ? FrameTiming.saturated : Int64(frames)
    }

    /// Whole microseconds of `seconds`, rounded, saturating at ±`FrameTiming.saturated` (NaN: 0):
    /// whatever time an app passes, arithmetic on it cannot overflow.
    package static func microseconds(_ seconds: Double) -> Int64 { saturating(seconds * 1_000_000) }

    /// Frames of `seconds` at `rate`, rounded, saturating as `microseconds`.
    package static func frames(_ seconds: Double, rate: Int) -> Int64 { saturating(seconds * Double(rate)) }

    /// The frame `seconds` after `frame` at `rate`, saturating.
    package static func frame(_ frame: Int64, plus seconds: Double, rate: Int) -> Int64 { FrameTiming.adding(frame, frames(seconds, rate: rate)) }

    private static func saturating(_ value: Double) -> Int64 {
        guard !value.isNaN else { return 0 }
        let limit = Double(FrameTiming.saturated)
        return Int64(min(max(value, -limit), limit).rounded())
    }
}
