import AudioCore
import HapticCheck
import HapticCore
import HapticPlanner
import HapticPlot
import HapticSynth

/// The device matrix as people and programs read it (`hapsynth devices`): text, JSON and one
/// self-contained HTML page with a row per device (its lanes and waveform, its figures, and its
/// render to listen to).
public enum DeviceReport {
    /// The summary table first (device, platform, backend, loss, what most of it is), then each
    /// device's windows, approximations and moved onsets.
    public static func text(_ matrix: DeviceMatrix, pattern: String) -> String {
        var lines = ["devices: \(pattern) against \(matrix.reference.device.name) at \(matrix.sampleRate) Hz "
            + "(iOS renders without their \(DeviceMatrix.iosLeadMs) ms lead)", ""]
        let table = [["device", "platform", "backend", "loss", "mostly", "level"]]
            + summary(matrix).map { [$0.name, $0.platform, $0.backend, $0.loss, $0.mostly, $0.level] }
        let widths = (0..<6).map { column in table.map { $0[column].count }.max() ?? 0 }
        for cells in table {
            lines.append(zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ").trimmingTrailingSpaces)
        }
        for row in [matrix.reference] + matrix.rows {
            lines.append("")
            var heading = "\(row.device.name) (\(row.verdict.text))"
            if let loss = row.loss {
                heading += ": " + (loss.levelOffsetDb.map { levelText($0) + "; " } ?? "")
                    + "missing \(loss.missing), extra \(loss.extra), level \(loss.level), frequency \(loss.frequency) "
                    + "of \(loss.referenceFelt) felt windows, \(loss.lostWindows) lost; " + onsetSummary(loss, hasAudio: matrix.hasAudio)
            }
            lines.append(heading)
            if let causes = row.causes, let loss = row.loss, loss.lostWindows > 0 { lines.append("  lost to: " + causesText(causes, of: loss)) }
            lines += row.approximations.map { "  approximation: \($0)" }
            for onset in row.loss?.onsets ?? [] { lines.append("  onset " + onsetText(onset, hasAudio: matrix.hasAudio)) }
        }
        return lines.joined(separator: "\n")
    }

    /// `frequency dropped by the waveform 27, …; the device's limits 55 of 60 lost windows (time constant 27 ms)`.
    static func causesText(_ causes: LossCauses, of loss: PerceptualLoss) -> String {
        causes.text + "; the device's limits \(causes.deviceLimit) of \(loss.lostWindows) lost windows "
            + "(time constant \(NumberText.significant(causes.timeConstantMs, 3)) ms)"
    }

    /// One row of the summary table, as every format shows it.
    struct SummaryRow {
        let name: String, platform: String, backend: String, loss: String, mostly: String
        /// `6.2 dB weaker`, `same level`, `-` (no window felt on both).
        let level: String
        let verdict: DeviceMatrix.Verdict
    }

    /// `6.2 dB weaker`, `3.0 dB stronger`, `same level` (within 0.05 dB).
    public static func levelText(_ offsetDb: Double) -> String {
        abs(offsetDb) < 0.05 ? "same level" : "\(NumberText.fixed(abs(offsetDb), 1)) dB \(offsetDb < 0 ? "weaker" : "stronger")"
    }

    static func summary(_ matrix: DeviceMatrix) -> [SummaryRow] {
        ([matrix.reference] + matrix.rows).map { row in
            let mostly = row.loss?.mostly.map { "\($0.kind) (\($0.count) of \($0.of)\($0.kind == "onsets" ? "" : " windows"))" } ?? "-"
            return SummaryRow(name: row.device.name, platform: row.device.isIOS ? "ios" : "android", backend: row.backend, loss: row.verdict.text,
                              mostly: mostly, level: row.loss?.levelOffsetDb.map(levelText) ?? "-", verdict: row.verdict)
        }
    }

    /// `onsets moved 2`, and how many break audio sync when the pattern has audio.
    static func onsetSummary(_ loss: PerceptualLoss, hasAudio: Bool) -> String {
        "onsets moved \(loss.onsets.count)" + (hasAudio && loss.onsets.contains(where: \.audioSync) ? " (\(loss.onsets.filter(\.audioSync).count) past audio sync)" : "")
    }

    /// `at 120 ms moved to 131 ms (+11 ms)`, `at 120 ms missing`, `extra at 131 ms`; with audio,
    /// `, past audio sync (24 ms)` for a move the ear would notice against the sound.
    static func onsetText(_ onset: PerceptualLoss.Onset, hasAudio: Bool) -> String {
        let ms = { (value: Double) in NumberText.fixed(value, 1) + " ms" }
        var text: String
        switch (onset.referenceMs, onset.deviceMs) {
        case let (reference?, device?): text = "at \(ms(reference)) moved to \(ms(device)) (\(device >= reference ? "+" : "")\(ms(device - reference)))"
        case let (reference?, nil): text = "at \(ms(reference)) missing"
        case let (nil, device?): text = "extra at \(ms(device))"
        default: text = ""
        }
        return text + (hasAudio && onset.audioSync ? ", past audio sync (24 ms)" : "")
    }

    /// The matrix as one JSON object; with `judgements` (a gate), each device says its limit and
    /// whether it is over it.
    package static func json(_ matrix: DeviceMatrix, pattern: String, judgements: [DeviceGate.Judgement]? = nil) -> JSONOutput {
        func row(_ row: DeviceMatrix.Row) -> JSONOutput {
            var members: [(String, JSONOutput)] = [
                ("name", .string(row.device.name)), ("title", .string(row.device.title)), ("platform", .string(row.device.isIOS ? "ios" : "android")),
                ("backend", .string(row.backend)), ("verdict", .string(row.verdict.text)),
                ("approximations", .array(row.approximations.map { .string($0) })),
            ]
            if let loss = row.loss {
                members += [
                    ("referenceFeltWindows", .integer(Int64(loss.referenceFelt))), ("missing", .integer(Int64(loss.missing))),
                    ("extra", .integer(Int64(loss.extra))), ("level", .integer(Int64(loss.level))), ("frequency", .integer(Int64(loss.frequency))),
                    ("lostWindows", .integer(Int64(loss.lostWindows))), ("loss", loss.loss.map { .double($0) } ?? .null),
                    ("levelOffsetDb", loss.levelOffsetDb.map { .double($0) } ?? .null), ("referenceOnsets", .integer(Int64(loss.referenceOnsets))),
                    ("causes", .object(LossCause.allCases.map { ($0.rawValue, .integer(Int64(row.causes?.count($0) ?? 0))) })),
                    ("deviceLimitWindows", .integer(Int64(row.causes?.deviceLimit ?? 0))),
                    ("timeConstantMs", row.causes.map { .double($0.timeConstantMs) } ?? .null),
                    ("onsets", .array(loss.onsets.map { onset in
                        .object([("referenceMs", onset.referenceMs.map { .double($0) } ?? .null), ("deviceMs", onset.deviceMs.map { .double($0) } ?? .null),
                                 ("audioSync", .bool(matrix.hasAudio && onset.audioSync))])
                    })),
                ]
            }
            if let judgement = judgements?.first(where: { $0.device == row.device.name }) {
                members += [("maxLossPercent", judgement.limitPercent.map { .double($0) } ?? .null),
                            ("maxLevelOffsetDb", judgement.maxLevelOffsetDb.map { .double($0) } ?? .null), ("overLimit", .bool(judgement.fails))]
            }
            return .object(members)
        }
        let table = summary(matrix).map { line -> JSONOutput in
            var share = JSONOutput.null
            if case .loss(let value) = line.verdict { share = .double(value) }
            return .object([("name", .string(line.name)), ("platform", .string(line.platform)), ("backend", .string(line.backend)),
                            ("verdict", .string(line.loss)), ("loss", share), ("mostly", .string(line.mostly)), ("level", .string(line.level))])
        }
        return .object([
            ("pattern", .string(pattern)), ("summary", .array(table)), ("reference", row(matrix.reference)), ("rate", .integer(Int64(matrix.sampleRate))),
            ("iosLeadRemovedMs", .integer(DeviceMatrix.iosLeadMs)), ("hasAudio", .bool(matrix.hasAudio)), ("devices", .array(matrix.rows.map(row))),
        ])
    }

    /// One page: a row per device with its plot lanes, its waveform, its figures and its render
    /// as a WAV to listen to (16-bit, inline).
    public static func html(_ matrix: DeviceMatrix, loaded: LoadedPattern, pattern: String) -> String {
        let escape = { (text: String) in Figure.escape(text) }
        var parts = ["<!DOCTYPE html>", "<html lang=\"en\"><head><meta charset=\"utf-8\"><title>hapsynth devices: \(escape(pattern))</title>",
                     "<style>body { font-family: sans-serif; margin: 16px; color: #111; } section { border-top: 2px solid #999; margin-top: 16px; }"
                     + " table { border-collapse: collapse; font-size: 14px; } td, th { border: 1px solid #bbb; padding: 2px 8px; }</style></head><body>",
                     "<h1>hapsynth devices</h1>",
                     "<p>\(escape(pattern)) against \(escape(matrix.reference.device.name)) at \(matrix.sampleRate) Hz; iOS renders without their "
                     + "\(DeviceMatrix.iosLeadMs) ms lead. The level column is the device's overall level against the reference's, taken out "
                     + "before windows are judged. A window is lost when it is felt on the reference and not on the device (missing), "
                     + "or its level differs by more than 1.65 dB from what the other side reaches within 5 ms, or its frequency by more than "
                     + "13 %; an onset missing, extra or moved by more than 5 ms loses the 8 windows of its attack; each window is lost once; "
                     + "n/a: the reference feels nothing.</p>"]
        parts.append("<table class=\"summary\"><tr><th>device</th><th>platform</th><th>backend</th><th>loss</th><th>mostly</th><th>level</th></tr>"
                     + summary(matrix).map { line in
                         "<tr data-device=\"\(escape(line.name))\"><td>\(escape(line.name))</td><td>\(line.platform)</td><td>\(escape(line.backend))</td>"
                             + "<td>\(escape(line.loss))</td><td>\(escape(line.mostly))</td><td>\(escape(line.level))</td></tr>"
                     }.joined() + "</table>")
        // One time axis for every row: from the request to the end of the longest render.
        let endMs = Double(([matrix.reference] + matrix.rows).map(\.frameCount).max() ?? 0) * 1000 / Double(matrix.sampleRate)
        for row in [matrix.reference] + matrix.rows {
            parts.append("<section class=\"device\" data-device=\"\(escape(row.device.name))\"><h2>\(escape(row.device.name)): \(escape(row.device.title))</h2>")
            var figures = "<table><tr><th>platform</th><td>\(row.device.isIOS ? "ios" : "android")</td></tr><tr><th>backend</th><td>\(escape(row.backend))</td></tr>"
                + "<tr><th>loss</th><td>\(escape(row.verdict.text))</td></tr>"
            if let loss = row.loss, let causes = row.causes, loss.lostWindows > 0 {
                figures += "<tr><th>lost to</th><td class=\"causes\">\(escape(causesText(causes, of: loss)))</td></tr>"
            }
            if let loss = row.loss {
                figures += "<tr><th>level</th><td>\(loss.levelOffsetDb.map(levelText) ?? "-")</td></tr><tr><th>windows</th><td>missing \(loss.missing), extra \(loss.extra), level \(loss.level), frequency \(loss.frequency) of \(loss.referenceFelt), \(loss.lostWindows) lost</td></tr>"
                    + "<tr><th>onsets moved</th><td>\(loss.onsets.isEmpty ? "none" : loss.onsets.map { escape(onsetText($0, hasAudio: matrix.hasAudio)) }.joined(separator: "<br>"))</td></tr>"
            }
            figures += row.approximations.map { "<tr><th>approximation</th><td>\(escape($0))</td></tr>" }.joined() + "</table>"
            parts.append(figures)
            if row.device.hasHaptics {
                var base = ActuatorProfile()
                base.sampleRate = matrix.sampleRate
                if let picture = try? PlanPicture.draw(loaded, platform: row.device.platform, title: row.device.name, profile: row.device.applied(to: base),
                                                       fromMs: 0, toMs: max(endMs, 1)) {
                    parts.append(picture.svg)
                }
            }
            if !row.clip.isEmpty {
                parts.append(Listening.section([Listening.Clip(title: "\(row.device.name): its render", channels: [row.clip], sampleRate: matrix.sampleRate,
                                                               totalFrames: row.frameCount)]))
            }
            parts.append("</section>")
        }
        parts.append("</body></html>")
        return parts.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The text without the spaces at its end (a table's padded last column).
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension DeviceReport {
    /// The catalogue as JSON: {"devices": [each device file as shipped]}.
    public static func catalogueJSON() -> String {
        "{\n  \"devices\": [\n" + DeviceCatalogueFiles.files.map { file in
            file.json.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        }.joined(separator: ",\n") + "\n  ]\n}"
    }

    /// Every device: its name, title and platform, then each value with its basis and reference.
    public static func catalogue(_ catalogue: [DeviceProfile]) -> String {
        var lines: [String] = []
        for device in catalogue {
            lines.append("\(device.name): \(device.title) (\(device.isIOS ? "ios" : "android"))")
            let width = device.provenance.map { $0.pointer.count + $0.value.count }.max() ?? 0
            for entry in device.provenance {
                let pair = entry.pointer + " " + entry.value
                lines.append("  " + pair + String(repeating: " ", count: width + 2 - pair.count) + entry.provenance.basis.rawValue
                             + String(repeating: " ", count: 9 - entry.provenance.basis.rawValue.count) + entry.provenance.ref)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Whether `path` is a device file: a JSON object with `provenance` and `platform`.
    public static func isDeviceFile(_ path: String) -> Bool {
        guard path.hasSuffix(".json"), let root = try? SettingsReader.root(of: path), case .object(let members) = root.value else { return false }
        return members.contains { $0.key == "provenance" } && members.contains { $0.key == "platform" }
    }
}
