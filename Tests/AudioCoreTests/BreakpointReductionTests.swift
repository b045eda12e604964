import Testing
@testable import AudioCore

/// Visvalingam–Whyatt reduction, against the expected values of the unit tests of Meta's published
/// analysis (`breakpoint_reduction`), restated: the same envelope and settings keep the same points.
@Suite struct BreakpointReductionTests {
    /// The envelope of Meta's reduction tests: each point, and whether `keep` says it stays.
    static func signal(_ keep: [Bool]) -> (input: [EnvelopePoint], kept: [EnvelopePoint]) {
        let values: [Float] = [0, 0, 0, 0.25, 0.5, 0.75, 1, 1, 0.5, 1]
        let input = values.enumerated().map { EnvelopePoint(time: Float($0.offset) / 10, value: $0.element) }
        return (input, zip(input, keep).filter(\.1).map(\.0))
    }

    @Test func theFlattestPointsGoFirst() {
        let (input, kept) = Self.signal([true, false, true, false, false, false, true, true, true, true])
        #expect(BreakpointReducer.reduce(input, maximumPerRegion: 6, minimumScore: 0) == kept)
    }

    @Test func thenTheLeastSignificant() {
        let (input, kept) = Self.signal([true, false, true, false, false, false, true, false, false, true])
        #expect(BreakpointReducer.reduce(input, maximumPerRegion: 4, minimumScore: 0) == kept)
    }

    @Test func aMinimumScoreDropsTheFlatOnesWhateverTheCount() {
        let (input, kept) = Self.signal([true, false, true, false, false, false, true, true, true, true])
        #expect(BreakpointReducer.reduce(input, maximumPerRegion: 10, minimumScore: 0.01) == kept)
    }

    @Test func eachRegionIsReducedOnItsOwnAndFedInPiecesAlike() {
        // Three seconds of a wobbling envelope, a point every 10 ms: at most 5 points a second.
        let input = (0..<300).map { EnvelopePoint(time: Float($0) / 100, value: Float(($0 * 37) % 11) / 10) }
        let whole = BreakpointReducer.reduce(input, maximumPerRegion: 5, minimumScore: 0)
        #expect(whole.count == 15)
        for second in 0..<3 {
            #expect(whole.filter { Int($0.time) == second }.count == 5)
        }
        var reducer = BreakpointReducer(maximumPerRegion: 5, minimumScore: 0)
        var pieces: [EnvelopePoint] = []
        for start in stride(from: 0, to: 300, by: 7) { pieces += reducer.add(Array(input[start..<min(300, start + 7)])) }
        #expect(pieces + reducer.finish() == whole)
    }
}
