import HapticCore

/// Writes each planned player as the AHAP pattern Core Haptics would receive (docs/ahap.md).
public enum AHAPExport {
    /// Curves longer than this get a warning: some devices are reported to accept only 16 points.
    public static let devicePointLimit = 16

    /// One AHAP document per player, in player order. Times are seconds; curve point times are
    /// relative to the curve's `Time`; `Metadata.hapsynthLogicalDurationMs` keeps trailing silence.
    package static func documents(for plan: PlaybackPlan) -> [JSONOutput] {
        plan.players.map { player in
            var entries: [JSONOutput] = player.events.map { event in
                var fields: [(String, JSONOutput)] = [
                    ("Time", seconds(event.startUs)),
                    ("EventType", .string(event.kind == .transient ? "HapticTransient" : "HapticContinuous")),
                ]
                if event.kind == .continuous || event.durationUs > 0 { fields.append(("EventDuration", seconds(event.durationUs))) }
                fields.append(("EventParameters", .array(parameters(of: event).map { id, value in
                    .object([("ParameterID", .string(id)), ("ParameterValue", value)])
                })))
                return .object([("Event", .object(fields))])
            }
            entries += player.curves.map { curve in
                .object([("ParameterCurve", .object([
                    ("ParameterID", .string(curve.parameter.ahapID)),
                    ("Time", seconds(curve.startUs)),
                    ("ParameterCurveControlPoints", .array(curve.points.map { point in
                        .object([("Time", seconds(point.timeUs)), ("ParameterValue", .float(point.value))])
                    })),
                ]))])
            }
            return .object([
                ("Version", .double(1)),
                ("Metadata", .object([
                    ("Project", .string("hapsynth")),
                    ("hapsynthLogicalDurationMs", .integer(plan.diagnostics.logicalDurationMs)),
                ])),
                ("Pattern", .array(entries)),
            ])
        }
    }

    /// The text of each player's AHAP file, in player order (see `documents(for:)`).
    public static func files(for plan: PlaybackPlan) -> [String] {
        documents(for: plan).map { $0.pretty() }
    }

    /// Warnings for curves over the device point limit, naming the file (`player-N.ahap`, or
    /// `fileName` for a one-player plan written as one file) and the curve.
    public static func warnings(for plan: PlaybackPlan, fileName: String? = nil) -> [String] {
        plan.players.enumerated().flatMap { index, player in
            player.curves.filter { $0.points.count > devicePointLimit }.map { curve in
                "\(plan.players.count == 1 ? fileName ?? "player-1.ahap" : "player-\(index + 1).ahap"): the \(curve.parameter.ahapID) "
                    + "curve at \(Microseconds.millisecondsText(curve.startUs)) ms has \(curve.points.count) points; some devices are reported to accept only "
                    + "\(devicePointLimit) per curve"
            }
        }
    }

    /// An event's parameters as AHAP writes them: intensity, sharpness, then its envelope.
    static func parameters(of event: NativeEvent) -> [(String, JSONOutput)] {
        var parameters: [(String, JSONOutput)] = [("HapticIntensity", .float(event.intensity)), ("HapticSharpness", .float(event.sharpness))]
        let envelope = event.envelope
        if let value = envelope.attackTime { parameters.append(("AttackTime", .float(value))) }
        if let value = envelope.decayTime { parameters.append(("DecayTime", .float(value))) }
        if let value = envelope.releaseTime { parameters.append(("ReleaseTime", .float(value))) }
        if let value = envelope.sustained { parameters.append(("Sustained", .float(value ? 1 : 0))) }
        return parameters
    }

    /// Microseconds as seconds: the exact decimal (`0.1001`), never through a double.
    static func seconds(_ microseconds: Int64) -> JSONOutput {
        let whole = microseconds / 1_000_000, rest = microseconds % 1_000_000
        guard rest != 0 else { return .number("\(whole).0") }
        var fraction = String(rest)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return .number("\(whole).\(fraction)")
    }
}
