/// The vibrotactile detection threshold a sensation level is measured from (docs/golden-tests.md,
/// "The perceptual view"): Android's minimum perceptible acceleration curve (AOSP
/// `BasicToPwleSegmentAdapter.MIN_PERCEPTIBLE_CURVE`, sourced), in dB re 1 g peak, linear in Hz
/// between its points and held past its ends.
public enum VibrotactileThreshold {
    /// The curve's points: (frequency in Hz, threshold in dB re 1 g), by frequency.
    public static let points: [(hz: Double, db: Double)] = [
        (0.4, -97.81), (2, -69.86), (3, -62.81), (4, -58.81), (5, -56.69), (6, -54.77), (7.2, -52.85), (8, -51.77),
        (8.64, -50.84), (10, -48.90), (10.37, -48.52), (12.44, -46.50), (14.93, -44.43), (15, -44.35), (17.92, -41.96),
        (20, -40.36), (21.5, -39.60), (25, -37.48), (25.8, -36.93), (30, -34.31), (35, -33.13), (40, -32.81),
        (50, -31.94), (60, -31.77), (70, -31.59), (72, -31.55), (80, -31.77), (86.4, -31.94), (90, -31.73),
        (100, -31.90), (103.68, -31.77), (124.42, -31.70), (149.3, -31.38), (150, -31.35), (179.16, -31.02),
        (200, -30.86), (215, -30.35), (250, -28.98), (258, -28.68), (300, -26.81), (400, -19.81),
    ]

    /// The threshold at `hz`, in dB re 1 g peak.
    public static func db(atHz hz: Double) -> Double {
        PiecewiseLinear.value(at: hz, count: points.count, x: { points[$0].hz }, y: { points[$0].db })
    }

    /// The lowest threshold a sensation level can be taken at (a frequency in 20–500 Hz), in dB: a
    /// level under it is felt at no frequency.
    static let lowestInBandDb = points.filter { PerceptualView.bandHz.contains($0.hz) }.map(\.db).min() ?? 0
}
