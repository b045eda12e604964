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
    /// One line per device, approximations and moved onsets under it.
    public static func text(_ matrix: DeviceMatrix, pattern: String) -> String {
        var lines = ["devices: \(pattern) against \(matrix.reference.device.name) at \(matrix.sampleRate) Hz "
            + "(iOS renders without their \(DeviceMatrix.iosLeadMs) ms lead)"]
        for row in [matrix.reference] + matrix.rows {
            let name = row.device.name + (row.loss == nil ? " (reference)" : "")
            let padded = { (text: String, width: Int) in text + String(repeating: " ", count: max(1, width - text.count)) }
            var line = padded(name, 32) + padded(row.device.isIOS ? "ios" : "android", 9) + padded(row.backend, 19)
            if let loss = row.loss {
                line += "loss \(NumberText.fixed(loss.loss * 100, 1)) % (missing \(loss.missing), extra \(loss.extra), level \(loss.level), "
                    + "frequency \(loss.frequency) of \(loss.referenceFelt) windows); onsets moved \(loss.onsets.count)"
                    + (loss.onsets.contains(where: \.audioSync) ? " (\(loss.onsets.filter(\.audioSync).count) past audio sync)" : "")
            }
            lines.append(line.trimmingTrailingSpaces)
            lines += row.approximations.map { "  approximation: \($0)" }
            for onset in row.loss?.onsets ?? [] { lines.append("  onset " + onsetText(onset)) }
        }
        return lines.joined(separator: "\n")
    }

    /// `at 120 ms moved to 131 ms (+11 ms)`, `at 120 ms missing`, `extra at 131 ms`; `, audio sync`.
    static func onsetText(_ onset: PerceptualLoss.Onset) -> String {
        let ms = { (value: Double) in NumberText.fixed(value, 1) + " ms" }
        var text: String
        switch (onset.referenceMs, onset.deviceMs) {
        case let (reference?, device?): text = "at \(ms(reference)) moved to \(ms(device)) (\(device >= reference ? "+" : "")\(ms(device - reference)))"
        case let (reference?, nil): text = "at \(ms(reference)) missing"
        case let (nil, device?): text = "extra at \(ms(device))"
        default: text = ""
        }
        return text + (onset.audioSync ? ", past audio sync (24 ms)" : "")
    }

    package static func json(_ matrix: DeviceMatrix, pattern: String) -> JSONOutput {
        func row(_ row: DeviceMatrix.Row) -> JSONOutput {
            var members: [(String, JSONOutput)] = [
                ("name", .string(row.device.name)), ("title", .string(row.device.title)), ("platform", .string(row.device.isIOS ? "ios" : "android")),
                ("backend", .string(row.backend)), ("approximations", .array(row.approximations.map { .string($0) })),
            ]
            if let loss = row.loss {
                members += [
                    ("referenceFeltWindows", .integer(Int64(loss.referenceFelt))), ("missing", .integer(Int64(loss.missing))),
                    ("extra", .integer(Int64(loss.extra))), ("level", .integer(Int64(loss.level))), ("frequency", .integer(Int64(loss.frequency))),
                    ("loss", .double(loss.loss)),
                    ("onsets", .array(loss.onsets.map { onset in
                        .object([("referenceMs", onset.referenceMs.map { .double($0) } ?? .null), ("deviceMs", onset.deviceMs.map { .double($0) } ?? .null),
                                 ("audioSync", .bool(onset.audioSync))])
                    })),
                ]
            }
            return .object(members)
        }
        return .object([
            ("pattern", .string(pattern)), ("reference", row(matrix.reference)), ("rate", .integer(Int64(matrix.sampleRate))),
            ("iosLeadRemovedMs", .integer(DeviceMatrix.iosLeadMs)), ("devices", .array(matrix.rows.map(row))),
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
                     + "\(DeviceMatrix.iosLeadMs) ms lead. A window is lost when it is felt on the reference and not on the device (missing), "
                     + "or its level differs by more than 1.65 dB, or its frequency by more than 13 %.</p>"]
        for row in [matrix.reference] + matrix.rows {
            parts.append("<section class=\"device\" data-device=\"\(escape(row.device.name))\"><h2>\(escape(row.device.name)): \(escape(row.device.title))</h2>")
            var figures = "<table><tr><th>platform</th><td>\(row.device.isIOS ? "ios" : "android")</td></tr><tr><th>backend</th><td>\(escape(row.backend))</td></tr>"
            if let loss = row.loss {
                figures += "<tr><th>loss</th><td>\(NumberText.fixed(loss.loss * 100, 1)) %</td></tr>"
                    + "<tr><th>windows</th><td>missing \(loss.missing), extra \(loss.extra), level \(loss.level), frequency \(loss.frequency) of \(loss.referenceFelt)</td></tr>"
                    + "<tr><th>onsets moved</th><td>\(loss.onsets.isEmpty ? "none" : loss.onsets.map { escape(onsetText($0)) }.joined(separator: "<br>"))</td></tr>"
            } else {
                figures += "<tr><th>role</th><td>reference</td></tr>"
            }
            figures += row.approximations.map { "<tr><th>approximation</th><td>\(escape($0))</td></tr>" }.joined() + "</table>"
            parts.append(figures)
            if row.device.hasHaptics {
                var base = ActuatorProfile()
                base.sampleRate = matrix.sampleRate
                if let picture = try? PlanPicture.draw(loaded, platform: row.device.platform, title: row.device.name, profile: row.device.applied(to: base)) {
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

private extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
