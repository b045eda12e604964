import HapticCore

/// The entries of an AHAP file.
extension AHAPReader {
    static let hapticEventTypes = ["HapticTransient", "HapticContinuous"]
    static let controls: [String: ParameterCurve.Parameter] = Dictionary(
        uniqueKeysWithValues: ParameterCurve.Parameter.allCases.map { ($0.ahapID, $0) })

    mutating func read(_ root: JSONNode) throws(AHAPError) {
        for member in try object(root, .root) {
            let path = JSONPath.root.appending(member.key)
            switch member.key {
            case "Version": _ = try number(member.value, path)
            case "Metadata": try readMetadata(member.value, path)
            case "Pattern":
                guard case .array(let entries) = member.value.value else {
                    throw fail(.wrongType, "expected an array of pattern entries, got \(member.value.kindDescription)", member.value, path)
                }
                for (index, entry) in entries.enumerated() { try readEntry(entry, path.appending(index)) }
            default: warn("unknown key \"\(PatternFileError.shown(member.key))\" skipped", .root, code: .keySkipped, kind: "unknown keys \"\(PatternFileError.shown(member.key))\" skipped")
            }
        }
    }

    private mutating func readMetadata(_ node: JSONNode, _ path: JSONPath) throws(AHAPError) {
        for member in try object(node, path) {
            if member.key == "Description", case .string(let text) = member.value.value { description = text }
            guard member.key == "hapsynthLogicalDurationMs" else { continue }
            let number = try self.number(member.value, path.appending(member.key))
            guard let value = number.integer, value >= 0 else {
                throw fail(.invalid, "hapsynthLogicalDurationMs must be a whole number of milliseconds ≥ 0 (got \(number.text))",
                           member.value, path.appending(member.key))
            }
            metadataDurationMs = value
        }
    }

    private mutating func readEntry(_ node: JSONNode, _ path: JSONPath) throws(AHAPError) {
        for member in try object(node, path) {
            let inner = path.appending(member.key)
            switch member.key {
            case "Event": try readEvent(member.value, inner, entry: path)
            case "ParameterCurve": try readCurve(member.value, inner, entry: path)
            case "Parameter": try readParameter(member.value, inner, entry: path)
            default: warn("unknown key \"\(PatternFileError.shown(member.key))\" skipped", path, code: .keySkipped, kind: "unknown keys \"\(PatternFileError.shown(member.key))\" skipped")
            }
        }
    }

    private mutating func readEvent(_ node: JSONNode, _ path: JSONPath, entry: JSONPath) throws(AHAPError) {
        let members = try object(node, path)
        let index = layout.eventCount
        layout.eventCount += 1
        let type = try string(try required("EventType", in: members, node, path), path.appending("EventType"))
        if let kind = AHAPAudioEvent.Kind(rawValue: type) {
            try readAudioEvent(kind, members, node, path, entry: entry, index: index)
            return
        }
        guard Self.hapticEventTypes.contains(type) else {
            throw fail(.unknownEventType, "unknown EventType \"\(type)\" (expected HapticTransient, HapticContinuous, AudioContinuous or AudioCustom)",
                       node, path.appending("EventType"))
        }
        let startUs = try microseconds(try required("Time", in: members, node, path), path.appending("Time"))
        var intensity: Float?, sharpness: Float?, envelope = EventEnvelope()
        for member in members {
            switch member.key {
            case "Time", "EventType", "EventDuration": continue
            case "EventParameters": try readEventParameters(member.value, path.appending(member.key), entry: entry,
                                                           intensity: &intensity, sharpness: &sharpness, envelope: &envelope)
            default: warn("unknown key \"\(PatternFileError.shown(member.key))\" skipped", entry, code: .keySkipped, kind: "unknown keys \"\(PatternFileError.shown(member.key))\" skipped")
            }
        }
        if intensity == nil { warn("HapticIntensity missing, 1.0 used", entry, code: .defaultUsed, kind: "events lack HapticIntensity (1.0 used)") }
        if sharpness == nil { warn("HapticSharpness missing, 0.5 used", entry, code: .defaultUsed, kind: "events lack HapticSharpness (0.5 used)") }
        var durationUs: Int64 = 0
        let durationPath = path.appending("EventDuration")
        let durationNode = members.first { $0.key == "EventDuration" }?.value
        if type == "HapticContinuous" {
            durationUs = try microseconds(try required("EventDuration", in: members, node, path), durationPath)
            guard durationUs >= 1 else { throw fail(.tooShort, "a continuous event must last at least 1 µs", node, durationPath) }
            let limitUs = CoreHapticsRules.maxContinuousMs * Microseconds.perMillisecond
            layout.extend(startUs, plus: durationUs)
            if durationUs > limitUs {
                layout.cutEvents.insert(index)
                warn("continuous event of \(Microseconds.millisecondsText(durationUs)) ms cut at \(CoreHapticsRules.maxContinuousMs) ms",
                     entry, code: .cutAt30s, kind: "continuous events over 30 s cut at 30 s", value: durationPath)
                durationUs = limitUs
            }
        } else if let durationNode {
            // A transient's EventDuration does not change its click; Core Haptics counts it in the
            // pattern's duration.
            durationUs = try microseconds(durationNode, durationPath)
        }
        layout.extend(startUs, plus: durationUs)
        layout.hapticEventIndices.append(index)
        guard startUs <= Int64.max - durationUs else { throw fail(.timeOutOfRange, "event end is beyond the 64-bit microsecond range", node, path) }
        events.append(NativeEvent(
            kind: type == "HapticTransient" ? .transient : .continuous, startUs: startUs, durationUs: durationUs,
            intensity: intensity ?? 1, sharpness: sharpness ?? 0.5, envelope: envelope))
        guard events.count <= CoreHapticsRules.maxNativeEvents else {
            throw fail(.overLimit, "Core Haptics native events: expanded event count \(events.count) exceeds limit \(CoreHapticsRules.maxNativeEvents)",
                       node, path)
        }
    }

    /// An event's `EventParameters`: intensity, sharpness and the envelope.
    private mutating func readEventParameters(
        _ node: JSONNode, _ path: JSONPath, entry: JSONPath, intensity: inout Float?, sharpness: inout Float?,
        envelope: inout EventEnvelope
    ) throws(AHAPError) {
        for parameter in try parameters(node, path) where try !readEnvelope(parameter, into: &envelope, entry: entry) {
            switch parameter.id {
            case "HapticIntensity": intensity = try clamped(parameter.value, parameter.path, name: parameter.id, range: 0...1, entry: entry)
            case "HapticSharpness": sharpness = try clamped(parameter.value, parameter.path, name: parameter.id, range: 0...1, entry: entry)
            default: warn("parameter \(parameter.id) skipped\(Self.hint(parameter.id, Self.hapticParameterIDs))", entry, code: .parameterSkipped, kind: "parameters \(parameter.id) skipped",
                              value: parameter.idPath)
            }
        }
    }

    /// The parameter IDs of a haptic event and of an audio event (with the envelope's).
    static let hapticParameterIDs = ["HapticIntensity", "HapticSharpness", "AttackTime", "DecayTime", "ReleaseTime", "Sustained"]
    static let audioParameterIDs = ["AudioVolume", "AudioPitch", "AudioPan", "AudioBrightness", "AttackTime", "DecayTime", "ReleaseTime", "Sustained"]

    /// ` (did you mean "HapticIntensity"?)` when `id` is one typo away from a known ID.
    static func hint(_ id: String, _ known: [String]) -> String {
        KeySuggestion.closest(to: id, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// The entries of an `EventParameters` array, haptic or audio, in order: each id with the place
    /// of its value.
    private func parameters(_ node: JSONNode, _ path: JSONPath) throws(AHAPError) -> [(id: String, value: JSONNode, path: JSONPath, idPath: JSONPath)] {
        guard case .array(let items) = node.value else {
            throw fail(.wrongType, "expected an array of event parameters, got \(node.kindDescription)", node, path)
        }
        var entries: [(id: String, value: JSONNode, path: JSONPath, idPath: JSONPath)] = []
        for (index, parameter) in items.enumerated() {
            let parameterPath = path.appending(index)
            let fields = try object(parameter, parameterPath)
            let id = try string(try required("ParameterID", in: fields, parameter, parameterPath), parameterPath.appending("ParameterID"))
            entries.append((id, try required("ParameterValue", in: fields, parameter, parameterPath), parameterPath.appending("ParameterValue"),
                            parameterPath.appending("ParameterID")))
        }
        return entries
    }

    /// Reads an envelope parameter (`AttackTime`, `DecayTime`, `ReleaseTime`, `Sustained`) into
    /// `envelope`; false for any other.
    private mutating func readEnvelope(
        _ parameter: (id: String, value: JSONNode, path: JSONPath, idPath: JSONPath), into envelope: inout EventEnvelope, entry: JSONPath
    ) throws(AHAPError) -> Bool {
        func unit() throws(AHAPError) -> Float { try clamped(parameter.value, parameter.path, name: parameter.id, range: 0...1, entry: entry) }
        switch parameter.id {
        case "AttackTime": envelope.attackTime = try unit()
        case "DecayTime": envelope.decayTime = try unit()
        case "ReleaseTime": envelope.releaseTime = try unit()
        case "Sustained": envelope.sustained = try flag(parameter.value, parameter.path)
        default: return false
        }
        return true
    }

    /// A flag written as true/false or as a number (non-zero: true), as Apple's reader takes them.
    private func flag(_ node: JSONNode, _ path: JSONPath) throws(AHAPError) -> Bool {
        switch node.value {
        case .bool(let value): return value
        case .number(let number): return number.double != 0
        default: throw fail(.wrongType, "expected a number or true/false, got \(node.kindDescription)", node, path)
        }
    }

    /// What a control acts on: haptic events, or audio events.
    private enum Control {
        case haptic(ParameterCurve.Parameter)
        case audio(AHAPAudioCurve.Parameter)

        var range: ClosedRange<Float> {
            switch self {
            case .haptic(let parameter): return parameter == .intensityControl ? 0...1 : -1...1
            case .audio(let parameter): return parameter.range
            }
        }
    }

    /// Adds a control curve to the haptic or the audio controls.
    private mutating func add(_ control: Control, startUs: Int64, points: [CurvePoint], entry: JSONPath) {
        switch control {
        case .haptic(let parameter):
            curves.append(ParameterCurve(parameter: parameter, startUs: startUs, points: points))
            curvePaths.append(entry)
        case .audio(let parameter):
            audio.curves.append(AHAPAudioCurve(parameter: parameter, startUs: startUs, points: points))
        }
    }

    /// An `AudioCustom` or `AudioContinuous` event: its timing, waveform keys and parameters.
    private mutating func readAudioEvent(
        _ kind: AHAPAudioEvent.Kind, _ members: [JSONMember], _ node: JSONNode, _ path: JSONPath, entry: JSONPath, index: Int
    ) throws(AHAPError) {
        let startUs = try microseconds(try required("Time", in: members, node, path), path.appending("Time"))
        var durationUs: Int64 = 0, waveform: String?, loops = false, envelopeOn = true
        var volume: Float = 1, pitch: Float = 0, pan: Float = 0, brightness: Float = 1, envelope = EventEnvelope()
        for member in members {
            let inner = path.appending(member.key)
            switch member.key {
            case "Time", "EventType": continue
            case "EventDuration": durationUs = try microseconds(member.value, inner)
            case "EventWaveformPath": waveform = try string(member.value, inner)
            case "EventWaveformLoopEnabled": loops = try flag(member.value, inner)
            case "EventWaveformUseVolumeEnvelope": envelopeOn = try flag(member.value, inner)
            case "EventParameters":
                for parameter in try parameters(member.value, inner) where try !readEnvelope(parameter, into: &envelope, entry: entry) {
                    func value(_ range: ClosedRange<Float>) throws(AHAPError) -> Float {
                        try clamped(parameter.value, parameter.path, name: parameter.id, range: range, entry: entry)
                    }
                    switch parameter.id {
                    case "AudioVolume": volume = try value(0...1)
                    case "AudioPitch": pitch = try value(-1...1)
                    case "AudioPan": pan = try value(-1...1)
                    case "AudioBrightness": brightness = try value(0...1)
                    default: warn("parameter \(parameter.id) skipped\(Self.hint(parameter.id, Self.audioParameterIDs))", entry, code: .parameterSkipped, kind: "parameters \(parameter.id) skipped",
                              value: parameter.idPath)
                    }
                }
            default: warn("unknown key \"\(PatternFileError.shown(member.key))\" skipped", entry, code: .keySkipped, kind: "unknown keys \"\(PatternFileError.shown(member.key))\" skipped")
            }
        }
        layout.extend(startUs, plus: durationUs)
        if kind == .custom, waveform == nil {
            warn("AudioCustom event without EventWaveformPath skipped", entry, code: .entrySkipped, kind: "AudioCustom events without EventWaveformPath skipped")
            return
        }
        if kind == .continuous, durationUs < 1 { throw fail(.tooShort, "an AudioContinuous event needs an EventDuration of at least 1 µs", node, path) }
        guard startUs <= Int64.max - durationUs else { throw fail(.timeOutOfRange, "event end is beyond the 64-bit microsecond range", node, path) }
        layout.audioEventIndices.append(index)
        audio.events.append(AHAPAudioEvent(kind: kind, entry: entry, startUs: startUs, durationUs: durationUs, waveformPath: waveform,
                                           loops: loops, usesVolumeEnvelope: envelopeOn, volume: volume, pitch: pitch, pan: pan,
                                           brightness: brightness, envelope: envelope))
        guard audio.events.count <= CoreHapticsRules.maxNativeEvents else {
            throw fail(.overLimit, "Core Haptics native events: audio event count \(audio.events.count) exceeds limit \(CoreHapticsRules.maxNativeEvents)", node, path)
        }
    }

    /// The fields a `ParameterCurve` and a `Parameter` share; nil (with a warning) for a parameter
    /// hapsynth does not emulate.
    private mutating func control(
        _ node: JSONNode, _ path: JSONPath, entry: JSONPath, kind: String
    ) throws(AHAPError) -> (members: [JSONMember], id: String, parameter: Control, startUs: Int64)? {
        let members = try object(node, path)
        let id = try string(try required("ParameterID", in: members, node, path), path.appending("ParameterID"))
        guard let parameter = Self.controls[id].map(Control.haptic) ?? AHAPAudioCurve.Parameter(rawValue: id).map(Control.audio) else {
            warn("\(kind) \(id) skipped", entry, code: .parameterSkipped, kind: "\(kind)s \(id) skipped", value: path.appending("ParameterID"))
            return nil
        }
        let startUs = try microseconds(try required("Time", in: members, node, path), path.appending("Time"))
        return (members, id, parameter, startUs)
    }

    private mutating func readCurve(_ node: JSONNode, _ path: JSONPath, entry: JSONPath) throws(AHAPError) {
        guard let (members, id, parameter, startUs) = try control(node, path, entry: entry, kind: "parameter curve") else { return }
        let pointsPath = path.appending("ParameterCurveControlPoints")
        let pointsNode = try required("ParameterCurveControlPoints", in: members, node, path)
        guard case .array(let items) = pointsNode.value, !items.isEmpty else {
            throw fail(.invalid, "expected a non-empty array of control points", pointsNode, pointsPath)
        }
        pointCount += items.count
        guard pointCount <= PatternLimits.maxControlPoints else {
            throw fail(.overLimit, "expanded control point count \(pointCount) exceeds limit \(PatternLimits.maxControlPoints)", pointsNode, pointsPath)
        }
        var points: [CurvePoint] = []
        for (index, item) in items.enumerated() {
            let pointPath = pointsPath.appending(index)
            let fields = try object(item, pointPath)
            let timeUs = try microseconds(try required("Time", in: fields, item, pointPath), pointPath.appending("Time"))
            let value = try clamped(try required("ParameterValue", in: fields, item, pointPath),
                                    pointPath.appending("ParameterValue"), name: id, range: parameter.range, entry: entry)
            if let previous = points.last, timeUs <= previous.timeUs {
                guard timeUs == previous.timeUs else {
                    throw fail(.timeGoesBack, "control point times must increase (\(Microseconds.millisecondsText(timeUs)) ms after "
                               + "\(Microseconds.millisecondsText(previous.timeUs)) ms)", item, pointPath)
                }
                warn("control points \(index - 1) and \(index) of the \(id) curve are both at \(Microseconds.millisecondsText(timeUs)) ms; "
                     + "the later one is used", entry, code: .pointsMerged, kind: "curve points merged where their times coincide (the later one is used)")
                points.removeLast()
            }
            points.append(CurvePoint(timeUs: timeUs, value: value))
        }
        for member in members where !["ParameterID", "Time", "ParameterCurveControlPoints"].contains(member.key) {
            warn("unknown key \"\(PatternFileError.shown(member.key))\" skipped", entry, code: .keySkipped, kind: "unknown keys \"\(PatternFileError.shown(member.key))\" skipped")
        }
        if points.count > AHAPExport.devicePointLimit {
            warn("the \(id) curve has \(points.count) points; some devices are reported to accept only \(AHAPExport.devicePointLimit)",
                 entry, code: .curveOverPointLimit, kind: "curves have more than \(AHAPExport.devicePointLimit) points (some devices are reported to accept only "
                    + "\(AHAPExport.devicePointLimit))", value: pointsPath)
        }
        layout.extend(startUs, plus: points.last?.timeUs ?? 0)
        add(parameter, startUs: startUs, points: points, entry: entry)
    }

    private mutating func readParameter(_ node: JSONNode, _ path: JSONPath, entry: JSONPath) throws(AHAPError) {
        guard let (members, id, parameter, startUs) = try control(node, path, entry: entry, kind: "parameter") else { return }
        let value = try clamped(try required("ParameterValue", in: members, node, path), path.appending("ParameterValue"),
                                name: id, range: parameter.range, entry: entry)
        for member in members where !["ParameterID", "Time", "ParameterValue"].contains(member.key) {
            warn("unknown key \"\(PatternFileError.shown(member.key))\" skipped", entry, code: .keySkipped, kind: "unknown keys \"\(PatternFileError.shown(member.key))\" skipped")
        }
        layout.extend(startUs, plus: 0)
        add(parameter, startUs: startUs, points: [CurvePoint(timeUs: 0, value: value)], entry: entry)
    }

    /// The one-player plan of the file.
    func plan(capabilities: DeviceCapabilities) throws(AHAPError) -> PlaybackPlan {
        let latestEndUs = events.map(\.endUs).max() ?? 0
        let durationMs = metadataDurationMs ?? Microseconds.roundedMilliseconds(latestEndUs)
        let audibleEvents = events.filter { $0.intensity > 0 }
        func empty(_ backend: Backend, _ reason: String?) -> PlaybackPlan {
            PlaybackPlan(players: [], diagnostics: PlanDiagnostics(
                backend: backend, capabilities: capabilities, logicalDurationMs: durationMs, schedulingLeadMs: 0,
                estimatedNativeDurationMs: 0, approximations: [], retriggerBoundariesMs: [], unsupportedReason: reason))
        }
        if audibleEvents.isEmpty { return empty(.silent, nil) }
        if !capabilities.supportsHaptics { return empty(.unsupported, CoreHapticsRules.unsupportedReason) }
        var approximations = [CoreHapticsRules.leadApproximation]
        if audibleEvents.contains(where: { $0.kind == .transient }) {
            approximations.append(CoreHapticsRules.transientApproximation)
        }
        if events.contains(where: { !$0.envelope.isEmpty }) || curves.contains(where: \.parameter.isEnvelopeTime) {
            approximations.append(CoreHapticsRules.envelopeApproximation)
        }
        let audibleEndUs = audibleEvents.map(\.soundingEndUs).max() ?? 0
        return PlaybackPlan(players: [PlayerPlan(events: events, curves: curves)], diagnostics: PlanDiagnostics(
            backend: .coreHaptics, capabilities: capabilities, logicalDurationMs: durationMs,
            schedulingLeadMs: CoreHapticsRules.schedulingLeadMs,
            estimatedNativeDurationMs: Microseconds.roundedMilliseconds(audibleEndUs) + CoreHapticsRules.schedulingLeadMs,
            approximations: approximations, retriggerBoundariesMs: [], unsupportedReason: nil))
    }
}
