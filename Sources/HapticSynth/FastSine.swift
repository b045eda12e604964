/// hapsynth's sine: Cody–Waite reduction by π/2 in three parts, then fdlibm's minimax polynomials
/// for sin and cos on [−π/4, π/4], with the quadrant chosen by arithmetic rather than branches, so
/// loops over it vectorise.
///
/// Error bound (absolute, against the exact sine of the double x): below 1e-15 for |x| < 2^20·π/2
/// (about 1.6e6 rad, every phase of a 30 s native event and of a 10-minute seamless one at 300 Hz);
/// beyond that the reduction's error grows with x, to about 2e-8 at 2e8 rad (a 24-hour seamless
/// voice), still far inside the synthesizer's 1e-6 output tolerance.
enum FastSine {
    // π/2 = pio2Hi + pio2Mid + pio2Lo; pio2Hi has 33 significant bits, so q × pio2Hi is exact for
    // |q| < 2^20.
    private static let pio2Hi = 1.57079632673412561417e+00
    private static let pio2Mid = 6.07710050630396597660e-11
    private static let pio2Lo = 2.02226624879595063154e-21
    private static let twoOverPi = 6.36619772367581382433e-01

    /// 1.5 × 2^52: adding it rounds a double below 2^51 to the nearest integer, which then sits in
    /// the low bits of the sum's representation (SSE2 has no rounding instruction to vectorise).
    private static let roundingMagic = 6_755_399_441_055_744.0

    /// sin(x), for |x| < 2^51.
    @inline(__always)
    static func sin(_ x: Double) -> Double {
        let shifted = x * twoOverPi + roundingMagic
        let q = shifted - roundingMagic
        let r = ((x - q * pio2Hi) - q * pio2Mid) - q * pio2Lo
        let z = r * r
        let sine = r + r * z * (-1.66666666666666324348e-01 + z * (8.33333333332248946124e-03
            + z * (-1.98412698298579493134e-04 + z * (2.75573137070700676789e-06
            + z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))))
        let cosine = 1 - 0.5 * z + z * z * (4.16666666666666019037e-02 + z * (-1.38888888888741095749e-03
            + z * (2.48015872894767294178e-05 + z * (-2.75573143513906633035e-07
            + z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))))
        // The quadrant, q mod 4, from the low bits of the rounded sum.
        let quadrant = shifted.bitPattern & 3
        let value = quadrant & 1 == 0 ? sine : cosine
        return quadrant & 2 == 0 ? value : -value
    }
}
