import Foundation
import HapsynthKit
import HapticPlanner
import HapticSynth
import Testing
import TestSupport

/// Why a device loses what it loses (issue 62, docs/devices.md "Why windows are lost"): every lost
/// window has one cause, a device's limits are told from what the pattern asks of it, and the
/// report says so beside the figure.
@Suite struct LossCauseTests {
    func matrix(_ sample: String, on device: String) throws -> DeviceMatrix {
        try DeviceMatrix(PatternLoader.load(packageRoot + "/Samples/" + sample), devices: [try DeviceProfile.resolve(device)], reference: try DeviceProfile.resolve("iphone"), sampleRate: 8_000)
    }

    @Test func celebrationOnPixel5IsLostToThePixelsLimits() throws {
        let row = try matrix("celebration.json", on: "pixel-5").rows[0]
        let loss = try #require(row.loss), causes = try #require(row.causes)
        #expect(causes.counts.reduce(0, +) == loss.lostWindows, "every lost window has one cause")
        // The waveform plays at the resonance: every frequency window is its dropped sharpness.
        #expect(causes.count(.frequencyDropped) == loss.frequency && causes.count(.frequency) == 0)
        // 10 ms pulses through a resonator of 20.5 ms (Q 10 at 155.06 Hz) never reach a tap's level.
        #expect(abs(causes.timeConstantMs - 10 / (Double.pi * 155.06) * 1000) < 1e-9)
        #expect(causes.count(.tapUnderTimeConstant) > 0 && causes.count(.riseAndRing) > 0)
        #expect(causes.deviceLimit == causes.count(.frequencyDropped) + causes.count(.tapUnderTimeConstant) + causes.count(.riseAndRing))
    }

    @Test func aSweepsHeldLevelsAreNotTheDevicesDynamics() throws {
        // Sharpness held for long stretches: much of what is lost is far from any step or tap.
        let causes = try #require(try matrix("sharpness-sweep.json", on: "pixel-5").rows[0].causes)
        #expect(causes.count(.steady) > 0 && causes.deviceLimit < causes.counts.reduce(0, +))
    }

    @Test func aPathThatKeepsSharpnessLosesNoFrequencyToTheWaveform() throws {
        // An iPad without haptics has no causes (it plays nothing); an iPhone against itself loses nothing.
        let ipad = try matrix("celebration.json", on: "ipad").rows[0]
        #expect(ipad.causes == nil)
        let iphone = try #require(try matrix("celebration.json", on: "iphone").rows[0].causes)
        #expect(iphone.count(.frequencyDropped) == 0 && iphone.counts.reduce(0, +) == 0)
    }

    @Test func theReportSaysTheCausesBesideTheFigure() throws {
        let matrix = try matrix("celebration.json", on: "pixel-5")
        let text = DeviceReport.text(matrix, pattern: "celebration.json")
        #expect(text.contains("\n  lost to: frequency dropped by the waveform "), "\(text)")
        #expect(text.contains("; the device's limits ") && text.contains("(time constant 20.5 ms)"))
        let page = DeviceReport.html(matrix, loaded: try PatternLoader.load(packageRoot + "/Samples/celebration.json"), pattern: "celebration.json")
        #expect(page.contains("<tr><th>lost to</th><td class=\"causes\">frequency dropped by the waveform "))
    }
}
