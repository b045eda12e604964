import AudioCore
import AudioIO
import HapticPlanner
import HapticPlayback
import HapticSynth

/// Plays loaded files live through a device that paces them, a period at a time (`hapsynth
/// play`, docs/command-line.md): the haptics on the chosen platform, an AHAP file's audio track
/// mixed in on an iPhone (stereo) unless it is left out; once to the end, or again at every save
/// of a watched file (`play --watch`), where a save that does not load or cannot play is
/// reported and the previous version plays on.
public final class LiveSession {
    /// A playback that started.
    public struct Started {
        /// What plays.
        public let plan: PlatformPlan
        /// Its length in frames.
        public let frameCount: Int64
        /// The audio track mixed in, if any (its warnings are known once it starts).
        public let audio: AudioTrack?

        /// `playing P on DEV: 0.550 s, 2 players`; with sounds, `and 1 audio event (stereo mix)`;
        /// Android: `playing P on DEV as android androidWaveform on phone-api26: 0.541 s`.
        public func line(pattern: String, alsaDevice: String, sampleRate: Int) -> String {
            let seconds = NumberText.fixed(Double(frameCount) / Double(sampleRate), 3)
            if case .android(let android) = plan {
                return "playing \(pattern) on \(alsaDevice) as android \(android.backend.rawValue) on \(android.device.name): \(seconds) s"
            }
            let players = NumberText.count(plan.ios?.players.count ?? 0, "player")
            let sounds = audio.map { " and \(NumberText.count($0.eventCount, "audio event")) (stereo mix)" } ?? ""
            return "playing \(pattern) on \(alsaDevice): \(seconds) s, \(players)\(sounds)"
        }
    }

    /// What a watch met.
    public enum Event {
        /// The watch is set up (after the first version started, or was skipped).
        case watching
        /// A version started playing.
        case started(Started)
        /// A save loaded (its warnings to tell; `recovered` after saves that did not).
        case loaded(LoadedPattern, recovered: Bool)
        /// A save that does not load: the previous version stays.
        case loadFailed(LoadError)
        /// A version that loads but cannot play (too long, an executor's refusal): the previous one plays on.
        case cannotStart(any Error)
        /// A playback that failed midway (the device, the session): the watch goes on.
        case failed(any Error)
    }

    /// Why a session ended early.
    public enum Failure: Error {
        /// The device could not be opened (its error).
        case cannotOpen(any Error)
        /// The playback failed midway (the device's error, or the session's failure).
        case failed(any Error)
        /// `isInterrupted` said so: the playback faded out and the device is closed.
        case stopped
    }

    public let platform: Platform
    public let profile: ActuatorProfile
    /// Frames written per step: about one device period (5 ms).
    public let periodFrames: Int
    /// Milliseconds of fade when a playback is stopped.
    public static let fadeMs = 5
    private let audioOptions: AudioTrackOptions?
    private let live: LivePlayback
    /// Run once the session is closed (an ALSA session tells its device's underruns).
    var onClose: (() -> Void)?

    /// - Parameters:
    ///   - audio: where an AHAP file's sounds are found (nil: its audio events are left out).
    ///   - openOutput: opens the device at `profile.sampleRate` with the channels asked.
    public init(
        platform: Platform, profile: ActuatorProfile, allowLong: Bool = false, audio: AudioTrackOptions?,
        openOutput: @escaping (_ channelCount: Int) throws -> any AudioOutput
    ) {
        self.platform = platform
        self.profile = profile
        periodFrames = max(1, profile.sampleRate / 200)
        audioOptions = audio?.readingFiles
        live = LivePlayback(profile: profile, allowLong: allowLong, openOutput: openOutput)
    }

    /// Starts `loaded` in place of what plays.
    /// - Throws: `RenderLengthError` or the executor's refusal (nothing plays then), or
    ///   `Failure.cannotOpen`.
    public func start(_ loaded: LoadedPattern) throws -> Started {
        let plan = loaded.plan(for: platform)
        let track = plan.ios != nil ? loaded.audio.flatMap { audio in audioOptions.map { AudioTrack(audio, profile: profile, options: $0) } } : nil
        do {
            let job = try live.play(plan, audio: track)
            return Started(plan: plan, frameCount: job.frameCount, audio: track)
        } catch let error as RenderLengthError {
            throw error
        } catch let error as ALSAError where error.isUnavailable {
            throw Failure.cannotOpen(error)
        } catch {
            throw error
        }
    }

    /// Plays the next period; returns whether something still plays.
    /// - Throws: `Failure.failed` when the playback failed midway (its device is closed).
    public func step() throws(Failure) -> Bool {
        let handle = live.handle
        do {
            let playing = try live.step(maxFrames: periodFrames)
            if !playing, let failure = handle?.failure { throw Failure.failed(failure) }
            return playing
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .failed(error)
        }
    }

    /// Whether a playback runs.
    public var isPlaying: Bool { live.isPlaying }

    /// Fades what plays out over `fadeMs`, cancels it and closes the device.
    public func stop() { live.stopWithFade(fadeFrames: profile.sampleRate * Self.fadeMs / 1000) }

    /// Closes the device at once.
    public func close() {
        live.close()
        onClose?()
        onClose = nil
    }

    /// Plays `loaded` to its end; `isInterrupted` is asked every period (true: fade out, `Failure.stopped`).
    @discardableResult
    public func play(_ loaded: LoadedPattern, isInterrupted: () -> Bool, started: (Started) -> Void) throws -> Started {
        let playback = try start(loaded)
        started(playback)
        while try step() {
            if isInterrupted() {
                stop()
                throw Failure.stopped
            }
        }
        return playback
    }

    /// Plays `watch`'s pattern (unless `skipInitial`) and every save that loads with new content,
    /// in place of the one playing, until `isInterrupted` (then `Failure.stopped`) or a device
    /// that cannot be opened (`Failure.cannotOpen`).
    public func watch(_ watch: PatternWatch, skipInitial: Bool, isInterrupted: () -> Bool, events: (Event) -> Void) throws -> Never {
        var key = watch.loaded.contentKey
        if !skipInitial { try begin(watch.loaded, watch: watch, events: events) }
        events(.watching)
        while true {
            if isInterrupted() {
                stop()
                throw Failure.stopped
            }
            if isPlaying {
                do {
                    _ = try step()
                } catch {
                    if case .failed(let cause) = error { events(.failed(cause)) }
                }
            }
            guard let change = watch.nextChange(timeoutMs: isPlaying ? 0 : 100) else { continue }
            switch change {
            case .failed(let error): events(.loadFailed(error))
            case let .loaded(loaded, recovered):
                events(.loaded(loaded, recovered: recovered))
                guard loaded.contentKey != key else { continue }  // a save that changes nothing plays nothing
                key = loaded.contentKey
                try begin(loaded, watch: watch, events: events)
            }
        }
    }

    /// Starts a watched version; one that cannot play is told and marks the watch broken.
    private func begin(_ loaded: LoadedPattern, watch: PatternWatch, events: (Event) -> Void) throws {
        do {
            events(.started(try start(loaded)))
        } catch let failure as Failure {
            throw failure
        } catch {
            watch.broken = true
            events(.cannotStart(error))
        }
    }
}
