/// The waveform path: transients as short pulses, events merged by maximum, curves sampled, and
/// amplitudes 0…255 (or on/off) with the compatibility tails the Jindong executor adds.
extension AndroidPlanner {
    mutating func waveformPlan(audible: [AndroidEvent], hasTransients: Bool, hasCurves: Bool) throws(AndroidPlanningLimit) -> AndroidPlan {
        let pulsed = Self.waveformPulses(events)
        if hasTransients, Self.overlaps(pulsed.filter(\.isAudible)), !Self.overlaps(audible) {
            approximate(.pulsesOverlap, "Transient waveform pulse widths overlap other events; maximum intensity composes their output.")
        }
        let serial = try AndroidMixing.mergeToSerial(pulsed)
        let segments = device.hasAmplitudeControl && !hasCurves ? AndroidMixing.insertFallRamps(serial) : serial
        if segments != serial { approximate(.fallRampBorrows, "Legacy fall-ramp compatibility borrows up to 8 ms from following gaps.") }
        if hasTransients { approximate(.transientWaveformPulses, "Transients use waveform pulses of at most 10 ms, shortened at the next transient onset.") }
        approximate(.sharpnessDropped, "Waveform playback drops sharpness.")
        if !device.hasAmplitudeControl {
            approximate(.onOff, "No amplitude control: every positive intensity is approximated as ON at full amplitude.")
        }
        guard var (timings, amplitudes) = try sampled(segments) else { return result(.silent) }
        // The executor primes a single plain event that ends above zero, and always ends OFF.
        let primer = events.count == 1 && audible.count == 1 && audible[0].intensityCurve == nil && amplitudes.last! > 0
        if primer {
            timings += [1, 1]
            amplitudes += [0, device.hasAmplitudeControl ? 1 : 255]
        }
        timings.append(1)
        amplitudes.append(0)
        guard timings.count <= AndroidLimits.maxWaveformSegments else {
            throw AndroidPlanningLimit(reason: "Android waveform exceeds \(AndroidLimits.maxWaveformSegments) Binder transport segments")
        }
        let waveform = AndroidWaveform(timings: timings, amplitudes: amplitudes)
        approximate(.compatibilityTail, "Device compatibility adds \(primer ? 3 : 1) ms of native playback, including a trailing OFF segment"
            + "\(primer ? " and recognition primer" : "").")
        if waveform.durationMs > pattern.durationMs {
            approximate(.nativeEndsLate, "Native waveform ends \(waveform.durationMs - pattern.durationMs) ms after logical duration.")
        }
        return result(.androidWaveform, nativeMs: waveform.durationMs, waveform: waveform)
    }

    /// Each audible transient becomes a pulse of min(10 ms, the gap to the next distinct onset).
    static func waveformPulses(_ events: [AndroidEvent]) -> [AndroidEvent] {
        let onsets = Array(Set(events.filter { $0.isTransient && $0.intensity > 0 }.map(\.startMs))).sorted()
        var widths: [Int64: Int64] = [:]
        let longest = AndroidPlan.transientPulseMs
        for (index, onset) in onsets.enumerated() {
            widths[onset] = min(longest, index + 1 < onsets.count ? onsets[index + 1] - onset : longest)
        }
        return events.map { event in
            guard event.isTransient, event.intensity > 0 else { return event }
            var pulse = event
            pulse.durationMs = widths[event.startMs]!
            pulse.isTransient = false
            return pulse
        }
    }

    /// The segments as (timing, amplitude) pairs: a varying segment in ⌈d / 8⌉ slices holding the
    /// larger end value; equal neighbours merge; nil when nothing is above zero.
    private mutating func sampled(_ segments: [AndroidSegment]) throws(AndroidPlanningLimit) -> ([Int64], [Int])? {
        let budget = AndroidLimits.maxWaveformSamples
        guard segments.count <= budget else { throw AndroidPlanningLimit(reason: "Android waveform exceeds \(budget) timeline segments") }
        var timings: [Int64] = [], amplitudes: [Int] = []
        var samples = 0
        var largestError: Float = 0, largestSliceMs: Int64 = 0
        for (index, segment) in segments.enumerated() {
            let varying = segment.intensity != segment.endIntensity
            let desired = varying ? (segment.durationMs - 1) / 8 + 1 : 1
            let count = Int(min(desired, Int64(budget - samples - (segments.count - index - 1))))
            guard count > 0 else { throw AndroidPlanningLimit(reason: "Android waveform exceeds \(budget) samples") }
            samples += count
            let duration = segment.durationMs
            for sample in 0..<Int64(count) {
                let start = Self.evenSplit(duration, part: sample, of: Int64(count))
                let end = Self.evenSplit(duration, part: sample + 1, of: Int64(count))
                let from = Self.interpolate(segment.intensity, segment.endIntensity, Double(start) / Double(duration))
                let to = Self.interpolate(segment.intensity, segment.endIntensity, Double(end) / Double(duration))
                let level = max(from, to)
                let amplitude = level == 0 ? 0 : (device.hasAmplitudeControl ? min(max(Int(level * 255), 1), 255) : 255)
                // Android keeps each timing in a 32-bit integer.
                if amplitudes.last == amplitude, timings[timings.count - 1] <= Int64(Int32.max) - (end - start) {
                    timings[timings.count - 1] += end - start
                } else {
                    timings.append(end - start)
                    amplitudes.append(amplitude)
                }
                if varying {
                    largestError = max(largestError, abs(to - from))
                    largestSliceMs = max(largestSliceMs, end - start)
                }
            }
        }
        guard amplitudes.contains(where: { $0 > 0 }) else { return nil }
        if largestSliceMs > 0 {
            approximate(.sampleAndHold, "Intensity curves use peak-preserving sample-and-hold; boundaries and zero intervals are retained "
                + "(largest slice \(largestSliceMs) ms, intensity error <= \(largestError) plus 1/255 quantization).")
        }
        return (timings, amplitudes)
    }
}
