import Testing
@testable import AudioCore

/// Emphasis, against the expected values of the unit tests of Meta's published analysis
/// (`emphasis_detection`), restated: the same points, flux and settings give the same taps
/// (within their 1e-5).
@Suite struct EmphasisTests {
    static func run(_ input: [(Float, Float)], flux: [(Float, Float)], _ detection: EmphasisDetection) -> [AmplitudeBreakpoint] {
        detection.assign(input.map { AmplitudeBreakpoint(time: $0.0, amplitude: $0.1) }, flux: flux.map { (time: $0.0, flux: $0.1) })
    }

    static func matches(_ actual: [AmplitudeBreakpoint], _ expected: [(Float, Float, (Float, Float)?)]) -> Bool {
        func near(_ a: Float, _ b: Float) -> Bool { abs(a - b) <= 1e-5 }
        return actual.count == expected.count && zip(actual, expected).allSatisfy { point, want in
            guard near(point.time, want.0), near(point.amplitude, want.1) else { return false }
            switch (point.emphasis, want.2) {
            case (nil, nil): return true
            case let (emphasis?, (intensity, sharpness)?): return near(emphasis.intensity, intensity) && near(emphasis.sharpness, sharpness)
            default: return false
            }
        }
    }

    @Test func anEmphasisAtTheFirstPoint() {
        let result = Self.run([(0, 0.8), (1e-3, 0)], flux: [(0, 1)], EmphasisDetection())
        #expect(Self.matches(result, [(0, 0.4, (0.8, 0.5)), (1e-3, 0, nil)]), "\(result)")
    }

    @Test func anEmphasisAtTheSecondPointAndNotInsideThePeakWindow() {
        let rise: Float = 0.1
        let result = Self.run([(0, rise - 1e-3), (1e-3, rise * 2), (2e-3, 0), (3e-3, rise * 3), (4e-3, 0)], flux: [(0, 1)], EmphasisDetection())
        #expect(Self.matches(result, [(0, rise - 1e-3, nil), (1e-3, rise, (rise * 2, 0.5)), (2e-3, 0, nil), (3e-3, rise * 3, nil), (4e-3, 0, nil)]),
                "\(result)")
    }

    @Test func aPlateauAfterARiseIsStillAPeak() {
        var detection = EmphasisDetection()
        (detection.peakWindowMs, detection.duckingPercent) = (0, 75)
        let rise: Float = 0.1
        let result = Self.run([(0, rise - 1e-3), (1e-3, rise * 2), (2e-3, rise * 2.1), (3e-3, 0), (4e-3, rise * 3), (5e-3, rise * 6)],
                              flux: [(0, 1)], detection)
        #expect(Self.matches(result, [(0, rise - 1e-3, nil), (1e-3, rise * 0.5, (rise * 2, 0.5)), (2e-3, rise * 2.1, nil), (3e-3, 0, nil),
                                      (4e-3, rise * 3, nil), (5e-3, rise * 6, nil)]), "\(result)")
    }

    @Test func twoEmphasesTakeTheEndsOfTheSharpnessRange() {
        var detection = EmphasisDetection()
        (detection.sensitivityPercent, detection.peakWindowMs, detection.sharpnessMin, detection.sharpnessMax) = (100, 0, 0.25, 0.75)
        let result = Self.run([(0, 0.2), (1e-3, 0), (2e-3, 0.2), (3e-3, 0)], flux: [(0, 1), (1, 0)], detection)
        #expect(Self.matches(result, [(0, 0.1, (0.2, 0.75)), (1e-3, 0, nil), (2e-3, 0.1, (0.2, 0.25)), (3e-3, 0, nil)]), "\(result)")
    }

    @Test func theSensitivityLeavesOutTheLeastScored() {
        var detection = EmphasisDetection()
        (detection.sensitivityPercent, detection.peakWindowMs, detection.sharpnessMin, detection.sharpnessMax) = (90, 0, 0.2, 0.8)
        let result = Self.run([(0, 0.2), (1e-3, 0), (2e-3, 0.2), (3e-3, 0), (4e-3, 0.2), (5e-3, 0)], flux: [(0, 1), (1, 0)], detection)
        #expect(Self.matches(result, [(0, 0.1, (0.2, 0.8)), (1e-3, 0, nil), (2e-3, 0.1, (0.2, EmphasisDetection.lerp(0.2, 0.8, 0.5))),
                                      (3e-3, 0, nil), (4e-3, 0.2, nil), (5e-3, 0, nil)]), "\(result)")
    }
}
