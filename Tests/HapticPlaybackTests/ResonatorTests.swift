import AudioCore
import Foundation
import HapticCore
import HapticPlanner
import Testing
@testable import HapticPlayback
@testable import HapticSynth

/// The actuator as a resonator (docs/devices.md): its gain against the closed form and the
/// published table, its ring-down, its independence of block size and threads, and braked taps.
@Suite struct ResonatorTests {
    /// The two catalogue pairs of the table, with |H| in dB at its frequencies.
    static let table: [(f0: Double, q: Double, db: [(hz: Double, db: Double)])] = [
        (145, 10, [(65, -32.00), (100, -20.92), (120, -13.55), (145, 0), (150, -1.35), (170, -9.11), (200, -13.62), (230, -15.65), (300, -17.71)]),
        (150, 11, [(65, -33.56), (100, -22.82), (120, -16.00), (145, -2.22), (150, 0), (170, -8.27), (200, -13.75), (230, -16.06), (300, -18.35)]),
    ]

    /// The resonator's steady output peak for a unit sine at `hz`, after 30 time constants.
    static func steadyGain(hz: Double, f0: Double, q: Double, rate: Int) -> Double {
        var resonator = Resonator(f0Hz: f0, q: q, sampleRate: rate)
        let settle = Int(30 * Resonator.timeConstantSeconds(f0Hz: f0, q: q) * Double(rate)), measure = Int(Double(rate) / hz * 4) + 2
        var samples = (0..<(settle + measure)).map { sin(2 * Double.pi * hz * Double($0) / Double(rate)) }
        resonator.process(&samples)
        // The peak between samples: a parabola through the largest sample and its neighbours.
        var best = 0.0
        for index in (settle + 1)..<(settle + measure - 1) where abs(samples[index]) >= abs(samples[index - 1]) && abs(samples[index]) >= abs(samples[index + 1]) {
            let a = abs(samples[index - 1]), b = abs(samples[index]), c = abs(samples[index + 1])
            let offset = (a - 2 * b + c) < 0 ? 0.5 * (a - c) / (a - 2 * b + c) : 0
            best = max(best, b - 0.25 * (a - c) * offset)
        }
        return best
    }

    @Test func theClosedFormIsTheTable() {
        for pair in Self.table {
            for point in pair.db {
                let db = 20 * log10(Resonator.gain(atHz: point.hz, f0Hz: pair.f0, q: pair.q))
                #expect(abs(db - point.db) < 0.006, "\(pair.f0) Hz Q \(pair.q) at \(point.hz) Hz: \(db)")
            }
        }
    }

    @Test(arguments: [8000, 44100, 48000, 96000])
    func theFilterFollowsTheClosedForm(rate: Int) {
        for pair in Self.table {
            for point in pair.db {
                let measured = 20 * log10(Self.steadyGain(hz: point.hz, f0: pair.f0, q: pair.q, rate: rate))
                let expected = 20 * log10(Resonator.gain(atHz: point.hz, f0Hz: pair.f0, q: pair.q))
                let limit = point.hz == pair.f0 ? 0.01 : 0.1
                #expect(abs(measured - expected) < limit, "\(rate) Hz: \(pair.f0)/\(pair.q) at \(point.hz) Hz: \(measured) dB, closed form \(expected)")
            }
        }
    }

    @Test(arguments: [(145.0, 10.0), (150.0, 11.0)])
    func itRingsDownWithTheTimeConstant(f0: Double, q: Double) {
        let rate = 48000, tau = Resonator.timeConstantSeconds(f0Hz: f0, q: q)
        #expect(abs(tau * 1000 - (f0 == 145 ? 21.95 : 23.34)) < 0.01)
        var resonator = Resonator(f0Hz: f0, q: q, sampleRate: rate)
        let drive = Int(20 * tau * Double(rate)), free = Int(5 * tau * Double(rate))
        var samples = (0..<(drive + free)).map { $0 < drive ? sin(2 * Double.pi * f0 * Double($0) / Double(rate)) : 0 }
        resonator.process(&samples)
        // Lobe peaks after the drive stops: a log-linear fit of peak against time.
        var points: [(t: Double, log: Double)] = []
        var start = drive, peak = 0.0, at = drive
        for index in drive..<(drive + free) {
            if index > start, (samples[index] >= 0) != (samples[index - 1] >= 0) {
                if start > drive { points.append((Double(at) / Double(rate), log(peak))) }
                start = index
                peak = 0
            }
            if abs(samples[index]) > peak { peak = abs(samples[index]); at = index }
        }
        let n = Double(points.count), meanT = points.map(\.t).reduce(0, +) / n, meanL = points.map(\.log).reduce(0, +) / n
        let slope = points.map { ($0.t - meanT) * ($0.log - meanL) }.reduce(0, +) / points.map { ($0.t - meanT) * ($0.t - meanT) }.reduce(0, +)
        #expect(abs(-1 / slope / tau - 1) < 0.02, "fitted τ \(-1 / slope * 1000) ms, expected \(tau * 1000) ms")
    }

    static func resonatorProfile(rate: Int = 8000, f0: Double = 145, q: Double = 10, braking: Bool = true) -> ActuatorProfile {
        var profile = ActuatorProfile()
        profile.sampleRate = rate
        profile.actuator = .resonator
        profile.resonatorHz = f0
        profile.resonatorQ = q
        profile.tapBraking = braking
        return profile
    }

    @Test func blockSizesAndThreadsNeverChangeABitAndTheTailRingsOn() throws {
        let pattern = try Pattern(events: [
            try .transient(startMs: 0), try .continuous(startMs: 20, durationMs: 120, intensity: 0.7, sharpness: 0.4),
            try .transient(startMs: 60, intensity: 0.5), try .continuous(startMs: 90, durationMs: 30, sharpness: 0.9),
        ])
        let profile = Self.resonatorProfile()
        let reference = try render(pattern, profile: profile, blockFrames: 4096)
        for blockFrames in [1, 64] { #expect(try render(pattern, profile: profile, blockFrames: blockFrames).samples == reference.samples, "\(blockFrames)") }
        #expect(try render(plan(pattern), profile: profile, threads: 3).samples == reference.samples)
        var drive = profile
        drive.actuator = .drive
        let driven = try render(pattern, profile: drive)
        let tail = Resonator.tailFrames(f0Hz: 145, q: 10, sampleRate: 8000)
        #expect(reference.samples.count == driven.samples.count + Int(tail))
        #expect(reference.samples.suffix(Int(tail)).contains { $0 != 0 } && reference.samples != driven.samples)
    }

    /// The tap criteria of docs/devices.md on a lone tap's output: lobes between sign changes from
    /// the tap's first frame; the largest is the fourth, only the fifth follows it above −20 dB,
    /// the peak is A within 0.5 dB, and from one period after the drive ends |y| < 0.1 × peak.
    static func tapMeetsTheCriteria(_ samples: [Float], start: Int, driveFrames: Int, periodFrames: Int, peak target: Double) -> (Bool, String) {
        var lobes: [Double] = [], current = 0.0
        var sign = samples[start] >= 0
        for index in start..<samples.count {
            let positive = samples[index] >= 0
            if positive != sign, current > 0 {
                lobes.append(current)
                current = 0
                sign = positive
            }
            current = max(current, Double(abs(samples[index])))
        }
        lobes.append(current)
        guard let largest = lobes.indices.max(by: { lobes[$0] < lobes[$1] }) else { return (false, "no lobes") }
        let peak = lobes[largest]
        let after = lobes[(largest + 1)...].filter { $0 > peak * 0.1 }.count
        let residual = samples[(start + driveFrames + periodFrames)...].map { Double(abs($0)) }.max() ?? 0
        let ok = largest == 3 && after == 1 && abs(20 * log10(peak / target)) < 0.5 && residual < 0.1 * peak
        return (ok, "largest lobe \(largest + 1), \(after) after it above -20 dB, peak \(peak) for \(target), residual \(residual)")
    }

    @Test(arguments: [(145.0, 10.0), (150.0, 11.0), (170.07, 10.0), (235.0, 10.0), (230.0, 10.0)])
    func brakedTapsPeakAfterThreeCrossingsAndStopWithinOneMore(f0: Double, q: Double) throws {
        let rate = 48000, profile = Self.resonatorProfile(rate: rate, f0: f0, q: q)
        let samples = try render(try Pattern(events: [try .transient(startMs: 0, intensity: 1)], durationMs: 200), profile: profile).samples
        let start = Int(FrameTiming.frame(atMs: FrameTiming.leadMs, rate: rate))
        let driveFrames = Int((4 * Double(rate) / (2 * f0)).rounded(.toNearestOrAwayFromZero)), period = Int((Double(rate) / f0).rounded(.up))
        let (ok, why) = Self.tapMeetsTheCriteria(samples, start: start, driveFrames: driveFrames, periodFrames: period, peak: profile.transientGain)
        #expect(ok, "\(f0) Hz Q \(q): \(why)")
        // Without braking, today's click at the sharpness that gives f0 rings on: the negative control.
        var free = Self.resonatorProfile(rate: rate, f0: f0, q: q, braking: false)
        free.minFrequencyHz = f0
        let ringing = try render(try Pattern(events: [try .transient(startMs: 0, intensity: 1, sharpness: 0)], durationMs: 200), profile: free).samples
        let (freeOk, _) = Self.tapMeetsTheCriteria(ringing, start: start, driveFrames: driveFrames, periodFrames: period, peak: free.transientGain)
        let peak = ringing.map { abs($0) }.max() ?? 0
        let later = ringing[(start + driveFrames + period)...].map { abs($0) }.max() ?? 0
        #expect(!freeOk && 20 * log10(Double(later / peak)) > -3, "the free click one period later: \(20 * log10(Double(later / peak))) dB")
    }
}
