import HapticCheck
import HapticCore
import HapticPlanner
import HapticPlot
import HapticSynth

/// What `hapsynth feedback` prints (docs/feedback.md): the list of calls with their chains, and
/// the calls × devices matrix as text, JSON and one HTML page.
public enum FeedbackReport {
    // MARK: - The list

    /// Every listed call: its chain on an iPhone and on Android (to the framework's effect, on the
    /// newest API level), then what each catalogue Android phone's HAL plays for it, each step with
    /// its source.
    public static func list(devices: [DeviceProfile]) -> String {
        var lines = ["feedback: \(FeedbackCall.listed.count) calls (and web:vibrate(MS[,MS…])); each step with its source in brackets; "
                     + "the android steps are a phone's of API 36 with every primitive and effect, then what each catalogue phone plays", ""]
        for call in FeedbackCall.listed {
            lines.append(call.description)
            if let release = releaseText(call) { lines.append("  release: " + release) }
            lines += call.iosChain.map { "  ios: \($0.text)   [\($0.source)]" }
            lines += sharedAndroidSteps(call).map { "  android: \($0.text)   [\($0.source)]" }
            for device in devices {
                guard let android = device.android, FeedbackMatrix.isMeant(call, for: device) else { continue }
                lines.append("    \(device.name): \(played(call.androidPlan(on: android)))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The wrapper's release a call plays and the others modelled: `expo-haptics 12.8.0 and
    /// later (the newest; also before 12.8.0: expo@VERSION:… or --wrapper-version)`; nil for a
    /// platform's call.
    static func releaseText(_ call: FeedbackCall) -> String? {
        guard let release = call.release else { return nil }
        let others = WrapperRelease.ranges(of: call.family).filter { $0 != release }.map(\.range)
        return "\(WrapperRelease.package(of: call.family)) \(release.range)" + (call.version == nil ? " (the newest" : " (")
            + (others.isEmpty ? "" : (call.version == nil ? "; " : "") + "also modelled: \(others.joined(separator: "; ")), as \(call.family.rawValue)@VERSION:\(call.name)") + ")"
    }

    /// A phone of the newest API level with every primitive and every predefined effect: on it a
    /// call's chain reaches the framework's effect, and its own HAL step is left out.
    private static let everyEffectPhone: AndroidDevice = {
        var phone = AndroidDevice(name: "newest", apiLevel: 36, primitiveDurationsMs: [.click: 1, .tick: 1, .lowTick: 1])
        phone.effects = AndroidPredefinedEffect.allCases.map { AndroidFirmwareEffect(name: $0.rawValue, segments: [.init(ms: 1, drive: 1)]) }
        return phone
    }()

    /// The Android steps every phone shares: from the call up to the framework's effect.
    static func sharedAndroidSteps(_ call: FeedbackCall) -> [FeedbackStep] {
        call.androidPlan(on: everyEffectPhone).chain.filter { !$0.text.contains(everyEffectPhone.name) }
    }

    /// `{"calls": [{"call", "ios": [steps], "android": [steps], "devices": [{"device", "backend", "plays", "steps"}]}]}`.
    public static func listJSON(devices: [DeviceProfile]) -> String {
        let step = { (step: FeedbackStep) -> JSONOutput in .object([("step", .string(step.text)), ("source", .string(step.source))]) }
        return JSONOutput.object([("calls", .array(FeedbackCall.listed.map { call in
            let androidDevices = devices.compactMap { device -> JSONOutput? in
                guard let android = device.android, FeedbackMatrix.isMeant(call, for: device) else { return nil }
                let plan = call.androidPlan(on: android)
                return .object([("device", .string(device.name)), ("backend", .string(plan.backend.rawValue)), ("plays", .string(played(plan))),
                                ("steps", .array(plan.chain.map(step)))])
            }
            return .object([("call", .string(call.description)), ("release", call.release.map { .string($0.range) } ?? .null), ("ios", .array(call.iosChain.map(step))),
                            ("android", .array(sharedAndroidSteps(call).map(step))), ("devices", .array(androidDevices))])
        }))]).pretty()
    }

    /// What an Android plan plays, in a few words: `silent`, `its CLICK: 6 ms at 0.419`,
    /// `waveform [0, 10, 20, 30] ms`, `PRIMITIVE_TICK at 0.5`.
    static func played(_ plan: AndroidPlan) -> String {
        switch plan.backend {
        case .silent: return "silent" + (plan.chain.last.map { $0.text.hasPrefix("nothing: ") ? " (\($0.text.dropFirst(9)))" : "" } ?? "")
        case .unsupported: return "unsupported (\(plan.unsupportedReason ?? ""))"
        case .androidEffect:
            return "the HAL's effect: " + plan.effectBursts.map { "\($0.durationMs) ms at \(NumberText.significant($0.level)) from \($0.onsetMs) ms" }.joined(separator: ", ")
        case .androidPrimitives:
            return plan.primitives.map { "PRIMITIVE_\($0.primitive.rawValue) at \(NumberText.significant(Double($0.scale)))" }.joined(separator: ", ")
        case .androidWaveform, .androidEnvelope:
            let waveform = plan.waveform.map { "waveform \(NumberText.list($0.timings)) ms at \(NumberText.list($0.amplitudes))" } ?? plan.backend.rawValue
            return plan.approximations.contains { $0.code == .feedbackFallback } ? "Android's fallback \(waveform)" : waveform
        }
    }

    // MARK: - The matrix

    /// The matrix as a table: a row per call, a column per device; a cell is `felt`, `below`
    /// (never above the threshold), `silent`, `-` (a call not meant for that device), and a
    /// letter for calls that feel the same there; the groups follow, device by device.
    public static func text(_ matrix: FeedbackMatrix) -> String {
        let groups = matrix.devices.indices.map { groupLetters(matrix, device: $0) }
        let width = max(matrix.calls.map(\.description.count).max() ?? 4, 4) + 2
        let columns = matrix.devices.map { max($0.name.count, 8) + 2 }
        func pad(_ text: String, _ count: Int) -> String { text + String(repeating: " ", count: max(1, count - text.count)) }
        var lines = ["feedback: \(NumberText.count(matrix.calls.count, "call")) on \(NumberText.count(matrix.devices.count, "device")) at \(matrix.sampleRate) Hz "
                     + "(felt: some 10 ms window above the vibrotactile threshold; below: it plays but is never felt; a letter: calls that feel the same there; "
                     + "-: a call not meant for that device)", ""]
        lines.append((pad("call", width) + zip(matrix.devices, columns).map { pad($0.name, $1) }.joined()).trimmingTrailingSpaces)
        for (c, call) in matrix.calls.enumerated() {
            let cells = matrix.devices.indices.map { d -> String in
                let cell = matrix.cells[c][d]
                guard FeedbackMatrix.isMeant(call, for: matrix.devices[d]) else { return "-" }
                return word(cell.verdict) + (groups[d][call].map { " " + $0 } ?? "")
            }
            lines.append((pad(call.description, width) + zip(cells, columns).map { pad($0, $1) }.joined()).trimmingTrailingSpaces)
        }
        for (d, device) in matrix.devices.enumerated() {
            let byLetter = Dictionary(grouping: groups[d], by: \.value).sorted { $0.key < $1.key }
            guard !byLetter.isEmpty else { continue }
            lines.append("")
            lines.append("\(device.name): calls that feel the same")
            lines += byLetter.map { letter, members in
                "  \(letter): " + matrix.calls.filter { call in members.contains { $0.key == call } }.map(\.description).joined(separator: ", ")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `{"rate", "devices": [...], "calls": [{"call", "cells": [{"device", "meant", "backend", "verdict", "peakSensationDb", "sameAs"}]}]}`.
    public static func json(_ matrix: FeedbackMatrix) -> String {
        JSONOutput.object([
            ("rate", .integer(Int64(matrix.sampleRate))),
            ("devices", .array(matrix.devices.map { .string($0.name) })),
            ("calls", .array(matrix.calls.enumerated().map { c, call in
                .object([("call", .string(call.description)), ("cells", .array(matrix.cells[c].enumerated().map { d, cell in
                    .object([("device", .string(cell.device)), ("meant", .bool(FeedbackMatrix.isMeant(call, for: matrix.devices[d]))),
                             ("backend", .string(cell.backend)), ("verdict", .string(cell.verdict.rawValue)),
                             ("peakSensationDb", .double((cell.peakSensationDb * 10).rounded() / 10)), ("sameAs", .array(cell.sameAs.map { .string($0.description) }))])
                }))])
            })),
        ]).pretty()
    }

    /// One page: the matrix, each cell coloured by its verdict and titled with the chain it
    /// becomes there.
    public static func html(_ matrix: FeedbackMatrix) -> String {
        let escape = { (text: String) in Figure.escape(text) }
        let groups = matrix.devices.indices.map { groupLetters(matrix, device: $0) }
        var parts = ["<!DOCTYPE html>", "<html lang=\"en\"><head><meta charset=\"utf-8\"><title>hapsynth feedback</title>",
                     "<style>body { font-family: sans-serif; margin: 16px; color: #111; } table { border-collapse: collapse; font-size: 14px; }"
                     + " td, th { border: 1px solid #bbb; padding: 2px 8px; } td.felt { background: #d8f0d8; } td.below-threshold { background: #f6e7b4; }"
                     + " td.silent { background: #f3c6c6; } td.same { outline: 2px solid #c06; } td.not-meant { color: #999; }</style></head><body>",
                     "<h1>hapsynth feedback</h1>",
                     "<p>\(matrix.calls.count) system feedback calls on \(matrix.devices.count) devices at \(matrix.sampleRate) Hz, each rendered under its device's "
                     + "resonator. <b>felt</b>: some 10 ms window rises above the vibrotactile threshold; <b>below</b>: it plays but is never felt; "
                     + "<b>silent</b>: nothing plays; a letter marks calls a person could not tell apart on that device (levels within 1.65 dB, "
                     + "frequencies within 13 %, onsets within 5 ms). Hover a cell for the chain it becomes there.</p>",
                     "<table class=\"matrix\"><tr><th>call</th>" + matrix.devices.map { "<th>\(escape($0.name))</th>" }.joined() + "</tr>"]
        for (c, call) in matrix.calls.enumerated() {
            var row = "<tr data-call=\"\(escape(call.description))\"><th>\(escape(call.description))</th>"
            for (d, device) in matrix.devices.enumerated() {
                let cell = matrix.cells[c][d]
                let meant = FeedbackMatrix.isMeant(call, for: device)
                let letter = groups[d][call]
                let chain = chainText(call, on: device)
                let classes = [meant ? cell.verdict.rawValue : "not-meant"] + (letter == nil ? [] : ["same"])
                row += "<td class=\"\(classes.joined(separator: " "))\" data-device=\"\(escape(device.name))\" data-verdict=\"\(cell.verdict.rawValue)\" "
                    + "title=\"\(escape(chain))\">\(meant ? word(cell.verdict) : "-")\(letter.map { " " + $0 } ?? "")</td>"
            }
            parts.append(row + "</tr>")
        }
        parts.append("</table></body></html>")
        return parts.joined(separator: "\n")
    }

    /// The steps a call takes on a device, one a line.
    static func chainText(_ call: FeedbackCall, on device: DeviceProfile) -> String {
        let steps = device.android.map { call.androidPlan(on: $0).chain } ?? call.iosChain
        return steps.map { "\($0.text) [\($0.source)]" }.joined(separator: "\n")
    }

    static func word(_ verdict: FeedbackMatrix.Verdict) -> String {
        switch verdict {
        case .felt: return "felt"
        case .belowThreshold: return "below"
        case .silent: return "silent"
        }
    }

    /// The letter of each call that feels the same as another on device `d`: calls joined by any
    /// chain of indistinguishable pairs share one.
    static func groupLetters(_ matrix: FeedbackMatrix, device d: Int) -> [FeedbackCall: String] {
        var parent = Array(matrix.calls.indices)
        func root(_ i: Int) -> Int { parent[i] == i ? i : root(parent[i]) }
        let index = Dictionary(uniqueKeysWithValues: matrix.calls.enumerated().map { ($1, $0) })
        for (c, row) in matrix.cells.enumerated() {
            for other in row[d].sameAs { if let o = index[other] { parent[root(o)] = root(c) } }
        }
        var letters: [Int: String] = [:], result: [FeedbackCall: String] = [:]
        for (c, call) in matrix.calls.enumerated() where !matrix.cells[c][d].sameAs.isEmpty {
            let r = root(c)
            if letters[r] == nil { letters[r] = letter(letters.count) }
            result[call] = letters[r]
        }
        return result
    }

    /// A, B, …, Z, AA, AB, …
    static func letter(_ n: Int) -> String {
        let scalars = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return n < 26 ? String(scalars[n]) : letter(n / 26 - 1) + String(scalars[n % 26])
    }
}
