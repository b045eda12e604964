import AudioCore
import AudioIO
import Foundation
import HapticCore
import HapticPlanner
import HapticSynth
import Testing
import TestSupport
@testable import HapticPlayback

/// One render job composes every source for each sink (docs/files-and-limits.md, "One render"):
/// each sink as long as its sources, the samples the same for any block size, and an AHAP file's
/// track beside its haptics from one pass.
@Suite struct RenderJobTests {
    /// The sample AHAP file with sounds, its haptics' plan and its track (sounds read from its folder).
    static func chirp() throws -> (plan: PlaybackPlan, audio: AHAPAudio, options: AudioTrackOptions) {
        let loaded = try PatternLoader.load(packageRoot + "/Samples/audio-chirp.ahap")
        var options = AudioTrackOptions(besides: packageRoot + "/Samples/audio-chirp.ahap")
        options.opener = SoundFileOpener()
        return (loaded.plan, try #require(loaded.audio), options)
    }

    /// Every sink of one job, in memory.
    static func run(blockFrames: Int) throws -> [[Float]] {
        let (plan, audio, options) = try Self.chirp()
        let track = AudioTrack(audio, profile: ActuatorProfile(), options: options)
        let mixes: [RenderMix] = [.haptics, .audio, .mix, .audioMean]
        let outputs = mixes.map { MemoryOutput(format: AudioFormat(sampleRate: 48_000, channelCount: $0.channelCount)) }
        try RenderJob(.ios(plan), audio: track, profile: ActuatorProfile(), sinks: zip(mixes, outputs).map { RenderSink($0, $1) })
            .run(blockFrames: blockFrames)
        return outputs.map(\.samples)
    }

    @Test func everySinkIsAsLongAsItsSourcesAndTheMixIsTheirSum() throws {
        let (plan, audio, options) = try Self.chirp()
        let sinks = try Self.run(blockFrames: 4096)
        let haptics = try RenderLength.checked(plan, profile: ActuatorProfile(), allowLong: false)
        let trackFrames = AudioTrack(audio, profile: ActuatorProfile(), options: options).frameCount
        #expect(Int64(sinks[0].count) == haptics, "the haptics alone: as long as a render without audio")
        #expect(Int64(sinks[1].count / 2) == max(haptics, trackFrames) && sinks[2].count == sinks[1].count)
        #expect(Int64(sinks[3].count) == trackFrames)
        for frame in stride(from: 0, to: sinks[0].count, by: 97) {
            for channel in 0..<2 {
                let sum = min(max(Double(sinks[0][frame]) + Double(sinks[1][2 * frame + channel]), -1), 1)
                #expect(sinks[2][2 * frame + channel] == Float(sum))
            }
            #expect(sinks[3][frame] == (sinks[1][2 * frame] + sinks[1][2 * frame + 1]) / 2)
        }
        #expect(sinks[0] == (try OfflineRenderHelper.haptics(plan)), "the haptics sink is the render without audio, bit for bit")
    }

    @Test(arguments: [1, 37, 480, 65_536])
    func theBlockSizeNeverChangesASample(blockFrames: Int) throws {
        #expect(try Self.run(blockFrames: blockFrames) == (try Self.run(blockFrames: 4096)))
    }

    /// Under `resonator` the Android actuator rings on after the session: the job plays the
    /// player's whole length, as `AndroidActuator.render` does.
    @Test func anAndroidRenderUnderTheResonatorKeepsItsTail() throws {
        let pattern = try Pattern { Transient(intensity: .strong, sharpness: 0.5); Continuous(ms: 40, intensity: .high) }
        var profile = ActuatorProfile()
        profile.actuator = .resonator
        let android = planAndroid(pattern, device: .flagship)
        let memory = MemoryOutput(format: AudioFormat(sampleRate: 48_000))
        try RenderJob(.android(android), profile: profile, sinks: [RenderSink(.haptics, memory)]).run()
        let whole = AndroidActuator(profile: profile).render(android)
        #expect(memory.samples == whole)
        #expect(Int64(whole.count) > (try RenderLength.checked(android, rate: 48_000, allowLong: false)), "the tail is longer than the session")
    }

    @Test func aSinkThatFailsFailsTheSessionAndNothingMoreIsWritten() throws {
        let (plan, _, _) = try Self.chirp()
        let failing = FailingOutput(failingWrite: 2)
        let job = try RenderJob(.ios(plan), profile: ActuatorProfile(), sinks: [RenderSink(.haptics, failing)])
        #expect(throws: (any Error).self) { try job.run(blockFrames: 1000) }
        #expect(failing.writes == 2)
        #expect(job.handle?.failure != nil)
    }

    @Test func theSyncIsMeasuredOnlyAsFarAsItsTransientsNeedAndWithinItsBound() throws {
        let text = #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}, {"Event": {"Time": 0.003, "EventType": "AudioContinuous", "EventDuration": 900}}, {"Event": {"Time": 700, "EventType": "HapticTransient"}}]}"#
        let document = try AHAPImport.read(bytes: Array(text.utf8), file: "t.ahap")
        var profile = ActuatorProfile()
        profile.sampleRate = 8_000
        let track = AudioTrack(document.audio, profile: profile)
        let sync = try AudioHapticSync.measure(document.plan, track: track, profile: profile, boundSeconds: 1)
        #expect(sync.transients.count == 1 && sync.unjudged == 1)
        #expect(track.position < 9_000, "one second of a 900-second track was rendered, not all of it")
        #expect(sync.text.last == "sync: 1 transient after 0.864 s not judged")
    }
}

/// The iOS render of a plan alone, as before any audio existed.
enum OfflineRenderHelper {
    static func haptics(_ plan: PlaybackPlan) throws -> [Float] {
        let memory = MemoryOutput(format: AudioFormat(sampleRate: 48_000))
        _ = try OfflineRender.render(plan, profile: ActuatorProfile(), into: memory)
        return memory.samples
    }
}
