import CSynthKernel

/// hapsynth's sine (`hapsynth_sine` in CSynthKernel): Cody–Waite reduction by π/2 in three parts,
/// then fdlibm's minimax polynomials for sin and cos on [−π/4, π/4].
///
/// Error bound (absolute, against the exact sine of the double x): below 1e-15 for |x| < 2^20·π/2
/// (about 1.6e6 rad, every phase of a 30 s native event and of a 10-minute seamless one at 300 Hz);
/// beyond that the reduction's error grows with x, to about 2e-8 at 2e8 rad (a 24-hour seamless
/// voice), still far inside the synthesizer's 1e-6 output tolerance.
package enum FastSine {
    /// sin(x), for |x| < 2^51.
    @inline(__always)
    static func sin(_ x: Double) -> Double { hapsynth_sine(x) }

    /// output[k] += amplitudes[k] × sin(phases[k]) for `count` frames, with the widest vector
    /// instructions this processor has (every width gives the same bits).
    @inline(__always)
    static func addSines(
        into output: UnsafeMutablePointer<Double>, amplitudes: UnsafePointer<Double>, phases: UnsafePointer<Double>, count: Int
    ) {
        hapsynth_add_sines(output, amplitudes, phases, count)
    }

    /// The instruction set the kernel uses here: `avx512`, `avx2` or `sse2`.
    package static var instructionSet: String { String(cString: hapsynth_kernel_isa()) }
}
