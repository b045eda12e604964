import HapticPlanner

/// Where pattern times land in frames (docs/synthesis.md "Frames"), in integers only.
package enum FrameTiming {
    /// The scheduling lead after the moment playback is requested, in milliseconds.
    package static let leadMs = CoreHapticsRules.schedulingLeadMs

    /// A frame count that stands for "beyond anything renderable": lengths that do not fit
    /// saturate here, and the render-length guard refuses them.
    package static let saturated: Int64 = Int64.max / 4

    /// round-half-up(milliseconds × rate / 1000): the frame at `milliseconds` after frame 0, in
    /// 128-bit arithmetic; saturates at `saturated` (negative input counts as 0).
    package static func frame(atMs milliseconds: Int64, rate: Int) -> Int64 {
        roundedQuotient(max(0, milliseconds), rate: rate, divisor: 1000)
    }

    /// round-half-up(microseconds × rate / 10⁶): the frame at `microseconds` after frame 0, in
    /// 128-bit arithmetic so no plan time overflows. For whole milliseconds it equals
    /// `frame(atMs:rate:)`.
    package static func frame(atUs microseconds: Int64, rate: Int) -> Int64 {
        roundedQuotient(max(0, microseconds), rate: rate, divisor: 1_000_000)
    }

    /// round-half-up(value × rate / divisor) for value ≥ 0, saturating at `saturated`.
    private static func roundedQuotient(_ value: Int64, rate: Int, divisor: Int64) -> Int64 {
        let product = value.multipliedFullWidth(by: Int64(rate))
        let (low, carry) = product.low.addingReportingOverflow(UInt64(divisor / 2))
        let high = product.high + (carry ? 1 : 0)
        guard high < divisor / 2 else { return saturated }  // the quotient would not fit in 63 bits
        let (quotient, _) = divisor.dividingFullWidth((high: high, low: low))
        return min(quotient, saturated)
    }

    /// a + b for frame counts ≥ 0, saturating at `saturated`.
    package static func adding(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? saturated : min(sum, saturated)
    }

    /// a + b microseconds, saturating at the 64-bit limits (a time that far is refused by the
    /// render-length guard before anything is rendered).
    package static func addingUs(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }

    /// frame(s) = round-half-up((10 + s) × rate / 1000): where pattern time `s` ms plays when
    /// playback is requested at frame 0.
    package static func frame(patternMs: Int64, rate: Int) -> Int64 {
        frame(atMs: patternMs.addingReportingOverflow(leadMs).overflow ? .max : patternMs + leadMs, rate: rate)
    }

    /// The pattern time of frame `n`, in milliseconds: n × 1000 / rate − 10. Curves are evaluated here.
    package static func patternMs(frame: Int64, rate: Int) -> Double {
        Double(frame) * 1000 / Double(rate) - Double(leadMs)
    }

    /// The whole milliseconds that frame `n` has reached: the largest m with frame(atMs: m) ≤ n.
    /// A clock reading this is at or past a deadline of m ms exactly from frame(atMs: m) on.
    package static func elapsedMs(frame: Int64, rate: Int) -> Int64 {
        (frame * 1000 + 499) / Int64(rate)
    }
}
