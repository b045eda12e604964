import HapticCore

/// A player's pattern at a playback rate other than 1 (Core Haptics' `playbackRate`): its times
/// and durations divided by the rate, each rounded to the microsecond; what an event is (its
/// intensity, sharpness and envelope times) stays as it is.
extension PlayerPlan {
    /// The plan at `rate` (> 0).
    package func scaled(by rate: Double) -> PlayerPlan {
        guard rate != 1 else { return self }
        return PlayerPlan(
            events: events.map { event in
                NativeEvent(kind: event.kind, startUs: PlaybackRate.scaled(event.startUs, rate), durationUs: PlaybackRate.scaled(event.durationUs, rate),
                            intensity: event.intensity, sharpness: event.sharpness, envelope: event.envelope, isContinuation: event.isContinuation)
            },
            curves: curves.map { curve in
                ParameterCurve(parameter: curve.parameter, startUs: PlaybackRate.scaled(curve.startUs, rate),
                               points: curve.points.map { CurvePoint(timeUs: PlaybackRate.scaled($0.timeUs, rate), value: $0.value) })
            })
    }
}

extension AHAPAudio {
    /// The audio at `rate` (> 0): when events start and how long they last; a sound's own speed
    /// and pitch do not change.
    package func scaled(by rate: Double) -> AHAPAudio {
        guard rate != 1 else { return self }
        var scaled = AHAPAudio()
        scaled.events = events.map { event in
            AHAPAudioEvent(kind: event.kind, entry: event.entry, startUs: PlaybackRate.scaled(event.startUs, rate),
                           durationUs: PlaybackRate.scaled(event.durationUs, rate), waveformPath: event.waveformPath, loops: event.loops,
                           usesVolumeEnvelope: event.usesVolumeEnvelope, volume: event.volume, pitch: event.pitch, pan: event.pan,
                           brightness: event.brightness, envelope: event.envelope)
        }
        scaled.curves = curves.map { curve in
            AHAPAudioCurve(parameter: curve.parameter, startUs: PlaybackRate.scaled(curve.startUs, rate),
                           points: curve.points.map { CurvePoint(timeUs: PlaybackRate.scaled($0.timeUs, rate), value: $0.value) })
        }
        return scaled
    }
}

extension AHAPAudioCurve {
    /// A control curve of the audio: `points` relative to `startUs`, by time.
    package static func control(_ parameter: Parameter, startUs: Int64, points: [CurvePoint]) -> AHAPAudioCurve {
        AHAPAudioCurve(parameter: parameter, startUs: startUs, points: points)
    }
}

package enum PlaybackRate {
    /// round(µs / rate), saturating at a quarter of the 64-bit range (so that a start and a
    /// duration still add).
    package static func scaled(_ us: Int64, _ rate: Double) -> Int64 {
        let value = (Double(us) / rate).rounded(), limit = Int64.max / 4
        guard value.isFinite else { return limit }
        return value >= Double(limit) ? limit : Int64(value)
    }
}
