import CSynthKernel
import Glibc

/// The actuator as a mass on a spring (docs/devices.md, "The resonator"): forced by the drive, its
/// acceleration normalised to unit gain at f0, H(s) = s² / (Q·(s² + (ω0/Q)·s + ω0²)). Discretely,
/// the RBJ-cookbook high-pass prewarped at f0, divided by Q; its state carries across blocks, so no
/// block size changes a bit.
package struct Resonator: Sendable {
    /// {b0, b1, b2, a1, a2}.
    package let coefficients: [Double]
    /// {x[n−1], x[n−2], y[n−1], y[n−2]}.
    private var state = [Double](repeating: 0, count: 4)

    /// - Parameters: f0Hz in [20, rate/2), q in [0.5, 100] (the profile's rules), rate in Hz.
    package init(f0Hz: Double, q: Double, sampleRate: Int) {
        let w = 2 * Double.pi * f0Hz / Double(sampleRate)
        let alpha = sin(w) / (2 * q), c = cos(w)
        let scale = q * (1 + alpha)
        coefficients = [(1 + c) / (2 * scale), -(1 + c) / scale, (1 + c) / (2 * scale), -2 * c / (1 + alpha), (1 - alpha) / (1 + alpha)]
    }

    /// The resonator of the iOS actuator of `profile`, or nil under `drive`.
    package init?(iosOf profile: ActuatorProfile) {
        guard profile.actuator == .resonator else { return nil }
        self.init(f0Hz: profile.resonatorHz, q: profile.resonatorQ, sampleRate: profile.sampleRate)
    }

    /// Writes the resonator's output for first[k] + second[k], plus motion.0[k] + motion.1[k]
    /// (motion added after the mass), to `output`, clamped into −1…1; raises `peak` to the largest
    /// |y| and adds the clamped samples to `clamped`.
    package mutating func mix(
        into output: UnsafeMutablePointer<Float>, _ first: UnsafePointer<Double>, _ second: UnsafePointer<Double>,
        motion: (UnsafePointer<Double>, UnsafePointer<Double>)? = nil, count: Int, peak: inout Double, clamped: inout Int64
    ) {
        hapsynth_resonate_mix(output, first, second, motion?.0, motion?.1, count, coefficients, &state, &peak, &clamped)
    }

    /// Filters `count` samples in place (a lone signal, such as an Android effect's drive).
    package mutating func process(_ samples: UnsafeMutablePointer<Double>, count: Int) {
        hapsynth_resonate(samples, count, coefficients, &state)
    }

    /// Filters `samples` in place.
    package mutating func process(_ samples: inout [Double]) {
        let count = samples.count
        samples.withUnsafeMutableBufferPointer { process($0.baseAddress!, count: count) }
    }

    /// |H(f)| = r² / (Q·√((1 − r²)² + (r/Q)²)), r = f/f0: 1 at f0.
    package static func gain(atHz hz: Double, f0Hz: Double, q: Double) -> Double {
        let r = hz / f0Hz
        return r * r / (q * ((1 - r * r) * (1 - r * r) + (r / q) * (r / q)).squareRoot())
    }

    /// The ring-down time constant τ = Q/(π·f0), in seconds.
    package static func timeConstantSeconds(f0Hz: Double, q: Double) -> Double { q / (Double.pi * f0Hz) }

    /// The frames a non-silent render runs on for the −60 dB tail: round-half-up(τ·ln 1000·rate).
    package static func tailFrames(f0Hz: Double, q: Double, sampleRate: Int) -> Int64 {
        Int64((timeConstantSeconds(f0Hz: f0Hz, q: q) * log(1000) * Double(sampleRate)).rounded(.toNearestOrAwayFromZero))
    }
}
