// hapsynth's sine and the synthesizer's innermost loop, in C so that one binary can use the widest
// vector instructions the processor has (chosen at run time). Every variant performs the same IEEE
// operations in the same order (no fused multiply-add), so all give the same bits.
#ifndef HAPSYNTH_SYNTH_KERNEL_H
#define HAPSYNTH_SYNTH_KERNEL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#pragma clang fp contract(off)

/// sin(x) for |x| < 2^51: Cody–Waite reduction by pi/2 in three parts (pio2 high part has 33
/// significant bits, so q * high is exact for |q| < 2^20), then fdlibm's minimax polynomials for
/// sin and cos on [-pi/4, pi/4], the quadrant chosen by arithmetic rather than branches.
/// Absolute error against the exact sine of x: below 1e-15 for |x| < 2^20 * pi/2 (1.6e6 rad);
/// beyond, the reduction's error grows with x, to about 2e-8 at 2e8 rad.
static inline __attribute__((always_inline)) double hapsynth_sine(double x) {
    const double pio2_hi = 1.57079632673412561417e+00;
    const double pio2_mid = 6.07710050630396597660e-11;
    const double pio2_lo = 2.02226624879595063154e-21;
    const double two_over_pi = 6.36619772367581382433e-01;
    // 1.5 * 2^52: adding it rounds a double below 2^51 to an integer, kept in the low bits.
    const double rounding_magic = 6755399441055744.0;
    double shifted = x * two_over_pi + rounding_magic;
    double q = shifted - rounding_magic;
    double r = ((x - q * pio2_hi) - q * pio2_mid) - q * pio2_lo;
    double z = r * r;
    double sine = r + r * z * (-1.66666666666666324348e-01 + z * (8.33333333332248946124e-03
        + z * (-1.98412698298579493134e-04 + z * (2.75573137070700676789e-06
        + z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))));
    double cosine = 1 - 0.5 * z + z * z * (4.16666666666666019037e-02 + z * (-1.38888888888741095749e-03
        + z * (2.48015872894767294178e-05 + z * (-2.75573143513906633035e-07
        + z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))));
    uint64_t bits;
    memcpy(&bits, &shifted, sizeof bits);
    double value = (bits & 1) == 0 ? sine : cosine;
    return (bits & 2) == 0 ? value : -value;
}

/// A hint to the processor that the thread is spinning (x86 `pause`): it frees the core for the
/// other thread and saves power.
static inline void hapsynth_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/// output[k] += amplitudes[k] * hapsynth_sine(phases[k]) for k in 0 ..< count.
void hapsynth_add_sines(double *output, const double *amplitudes, const double *phases, ptrdiff_t count);

/// The mixer's last pass over a block: output[k] = (float)clamp(first[k] + second[k], -1, 1).
/// Adds to *clamped the number of sums beyond -1...1 and raises *peak to the largest |sum|.
void hapsynth_mix_lanes(float *output, const double *first, const double *second, ptrdiff_t count, double *peak,
                        int64_t *clamped);

/// The resonator in place over `samples` (docs/devices.md), its state carried from call to call:
/// y = b0·x + b1·x1 + b2·x2 − a1·y1 − a2·y2 left to right in double (no fused multiply-add).
void hapsynth_resonate(double *samples, ptrdiff_t count, const double *coefficients, double *state);

/// The mixer's last pass under the resonator (docs/devices.md): x = first[k] + second[k], then
/// y = b0·x + b1·x1 + b2·x2 − a1·y1 − a2·y2 left to right in double (no fused multiply-add), with
/// coefficients {b0, b1, b2, a1, a2} and state {x1, x2, y1, y2} carried from block to block;
/// then (when motion_first is not NULL) y += motion_first[k] + motion_second[k], motion that does not
/// pass through the mass; output[k] = (float)clamp(y, -1, 1), *clamped counts the ys beyond -1...1
/// and *peak rises to the largest |y|.
void hapsynth_resonate_mix(float *output, const double *first, const double *second, const double *motion_first,
                           const double *motion_second, ptrdiff_t count, const double *coefficients, double *state, double *peak,
                           int64_t *clamped);

/// `hapsynth_add_sines` with a chosen instruction set ("avx512", "avx2" or "sse2"), for tests that
/// compare them; returns 0 (and does nothing) when this processor lacks it.
int hapsynth_add_sines_using(const char *isa, double *output, const double *amplitudes, const double *phases,
                             ptrdiff_t count);

/// The instruction set `hapsynth_add_sines` uses on this processor: "avx512", "avx2" or "sse2".
const char *hapsynth_kernel_isa(void);

#endif
