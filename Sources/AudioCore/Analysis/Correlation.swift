/// Correlations of two series of equal length (from-audio's figures, docs/from-audio.md).
package enum Correlation {
    /// Pearson's r; nil when either series is flat.
    package static func pearson(_ a: [Double], _ b: [Double]) -> Double? {
        guard a.count == b.count, !a.isEmpty else { return nil }
        let meanA = a.reduce(0, +) / Double(a.count), meanB = b.reduce(0, +) / Double(b.count)
        let covariance = zip(a, b).map { ($0 - meanA) * ($1 - meanB) }.reduce(0, +)
        let spread = (a.map { ($0 - meanA) * ($0 - meanA) }.reduce(0, +) * b.map { ($0 - meanB) * ($0 - meanB) }.reduce(0, +)).squareRoot()
        return spread > 0 ? covariance / spread : nil
    }

    /// Spearman's ρ: Pearson's r of the ranks, ties sharing their mean rank.
    package static func spearman(_ a: [Double], _ b: [Double]) -> Double? { pearson(ranks(a), ranks(b)) }

    static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var result = [Double](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count, values[order[end + 1]] == values[order[start]] { end += 1 }
            for position in start...end { result[order[position]] = Double(start + end) / 2 }
            start = end + 1
        }
        return result
    }
}
