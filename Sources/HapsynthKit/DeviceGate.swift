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
    /// How far a device's overall level may be from the reference's, in dB either way; nil: not gated.
    public var maxLevelOffsetDb: Double?

    public init(defaultPercent: Double? = nil, percentByDevice: [String: Double] = [:]) {
        self.defaultPercent = defaultPercent
        self.percentByDevice = percentByDevice
    }

    /// The limits typed as `PCT` (every device) or `NAME=PCT` (one), each 0–100; a later limit
    /// for the same device wins. Nil when a text is neither.
    public init?(lossLimits: [String]) {
        for text in lossLimits {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let percent = DecimalNumber.parse(parts.last ?? ""), (0...100).contains(percent), !(parts.count == 2 && parts[0].isEmpty) else { return nil }
            if parts.count == 2 { percentByDevice[parts[0]] = percent } else { defaultPercent = percent }
        }
    }

    /// Whether any limit is set.
    public var isEmpty: Bool { defaultPercent == nil && percentByDevice.isEmpty && maxLevelOffsetDb == nil }

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
        /// The device's level against the reference's, in dB (negative: weaker), and its limit.
        public var levelOffsetDb: Double?
        public var maxLevelOffsetDb: Double?

        /// Over its loss limit: it loses more than the limit allows (a device without haptics
        /// loses every felt window; a reference that feels nothing leaves nothing to lose).
        public var failsLoss: Bool {
            guard let limitPercent, let lost = lostShare else { return false }
            return lost * 100 > limitPercent
        }

        /// Over its level limit: it plays more than the limit weaker or stronger.
        public var failsLevel: Bool {
            guard let maxLevelOffsetDb, let levelOffsetDb else { return false }
            return abs(levelOffsetDb) > maxLevelOffsetDb
        }

        /// Over either limit.
        public var fails: Bool { failsLoss || failsLevel }

        /// `pixel-5 loses 23.5 % of swell.ahap, over its limit of 10 %`, then, with a level limit,
        /// `; it plays 6.2 dB weaker, over its level limit of 3 dB`.
        public var sentence: String {
            let limit = limitPercent.map { "its limit of \(NumberText.significant($0)) %" } ?? "no limit"
            var text: String
            switch verdict {
            case .notApplicable: text = "\(device): the reference feels nothing of \(pattern) (n/a), within \(limit)"
            case .unsupported: text = "\(device) has no haptics: it loses all that is felt of \(pattern), " + (failsLoss ? "over " : "within ") + limit
            default: text = "\(device) loses \(verdict.text) of \(pattern), " + (failsLoss ? "over " : "within ") + limit
            }
            if let maxLevelOffsetDb, let levelOffsetDb {
                text += "; it plays \(DeviceReport.levelText(levelOffsetDb)), " + (failsLevel ? "over" : "within")
                    + " its level limit of \(NumberText.significant(maxLevelOffsetDb)) dB"
            }
            return text
        }
    }

    /// Every device of `matrix` but the reference, judged.
    public func judge(_ matrix: DeviceMatrix, pattern: String) -> [Judgement] {
        matrix.rows.map {
            Judgement(pattern: pattern, device: $0.device.name, verdict: $0.verdict, lostShare: $0.loss?.loss, limitPercent: percent(for: $0.device.name),
                      levelOffsetDb: $0.loss?.levelOffsetDb, maxLevelOffsetDb: maxLevelOffsetDb)
        }
    }

    /// JUnit XML: a testsuite per pattern, a testcase per device (skipped when not gated); a
    /// pattern that cannot be read (`invalid`: its name and why) is a testsuite of one error.
    public static func junit(_ judgements: [Judgement], invalid: [(pattern: String, message: String)] = []) -> String {
        let failures = judgements.filter(\.fails).count
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                   "<testsuites name=\"hapsynth devices\" tests=\"\(judgements.count + invalid.count)\" failures=\"\(failures)\" errors=\"\(invalid.count)\">"]
        var patterns: [String] = []
        for judgement in judgements where !patterns.contains(judgement.pattern) { patterns.append(judgement.pattern) }
        for pattern in patterns {
            let cases = judgements.filter { $0.pattern == pattern }
            xml.append("  <testsuite name=\"\(Figure.escape(pattern))\" tests=\"\(cases.count)\" failures=\"\(cases.filter(\.fails).count)\" "
                       + "errors=\"0\" skipped=\"\(cases.filter { $0.limitPercent == nil && $0.maxLevelOffsetDb == nil }.count)\">")
            for judgement in cases {
                let open = "    <testcase classname=\"hapsynth.devices\" name=\"\(Figure.escape(judgement.device))\" file=\"\(Figure.escape(pattern))\""
                if judgement.fails {
                    xml += [open + ">", "      <failure type=\"\(judgement.failsLoss ? "loss" : "level")\" message=\"\(Figure.escape(judgement.sentence))\"/>",
                            "    </testcase>"]
                } else if judgement.limitPercent == nil, judgement.maxLevelOffsetDb == nil {
                    xml += [open + ">", "      <skipped message=\"no --max-loss limit for this device\"/>", "    </testcase>"]
                } else {
                    xml.append(open + "/>")
                }
            }
            xml.append("  </testsuite>")
        }
        for (pattern, message) in invalid {
            xml += ["  <testsuite name=\"\(Figure.escape(pattern))\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">",
                    "    <testcase classname=\"hapsynth.devices\" name=\"read\" file=\"\(Figure.escape(pattern))\">",
                    "      <error type=\"invalid\" message=\"\(Figure.escape(message))\"/>", "    </testcase>", "  </testsuite>"]
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }
}
