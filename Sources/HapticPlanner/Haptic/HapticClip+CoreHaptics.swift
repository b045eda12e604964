import HapticCore

extension HapticClip {
    /// The Core Haptics plan Meta's SDK and Haptics Studio play for the clip (docs/haptic.md): a
    /// continuous player (intensity 1, sharpness 0, cut into 30 s events from the first breakpoint)
    /// whose intensity control follows √amplitude (× 0.8 at a breakpoint with an emphasis) and whose
    /// sharpness control follows √frequency; and, when the clip has emphasis, a second player with
    /// one transient per emphasis (intensity √amplitude, sharpness frequency). Curves start at their
    /// first breakpoint with times relative to it (the converter's intent; it writes absolute times).
    /// - Returns: the plan, and a warning for each curve whose first time is not 0.
    public func coreHapticsPlan(capabilities: DeviceCapabilities = .iPhone) -> (plan: PlaybackPlan, warnings: [AHAPWarning]) {
        let startUs = Self.microseconds(startS), endUs = Self.microseconds(endS)
        let durationMs = Microseconds.roundedMilliseconds(endUs)
        func empty(_ backend: Backend, _ reason: String?) -> PlaybackPlan {
            PlaybackPlan(players: [], diagnostics: PlanDiagnostics(
                backend: backend, capabilities: capabilities, logicalDurationMs: durationMs, schedulingLeadMs: 0,
                estimatedNativeDurationMs: 0, approximations: [], retriggerBoundariesMs: [], unsupportedReason: reason))
        }
        guard isAudible else { return (empty(.silent, nil), []) }
        guard capabilities.supportsHaptics else { return (empty(.unsupported, CoreHapticsRules.unsupportedReason), []) }
        var warnings: [AHAPWarning] = []
        // The continuous events: 30 s each from the first breakpoint, the last one shorter.
        var events: [NativeEvent] = []
        let maxUs = CoreHapticsRules.maxContinuousMs * 1000
        var eventStartUs = startUs
        while eventStartUs < endUs {
            events.append(NativeEvent(kind: .continuous, startUs: eventStartUs, durationUs: min(maxUs, endUs - eventStartUs), intensity: 1,
                                      sharpness: 0, isContinuation: eventStartUs > startUs))
            eventStartUs += maxUs
        }
        let amplitudePoints = amplitude.map { point in
            (timeS: point.timeS, value: point.amplitude.squareRoot() * (point.emphasis == nil ? 1 : Self.emphasisDucking))
        }
        var curves = [curve(.intensityControl, amplitudePoints, path: "$.signals.continuous.envelopes.amplitude", warnings: &warnings)]
        if let frequency {
            curves.append(curve(.sharpnessControl, frequency.map { ($0.timeS, $0.frequency.squareRoot()) },
                                path: "$.signals.continuous.envelopes.frequency", warnings: &warnings))
        }
        var players = [PlayerPlan(events: events, curves: curves)]
        let transients = amplitude.compactMap { point in
            point.emphasis.map {
                NativeEvent(kind: .transient, startUs: Self.microseconds(point.timeS), durationUs: 0, intensity: $0.amplitude.squareRoot(),
                            sharpness: $0.frequency)
            }
        }
        if !transients.isEmpty { players.append(PlayerPlan(events: transients, curves: [])) }
        var approximations = [CoreHapticsRules.leadApproximation]
        if events.count > 1 { approximations.append(CoreHapticsRules.splitApproximation) }
        if !transients.isEmpty { approximations.append(CoreHapticsRules.transientApproximation) }
        let audibleEndUs = max(endUs, transients.map(\.startUs).max() ?? 0)
        let boundaries = events.dropFirst().map { Microseconds.roundedMilliseconds($0.startUs) }
        let plan = PlaybackPlan(players: players, diagnostics: PlanDiagnostics(
            backend: .coreHaptics, capabilities: capabilities, logicalDurationMs: durationMs, schedulingLeadMs: CoreHapticsRules.schedulingLeadMs,
            estimatedNativeDurationMs: Microseconds.roundedMilliseconds(audibleEndUs) + CoreHapticsRules.schedulingLeadMs,
            approximations: approximations, retriggerBoundariesMs: Array(boundaries), unsupportedReason: nil))
        return (plan, warnings)
    }

    /// Meta's iPhone converter lowers the continuous intensity to 80 % at a breakpoint with an
    /// emphasis, so the transient stands out (its `AMPLITUDE_DUCKING`).
    public static let emphasisDucking: Float = 0.8

    /// One curve from the first point, times relative to it; a warning when it does not start at 0.
    private func curve(
        _ parameter: ParameterCurve.Parameter, _ points: [(timeS: Float, value: Float)], path: String, warnings: inout [AHAPWarning]
    ) -> ParameterCurve {
        let firstUs = Self.microseconds(points.first?.timeS ?? 0)
        if firstUs > 0 {
            warnings.append(AHAPWarning(
                path: JSONPath.root.appending("signals").appending("continuous").appending("envelopes")
                    .appending(parameter == .intensityControl ? "amplitude" : "frequency").appending(0),
                message: "Meta's converter writes absolute curve times; a device would start this curve \(FloatText.display(points[0].timeS)) s late",
                kind: "curves that Meta's converter would start late", code: .clipCurveStartsLate))
        }
        // Breakpoints at one time are a jump: the later one is placed 1 µs after the earlier, so
        // the curve keeps both values (its points must follow one another).
        var curvePoints: [CurvePoint] = []
        for point in points {
            let timeUs = max(Self.microseconds(point.timeS) - firstUs, (curvePoints.last?.timeUs ?? -1) + 1)
            curvePoints.append(CurvePoint(timeUs: timeUs, value: point.value))
        }
        return ParameterCurve(parameter: parameter, startUs: firstUs, points: curvePoints)
    }

    /// Seconds (a 32-bit float, as read) in whole microseconds, rounded to nearest.
    static func microseconds(_ seconds: Float) -> Int64 { Int64((Double(seconds) * 1_000_000).rounded()) }
}
