import Foundation
import Testing
@testable import HapticSynth

/// hapsynth's sine against the C library's, on the phases a render produces.
@Suite struct FastSineTests {
    @Test func itStaysWithinItsDocumentedBound() {
        var generator = SystemRandomNumberGenerator()
        var worst = 0.0
        for index in 0..<200_000 {
            let x = index < 1000 ? Double(index) * Double.pi / 4 : Double.random(in: 0..<1.6e6, using: &generator)
            worst = max(worst, abs(FastSine.sin(x) - sin(x)))
        }
        #expect(worst < 1e-15, "worst error \(worst)")
        var far = 0.0
        for _ in 0..<20_000 {
            let x = Double.random(in: 1.6e6..<2e8, using: &generator)
            far = max(far, abs(FastSine.sin(x) - sin(x)))
        }
        #expect(far < 2e-8, "worst error beyond 1.6e6 rad: \(far)")
        #expect(FastSine.sin(0) == 0 && FastSine.sin(-1) == -FastSine.sin(1))
    }
}
