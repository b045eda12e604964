import Glibc

/// A tap as an actuator with active braking plays it (docs/devices.md, "Braked taps"): H
/// half-cycles at f0, overdriven so the resonator's envelope reaches the target peak A as braking
/// starts, then one half-cycle in anti-phase that brings it to rest.
package struct BrakedTap: Sendable, Equatable {
    /// The drive's amplitude until the last half-cycle: A / (1 − e^(−π(H−1)/(2Q))).
    package let overdrive: Double
    /// The anti-phase drive of the last half-cycle: A / (e^(π/(2Q)) − 1).
    package let brake: Double

    /// - Parameters: peak A (target acceleration, full scale 1), halfCycles H ≥ 2, q the resonator's Q.
    package init(peak: Double, halfCycles: Int, q: Double) {
        overdrive = peak / (1 - exp(-Double.pi * Double(halfCycles - 1) / (2 * q)))
        brake = peak / (exp(Double.pi / (2 * q)) - 1)
    }
}
