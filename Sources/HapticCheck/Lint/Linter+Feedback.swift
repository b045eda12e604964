import HapticCore
import HapticPlanner
import HapticSynth

/// HS305 feedback-not-felt and HS306 feedback-indistinguishable (docs/lint.md, docs/feedback.md):
/// the system feedback calls named in a lint run, each played on every catalogue device with
/// haptics it is meant for (`FeedbackMatrix`), must be felt there and told apart from each other.
extension Linter {
    /// The rate the calls are rendered at: every haptic frequency is far under 4 kHz.
    static let feedbackRate = 8_000

    /// One finding per call not felt somewhere (the devices where it is silent or below the
    /// threshold), and one per pair of calls that feel the same somewhere (the devices).
    static func feedbackFindings(_ calls: [FeedbackCall]) -> [LintFinding] {
        guard !calls.isEmpty, let devices = try? DeviceProfile.catalogue().filter(\.hasHaptics),
              let matrix = try? FeedbackMatrix(calls: calls, devices: devices, sampleRate: feedbackRate) else { return [] }
        var findings: [LintFinding] = []
        for (c, call) in calls.enumerated() {
            let meant = devices.indices.filter { FeedbackMatrix.isMeant(call, for: devices[$0]) }
            let silent = meant.filter { matrix.cells[c][$0].verdict == .silent }.map { devices[$0].name }
            let below = meant.filter { matrix.cells[c][$0].verdict == .belowThreshold }.map { devices[$0].name }
            var parts: [String] = []
            if !silent.isEmpty { parts.append("plays nothing on \(silent.joined(separator: ", "))") }
            if !below.isEmpty { parts.append("is never felt on \(below.joined(separator: ", ")) (it plays under the vibrotactile threshold)") }
            if !parts.isEmpty { findings.append(.fileLevel(rule("HS305"), call.description, "\(call) " + parts.joined(separator: "; "))) }
            for (o, other) in calls.enumerated() where o > c {
                let same = meant.filter { d in matrix.cells[c][d].sameAs.contains(other) }.map { devices[$0].name }
                guard !same.isEmpty else { continue }
                findings.append(.fileLevel(rule("HS306"), call.description, "\(call) feels the same as \(other) on \(same.joined(separator: ", ")) "
                    + "(levels within 1.65 dB, frequencies within 13 %, onsets within 5 ms)"))
            }
        }
        return findings
    }
}
