import HapticPlot
import HapticCore

/// A cross-device gate for CI (`hapsynth devices PATTERN… --max-loss PCT`, docs/devices.md): each
/// device may lose at most a share of what the reference feels, one limit for every device or
/// one per device; a device over its limit fails.
public struct DeviceGate: Sendable {
    /// The limit of devices without their own, in percent; nil: only the named devices are gated.
    public var defaultPercent: Double?
    /// Limits by device name, in percent.
    public var percentByDevice: [String: Double] = [:]

    public init(defaultPercent: Double? = nil, percentByDevice: [String: Double] = [:]) {
        self.defaultPercent = defaultPercent
        self.percentByDevice = percentByDevice
    }

    /// Whether any limit is set.
    public var isEmpty: Bool { defaultPercent == nil && percentByDevice.isEmpty }

    /// A device's limit in percent, nil when it is not gated.
    public func percent(for device: String) -> Double? { percentByDevice[device] ?? defaultPercent }

    /// One device on one pattern, judged.
    public struct Judgement: Sendable {
        public let pattern: String
        public let device: String
        public let verdict: DeviceMatrix.Verdict
        /// The share of the reference's felt windows lost, 0…1 (every one without haptics); nil
        /// when the reference feels nothing.
        public let lostShare: Double?
        /// The limit in percent; nil when the device is not gated.
        public let limitPercent: Double?

        /// Over its limit: it loses more than the limit allows (a device without haptics loses
        /// every felt window; a reference that feels nothing leaves nothing to lose).
        public var fails: Bool {
            guard let limitPercent, let lost = lostShare else { return false }
            return lost * 100 > limitPercent
        }

        /// `pixel-5 loses 23.5 % of swell.ahap, over its limit of 10 %`.
        public var sentence: String {
            let limit = limitPercent.map { "its limit of \(NumberText.significant($0)) %" } ?? "no limit"
            switch verdict {
            case .notApplicable: return "\(device): the reference feels nothing of \(pattern) (n/a), within \(limit)"
            case .unsupported: return "\(device) has no haptics: it loses all that is felt of \(pattern), " + (fails ? "over " : "within ") + limit
            default: return "\(device) loses \(verdict.text) of \(pattern), " + (fails ? "over " : "within ") + limit
            }
        }
    }

    /// Every device of `matrix` but the reference, judged.
    public func judge(_ matrix: DeviceMatrix, pattern: String) -> [Judgement] {
        matrix.rows.map {
            Judgement(pattern: pattern, device: $0.device.name, verdict: $0.verdict, lostShare: $0.loss?.loss, limitPercent: percent(for: $0.device.name))
        }
    }

    /// JUnit XML: a testsuite per pattern, a testcase per device (skipped when not gated).
    public static func junit(_ judgements: [Judgement]) -> String {
        let failures = judgements.filter(\.fails).count
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                   "<testsuites name=\"hapsynth devices\" tests=\"\(judgements.count)\" failures=\"\(failures)\" errors=\"0\">"]
        var patterns: [String] = []
        for judgement in judgements where !patterns.contains(judgement.pattern) { patterns.append(judgement.pattern) }
        for pattern in patterns {
            let cases = judgements.filter { $0.pattern == pattern }
            xml.append("  <testsuite name=\"\(Figure.escape(pattern))\" tests=\"\(cases.count)\" failures=\"\(cases.filter(\.fails).count)\" "
                       + "errors=\"0\" skipped=\"\(cases.filter { $0.limitPercent == nil }.count)\">")
            for judgement in cases {
                let open = "    <testcase classname=\"hapsynth.devices\" name=\"\(Figure.escape(judgement.device))\" file=\"\(Figure.escape(pattern))\""
                if judgement.fails {
                    xml += [open + ">", "      <failure type=\"loss\" message=\"\(Figure.escape(judgement.sentence))\"/>", "    </testcase>"]
                } else if judgement.limitPercent == nil {
                    xml += [open + ">", "      <skipped message=\"no --max-loss limit for this device\"/>", "    </testcase>"]
                } else {
                    xml.append(open + "/>")
                }
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }
}
