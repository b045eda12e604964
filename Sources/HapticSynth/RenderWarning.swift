import HapticCore

/// Something about a render worth telling its user, with its figures; `description` says it
/// without command-line flags (the command line adds its own way out).
public enum RenderWarning: Hashable, Sendable, CustomStringConvertible {
    /// `count` transients play at up to `highestHz` with fewer than
    /// `TransientResolution.minimumFramesPerCycle` frames per cycle at `rate` Hz: they sound
    /// aliased or silent.
    case coarseTransients(count: Int, highestHz: Double, rate: Int)
    /// `count` samples exceeded full scale and were clamped; the sum peaked at `mixPeak`;
    /// `overlappingClicks` transient clicks overlap others (dense textures clip because their
    /// clicks add up).
    case clamped(count: Int, mixPeak: Double, overlappingClicks: Int)

    /// What happened, with its figures.
    public var fact: String {
        switch self {
        case let .coarseTransients(count, highestHz, rate):
            let frames = (Double(rate) / highestHz * 10).rounded() / 10
            return "\(count) transient\(count == 1 ? "" : "s") play at up to \(Int(highestHz.rounded())) Hz, "
                + "\(frames == frames.rounded() ? "\(Int(frames))" : "\(frames)") frames per cycle at \(rate) Hz: "
                + "too few for a click (it sounds aliased or silent)"
        case let .clamped(count, mixPeak, overlapping):
            let base = "\(count) samples exceeded full scale and were clamped"
            guard overlapping > 0 else { return base + " (the sum peaks at \(NumberText.threeDigits(mixPeak)))" }
            return base + "; " + Self.overlappingClicks(overlapping, mixPeak: mixPeak)
        }
    }

    public var description: String {
        switch self {
        case .coarseTransients: return fact + "; raise the profile's sampleRate or lower its maxFrequencyHz"
        case .clamped(_, _, let overlapping):
            return overlapping > 0 ? fact + Self.overlapWayOut : fact
        }
    }

    /// `90 transient clicks overlap others and add up (the sum peaks at 1.297)`: how clamping from
    /// clicks is worded everywhere (render, check, plot, and lint's HS107).
    public static func overlappingClicks(_ count: Int, mixPeak: Double) -> String {
        "\(count) transient clicks overlap others and add up (the sum peaks at \(NumberText.threeDigits(mixPeak)))"
    }

    /// What to do about clicks that add up past full scale.
    public static let overlapWayOut = ": space them further apart or lower their intensity"
}
