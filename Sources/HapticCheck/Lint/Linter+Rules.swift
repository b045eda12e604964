import AudioIO
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// The rules that read the plans (Core Haptics' and Android's) and the loader's warnings.
extension Linter {
    /// The reader's warnings that are rules (`LintRule.id(for:)`), each at the offending value
    /// (`1.7`, not its entry) and worded as the reader words it; a rule for iOS only when `ios`.
    /// Two choose their severity: HS104 is info for a value
    /// below its range, which can only mean none and plays as none (above its range it asks for
    /// more than the device gives), and HS103 is info where reading the times as absolute changes
    /// what plays by no more than the reader's felt limit.
    static func warningFindings(_ loaded: LoadedPattern, source: PatternSource, file: String, ios: Bool) -> [LintFinding] {
        return loaded.warnings.compactMap { warning -> LintFinding? in
            guard let id = LintRule.id(for: warning.code), ios || rule(id).scope != .ios else { return nil }
            let path = warning.valuePlace ?? (warning.place.components(separatedBy: " at ").last ?? warning.place)
            var start = SourcePosition(line: 1, column: 1), end = SourcePosition(line: 1, column: 2)
            var message = warning.description.components(separatedBy: ": ").dropFirst(warning.description.hasPrefix("$") ? 1 : 0).joined(separator: ": ")
            if warning.code == .trailingComma, let comma = source.trailingComma {
                // The reader's words name the place, which a finding has already.
                (start, end) = (comma, SourcePosition(line: comma.line, column: comma.column + 1))
                message = "a comma before a closing bracket: Apple's reader accepts it, strict JSON readers fail"
            } else if let node = Self.node(at: path, in: source.root) {
                (start, end) = (node.position, node.endPosition)
            }
            var severity = rule(id).severity
            if warning.code == .curveTimesAbsoluteUnfelt { severity = .info }
            if warning.code == .clamped, let node = Self.node(at: path, in: source.root), case .number(let number) = node.value, number.double < 0 {
                severity = .info
            }
            return LintFinding(rule: rule(id), severity: severity, file: file, jsonPath: path, start: start, end: end, message: message)
        }
    }

    /// The node at a JSON path written as `$.Pattern[3].Event.Time`, if the document has one.
    static func node(at path: String, in root: JSONNode) -> JSONNode? {
        var node = root
        var rest = Substring(path.hasPrefix("$") ? String(path.dropFirst()) : path)
        while !rest.isEmpty {
            if rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
                      case .array(let items) = node.value, items.indices.contains(index) else { return nil }
                node = items[index]
                rest = rest[rest.index(after: close)...]
            } else if rest.hasPrefix(".") {
                rest = rest.dropFirst()
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                let key = String(rest[..<end])
                guard case .object(let members) = node.value, let member = members.first(where: { $0.key == key }) else { return nil }
                node = member.value
                rest = rest[end...]
            } else {
                return nil
            }
        }
        return node
    }

    /// Core Haptics' rules on the plan: transients closer than 10 ms (HS106), clicks that overlap
    /// and whose own sum the render clamps (HS107: the transients rendered without the continuous
    /// events, whose sum with them is the mix's; a render over `measuredSeconds` is not measured,
    /// and overlapping clicks are then said to be able to), continuous events shorter than a period of
    /// their frequency (HS303), a sharpness control that no continuous event hears (HS105).
    static func iosPlanFindings(_ plan: PlaybackPlan, file: String, profile: ActuatorProfile, clickProfile: ActuatorProfile) -> [LintFinding] {
        var findings: [LintFinding] = []
        let onsets = plan.players.flatMap(\.events).filter { $0.kind == .transient && $0.intensity > 0 }.map(\.startUs).sorted()
        if let close = zip(onsets, onsets.dropFirst()).first(where: { $1 - $0 < 10_000 }) {
            findings.append(.fileLevel(rule("HS106"), file, "transients at \(Microseconds.millisecondsText(close.0)) ms and "
                + "\(Microseconds.millisecondsText(close.1)) ms are less than 10 ms apart; a device may merge or drop them"))
        }
        let overlapping = TransientOverlap.count(in: plan, profile: clickProfile)
        let clicks = overlapping > 0 ? measureClicks(plan, profile: clickProfile) : nil
        if overlapping > 0, let clicks, clicks.mixPeak > 1 {
            // Worded as render and check word the clamping, the clicks rendered alone.
            findings.append(.fileLevel(rule("HS107"), file, "the transients rendered alone clamp: "
                + RenderWarning.overlappingClicks(overlapping, mixPeak: clicks.mixPeak) + RenderWarning.overlapWayOut))
        } else if overlapping > 0, clicks == nil {
            findings.append(.fileLevel(rule("HS107"), file, "\(overlapping) transient clicks overlap others and may add up past full scale "
                + "(the render is over \(measuredSeconds) s, so it was not measured)"))
        }
        for player in plan.players {
            for event in player.events where event.kind == .continuous && event.intensity > 0 {
                let periodUs = 1_000_000 / profile.frequencyHz(sharpness: Double(event.sharpness))
                if Double(event.durationUs) < periodUs {
                    findings.append(.fileLevel(rule("HS303"), file, "a continuous event at \(Microseconds.millisecondsText(event.startUs)) ms lasts "
                        + "\(Microseconds.millisecondsText(event.durationUs)) ms, less than one period of its frequency"))
                    break
                }
            }
            let continuous = player.events.filter { $0.kind == .continuous }
            for curve in player.curves where curve.parameter == .sharpnessControl {
                let endUs = curve.startUs + (curve.points.last?.timeUs ?? 0)
                if !continuous.contains(where: { $0.startUs <= endUs && curve.startUs < $0.endUs }) {
                    findings.append(.fileLevel(rule("HS105"), file, "a sharpness control from \(Microseconds.millisecondsText(curve.startUs)) ms "
                        + "plays while no continuous event does: it changes nothing"))
                }
            }
        }
        return findings
    }

    /// Android's rules on the plan: primitives closer than 50 ms (HS201) or of scales too alike
    /// (HS202), pulses an on/off motor cannot play (HS204), the compatibility tail (HS205).
    static func androidPlanFindings(_ plan: AndroidPlan, file: String) -> [LintFinding] {
        var findings: [LintFinding] = []
        let onsets = plan.primitiveOnsets
        if let finding = primitiveGapFinding(onsets, file: file) { findings.append(finding) }
        if let alike = zip(onsets, onsets.dropFirst()).first(where: { pair in
            let (a, b) = (min(pair.0.step.scale, pair.1.step.scale), max(pair.0.step.scale, pair.1.step.scale))
            return a > 0 && b / a > 1 && b / a < 1.4
        }) {
            findings.append(.fileLevel(rule("HS202"), file, "primitives at \(alike.0.onsetMs) and \(alike.1.onsetMs) ms differ in scale by less "
                + "than a ratio of 1.4: they may feel the same"))
        }
        if !plan.device.hasAmplitudeControl, let pulse = plan.waveform?.segments.first(where: { $0.amplitude > 0 && $0.durationMs < 20 }) {
            findings.append(.fileLevel(rule("HS204"), file, "an ON pulse of \(pulse.durationMs) ms at \(pulse.startMs) ms: a motor without "
                + "amplitude control may not start in under 20 ms"))
        }
        if plan.approximations.contains(where: { $0.code == .compatibilityTail }) {
            findings.append(.fileLevel(rule("HS205"), file, "the waveform needed the compatibility tail some phones require"))
        }
        return findings
    }

    /// HS201: Android's advice is a pause of at least `primitiveGapMs` for two primitives to be felt
    /// apart, counted from the end of the first. A warning where the taps are written at least that
    /// far apart and the first primitive's own length eats the pause (the mistake the advice is
    /// about); info where the taps are written closer than any felt pause can be (a texture, a
    /// double tap), which plays as written and as one.
    static func primitiveGapFinding(_ onsets: [PrimitiveOnset], file: String) -> LintFinding? {
        let close = zip(onsets, onsets.dropFirst()).filter { $1.onsetMs - ($0.onsetMs + $0.durationMs) < primitiveGapMs }
        func words(_ pair: (PrimitiveOnset, PrimitiveOnset)) -> String {
            "\(pair.1.step.primitive.rawValue) at \(pair.1.onsetMs) ms starts \(pair.1.onsetMs - pair.0.onsetMs - pair.0.durationMs) ms after the previous "
                + "primitive ends"
        }
        if let eaten = close.first(where: { $1.onsetMs - $0.onsetMs >= primitiveGapMs }) {
            return .fileLevel(rule("HS201"), file, words(eaten) + " (at least \(primitiveGapMs) ms is advised, counted from the end of the "
                + "\(eaten.0.durationMs) ms \(eaten.0.step.primitive.rawValue) before it)")
        }
        guard let texture = close.first else { return nil }
        return .fileLevel(rule("HS201"), file, words(texture) + "; the taps are written \(texture.1.onsetMs - texture.0.onsetMs) ms apart, closer than "
            + "the \(primitiveGapMs) ms a felt pause needs, so they play as one texture", severity: .info)
    }

    /// A primitive of an Android plan where it starts, and how long it lasts, in ms.
    typealias PrimitiveOnset = (step: AndroidPrimitiveStep, onsetMs: Int64, durationMs: Int64)

    /// The pause Android's haptics guidance advises between two primitives felt apart, in ms.
    static let primitiveGapMs: Int64 = 50

    /// AudioCustom files that cannot be played (HS401), at their `EventWaveformPath`; paths that
    /// lead outside the AHAP file's folder, which are not read (HS402, as warnings); and sounds
    /// more than 24 ms from a transient (HS403, when every sound can be played), for the whole
    /// file (with the default profile; files are looked for in the AHAP file's folder). The track
    /// is measured a block at a time, as far as its last transient needs and at most 600 s; a
    /// track refused by the render-length guard is an invalid file (HS001).
    static func audioFindings(_ audio: AHAPAudio, plan: PlaybackPlan, root: JSONNode, file: String, target: LintTarget) -> [LintFinding] {
        let profile = target.profile
        var options = AudioTrackOptions(besides: file)
        options.roots = target.audioRoots
        options.opener = SoundFileOpener()
        let track = AudioTrack(audio, profile: profile, options: options)
        var findings = track.warnings.compactMap { warning -> LintFinding? in
            let refused: Bool
            switch warning.kind {
            case .refused: refused = true
            case .notFound, .unreadable, .noReader: refused = false
            default: return nil
            }
            let path = "\(warning.entry).Event.EventWaveformPath"
            guard let node = Self.node(at: path, in: root) else { return nil }
            let id = refused ? "HS402" : "HS401"
            return LintFinding(rule: rule(id), severity: refused ? .warning : rule(id).severity, file: file, jsonPath: path, start: node.position,
                               end: node.endPosition, message: warning.message)
        }
        // With a sound missing, its taps cannot be judged: HS401 says what to fix first.
        guard findings.isEmpty else { return findings }
        let sync: AudioHapticSync
        do {
            sync = try AudioHapticSync.measure(plan, track: track, profile: profile, boundSeconds: AudioHapticSync.boundSeconds)
        } catch let error as RenderLengthError {
            return [.fileLevel(rule("HS001"), file, "the audio track cannot be played: \(error.reason)")]
        } catch {
            return [.fileLevel(rule("HS001"), file, "the audio track cannot be played: \(error)")]
        }
        // A tap with no sound within 100 ms is a haptic-only tap (the sync report lists it); the
        // rule is about a sound and its tap apart.
        for transient in sync.transients where transient.flagged {
            guard let offset = transient.offsetMs else { continue }
            findings.append(.fileLevel(rule("HS403"), file, "the transient at \(NumberText.significant(transient.timeMs)) ms: the nearest sound is "
                + "\(offset >= 0 ? "+" : "")\(NumberText.fixed(offset, 1)) ms away (over 24 ms)"))
        }
        return findings
    }

    /// An absolute `EventWaveformPath` that hapsynth would read (HS402, info): an audio file is
    /// named relative to the app's bundle. (An absolute path outside every audio root is not read;
    /// `audioFindings` reports it as a warning.)
    static func audioPathFindings(_ root: JSONNode, file: String, refused: Set<String>) -> [LintFinding] {
        guard case .object(let members) = root.value, let pattern = members.first(where: { $0.key == "Pattern" })?.value,
              case .array(let entries) = pattern.value else { return [] }
        return entries.enumerated().compactMap { index, entry in
            let path = "$.Pattern[\(index)].Event.EventWaveformPath"
            guard !refused.contains(path), let node = Self.node(at: path, in: root), case .string(let text) = node.value, text.hasPrefix("/") else { return nil }
            return LintFinding(rule: rule("HS402"), severity: rule("HS402").severity, file: file, jsonPath: path, start: node.position,
                               end: node.endPosition, message: "\(path) is an absolute path; name the file relative to the app's bundle")
        }
    }
}
