import HapticCore

/// Writes each planned player as the AHAP pattern Core Haptics would receive (FORMATS.md §3).
public enum AHAPExport {
    /// Curves longer than this get a warning: some devices are reported to accept only 16 points.
    public static let devicePointLimit = 16

    /// One AHAP document per player, in player order. Times are seconds; curve point times are
    /// relative to the curve's `Time`; `Metadata.hapsynthLogicalDurationMs` keeps trailing silence.
    public static func documents(for plan: PlaybackPlan) -> [JSONOutput] {
        plan.players.map { player in
            var entries: [JSONOutput] = player.events.map { event in
                var fields: [(String, JSONOutput)] = [
                    ("Time", seconds(event.startMs)),
                    ("EventType", .string(event.kind == .transient ? "HapticTransient" : "HapticContinuous")),
                ]
                if event.kind == .continuous { fields.append(("EventDuration", seconds(event.durationMs))) }
                fields.append(("EventParameters", .array([
                    .object([("ParameterID", .string("HapticIntensity")), ("ParameterValue", .float(event.intensity))]),
                    .object([("ParameterID", .string("HapticSharpness")), ("ParameterValue", .float(event.sharpness))]),
                ])))
                return .object([("Event", .object(fields))])
            }
            entries += player.curves.map { curve in
                .object([("ParameterCurve", .object([
                    ("ParameterID", .string(curve.parameter == .intensityControl ? "HapticIntensityControl" : "HapticSharpnessControl")),
                    ("Time", seconds(curve.startMs)),
                    ("ParameterCurveControlPoints", .array(curve.points.map { point in
                        .object([("Time", seconds(point.timeMs)), ("ParameterValue", .float(point.value))])
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

    /// Warnings for curves over the device point limit, naming the file and curve.
    public static func warnings(for plan: PlaybackPlan) -> [String] {
        plan.players.enumerated().flatMap { index, player in
            player.curves.filter { $0.points.count > devicePointLimit }.map { curve in
                "player-\(index + 1).ahap: the \(curve.parameter == .intensityControl ? "HapticIntensityControl" : "HapticSharpnessControl") "
                    + "curve at \(curve.startMs) ms has \(curve.points.count) points; some devices are reported to accept only "
                    + "\(devicePointLimit) per curve"
            }
        }
    }

    /// Milliseconds as seconds.
    static func seconds(_ milliseconds: Int64) -> JSONOutput { .double(Double(milliseconds) / 1000) }
}
