import AudioCore
import Foundation
import HapticCore
import Testing
@testable import HapticPlanner
@testable import HapticSynth

/// Jumps survive the millisecond grid (docs/ahap.md, "On Android"): a control step shorter than
/// 1 ms lasts 1 ms at its place, so a sawtooth stays a sawtooth on Android.
@Suite struct AndroidStepTests {
    /// A sawtooth of `teeth` teeth of `toothMs`: the intensity control rises from 0 to 1 over each
    /// tooth and drops back within 10 µs (as Apple's Recharge sample does).
    static func saw(teeth: Int, toothMs: Int) -> String {
        var points: [String] = []
        for tooth in 0..<teeth {
            let start = Double(tooth * toothMs) / 1000, end = Double((tooth + 1) * toothMs) / 1000
            points.append(#"{"Time": \#(tooth == 0 ? start : start + 0.00001), "ParameterValue": 0}"#)
            points.append(#"{"Time": \#(end), "ParameterValue": 1}"#)
        }
        return #"""
            {"Version": 1, "Pattern": [
              {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": \#(Double(teeth * toothMs) / 1000), "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
              {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [\#(points.joined(separator: ", "))]}}]}
            """#
    }

    /// The RMS of each 10 ms of the Android render at 8 kHz.
    static func rmsPer10ms(_ ahap: String, device: AndroidDevice) throws -> (rms: [Double], plan: AndroidPlan) {
        let document = try AHAPImport.read(bytes: Array(ahap.utf8), file: "saw.ahap")
        let plan = AHAPOnAndroid.plan(document.plan, device: device)
        var profile = ActuatorProfile()
        profile.sampleRate = 8000
        let samples = AndroidActuator(profile: profile).render(plan)
        let rms = stride(from: 0, to: samples.count - 80, by: 80).map { start in
            (samples[start..<(start + 80)].reduce(0) { $0 + Double($1) * Double($1) } / 80).squareRoot()
        }
        // After the render, silence.
        return (rms + [0, 0, 0, 0], plan)
    }

    /// Drops: from above 0.4 to below 0.15 within 30 ms.
    static func drops(_ rms: [Double]) -> Int {
        var count = 0, index = 0
        while index < rms.count {
            if rms[index] > 0.4, rms[(index + 1)..<min(rms.count, index + 4)].contains(where: { $0 < 0.15 }) {
                count += 1
                index += 4
            } else {
                index += 1
            }
        }
        return count
    }

    @Test(arguments: [AndroidDevice.amplitudePhone, .flagship])
    func aSawAndARechargeKeepTheirThreeDrops(_ device: AndroidDevice) throws {
        for (teeth, toothMs) in [(3, 300), (3, 500)] {
            let (rms, plan) = try Self.rmsPer10ms(Self.saw(teeth: teeth, toothMs: toothMs), device: device)
            // Two drops inside the event and its end.
            #expect(Self.drops(rms) == 3, "\(teeth) × \(toothMs) ms on \(device.name): \(rms.map { NumberText.fixed($0, 2) })")
            #expect(plan.approximations.map(\.text).contains("2 control steps shorter than 1 ms last 1 ms on Android, at their place."), "\(plan.approximations)")
            // Past each inner drop the intensity starts again from nothing.
            let afterDrop = rms[toothMs / 10 + 2]
            #expect(afterDrop < 0.15, "\(afterDrop)")
        }
    }

    @Test func aStepWithinOneMillisecondMovesOnAMillisecondAndNoPointGoesBack() throws {
        let document = try AHAPImport.read(bytes: Array(Self.saw(teeth: 2, toothMs: 5).utf8), file: "saw.ahap")
        let conversion = try AHAPOnAndroid.convert(document.plan)
        let curve = try #require(conversion.pattern.events.first?.intensityCurve)
        #expect(curve.points.map(\.timeMs) == [0, 5, 6, 10], "\(curve.points)")
        // The drop lands 1 ms after the top, where the next rise has barely begun (0.2 of it).
        #expect(curve.points[1].value == 1 && curve.points[2].value < 0.25 && curve.points[3].value == 1, "\(curve.points)")
    }
}
