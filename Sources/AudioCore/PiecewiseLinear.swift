/// A function given at points, linear between them and held past its ends: a threshold curve, an
/// output acceleration map.
package enum PiecewiseLinear {
    /// The value at `x` of the `count` points (x(i), y(i)), x rising; 0 without points.
    @inline(__always)
    package static func value(at x: Double, count: Int, x xAt: (Int) -> Double, y yAt: (Int) -> Double) -> Double {
        guard count > 0 else { return 0 }
        if !(x > xAt(0)) { return yAt(0) }
        if x >= xAt(count - 1) { return yAt(count - 1) }
        var upper = 1
        while xAt(upper) < x { upper += 1 }
        let lowX = xAt(upper - 1), highX = xAt(upper)
        return yAt(upper - 1) + (x - lowX) / (highX - lowX) * (yAt(upper) - yAt(upper - 1))
    }
}
