import Foundation
import Testing
import TestSupport
@testable import HapticCore

@Suite struct MillisecondTests {
    @Test(arguments: [(0.499, 0), (0.5, 1), (1.499, 1), (1.5, 2), (-0.0, 0), (2.0, 2), (1e15, 1_000_000_000_000_000)] as [(Double, Int64)])
    func fractionalDurationsRoundHalfUp(input: Double, expected: Int64) throws {
        #expect(try Milliseconds.rounding(input, field: "durationMs") == expected)
    }

    @Test(arguments: [-1.0, -0.4, .nan, .infinity, -.infinity, 1e19])
    func invalidDurationsAreErrors(input: Double) {
        #expect(throws: PatternError.self) { try Milliseconds.rounding(input, field: "durationMs") }
    }

    @Test func overflowIsAnErrorNamingWhereItHappened() {
        #expect(throws: PatternError.timeOverflow(operation: "repeated")) {
            try Milliseconds.multiply(.max / 2, 3, in: "repeated")
        }
        #expect(throws: PatternError.timeOverflow(operation: "sequence end")) {
            try Milliseconds.add(.max, 1, in: "sequence end")
        }
        #expect("\(PatternError.timeOverflow(operation: "repeated"))".contains("repeated"))
    }
}

@Suite struct IntensityTests {
    @Test func presetsHaveTheirDocumentedValues() {
        #expect(Intensity.light.value == 0.25)
        #expect(Intensity.medium.value == 0.5)
        #expect(Intensity.strong.value == 0.75)
        #expect(Intensity.high.value == 1.0)
    }

    @Test func customValuesAreClampedAndCompareByClampedValue() {
        #expect(Intensity(1.5).value == 1.0)
        #expect(Intensity(-0.1).value == 0.0)
        #expect(Intensity(1.5) == Intensity.high)
        #expect(Intensity(0.75) == Intensity.strong)
        #expect(Intensity(1.5).wasClamped)
        #expect(!Intensity(0.3).wasClamped)
    }

    @Test func valuesAre32BitFloatsConvertedToNearest() {
        #expect(Intensity(0.1).value == Float(0.1))
        #expect("\(Intensity(0.1))" == "0.1")
    }

    @Test(arguments: [Float.nan, .infinity, -.infinity])
    func nonFiniteIntensityIsAnError(value: Float) {
        #expect(throws: PatternError.self) { try HapticEvent.transient(startMs: 0, intensity: Intensity(value)) }
    }
}

@Suite struct CurveTests {
    @Test func valueInterpolatesLinearlyAndHoldsItsEnds() throws {
        let shape = try curve([(0, 0), (80, 0.8), (300, 0)])
        #expect(shape.value(atMs: -1) == 0)
        #expect(shape.value(atMs: 0) == 0)
        #expect(abs(shape.value(atMs: 40) - 0.4) < 1e-7)
        #expect(abs(shape.value(atMs: 80) - Double(Float(0.8))) == 0)
        #expect(abs(shape.value(atMs: 190) - 0.4) < 1e-7)
        #expect(shape.value(atMs: 300) == 0)
        #expect(shape.value(atMs: 1000) == 0)
        #expect(shape.durationMs == 300)
    }

    @Test func curveRulesAreChecked() {
        #expect(throws: PatternError.curveTooShort(field: "curve", pointCount: 1)) { try curve([(0, 0)]) }
        #expect(throws: PatternError.curveStartsLate(field: "curve", firstMs: 10)) { try curve([(10, 0), (20, 1)]) }
        #expect(throws: PatternError.curveNotIncreasing(field: "curve", index: 2, timeMs: 50, previousMs: 80)) {
            try curve([(0, 0), (80, 1), (50, 0)])
        }
        #expect(throws: PatternError.curveNotIncreasing(field: "curve", index: 1, timeMs: 0, previousMs: 0)) {
            try curve([(0, 0), (0, 1)])
        }
        #expect(throws: PatternError.outOfRange(field: "curve point 1 value", value: "1.5", range: "0...1")) {
            try curve([(0, 0), (10, 1.5)])
        }
        #expect(throws: PatternError.self) { try curve([(0, 0), (10, .nan)]) }
        #expect(throws: PatternError.self) { try curve([(0, 0), (-10, 0.5)]) }
    }
}

@Suite struct EventTests {
    @Test func transientHasNoDurationAndNoCurves() throws {
        let shape = try curve([(0, 0), (10, 1)])
        #expect(throws: PatternError.transientWithDuration(durationMs: 5)) {
            try HapticEvent(kind: .transient, startMs: 0, durationMs: 5, intensity: .medium, sharpness: 0.5,
                            intensityCurve: nil, sharpnessCurve: nil, isLegacy: false)
        }
        #expect(throws: PatternError.transientWithCurve(field: "intensityCurve")) {
            try HapticEvent(kind: .transient, startMs: 0, durationMs: 0, intensity: .medium, sharpness: 0.5,
                            intensityCurve: shape, sharpnessCurve: nil, isLegacy: false)
        }
    }

    @Test func continuousEventsLastAtLeastOneMillisecond() {
        #expect(throws: PatternError.vibrationTooShort(field: "durationMs", value: "0")) {
            try HapticEvent.continuous(startMs: 0, durationMs: 0)
        }
    }

    @Test func legacyHapticOfZeroMillisecondsIsAllowed() throws {
        let event = try HapticEvent.legacyHaptic(startMs: 10, durationMs: 0, intensity: .strong)
        #expect(event.kind == .continuous && event.isLegacy && event.durationMs == 0)
        #expect(event.sharpness == 0.5)
    }

    @Test func curveMustEndAtTheEventsDuration() throws {
        let shape = try curve([(0, 0), (250, 1)])
        #expect(throws: PatternError.curveEndMismatch(field: "intensityCurve", endMs: 250, durationMs: 300)) {
            try HapticEvent.continuous(startMs: 0, durationMs: 300, intensityCurve: shape)
        }
    }

    @Test func sharpnessIsNotClamped() {
        #expect(throws: PatternError.outOfRange(field: "sharpness", value: "1.5", range: "0...1")) {
            try HapticEvent.transient(startMs: 0, sharpness: 1.5)
        }
        #expect(throws: PatternError.self) { try HapticEvent.transient(startMs: 0, sharpness: -0.1) }
        #expect(throws: PatternError.self) { try HapticEvent.transient(startMs: 0, sharpness: .nan) }
    }

    @Test func negativeTimesAreErrors() {
        #expect(throws: PatternError.negative(field: "startMs", value: "-1")) { try HapticEvent.transient(startMs: -1) }
    }
}

@Suite struct PatternTests {
    @Test func durationDefaultsToTheLatestEventEndAndMustCoverIt() throws {
        let a = try HapticEvent.continuous(startMs: 100, durationMs: 50)
        let b = try HapticEvent.transient(startMs: 20)
        #expect(try Pattern(events: [a, b]).durationMs == 150)
        #expect(try Pattern(events: [a, b], durationMs: 400).durationMs == 400)
        #expect(throws: PatternError.durationTooShort(durationMs: 149, latestEndMs: 150)) {
            try Pattern(events: [a, b], durationMs: 149)
        }
    }

    @Test func equalityComparesEventsAndDurationWithClampedIntensities() throws {
        let loud = try Pattern(events: [try HapticEvent.transient(startMs: 0, intensity: Intensity(1.5))])
        let high = try Pattern(events: [try HapticEvent.transient(startMs: 0, intensity: .high)])
        #expect(loud == high)
        #expect(try Pattern(events: loud.events, durationMs: 10) != high)
    }

    @Test func emptyAndDelayOnlyPatterns() throws {
        #expect(Pattern.empty.events.isEmpty && Pattern.empty.durationMs == 0)
        let silence = try Pattern.delay(ms: 250)
        #expect(silence.events.isEmpty && silence.durationMs == 250)
    }

    @Test func eventLimitIsCheckedWithItsNumberInTheMessage() throws {
        let events = try (0...10_000).map { i throws(PatternError) in try HapticEvent.transient(startMs: Int64(i)) }
        #expect(throws: PatternError.tooManyEvents(count: 10_001)) { try Pattern(events: events) }
        #expect("\(PatternError.tooManyEvents(count: 10_001))".contains("limit 10000"))
        #expect(try Pattern(events: Array(events.prefix(10_000))).events.count == 10_000)
    }

    @Test func controlPointLimitCountsEveryPoint() throws {
        let points = (0..<50_001).map { ControlPoint(timeMs: Int64($0), value: 0.5) }
        let long = try Curve(points: points)
        let event = try HapticEvent.continuous(startMs: 0, durationMs: 50_000, intensityCurve: long, sharpnessCurve: long)
        #expect(throws: PatternError.tooManyControlPoints(count: 100_002)) { try Pattern(events: [event]) }
    }
}

/// The model knows no format above it (issue 62, docs/swift-api.md): no file of HapticCore names a
/// reader of source code that sits in a module above it.
@Suite struct ModelKnowsNoSourceFormatTests {
    @Test func noFileOfHapticCoreNamesKotlinOrJindong() throws {
        let root = packageRoot + "/Sources/HapticCore"
        let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8).lowercased()
            #expect(!text.contains("kotlin") && !text.contains("jindong"), "\(file) names a source-code format")
        }
    }
}
