import HapticPlanner

/// How many frames a render of a plan has (docs/synthesis.md "Length"), computed exactly without
/// rendering, and the one guard every render passes before any work: `render`, `play`, `check`
/// and the Swift API (`OfflineRender`, `LivePlayback`) alike.
public enum RenderLength {
    /// Renders longer than this, in seconds, need `allowLong`.
    public static let maxSecondsWithoutAllowLong: Int64 = 24 * 3_600
    /// The longest render at all, in milliseconds (about 317 years): the engine's clock counts
    /// nanoseconds in 64 bits, and every frame count below stays exact in a double.
    public static let maxRepresentableMs: Int64 = 10_000_000_000_000

    /// Core Haptics: max(frame(D), the end frame of the last voice, transient clicks included);
    /// silent: round-half-up(D × rate / 1000) with no lead; unsupported: 0. nil when a length is
    /// beyond what hapsynth can represent.
    public static func frames(of plan: PlaybackPlan, profile: ActuatorProfile) -> Int64? {
        let durationMs = plan.diagnostics.logicalDurationMs
        guard durationMs <= maxRepresentableMs else { return nil }
        let rate = profile.sampleRate
        var length: Int64
        switch plan.diagnostics.backend {
        case .unsupported: return 0
        case .silent: length = FrameTiming.frame(atMs: durationMs, rate: rate)
        case .coreHaptics:
            length = FrameTiming.frame(patternMs: durationMs, rate: rate)
            for player in plan.players {
                let voices = PlayerVoices(plan: player, profile: profile, originFrame: 0, leadMs: FrameTiming.leadMs, firstOrder: 0)
                length = max(length, voices.endFrame)
            }
            if profile.actuator == .resonator {
                length = FrameTiming.adding(length, Resonator.tailFrames(f0Hz: profile.resonatorHz, q: profile.resonatorQ, sampleRate: rate))
            }
        }
        let maxFrames = FrameTiming.frame(atMs: maxRepresentableMs, rate: rate)
        return length <= maxFrames ? length : nil
    }

    /// The render's frame count, refused past 24 hours unless `allowLong`, and past what hapsynth
    /// can represent in any case.
    public static func checked(_ plan: PlaybackPlan, profile: ActuatorProfile, allowLong: Bool) throws(RenderLengthError) -> Int64 {
        try checked(frames: frames(of: plan, profile: profile), rate: profile.sampleRate, allowLong: allowLong)
    }

    /// An Android plan's render: its session (the longer of the pattern and the effect), from the
    /// request with no lead; nil beyond what hapsynth can represent.
    public static func frames(of plan: AndroidPlan, rate: Int) -> Int64? {
        guard plan.sessionDurationMs <= maxRepresentableMs else { return nil }
        return FrameTiming.frame(atMs: plan.sessionDurationMs, rate: rate)
    }

    /// The Android render's frame count, under the same limits as every render.
    public static func checked(_ plan: AndroidPlan, rate: Int, allowLong: Bool) throws(RenderLengthError) -> Int64 {
        try checked(frames: frames(of: plan, rate: rate), rate: rate, allowLong: allowLong)
    }

    /// `frames` (nil or beyond what hapsynth can represent: refused in any case), refused past 24
    /// hours unless `allowLong`: the guard of a source whose length is counted elsewhere (an
    /// audio track).
    public static func checked(frames: Int64?, rate: Int, allowLong: Bool) throws(RenderLengthError) -> Int64 {
        guard let frames, frames <= FrameTiming.frame(atMs: maxRepresentableMs, rate: rate) else { throw .unrepresentable(maxMs: maxRepresentableMs) }
        if !allowLong, frames > maxSecondsWithoutAllowLong * Int64(rate) {
            throw .overADay(frames: frames, rate: rate)
        }
        return frames
    }
}

/// A render that is refused before any work.
public enum RenderLengthError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Longer than 24 hours without `allowLong`.
    case overADay(frames: Int64, rate: Int)
    /// Longer than hapsynth can represent, `allowLong` or not.
    case unrepresentable(maxMs: Int64)

    /// The refusal, without the way out (which a caller words: `allowLong`, `--allow-long`).
    public var reason: String {
        switch self {
        case let .overADay(frames, rate):
            return "the render would last \(Self.clockText(frames: frames, rate: rate)) (\(frames) frames at \(rate) Hz), over 24 hours"
        case .unrepresentable: return description
        }
    }

    public var description: String {
        switch self {
        case .overADay:
            return reason + "; pass allowLong to render it"
        case let .unrepresentable(maxMs):
            return "the render would last longer than hapsynth can represent (\(maxMs) ms)"
        }
    }

    /// `h:mm:ss` of a frame count, with days when there are any (`3d 01:00:00`).
    package static func clockText(frames: Int64, rate: Int) -> String {
        let seconds = frames / Int64(rate)
        let days = seconds / 86_400, rest = seconds % 86_400
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let clock = "\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))"
        return days > 0 ? "\(days)d \(clock)" : clock
    }
}
