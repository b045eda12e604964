/// Writes a pattern as pattern.json (docs/pattern-format.md) that reads back as the same pattern:
/// one `parallel` of every event at its start (a `sequence` of its delay and the event, in the
/// pattern's order), a `haptic` for a legacy event, and the pattern's `durationMs`. What
/// `hapsynth export --to json` writes, so a team sees what was read from another format.
public enum PatternJSONWriter {
    public static func json(_ pattern: Pattern, name: String?) -> String {
        let branches: [JSONOutput] = pattern.events.map { event in
            let element: JSONOutput
            var fields: [(String, JSONOutput)] = []
            if event.kind == .continuous { fields.append(("durationMs", .integer(event.durationMs))) }
            fields.append(("intensity", .float(event.intensity.value)))
            fields.append(("sharpness", .float(event.sharpness)))
            func curve(_ curve: Curve) -> JSONOutput { .array(curve.points.map { .array([.integer($0.timeMs), .float($0.value)]) }) }
            if let intensityCurve = event.intensityCurve { fields.append(("intensityCurve", curve(intensityCurve))) }
            if let sharpnessCurve = event.sharpnessCurve { fields.append(("sharpnessCurve", curve(sharpnessCurve))) }
            switch (event.kind, event.isLegacy) {
            case (.transient, _): element = .object([("transient", .object(fields))])
            case (.continuous, true): element = .object([("haptic", .object(fields))])
            case (.continuous, false): element = .object([("continuous", .object(fields))])
            }
            return .object([("sequence", .array([.object([("delay", .integer(event.startMs))]), element]))])
        }
        var document: [(String, JSONOutput)] = [("version", .integer(1))]
        if let name { document.append(("name", .string(name))) }
        document.append(("durationMs", .integer(pattern.durationMs)))
        document.append(("timeline", .array(branches.isEmpty ? [] : [.object([("parallel", .array(branches))])])))
        return JSONOutput.object(document).pretty() + "\n"
    }
}
