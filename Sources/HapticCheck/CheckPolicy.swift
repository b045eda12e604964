/// How `check` records goldens.
public enum RecordMode: String, Sendable {
    /// Compare only.
    case none
    /// `--record`: write missing goldens and re-record differing ones.
    case missingAndDiffering
    /// `--record missing`: write missing goldens only.
    case missing
    /// `--record all`: re-record every golden, saying which changed and by how much.
    case all

    /// The mode `HAPSYNTH_RECORD` asks for (`missing`, `all`, or `1`/`true` for missing and
    /// differing), except when `CI` is set: CI only compares. `ignoredForCI` says that a mode was
    /// asked for and not taken.
    public static func fromEnvironment(_ environment: [String: String]) -> (mode: RecordMode, ignoredForCI: Bool) {
        let asked: RecordMode? = switch environment["HAPSYNTH_RECORD"] {
        case "missing": .missing
        case "all": .all
        case "1", "true": .missingAndDiffering
        default: nil
        }
        let isCI = environment["CI"].map { !$0.isEmpty && $0 != "0" && $0 != "false" } ?? false
        return isCI ? (.none, asked != nil) : (asked ?? .none, false)
    }
}

/// What a check does with one pattern, decided from the facts alone: whether its golden exists
/// and at which rate, the rate checked at, the record mode and, once the render was compared,
/// whether the comparison passed. A pure function, so that the whole policy reads as one table.
public enum CheckPolicy {
    /// The golden as found.
    public enum Golden: Equatable, Sendable {
        case missing
        /// A golden recorded at `rate` frames per second.
        case present(rate: Int)
    }

    /// What to do next.
    public enum Action: Equatable, Sendable {
        /// No golden and not recording: the pattern is `missing`.
        case reportMissing
        /// No golden: write one (`recorded`).
        case recordNew
        /// The golden was recorded at another rate: `differs`, with both rates, and no render.
        case reportRateChanged
        /// The golden was recorded at another rate and every golden is re-recorded: replace it.
        case rerecordAtNewRate
        /// Render and compare, then decide again with the comparison's verdict.
        case compare
        /// The render matches the golden: `ok`.
        case pass
        /// Replace the golden with the render (`recorded`, saying how much it changed).
        case rerecord
        /// The render does not match: `differs`, with artifacts to listen to.
        case fail
    }

    /// - Parameters:
    ///   - rate: the rate the check renders at.
    ///   - comparisonPasses: nil before the render was compared; then whether it passed.
    public static func decide(golden: Golden, rate: Int, record: RecordMode, comparisonPasses: Bool? = nil) -> Action {
        switch golden {
        case .missing:
            return record == .none ? .reportMissing : .recordNew
        case .present(let goldenRate) where goldenRate != rate:
            return record == .all ? .rerecordAtNewRate : .reportRateChanged
        case .present:
            guard let passes = comparisonPasses else { return .compare }
            if record == .all || (record == .missingAndDiffering && !passes) { return .rerecord }
            return passes ? .pass : .fail
        }
    }
}
