import AudioCore
import Glibc
import HapticPlanner
import HapticPlayback

/// A sound file played into the device's audio track by a player of its own — an
/// `AVAudioPlayer`, a system sound made from a file (docs/corehaptics.md, "Feedback generators,
/// system sounds and AVAudioPlayer"): at a volume, pan and rate, from a position, again
/// `loops` more times (−1: until stopped). It is no engine's: an engine's mutes do not silence it.
///
/// Every method is called with the phone's lock held; `finished` runs on the device's callback
/// queue, with no lock held.
package final class EmulatedSound: DeviceSegmentOwner {
    /// `AVAudioPlayer#1`, in the log and the timeline.
    package let name: String
    let phone: EmulatedPhone
    package let sound: SoundResource
    /// The file's length, in seconds.
    package let duration: Double
    /// 0…1, −1…1 and 0.5…2 (the file plays at `rate` times its speed, its pitch with it).
    package private(set) var volume: Float = 1, pan: Float = 0, rate: Float = 1
    /// How many more times it plays after the first (−1: until stopped), from each `play`.
    package var loops = 0
    /// How many more times the play in progress plays after this pass.
    private var loopsLeft = 0
    /// Called when it ends of itself, after its loops (not when paused or stopped).
    package var finished: (() -> Void)?

    /// The pass on the device, the frame it started at and the file position there (seconds).
    private var pass: (segment: DeviceSegment, frame: Int64, position: Double)?
    /// The file position the next pass starts from, while none plays.
    private var position = 0.0
    /// Whether a start is waiting for its frame (`play(atTime:)`).
    package private(set) var isScheduled = false

    package init(name: String, sound: SoundResource, phone: EmulatedPhone) {
        (self.name, self.sound, self.phone) = (name, sound, phone)
        duration = Double(sound.frameCount) / Double(max(1, sound.format.sampleRate))
    }

    package var segmentName: String { name }
    package var mutesHapticsNow: Bool { false }
    package var mutesAudioNow: Bool { false }

    /// Whether a pass is on the device.
    package var isPlaying: Bool { pass != nil }

    /// The file position now, in seconds (0…duration).
    package var currentTime: Double {
        guard let pass else { return position }
        let elapsed = Double(phone.device.frame - pass.frame) / Double(phone.device.rate) * Double(rate)
        return min(duration, pass.position + elapsed)
    }

    /// Plays from the current position at `frame` (now when nil or past); nothing when it plays.
    package func play(at frame: Int64?) {
        guard pass == nil, !isScheduled else { return }
        loopsLeft = loops
        guard let frame, frame > phone.device.frame else { return beginPass() }
        isScheduled = true
        phone.device.when(frame, owner: self) { [unowned self] in
            isScheduled = false
            phone.record(object: name, call: "play(atTime:)", result: "started", rule: "clock: asked for this frame")
            beginPass()
        }
    }

    /// Takes it off the device where it is, keeping its position (`pause()`, `stop()`).
    package func halt(reason: String) {
        phone.device.dropActions(of: self)
        isScheduled = false
        position = currentTime
        guard let pass else { return }
        phone.device.endSegment(pass.segment, reason: reason)
        self.pass = nil
    }

    /// Moves to `seconds` of the file (clamped into 0…duration); a pass in play goes on from there.
    package func seek(to seconds: Double) {
        let target = seconds.isFinite ? min(max(0, seconds), duration) : 0
        guard let pass else {
            position = target
            return
        }
        phone.device.endSegment(pass.segment, reason: "seek")
        self.pass = nil
        position = target
        beginPass()
    }

    /// Sets the volume, pan and rate (each clamped into its range); a pass in play goes on from
    /// where it is with them, its volume moving from the old to the new over `fadeSeconds`.
    package func set(volume: Float? = nil, pan: Float? = nil, rate: Float? = nil, fadeSeconds: Double = 0) {
        let from = self.volume
        if let volume { self.volume = volume.isNaN ? 0 : min(max(volume, 0), 1) }
        if let pan { self.pan = pan.isNaN ? 0 : min(max(pan, -1), 1) }
        if let rate { self.rate = rate.isNaN ? 1 : min(max(rate, 0.5), 2) }
        guard let pass else { return }
        let now = currentTime
        phone.device.endSegment(pass.segment, reason: "change")
        self.pass = nil
        position = now
        beginPass(fade: fadeSeconds > 0 && fadeSeconds.isFinite && from != self.volume ? (from, fadeSeconds) : nil)
    }

    /// Starts a pass from `position`: the file's rest, at the volume, pan and rate now (the volume
    /// reached from `fade.from` over `fade.seconds` when given).
    private func beginPass(fade: (from: Float, seconds: Double)? = nil) {
        let first = min(sound.frameCount, Int64((position * Double(sound.format.sampleRate)).rounded()))
        let channels = max(1, sound.format.channelCount)
        let rest = first == 0 ? sound : SoundResource(format: sound.format, samples: Array(sound.samples[Int(first) * channels..<sound.samples.count]))
        var audio = AHAPAudio()
        audio.events = [.wholeSound(path: name, volume: fade == nil ? volume : 1, pitch: log2(rate), pan: pan)]
        var options = AudioTrackOptions()
        options.resources = [name: rest]
        let seconds = Double(rest.frameCount) / Double(max(1, sound.format.sampleRate)) / Double(rate)
        let content = SegmentContent(sound: audio, options: options, durationUs: Int64((seconds * 1_000_000).rounded()))
        let controls = fade.map { [DeviceControl(haptic: nil, audio: .volume, timesSeconds: [0, $0.seconds], values: [$0.from, volume], startMs: 0)] } ?? []
        pass = (phone.device.beginSegment(self, content, controls: controls), phone.device.frame, position)
    }

    package func segmentReachedLoop(_ segment: DeviceSegment) {}

    package func segmentFinished(_ segment: DeviceSegment) {
        guard pass?.segment === segment else { return }
        pass = nil
        position = 0
        if loopsLeft != 0 {
            if loopsLeft > 0 { loopsLeft -= 1 }
            phone.record(object: name, call: "loop", args: [("loopsLeft", "\(loopsLeft)")], result: "played", rule: "numberOfLoops: plays again from the start")
            return beginPass()
        }
        if let finished { phone.callBack(finished) }
    }
}
