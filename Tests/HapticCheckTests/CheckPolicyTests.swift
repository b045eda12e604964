import Testing
@testable import HapticCheck

/// The whole record-and-compare policy as one table: what `check` does with a pattern, from its
/// golden, the rate, the record mode and the comparison's verdict.
@Suite struct CheckPolicyTests {
    typealias Row = (golden: CheckPolicy.Golden, record: RecordMode, passes: Bool?, action: CheckPolicy.Action)

    static let rate = 48_000
    static let table: [Row] = [
        // No golden: only recording writes one.
        (.missing, .none, nil, .reportMissing),
        (.missing, .missing, nil, .recordNew),
        (.missing, .missingAndDiffering, nil, .recordNew),
        (.missing, .all, nil, .recordNew),
        // A golden at another rate: only re-recording every golden replaces it; no render is compared.
        (.present(rate: 8_000), .none, nil, .reportRateChanged),
        (.present(rate: 8_000), .missing, nil, .reportRateChanged),
        (.present(rate: 8_000), .missingAndDiffering, nil, .reportRateChanged),
        (.present(rate: 8_000), .all, nil, .rerecordAtNewRate),
        // A golden at the rate: render and compare first.
        (.present(rate: rate), .none, nil, .compare),
        (.present(rate: rate), .all, nil, .compare),
        // Then the verdict.
        (.present(rate: rate), .none, true, .pass),
        (.present(rate: rate), .none, false, .fail),
        (.present(rate: rate), .missing, true, .pass),
        (.present(rate: rate), .missing, false, .fail),
        (.present(rate: rate), .missingAndDiffering, true, .pass),
        (.present(rate: rate), .missingAndDiffering, false, .rerecord),
        (.present(rate: rate), .all, true, .rerecord),
        (.present(rate: rate), .all, false, .rerecord),
    ]

    @Test(arguments: Self.table.indices)
    func decidesEachCaseAsTheTableSays(row index: Int) {
        let row = Self.table[index]
        #expect(CheckPolicy.decide(golden: row.golden, rate: Self.rate, record: row.record, comparisonPasses: row.passes) == row.action,
                "\(row)")
    }
}
