@_exported import _AVFAudioSession
import AudioCore
import IPhoneEmulation
import HapticPlayback

/// What an `AVAudioPlayer` tells its delegate. Both methods are optional, as on Apple's systems.
public protocol AVAudioPlayerDelegate: NSObjectProtocol {
    /// The sound played to its end (after its loops); not called for `stop()` or `pause()`.
    func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool)
    /// The file could not be decoded as it played (hapsynth reads it whole first: never called).
    func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: (any Error)?)
}

extension AVAudioPlayerDelegate {
    public func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {}
    public func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: (any Error)?) {}
}

/// A sound file played on the emulated iPhone (docs/corehaptics.md, "Feedback generators, system
/// sounds and AVAudioPlayer"): into the device's audio track, beside any engine and never
/// silenced by an engine's mutes, at its volume, pan, rate and loops, from the frame of `play()`
/// or `play(atTime:)`. Each call is logged; its sound is in `audio.wav`, its voice in the timeline
/// (`audioCustom`, its player `AVAudioPlayer#1`). The file is read whole when it is made, as every
/// sound is (a regular file of at most 64 MB, its header checked first).
open class AVAudioPlayer: NSObject {
    private let phone: EmulatedPhone
    private let sound: EmulatedSound
    /// `AVAudioPlayer#1`.
    private let name: String

    /// The file it plays, when made from one.
    open private(set) var url: URL?
    /// The bytes it plays, when made from them.
    open private(set) var data: Data?
    open weak var delegate: (any AVAudioPlayerDelegate)?

    /// Reads the sound file at `url`.
    /// - Throws: an `NSError` in `NSOSStatusErrorDomain`: 2003334207 (`kAudioFileUnspecifiedError`,
    ///   what iOS gives for a missing file) when there is none, 1954115647
    ///   (`kAudioFileUnsupportedFileTypeError`) when it is not a sound hapsynth can read; the
    ///   reason in `NSLocalizedDescriptionKey`.
    public convenience init(contentsOf url: URL) throws {
        try self.init(contentsOf: url, fileTypeHint: nil)
    }

    /// Reads the sound file at `url`; the type hint is not needed (the file's header says).
    public init(contentsOf url: URL, fileTypeHint utiString: String?) throws {
        (phone, self.url) = (EmulatedPhone.shared, url)
        name = phone.nextName(of: "AVAudioPlayer")
        sound = try Self.make(name: name, phone: phone, call: "init(contentsOf:)", args: [("url", url.lastPathComponent)],
                              SoundFiles.load(url.path))
        super.init()
    }

    /// Reads a sound file's bytes.
    public convenience init(data: Data) throws {
        try self.init(data: data, fileTypeHint: nil)
    }

    /// Reads a sound file's bytes; the type hint is not needed.
    public init(data: Data, fileTypeHint utiString: String?) throws {
        (phone, self.data) = (EmulatedPhone.shared, data)
        name = phone.nextName(of: "AVAudioPlayer")
        sound = try Self.make(name: name, phone: phone, call: "init(data:)", args: [("bytes", "\(data.count)")], Self.load(data))
        super.init()
    }

    /// The player's sound from a read's result, the call logged with what it gave.
    private static func make(name: String, phone: EmulatedPhone, call: String, args: [(String, String)],
                             _ read: Result<SoundResource, SoundFiles.LoadFailure>) throws -> EmulatedSound {
        try phone.locked {
            switch read {
            case .success(let resource):
                phone.record(object: name, call: call, args: args, result: "ok")
                return EmulatedSound(name: name, sound: resource, phone: phone)
            case .failure(let failure):
                let (code, reason): (Int, String)
                switch failure {
                case .missing(let text): (code, reason) = (2_003_334_207, text)
                case .unreadable(let text): (code, reason) = (1_954_115_647, text)
                }
                phone.record(object: name, call: call, args: args, error: code, rule: reason)
                throw NSError(domain: NSOSStatusErrorDomain, code: code, userInfo: [NSLocalizedDescriptionKey: reason])
            }
        }
    }

    /// Bytes read as a file is: under the same 64 MB limit, through a private temporary file.
    private static func load(_ data: Data) -> Result<SoundResource, SoundFiles.LoadFailure> {
        guard data.count <= SoundLimits.sounds.maxBytes ?? .max else {
            return .failure(.unreadable("\(data.count) bytes, more than a sound may have (\(SoundLimits.sounds.maxBytes ?? 0))"))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapsynth-avaudioplayer-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("sound")
            try data.write(to: file)
            return SoundFiles.load(file.path).mapError { failure in
                if case .unreadable(let reason) = failure { return .unreadable(reason.replacingOccurrences(of: file.path, with: "the data")) }
                return failure
            }
        } catch {
            return .failure(.unreadable("the data could not be read: \(error)"))
        }
    }

    /// Runs `body` on the device, logging `call` with `args` and `result`.
    private func logged<T>(_ call: String, _ args: [(String, String)] = [], result: String = "ok", _ body: () -> T) -> T {
        phone.locked {
            let value = body()
            phone.record(object: name, call: call, args: args, result: result)
            return value
        }
    }

    /// Readies it to play; nothing to do here (logged).
    @discardableResult
    open func prepareToPlay() -> Bool { logged("prepareToPlay()", result: "prepared") { true } }

    /// Plays from the current time, now.
    @discardableResult
    open func play() -> Bool {
        logged("play()", result: "playing") {
            sound.finished = { [weak self] in self?.finish() }
            sound.play(at: nil)
            return true
        }
    }

    /// Plays from the current time at `time` of `deviceCurrentTime`'s clock (now when past).
    @discardableResult
    open func play(atTime time: TimeInterval) -> Bool {
        phone.locked {
            let (frame, rule) = phone.device.frame(forTime: time)
            phone.record(object: name, call: "play(atTime:)", args: [("time", "\(time)")], result: frame > phone.device.frame ? "scheduled" : "playing",
                         rule: rule)
            sound.finished = { [weak self] in self?.finish() }
            sound.play(at: frame)
            return true
        }
    }

    /// Stops where it is; `play()` goes on from there.
    open func pause() { logged("pause()", result: "paused") { sound.halt(reason: "pause") } }

    /// Stops where it is, as `pause()` (iOS keeps `currentTime` too); the delegate is not called.
    open func stop() { logged("stop()", result: "stopped") { sound.halt(reason: "stop") } }

    /// The delegate's call when the sound has played to its end.
    private func finish() {
        phone.locked { phone.record(object: name, call: "audioPlayerDidFinishPlaying(_:successfully:)", args: [("successfully", "true")], result: "called") }
        delegate?.audioPlayerDidFinishPlaying(self, successfully: true)
    }

    /// Whether it plays or waits to (`play(atTime:)`).
    open var isPlaying: Bool { phone.locked { sound.isPlaying || sound.isScheduled } }

    /// A player let go of stops, as on iOS (an app must keep the player it plays).
    deinit {
        phone.locked {
            guard sound.isPlaying || sound.isScheduled else { return }
            sound.halt(reason: "released")
            phone.record(object: name, call: "deinit", result: "stopped", rule: "a player that is let go of stops playing")
        }
    }

    /// The file's length, in seconds.
    open var duration: TimeInterval { sound.duration }

    open var numberOfChannels: Int { sound.sound.format.channelCount }

    /// 0…1 (clamped), applied at once to a sound in play.
    open var volume: Float {
        get { phone.locked { sound.volume } }
        set { logged("volume", [("value", "\(newValue)")], result: "set") { sound.set(volume: newValue) } }
    }

    /// Moves the volume to `volume` over `duration` seconds.
    open func setVolume(_ volume: Float, fadeDuration duration: TimeInterval) {
        logged("setVolume(_:fadeDuration:)", [("volume", "\(volume)"), ("fadeDuration", "\(duration)")], result: "set") {
            sound.set(volume: volume, fadeSeconds: duration)
        }
    }

    /// −1 (left) … 1 (right), clamped.
    open var pan: Float {
        get { phone.locked { sound.pan } }
        set { logged("pan", [("value", "\(newValue)")], result: "set") { sound.set(pan: newValue) } }
    }

    /// Whether `rate` acts (set it before playing, as on iOS).
    open var enableRate = false {
        didSet { logged("enableRate", [("value", "\(enableRate)")], result: "set") { sound.set(rate: enableRate ? storedRate : 1) } }
    }

    private var storedRate: Float = 1

    /// 0.5…2 (clamped) times the file's speed, when `enableRate` is set. hapsynth plays it faster
    /// by resampling, so its pitch moves with it; iOS keeps the pitch.
    open var rate: Float {
        get { storedRate }
        set {
            storedRate = newValue.isNaN ? 1 : min(max(newValue, 0.5), 2)
            logged("rate", [("value", "\(newValue)")], result: enableRate ? "set" : "ignored: enableRate is false") {
                if enableRate { sound.set(rate: storedRate) }
            }
        }
    }

    /// How many more times it plays after the first (−1: until stopped).
    open var numberOfLoops: Int {
        get { phone.locked { sound.loops } }
        set { logged("numberOfLoops", [("value", "\(newValue)")], result: "set") { sound.loops = max(-1, newValue) } }
    }

    /// Where it plays in the file, in seconds; set, it moves there (clamped into 0…duration).
    open var currentTime: TimeInterval {
        get { phone.locked { sound.currentTime } }
        set { logged("currentTime", [("value", "\(newValue)")], result: "set") { sound.seek(to: newValue) } }
    }

    /// Whether `updateMeters()` measures (false, as on iOS, until set).
    open var isMeteringEnabled: Bool {
        get { phone.locked { metering } }
        set { logged("isMeteringEnabled", [("value", "\(newValue)")], result: "set") { metering = newValue } }
    }

    private var metering = false
    /// Each channel's average and peak power, in dBFS, as of the last `updateMeters()`.
    private var meters: [(average: Float, peak: Float)] = []

    /// Measures each channel's average (RMS) and peak power, in dBFS at the player's volume, over
    /// the `meterSeconds` of the file before where it plays (−160, the floor, when it does not play
    /// or metering is off). Logged with channel 0's figures.
    open func updateMeters() {
        phone.locked {
            let channels = sound.sound.format.channelCount
            meters = Array(repeating: (Self.floorDecibels, Self.floorDecibels), count: channels)
            if metering, sound.isPlaying {
                let rate = Double(sound.sound.format.sampleRate), frames = Int(sound.sound.frameCount)
                let end = min(frames, Int((sound.currentTime * rate).rounded())), start = max(0, end - Int(Self.meterSeconds * rate))
                meters = (0..<channels).map { channel in
                    var sum = 0.0, peak: Float = 0
                    for frame in start..<end {
                        let sample = sound.sound.samples[frame * channels + channel] * sound.volume
                        (sum, peak) = (sum + Double(sample * sample), max(peak, abs(sample)))
                    }
                    let rms = end > start ? Float((sum / Double(end - start)).squareRoot()) : 0
                    return (Self.decibels(rms), Self.decibels(peak))
                }
            }
            phone.record(object: name, call: "updateMeters()", args: [("average", "\(meters.first?.average ?? Self.floorDecibels)"),
                                                                     ("peak", "\(meters.first?.peak ?? Self.floorDecibels)")], result: "measured")
        }
    }

    /// Channel `channelNumber`'s average power at the last `updateMeters()`, in dBFS (−160…0 for a
    /// sound within full scale; −160 for a channel it does not have).
    open func averagePower(forChannel channelNumber: Int) -> Float {
        phone.locked { meters.indices.contains(channelNumber) ? meters[channelNumber].average : Self.floorDecibels }
    }

    /// Channel `channelNumber`'s peak power at the last `updateMeters()`, in dBFS.
    open func peakPower(forChannel channelNumber: Int) -> Float {
        phone.locked { meters.indices.contains(channelNumber) ? meters[channelNumber].peak : Self.floorDecibels }
    }

    /// The meters' floor, in dBFS: silence, as iOS reports it.
    static let floorDecibels: Float = -160
    /// The stretch of sound a meter reading measures, in seconds (Apple does not say; assumed).
    static let meterSeconds = 0.05

    private static func decibels(_ level: Float) -> Float { level > 0 ? max(floorDecibels, 20 * log10f(level)) : floorDecibels }

    /// The device's clock, in seconds: the emulated iPhone's (as `CHHapticEngine.currentTime`).
    open var deviceCurrentTime: TimeInterval { phone.currentTime }
}
