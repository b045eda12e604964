/// Where pattern times land in frames (SYNTH.md §1 "Frames"), in integers only.
package enum FrameTiming {
    /// The scheduling lead after the moment playback is requested, in milliseconds.
    package static let leadMs: Int64 = 10

    /// round-half-up(milliseconds × rate / 1000): the frame at `milliseconds` after frame 0.
    package static func frame(atMs milliseconds: Int64, rate: Int) -> Int64 {
        let (product, overflow) = milliseconds.multipliedReportingOverflow(by: Int64(rate))
        precondition(!overflow && milliseconds >= 0, "frame time out of range")
        return (product + 500) / 1000
    }

    /// round-half-up(microseconds × rate / 10⁶): the frame at `microseconds` after frame 0, in
    /// 128-bit arithmetic so no plan time overflows. For whole milliseconds it equals
    /// `frame(atMs:rate:)`.
    package static func frame(atUs microseconds: Int64, rate: Int) -> Int64 {
        precondition(microseconds >= 0, "frame time out of range")
        let product = microseconds.multipliedFullWidth(by: Int64(rate))
        var low = product.low
        var high = product.high
        let (sum, carry) = low.addingReportingOverflow(500_000)
        low = sum
        if carry { high += 1 }
        let (quotient, _) = Int64(1_000_000).dividingFullWidth((high: high, low: low))
        return quotient
    }

    /// frame(s) = round-half-up((10 + s) × rate / 1000): where pattern time `s` ms plays when
    /// playback is requested at frame 0.
    package static func frame(patternMs: Int64, rate: Int) -> Int64 {
        frame(atMs: patternMs + leadMs, rate: rate)
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
