/// Flat event lists and timeline elements (docs/pattern-format.md) for the pattern decoder.
extension PatternDecoder {
    static let eventKeys = ["type", "startMs", "durationMs", "intensity", "sharpness", "intensityCurve", "sharpnessCurve"]
    static let elementKeys = ["transient", "continuous", "haptic", "delay", "sequence", "parallel", "repeat", "clip"]
    static let transformNames = ["reversed", "repeated", "scaleIntensity", "timeStretch", "then"]

    // MARK: Flat events

    func decodeEvents(_ node: JSONNode, _ path: JSONPath) throws(PatternFileError) -> Pattern {
        let items = try array(node, path, expected: "an array of events")
        guard items.count <= PatternLimits.maxEvents else {
            throw fail(.pattern(.tooManyEvents(count: items.count)), node, path)
        }
        var timeline = EventAccumulator()
        for (index, item) in items.enumerated() {
            let event = try decodeEvent(item, path.appending(index))
            try located(item, path.appending(index)) { () throws(PatternError) in
                try timeline.appendParallel(Pattern(unchecked: [event], durationMs: event.endMs))
            }
        }
        return timeline.pattern
    }

    private func decodeEvent(_ node: JSONNode, _ path: JSONPath) throws(PatternFileError) -> HapticEvent {
        let object = try ObjectReader(node, path, allowed: PatternDecoder.eventKeys, decoder: self)
        let typeNode = try object.required("type", decoder: self)
        let type = try string(typeNode, path.appending("type"))
        let startMs = try milliseconds(try object.required("startMs", decoder: self), path.appending("startMs"), field: "startMs")
        let intensity = try self.intensity(object["intensity"], path.appending("intensity"))
        let sharpness = try unitValue(object["sharpness"], path.appending("sharpness"), field: "sharpness", default: 0.5)
        switch type {
        case "transient":
            var durationMs: Int64 = 0
            if let duration = object["durationMs"] {
                durationMs = try milliseconds(duration, path.appending("durationMs"), field: "durationMs")
                guard durationMs == 0 else {
                    throw fail(.pattern(.transientWithDuration(durationMs: durationMs)), duration, path.appending("durationMs"))
                }
            }
            for field in ["intensityCurve", "sharpnessCurve"] {
                if let curve = object[field] { throw fail(.pattern(.transientWithCurve(field: field)), curve, path.appending(field)) }
            }
            return try located(node, path) { () throws(PatternError) in
                try HapticEvent.transient(startMs: startMs, intensity: intensity, sharpness: sharpness)
            }
        case "continuous":
            return try decodeContinuous(object, startMs: startMs, intensity: intensity, sharpness: sharpness)
        default:
            let types = ["transient", "continuous"]
            throw fail(.unknownName(
                kind: "event type", name: type, suggestion: KeySuggestion.closest(to: type, among: types), known: types),
                typeNode, path.appending("type"))
        }
    }

    /// A continuous event from a flat event or a `continuous` element (which starts at 0).
    private func decodeContinuous(
        _ object: ObjectReader, startMs: Int64, intensity: Intensity, sharpness: Float
    ) throws(PatternFileError) -> HapticEvent {
        let path = object.path
        let durationMs = try vibrationMilliseconds(
            try object.required("durationMs", decoder: self), path.appending("durationMs"), field: "durationMs")
        let intensityCurve = try curve(
            object["intensityCurve"], path.appending("intensityCurve"), field: "intensityCurve", durationMs: durationMs)
        let sharpnessCurve = try curve(
            object["sharpnessCurve"], path.appending("sharpnessCurve"), field: "sharpnessCurve", durationMs: durationMs)
        return try located(object.node, path) { () throws(PatternError) in
            try HapticEvent.continuous(
                startMs: startMs, durationMs: durationMs, intensity: intensity, sharpness: sharpness,
                intensityCurve: intensityCurve, sharpnessCurve: sharpnessCurve)
        }
    }

    // MARK: Timelines

    /// A list of elements end to end, at nesting `depth` (the root timeline is 1).
    func decodeTimeline(_ node: JSONNode, _ path: JSONPath, depth: Int) throws(PatternFileError) -> Pattern {
        let items = try array(node, path, expected: "an array of timeline elements")
        guard depth <= PatternLimits.maxNestingDepth else { throw fail(.pattern(.nestingTooDeep(depth: depth)), node, path) }
        var timeline = EventAccumulator()
        for (index, item) in items.enumerated() {
            let part = try decodeElement(item, path.appending(index), depth: depth)
            try located(item, path.appending(index)) { () throws(PatternError) in
                try timeline.appendSequential(part, operation: "sequence end")
            }
        }
        return timeline.pattern
    }

    /// One element laid out from time 0; `depth` is the nesting of the list that holds it.
    func decodeElement(_ node: JSONNode, _ path: JSONPath, depth: Int) throws(PatternFileError) -> Pattern {
        guard case .object(let members) = node.value else {
            throw fail(.wrongType(expected: "a timeline element object", got: node.kindDescription), node, path)
        }
        guard members.count == 1, let member = members.first else {
            throw fail(.oneKeyExpected(what: "a timeline element", count: members.count), node, path)
        }
        let value = member.value
        let valuePath = path.appending(member.key)
        switch member.key {
        case "transient":
            let object = try ObjectReader(value, valuePath, allowed: ["intensity", "sharpness"], decoder: self)
            let intensity = try self.intensity(object["intensity"], valuePath.appending("intensity"))
            let sharpness = try unitValue(object["sharpness"], valuePath.appending("sharpness"), field: "sharpness", default: 0.5)
            return Pattern(unchecked: [try located(value, valuePath) { () throws(PatternError) in
                try HapticEvent.transient(startMs: 0, intensity: intensity, sharpness: sharpness)
            }], durationMs: 0)
        case "continuous":
            let object = try ObjectReader(
                value, valuePath, allowed: ["durationMs", "intensity", "sharpness", "intensityCurve", "sharpnessCurve"],
                decoder: self)
            let event = try decodeContinuous(
                object, startMs: 0, intensity: try intensity(object["intensity"], valuePath.appending("intensity")),
                sharpness: try unitValue(object["sharpness"], valuePath.appending("sharpness"), field: "sharpness", default: 0.5))
            return Pattern(unchecked: [event], durationMs: event.durationMs)
        case "haptic":
            return try decodeHaptic(value, valuePath)
        case "delay":
            return Pattern(unchecked: [], durationMs: try milliseconds(value, valuePath, field: "delay"))
        case "sequence":
            return try decodeTimeline(value, valuePath, depth: depth + 1)
        case "parallel":
            return try decodeParallel(value, valuePath, depth: depth + 1)
        case "repeat":
            let object = try ObjectReader(value, valuePath, allowed: ["count", "timeline"], decoder: self)
            let count = try self.count(try object.required("count", decoder: self), valuePath.appending("count"), field: "count")
            let body = try decodeTimeline(
                try object.required("timeline", decoder: self), valuePath.appending("timeline"), depth: depth + 1)
            return try located(value, valuePath) { () throws(PatternError) in try body.repeated(count) }
        case "clip":
            return try decodeClip(value, valuePath, depth: depth + 1)
        default:
            throw PatternFileError(
                file: file, position: member.keyPosition, path: path,
                reason: .unknownName(
                    kind: "key", name: member.key,
                    suggestion: KeySuggestion.closest(to: member.key, among: PatternDecoder.elementKeys),
                    known: PatternDecoder.elementKeys))
        }
    }

    /// `{"haptic": 100}` or `{"haptic": {"durationMs": 100, "intensity": …, "sharpness": …}}`.
    private func decodeHaptic(_ node: JSONNode, _ path: JSONPath) throws(PatternFileError) -> Pattern {
        var durationNode = node, durationPath = path
        var intensity = Intensity.medium, sharpness: Float = 0.5
        if case .object = node.value {
            let object = try ObjectReader(node, path, allowed: ["durationMs", "intensity", "sharpness"], decoder: self)
            durationNode = try object.required("durationMs", decoder: self)
            durationPath = path.appending("durationMs")
            intensity = try self.intensity(object["intensity"], path.appending("intensity"))
            sharpness = try unitValue(object["sharpness"], path.appending("sharpness"), field: "sharpness", default: 0.5)
        }
        let durationMs = try vibrationMilliseconds(durationNode, durationPath, field: "haptic durationMs")
        let event = try located(node, path) { () throws(PatternError) in
            try HapticEvent.legacyHaptic(startMs: 0, durationMs: durationMs, intensity: intensity, sharpness: sharpness)
        }
        return Pattern(unchecked: [event], durationMs: durationMs)
    }

    /// Children that all start at 0; the list is at nesting `depth`.
    private func decodeParallel(_ node: JSONNode, _ path: JSONPath, depth: Int) throws(PatternFileError) -> Pattern {
        let items = try array(node, path, expected: "an array of timeline elements")
        guard depth <= PatternLimits.maxNestingDepth else { throw fail(.pattern(.nestingTooDeep(depth: depth)), node, path) }
        var timeline = EventAccumulator()
        for (index, item) in items.enumerated() {
            let part = try decodeElement(item, path.appending(index), depth: depth)
            try located(item, path.appending(index)) { () throws(PatternError) in try timeline.appendParallel(part) }
        }
        return timeline.pattern
    }

    // MARK: Clips

    /// `{"pattern": <object or path>, "transforms": [ … ]}`; the clip's pattern is at `depth`.
    private func decodeClip(_ node: JSONNode, _ path: JSONPath, depth: Int) throws(PatternFileError) -> Pattern {
        let object = try ObjectReader(node, path, allowed: ["pattern", "transforms"], decoder: self)
        var pattern = try decodeClipPattern(try object.required("pattern", decoder: self), path.appending("pattern"), depth: depth)
        guard let transforms = object["transforms"] else { return pattern }
        let transformsPath = path.appending("transforms")
        for (index, item) in try array(transforms, transformsPath, expected: "an array of transforms").enumerated() {
            pattern = try applyTransform(item, transformsPath.appending(index), to: pattern, depth: depth)
        }
        return pattern
    }

    private func applyTransform(_ node: JSONNode, _ path: JSONPath, to pattern: Pattern, depth: Int) throws(PatternFileError) -> Pattern {
        let name: String, argument: JSONNode?, argumentPath: JSONPath, namePosition: SourcePosition
        switch node.value {
        case .string(let text):
            (name, argument, argumentPath, namePosition) = (text, nil, path, node.position)
        case .object(let members):
            guard members.count == 1, let member = members.first else {
                throw fail(.oneKeyExpected(what: "a transform", count: members.count), node, path)
            }
            (name, argument, argumentPath, namePosition) = (member.key, member.value, path.appending(member.key), member.keyPosition)
        default:
            throw fail(.wrongType(expected: "a transform (\"reversed\" or an object)", got: node.kindDescription), node, path)
        }
        session.transformWork += pattern.events.count
        guard session.transformWork <= PatternLimits.maxTransformWork else {
            throw fail(.transformWorkTooLarge(events: session.transformWork), node, path)
        }
        switch (name, argument) {
        case ("reversed", nil):
            return pattern.reversed()
        case ("repeated", let argument?):
            let count = try self.count(argument, argumentPath, field: "repeated")
            return try located(argument, argumentPath) { () throws(PatternError) in try pattern.repeated(count) }
        case ("scaleIntensity", let argument?):
            let factor = try self.factor(argument, argumentPath)
            return try located(argument, argumentPath) { () throws(PatternError) in try pattern.scaleIntensity(factor) }
        case ("timeStretch", let argument?):
            let factor = try self.factor(argument, argumentPath)
            return try located(argument, argumentPath) { () throws(PatternError) in try pattern.timeStretch(factor) }
        case ("then", let argument?):
            let next = try decodeClipPattern(argument, argumentPath, depth: depth)
            return try located(argument, argumentPath) { () throws(PatternError) in try pattern.then(next) }
        default:
            let known = PatternDecoder.transformNames
            if known.contains(name) {  // a known name in the wrong form
                let form = name == "reversed" ? "the string \"reversed\"" : "an object {\"\(name)\": …}"
                throw fail(.wrongType(expected: form, got: node.kindDescription), node, path)
            }
            throw PatternFileError(
                file: file, position: namePosition, path: path,
                reason: .unknownName(kind: "transform", name: name,
                                     suggestion: KeySuggestion.closest(to: name, among: known), known: known))
        }
    }
}
