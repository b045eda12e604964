import HapticCore

/// The entries of an AHAP file.
extension AHAPReader {
    static let hapticEventTypes = ["HapticTransient", "HapticContinuous"]
    static let audioEventTypes = ["AudioContinuous", "AudioCustom"]
    static let controls: [String: ParameterCurve.Parameter] = [
        "HapticIntensityControl": .intensityControl, "HapticSharpnessControl": .sharpnessControl,
    ]

    mutating func read(_ root: JSONNode) throws(AHAPError) {
        for member in try object(root, .root) {
            let path = JSONPath.root.appending(member.key)
            switch member.key {
            case "Version": _ = try number(member.value, path)
            case "Metadata": try readMetadata(member.value, path)
            case "Pattern":
                guard case .array(let entries) = member.value.value else {
                    throw fail("expected an array of pattern entries, got \(member.value.kindDescription)", member.value, path)
                }
                for (index, entry) in entries.enumerated() { try readEntry(entry, path.appending(index)) }
            default: warn("unknown key \"\(member.key)\" skipped", .root)
            }
        }
    }

    private mutating func readMetadata(_ node: JSONNode, _ path: JSONPath) throws(AHAPError) {
        for member in try object(node, path) {
            if member.key == "Description", case .string(let text) = member.value.value { description = text }
            guard member.key == "hapsynthLogicalDurationMs" else { continue }
            let number = try self.number(member.value, path.appending(member.key))
            guard let value = number.integer, value >= 0 else {
                throw fail("hapsynthLogicalDurationMs must be a whole number of milliseconds ≥ 0 (got \(number.text))",
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
            default: warn("unknown key \"\(member.key)\" skipped", path)
            }
        }
    }

    private mutating func readEvent(_ node: JSONNode, _ path: JSONPath, entry: JSONPath) throws(AHAPError) {
        let members = try object(node, path)
        let type = try string(try required("EventType", in: members, node, path), path.appending("EventType"))
        if Self.audioEventTypes.contains(type) {
            warn("audio event skipped", entry)
            return
        }
        guard Self.hapticEventTypes.contains(type) else {
            throw fail("unknown EventType \"\(type)\" (expected HapticTransient, HapticContinuous, AudioContinuous or AudioCustom)",
                       node, path.appending("EventType"))
        }
        let startMs = try milliseconds(try required("Time", in: members, node, path), path.appending("Time"))
        var intensity: Float?, sharpness: Float?
        for member in members {
            let memberPath = path.appending(member.key)
            switch member.key {
            case "Time", "EventType", "EventDuration": continue
            case "EventParameters":
                guard case .array(let parameters) = member.value.value else {
                    throw fail("expected an array of event parameters, got \(member.value.kindDescription)", member.value, memberPath)
                }
                for (index, parameter) in parameters.enumerated() {
                    let parameterPath = memberPath.appending(index)
                    let fields = try object(parameter, parameterPath)
                    let id = try string(try required("ParameterID", in: fields, parameter, parameterPath), parameterPath.appending("ParameterID"))
                    let valueNode = try required("ParameterValue", in: fields, parameter, parameterPath)
                    switch id {
                    case "HapticIntensity":
                        intensity = try clamped(valueNode, parameterPath.appending("ParameterValue"), name: id, range: 0...1, entry: entry)
                    case "HapticSharpness":
                        sharpness = try clamped(valueNode, parameterPath.appending("ParameterValue"), name: id, range: 0...1, entry: entry)
                    default:
                        warn("parameter \(id) skipped", entry)
                    }
                }
            default:
                warn("unknown key \"\(member.key)\" skipped", entry)
            }
        }
        if intensity == nil { warn("HapticIntensity missing, 1.0 used", entry) }
        if sharpness == nil { warn("HapticSharpness missing, 0.5 used", entry) }
        var durationMs: Int64 = 0
        if type == "HapticContinuous" {
            let durationPath = path.appending("EventDuration")
            durationMs = try milliseconds(try required("EventDuration", in: members, node, path), durationPath)
            guard durationMs >= 1 else { throw fail("a continuous event must last at least 1 ms", node, durationPath) }
            if durationMs > CoreHapticsRules.maxContinuousMs {
                warn("continuous event of \(durationMs) ms cut at \(CoreHapticsRules.maxContinuousMs) ms", entry)
                durationMs = CoreHapticsRules.maxContinuousMs
            }
        }
        guard startMs <= Int64.max - durationMs else { throw fail("event end is beyond the 64-bit millisecond range", node, path) }
        events.append(NativeEvent(
            kind: type == "HapticTransient" ? .transient : .continuous, startMs: startMs, durationMs: durationMs,
            intensity: intensity ?? 1, sharpness: sharpness ?? 0.5))
        guard events.count <= CoreHapticsRules.maxNativeEvents else {
            throw fail("Core Haptics native events: expanded event count \(events.count) exceeds limit \(CoreHapticsRules.maxNativeEvents)",
                       node, path)
        }
    }

    /// The range of a control's values: a multiplier in 0…1, or an offset in −1…1.
    private func range(of parameter: ParameterCurve.Parameter) -> ClosedRange<Float> {
        parameter == .intensityControl ? 0...1 : -1...1
    }

    /// The fields a `ParameterCurve` and a `Parameter` share; nil (with a warning) for a parameter
    /// hapsynth does not emulate.
    private mutating func control(
        _ node: JSONNode, _ path: JSONPath, entry: JSONPath, kind: String
    ) throws(AHAPError) -> (members: [JSONMember], id: String, parameter: ParameterCurve.Parameter, startMs: Int64)? {
        let members = try object(node, path)
        let id = try string(try required("ParameterID", in: members, node, path), path.appending("ParameterID"))
        guard let parameter = Self.controls[id] else {
            warn("\(kind) \(id) skipped", entry)
            return nil
        }
        let startMs = try milliseconds(try required("Time", in: members, node, path), path.appending("Time"))
        return (members, id, parameter, startMs)
    }

    private mutating func readCurve(_ node: JSONNode, _ path: JSONPath, entry: JSONPath) throws(AHAPError) {
        guard let (members, id, parameter, startMs) = try control(node, path, entry: entry, kind: "parameter curve") else { return }
        let pointsPath = path.appending("ParameterCurveControlPoints")
        let pointsNode = try required("ParameterCurveControlPoints", in: members, node, path)
        guard case .array(let items) = pointsNode.value, !items.isEmpty else {
            throw fail("expected a non-empty array of control points", pointsNode, pointsPath)
        }
        pointCount += items.count
        guard pointCount <= PatternLimits.maxControlPoints else {
            throw fail("expanded control point count \(pointCount) exceeds limit \(PatternLimits.maxControlPoints)", pointsNode, pointsPath)
        }
        var points: [ControlPoint] = []
        for (index, item) in items.enumerated() {
            let pointPath = pointsPath.appending(index)
            let fields = try object(item, pointPath)
            let timeMs = try milliseconds(try required("Time", in: fields, item, pointPath), pointPath.appending("Time"))
            if let previous = points.last, timeMs <= previous.timeMs {
                throw fail("control point times must increase (\(timeMs) ms after \(previous.timeMs) ms)", item, pointPath)
            }
            let value = try clamped(try required("ParameterValue", in: fields, item, pointPath),
                                    pointPath.appending("ParameterValue"), name: id, range: range(of: parameter), entry: entry)
            points.append(ControlPoint(timeMs: timeMs, value: value))
        }
        for member in members where !["ParameterID", "Time", "ParameterCurveControlPoints"].contains(member.key) {
            warn("unknown key \"\(member.key)\" skipped", entry)
        }
        curves.append(ParameterCurve(parameter: parameter, startMs: startMs, points: points))
    }

    private mutating func readParameter(_ node: JSONNode, _ path: JSONPath, entry: JSONPath) throws(AHAPError) {
        guard let (members, id, parameter, startMs) = try control(node, path, entry: entry, kind: "parameter") else { return }
        let value = try clamped(try required("ParameterValue", in: members, node, path), path.appending("ParameterValue"),
                                name: id, range: range(of: parameter), entry: entry)
        for member in members where !["ParameterID", "Time", "ParameterValue"].contains(member.key) {
            warn("unknown key \"\(member.key)\" skipped", entry)
        }
        curves.append(ParameterCurve(parameter: parameter, startMs: startMs, points: [ControlPoint(timeMs: 0, value: value)]))
    }

    /// The one-player plan of the file.
    func plan(capabilities: DeviceCapabilities) throws(AHAPError) -> PlaybackPlan {
        let latestEndMs = events.map(\.endMs).max() ?? 0
        let durationMs = metadataDurationMs ?? latestEndMs
        let audible = events.contains { $0.intensity > 0 }
        func empty(_ backend: Backend, _ reason: String?) -> PlaybackPlan {
            PlaybackPlan(players: [], diagnostics: PlanDiagnostics(
                backend: backend, capabilities: capabilities, logicalDurationMs: durationMs, schedulingLeadMs: 0,
                estimatedNativeDurationMs: 0, approximations: [], retriggerBoundariesMs: [], unsupportedReason: reason))
        }
        if !audible { return empty(.silent, nil) }
        if !capabilities.supportsHaptics { return empty(.unsupported, CoreHapticsRules.unsupportedReason) }
        var approximations = [CoreHapticsRules.leadApproximation]
        if events.contains(where: { $0.kind == .transient && $0.intensity > 0 }) {
            approximations.append(CoreHapticsRules.transientApproximation)
        }
        let audibleEndMs = events.filter { $0.intensity > 0 }.map(\.endMs).max() ?? 0
        return PlaybackPlan(players: [PlayerPlan(events: events, curves: curves)], diagnostics: PlanDiagnostics(
            backend: .coreHaptics, capabilities: capabilities, logicalDurationMs: durationMs,
            schedulingLeadMs: CoreHapticsRules.schedulingLeadMs,
            estimatedNativeDurationMs: audibleEndMs + CoreHapticsRules.schedulingLeadMs, approximations: approximations,
            retriggerBoundariesMs: [], unsupportedReason: nil))
    }
}
