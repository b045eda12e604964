#include "synth_kernel.h"

#include <string.h>

#pragma clang fp contract(off)

#define ADD_SINES_BODY \
    for (ptrdiff_t k = 0; k < count; k++) output[k] += amplitudes[k] * hapsynth_sine(phases[k]);

__attribute__((target("avx512f,avx512dq,avx512vl")))
static void add_sines_avx512(double *restrict output, const double *restrict amplitudes, const double *restrict phases,
                             ptrdiff_t count) {
    ADD_SINES_BODY
}

__attribute__((target("avx2")))
static void add_sines_avx2(double *restrict output, const double *restrict amplitudes, const double *restrict phases,
                           ptrdiff_t count) {
    ADD_SINES_BODY
}

static void add_sines_sse2(double *restrict output, const double *restrict amplitudes, const double *restrict phases,
                           ptrdiff_t count) {
    ADD_SINES_BODY
}

/// The sum's magnitude as an integer: the bit pattern of a non-negative double orders like its
/// value, and integer maxima vectorise where floating-point ones (NaN rules) do not.
#define MIX_LANES_BODY \
    int64_t largest = 0, beyond = 0; \
    for (ptrdiff_t k = 0; k < count; k++) { \
        double sum = first[k] + second[k]; \
        double limited = sum > 1 ? 1 : (sum < -1 ? -1 : sum); \
        beyond += limited != sum; \
        int64_t magnitude; \
        memcpy(&magnitude, &sum, sizeof magnitude); \
        magnitude &= INT64_MAX; \
        largest = magnitude > largest ? magnitude : largest; \
        output[k] = (float)limited; \
    } \
    double largest_sum; \
    memcpy(&largest_sum, &largest, sizeof largest_sum); \
    if (largest_sum > *peak) *peak = largest_sum; \
    *clamped += beyond;

__attribute__((target("avx512f,avx512dq,avx512vl")))
static void mix_lanes_avx512(float *restrict output, const double *restrict first, const double *restrict second,
                             ptrdiff_t count, double *peak, int64_t *clamped) {
    MIX_LANES_BODY
}

__attribute__((target("avx2")))
static void mix_lanes_avx2(float *restrict output, const double *restrict first, const double *restrict second,
                           ptrdiff_t count, double *peak, int64_t *clamped) {
    MIX_LANES_BODY
}

static void mix_lanes_sse2(float *restrict output, const double *restrict first, const double *restrict second,
                           ptrdiff_t count, double *peak, int64_t *clamped) {
    MIX_LANES_BODY
}

/// One step of the resonator's rule, left to right; the state moves on.
static inline double resonate_step(double x, const double *c, double *x1, double *x2, double *y1, double *y2) {
    double y = c[0] * x + c[1] * *x1 + c[2] * *x2 - c[3] * *y1 - c[4] * *y2;
    *x2 = *x1;
    *x1 = x;
    *y2 = *y1;
    *y1 = y;
    return y;
}

void hapsynth_resonate(double *samples, ptrdiff_t count, const double *coefficients, double *state) {
    double x1 = state[0], x2 = state[1], y1 = state[2], y2 = state[3];
    for (ptrdiff_t k = 0; k < count; k++) samples[k] = resonate_step(samples[k], coefficients, &x1, &x2, &y1, &y2);
    state[0] = x1;
    state[1] = x2;
    state[2] = y1;
    state[3] = y2;
}

void hapsynth_resonate_mix(float *output, const double *first, const double *second, const double *motion_first,
                           const double *motion_second, ptrdiff_t count, const double *coefficients, double *state, double *peak,
                           int64_t *clamped) {
    double x1 = state[0], x2 = state[1], y1 = state[2], y2 = state[3];
    double largest = *peak;
    int64_t beyond = 0;
    for (ptrdiff_t k = 0; k < count; k++) {
        double y = resonate_step(first[k] + second[k], coefficients, &x1, &x2, &y1, &y2);
        if (motion_first) y += motion_first[k] + motion_second[k];
        double limited = y > 1 ? 1 : (y < -1 ? -1 : y);
        beyond += limited != y;
        double magnitude = y < 0 ? -y : y;
        largest = magnitude > largest ? magnitude : largest;
        output[k] = (float)limited;
    }
    state[0] = x1;
    state[1] = x2;
    state[2] = y1;
    state[3] = y2;
    *peak = largest;
    *clamped += beyond;
}

typedef enum { isa_unknown, isa_sse2, isa_avx2, isa_avx512 } instruction_set;

/// The widest set the processor and the operating system support (compiler-rt checks both).
static instruction_set detected_isa(void) {
    static _Atomic instruction_set cached = isa_unknown;
    instruction_set found = cached;
    if (found != isa_unknown) return found;
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl")) {
        found = isa_avx512;
    } else if (__builtin_cpu_supports("avx2")) {
        found = isa_avx2;
    } else {
        found = isa_sse2;
    }
    cached = found;
    return found;
}

void hapsynth_add_sines(double *output, const double *amplitudes, const double *phases, ptrdiff_t count) {
    switch (detected_isa()) {
    case isa_avx512: add_sines_avx512(output, amplitudes, phases, count); break;
    case isa_avx2: add_sines_avx2(output, amplitudes, phases, count); break;
    default: add_sines_sse2(output, amplitudes, phases, count); break;
    }
}

void hapsynth_mix_lanes(float *output, const double *first, const double *second, ptrdiff_t count, double *peak,
                        int64_t *clamped) {
    switch (detected_isa()) {
    case isa_avx512: mix_lanes_avx512(output, first, second, count, peak, clamped); break;
    case isa_avx2: mix_lanes_avx2(output, first, second, count, peak, clamped); break;
    default: mix_lanes_sse2(output, first, second, count, peak, clamped); break;
    }
}

int hapsynth_add_sines_using(const char *isa, double *output, const double *amplitudes, const double *phases,
                             ptrdiff_t count) {
    instruction_set available = detected_isa();
    if (strcmp(isa, "avx512") == 0 && available >= isa_avx512) {
        add_sines_avx512(output, amplitudes, phases, count);
    } else if (strcmp(isa, "avx2") == 0 && available >= isa_avx2) {
        add_sines_avx2(output, amplitudes, phases, count);
    } else if (strcmp(isa, "sse2") == 0) {
        add_sines_sse2(output, amplitudes, phases, count);
    } else {
        return 0;
    }
    return 1;
}

const char *hapsynth_kernel_isa(void) {
    switch (detected_isa()) {
    case isa_avx512: return "avx512";
    case isa_avx2: return "avx2";
    default: return "sse2";
    }
}
