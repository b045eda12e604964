import AudioCore
import Glibc

/// A HAL's frequency → output acceleration map (FOAM, docs/devices.md): the largest steady
/// acceleration the actuator reaches at each frequency at full drive, in g. Between its points the
/// acceleration is linear in hertz; outside them it is held at the end point.
public struct OutputAccelerationMap: Hashable, Sendable {
    /// One point: a frequency in Hz and the acceleration there, in g.
    public struct Point: Hashable, Sendable {
        public let hz: Double
        public let g: Double

        public init(hz: Double, g: Double) {
            self.hz = hz
            self.g = g
        }
    }

    /// The points, by strictly rising frequency (at least two).
    public let points: [Point]

    /// - Precondition: at least two points with strictly rising frequencies (the device reader
    ///   refuses anything else with its place).
    public init(_ points: [Point]) {
        precondition(points.count >= 2 && zip(points, points.dropFirst()).allSatisfy { $0.hz < $1.hz })
        self.points = points
    }

    /// The acceleration at `hz`, in g: linear between points, held past the ends.
    public func g(atHz hz: Double) -> Double {
        PiecewiseLinear.value(at: hz, count: points.count, x: { points[$0].hz }, y: { points[$0].g })
    }

    /// The sensation level every envelope must reach for Android 16 to count a frequency as usable,
    /// in dB above the threshold.
    public static let usableSensationDb = 10.0

    /// Android 16's band (`BasicToPwleSegmentAdapter`): from the first crossing of the map with the
    /// threshold + 10 dB to the next one (or the map's last frequency). A crossing between two
    /// points is where the acceleration, linear between them, meets the level wanted at the upper
    /// point, as Android computes it. nil when the map never reaches that level.
    public func usableBandHz() -> ClosedRange<Double>? {
        var lower: Double?
        for (index, point) in points.enumerated() {
            let wanted = pow(10, (Self.usableSensationDb + VibrotactileThreshold.db(atHz: point.hz)) / 20)
            if lower == nil, wanted <= point.g {
                lower = index == 0 ? point.hz : Self.crossing(points[index - 1], point, at: wanted)
            } else if let low = lower, wanted >= point.g {
                return low...max(low, Self.crossing(points[index - 1], point, at: wanted))
            }
        }
        return lower.map { $0...points[points.count - 1].hz }
    }

    /// The frequency where the line from `a` to `b` reaches `g`, held within their frequencies.
    private static func crossing(_ a: Point, _ b: Point, at g: Double) -> Double {
        guard a.g != b.g else { return a.hz }
        return min(max(a.hz + (g - a.g) / (b.g - a.g) * (b.hz - a.hz), min(a.hz, b.hz)), max(a.hz, b.hz))
    }

    /// The sensation level, in dB, of the map's strongest point within `band` at `gain` of full
    /// drive (Android 16 takes the largest acceleration of the points, not the largest level);
    /// nil when no point lies in the band.
    public func largestSensationDb(in band: ClosedRange<Double>, gain: Double) -> Double? {
        guard let strongest = points.filter({ band.contains($0.hz) && $0.g > 0 }).max(by: { $0.g < $1.g }) else { return nil }
        return 20 * log10(gain * strongest.g) - VibrotactileThreshold.db(atHz: strongest.hz)
    }
}
