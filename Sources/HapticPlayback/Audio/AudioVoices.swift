import AudioCore
import Glibc
import HapticPlanner
import HapticSynth

/// The samples of one audio event before gain, pan and brightness, one or two channels, in order
/// from the event's first frame.
protocol AudioEventSamples {
    var channelCount: Int { get }
    /// Writes the next `frames` samples of each channel to `output[channel][0..<frames]`.
    mutating func next(frames: Int, into output: inout [[Double]])
    /// Reads its controls from `controls` from pattern time `us` on (one was added as it plays).
    mutating func follow(_ controls: AudioControls, fromUs us: Int64)
}

extension AudioEventSamples {
    mutating func follow(_ controls: AudioControls, fromUs us: Int64) {}
}

/// An AudioCustom event's file converted to the render rate (at Rin·2^pitch), looped or cut to
/// its length, under its volume envelope (docs/audio.md).
struct SoundSamples: AudioEventSamples {
    var converter: RateConverter
    var reader: SoundFileFrames
    /// Output frames of one pass through the file.
    let passFrames: Int64
    /// Whether the file repeats to the event's length.
    let loops: Bool
    /// The event's frames (the envelope's length).
    let length: Int64
    let envelope: Envelope?
    private var index: Int64 = 0
    private var passIndex: Int64 = 0

    init(converter: RateConverter, reader: SoundFileFrames, loops: Bool, length: Int64, envelope: Envelope?) {
        self.converter = converter
        self.reader = reader
        passFrames = converter.outputFrameCount
        self.loops = loops && passFrames > 0
        self.length = length
        self.envelope = envelope
    }

    var channelCount: Int { reader.kept }

    mutating func next(frames: Int, into output: inout [[Double]]) {
        var done = 0
        while done < frames {
            if loops, passIndex == passFrames {
                converter.restart()
                try? reader.restart()
                passIndex = 0
            }
            let chunk = loops ? Int(min(Int64(frames - done), passFrames - passIndex)) : frames - done
            converter.render(frames: chunk, into: &output, at: done, from: &reader)
            passIndex += Int64(chunk)
            done += chunk
        }
        if let envelope {
            for channel in 0..<channelCount {
                for frame in 0..<frames { output[channel][frame] *= envelope.gain(at: index + Int64(frame), length: length) }
            }
        }
        index += Int64(frames)
    }
}

/// An AudioContinuous event: hapsynth's tone, a band-limited sawtooth (2/π)·Σ (−1)^(k+1)
/// sin(kφ)/k over k·f0 ≤ 0.45·rate at f0 = 440·2^pitch Hz, the pitch read every frame, the
/// phase continuous, under the continuous envelope model. The partials are counted again only
/// when f0 changes, and their sines follow from one sine and cosine a frame (within 1e-12 of
/// each partial's own sine).
struct ToneSamples: AudioEventSamples {
    let rate: Double
    let startUs: Int64
    let basePitch: Float
    var pitch: ControlCursor
    let envelope: Envelope
    /// The event's frames (the envelope's length).
    let length: Int64
    private var index: Int64 = 0
    private var phase = 0.0
    private var lastF0 = -1.0, partials = 1
    /// (−1)^(k+1) / k for k = 0 … the most partials met (index 0 unused).
    private var weights: [Double] = [0]

    init(rate: Int, startUs: Int64, basePitch: Float, pitch: ControlCursor, envelope: Envelope, length: Int64) {
        self.rate = Double(rate)
        self.startUs = startUs
        self.basePitch = basePitch
        self.pitch = pitch
        self.envelope = envelope
        self.length = length
    }

    var channelCount: Int { 1 }

    mutating func follow(_ controls: AudioControls, fromUs us: Int64) {
        pitch = controls.cursor(.pitch, fromUs: us)
    }

    mutating func next(frames: Int, into output: inout [[Double]]) {
        output[0].withUnsafeMutableBufferPointer { out in
            for frame in 0..<frames {
                let us = AudioTrack.patternUs(startUs, frame: index, rate: rate)
                let p = Double(min(max(basePitch + pitch.value(atUs: us), -1), 1))
                let f0 = 440 * pow(2, p)
                if f0 != lastF0 {
                    partials = max(1, Int(0.45 * rate / f0))
                    lastF0 = f0
                    while weights.count <= partials { weights.append((weights.count % 2 == 1 ? 1 : -1) / Double(weights.count)) }
                }
                let sum = weights.withUnsafeBufferPointer { Self.sawtooth(phase, partials: partials, weights: $0) }
                phase += 2 * Double.pi * f0 / rate
                out[frame] = 2 / Double.pi * sum * envelope.gain(at: index, length: length)
                index += 1
            }
        }
    }
}

extension ToneSamples {
    /// Σ w[k]·sin(kφ) for k = 1 … `partials`, the sines by the Chebyshev recurrence in four
    /// interleaved chains, sin((k + 4)φ) = 2·cos 4φ·sin kφ − sin((k − 4)φ): one sine and one cosine
    /// a frame, and four independent chains a processor runs side by side (within 1e-12 of each
    /// partial's own sine).
    static func sawtooth(_ phase: Double, partials: Int, weights: UnsafeBufferPointer<Double>) -> Double {
        let sine = sin(phase), cosine = cos(phase)
        // sin φ … sin 4φ, and sin(−3φ) … sin 0 = −sin 3φ … 0.
        let s1 = sine, s2 = 2 * cosine * s1, s3 = 2 * cosine * s2 - s1, s4 = 2 * cosine * s3 - s2
        let cos2 = 2 * cosine * cosine - 1, step = 2 * (2 * cos2 * cos2 - 1)
        var current = (s1, s2, s3, s4), previous = (-s3, -s2, -s1, 0.0)
        var sums = (0.0, 0.0, 0.0, 0.0)
        var k = 1
        while k + 3 <= partials {
            sums.0 += weights[k] * current.0
            sums.1 += weights[k + 1] * current.1
            sums.2 += weights[k + 2] * current.2
            sums.3 += weights[k + 3] * current.3
            (previous, current) = (current, (step * current.0 - previous.0, step * current.1 - previous.1,
                                             step * current.2 - previous.2, step * current.3 - previous.3))
            k += 4
        }
        // The last one to three partials.
        if k <= partials { sums.0 += weights[k] * current.0 }
        if k + 1 <= partials { sums.1 += weights[k + 1] * current.1 }
        if k + 2 <= partials { sums.2 += weights[k + 2] * current.2 }
        return (sums.0 + sums.1) + (sums.2 + sums.3)
    }
}

/// How one event's samples land in the track: gain (volume × volume control), brightness (an RBJ
/// low-pass, Q 1/√2, fc = 200·100^b Hz, bypassed at b = 1) and pan (mono: L = cos θ, R = sin θ,
/// θ = (p + 1)π/4; stereo: L × min(1, 1 − p), R × min(1, 1 + p)), each read every frame by its
/// own cursor.
struct AudioPlacement {
    let event: AHAPAudioEvent
    let rate: Double
    var volume: ControlCursor, pan: ControlCursor, brightness: ControlCursor
    var filters: [Brightness]
    /// The last pan and its mono gains (cos θ, sin θ), kept while the pan holds.
    private var panned = (p: Double.nan, left: 0.0, right: 0.0)

    init(_ event: AHAPAudioEvent, controls: AudioControls, channelCount: Int, sampleRate: Int) {
        self.event = event
        rate = Double(sampleRate)
        volume = controls.cursor(.volume, fromUs: event.startUs)
        pan = controls.cursor(.pan, fromUs: event.startUs)
        brightness = controls.cursor(.brightness, fromUs: event.startUs)
        filters = (0..<channelCount).map { _ in Brightness(sampleRate: sampleRate) }
    }

    /// Reads the controls from `controls` from pattern time `us` on.
    mutating func follow(_ controls: AudioControls, fromUs us: Int64) {
        volume = controls.cursor(.volume, fromUs: us)
        pan = controls.cursor(.pan, fromUs: us)
        brightness = controls.cursor(.brightness, fromUs: us)
    }

    /// Adds `frames` samples of the event (its frames `first ..< first + frames`) to `left` and
    /// `right` from `offset`.
    mutating func add(_ samples: [[Double]], frames: Int, first: Int64, left: UnsafeMutablePointer<Double>, right: UnsafeMutablePointer<Double>, offset: Int) {
        for frame in 0..<frames {
            let us = AudioTrack.patternUs(event.startUs, frame: first + Int64(frame), rate: rate)
            let gain = Double(event.volume) * Double(volume.value(atUs: us))
            let p = Double(min(max(event.pan + pan.value(atUs: us), -1), 1))
            let b = Double(min(max(event.brightness + brightness.value(atUs: us), 0), 1))
            let at = offset + frame
            if filters.count == 1 {
                let sample = filters[0].process(samples[0][frame], brightness: b) * gain
                if p != panned.p {
                    let theta = (p + 1) * Double.pi / 4
                    panned = (p, cos(theta), sin(theta))
                }
                left[at] += sample * panned.left
                right[at] += sample * panned.right
            } else {
                let l = filters[0].process(samples[0][frame], brightness: b) * gain
                let r = filters[1].process(samples[1][frame], brightness: b) * gain
                left[at] += l * min(1, 1 - p)
                right[at] += r * min(1, 1 + p)
            }
        }
    }
}

/// The brightness filter of one channel: an RBJ low-pass (Q 1/√2) at 200·100^b Hz (at most 0.45 ×
/// the rate), its coefficients recomputed when b changes, bypassed at b = 1.
struct Brightness {
    let sampleRate: Int
    private var brightness = 1.0
    private var coefficients = (b0: 0.0, b1: 0.0, b2: 0.0, a1: 0.0, a2: 0.0)
    private var state = (x1: 0.0, x2: 0.0, y1: 0.0, y2: 0.0)

    init(sampleRate: Int) { self.sampleRate = sampleRate }

    mutating func process(_ x: Double, brightness b: Double) -> Double {
        guard b < 1 else { return x }
        if b != brightness || coefficients.b0 == 0 {
            brightness = b
            let fc = min(200 * pow(100, b), 0.45 * Double(sampleRate))
            let w = 2 * Double.pi * fc / Double(sampleRate), alpha = sin(w) / (2 * (0.5).squareRoot()), c = cos(w)
            let a0 = 1 + alpha
            coefficients = ((1 - c) / 2 / a0, (1 - c) / a0, (1 - c) / 2 / a0, -2 * c / a0, (1 - alpha) / a0)
        }
        let c = coefficients
        let y = c.b0 * x + c.b1 * state.x1 + c.b2 * state.x2 - c.a1 * state.y1 - c.a2 * state.y2
        state = (x, state.x1, y, state.y1)
        return y
    }
}
