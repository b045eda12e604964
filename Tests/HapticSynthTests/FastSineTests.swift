import Foundation
import CSynthKernel
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

    /// The vector loop (AVX-512, AVX2 or SSE2, whichever this processor has) gives the bits of the
    /// scalar sine, so the output does not depend on the processor's vector width.
    @Test func theVectorLoopGivesTheScalarBits() {
        var generator = SystemRandomNumberGenerator()
        let count = 1_003  // not a multiple of any vector width: the loop's tail is covered too
        let phases = (0..<count).map { _ in Double.random(in: 0..<2e8, using: &generator) }
        let amplitudes = (0..<count).map { _ in Double.random(in: -1...1, using: &generator) }
        let start = (0..<count).map { _ in Double.random(in: -1...1, using: &generator) }
        var output = start
        output.withUnsafeMutableBufferPointer { out in
            FastSine.addSines(into: out.baseAddress!, amplitudes: amplitudes, phases: phases, count: count)
        }
        let expected = (0..<count).map { start[$0] + amplitudes[$0] * FastSine.sin(phases[$0]) }
        #expect(output.map(\.bitPattern) == expected.map(\.bitPattern), "instruction set \(FastSine.instructionSet)")
        // Every width this processor has, each against the scalar bits.
        var compared = 0
        for isa in ["sse2", "avx2", "avx512"] {
            var wide = start
            let ran = wide.withUnsafeMutableBufferPointer { out in
                hapsynth_add_sines_using(isa, out.baseAddress!, amplitudes, phases, count)
            }
            guard ran == 1 else { continue }
            compared += 1
            #expect(wide.map(\.bitPattern) == expected.map(\.bitPattern), "\(isa)")
        }
        #expect(compared == ["sse2": 1, "avx2": 2, "avx512": 3][FastSine.instructionSet])
    }
}
