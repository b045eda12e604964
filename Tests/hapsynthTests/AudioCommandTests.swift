import Foundation
import Testing
import TestSupport

/// `render` with an AHAP file's audio events (docs/audio.md): the track, the mix, the haptic render
/// untouched, and the audio track of the sample against its golden.
@Suite struct AudioCommandTests {
    static let golden = packageRoot + "/Tests/hapsynthTests/Goldens/audio-tracks/audio-chirp.ahap.flac"

    @Test func theAudioTrackOfTheSampleMatchesItsGolden() throws {
        let scratch = try Scratch()
        let track = scratch.path + "/track.flac", haptic = scratch.path + "/haptic.wav"
        let result = try hapsynth(["render", "Samples/audio-chirp.ahap", haptic, "--rate", "8000", "--audio", track])
        #expect(result.status == 0 && result.stdout.contains("stereo, audio: 3 events, peak 0.40, 0 clipped"), "\(result.stdout)\(result.stderr)")
        if GoldenWaveformTests.recording {
            try? FileManager.default.createDirectory(atPath: (Self.golden as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: Self.golden)
            try FileManager.default.copyItem(atPath: track, toPath: Self.golden)
        }
        let compared = try hapsynth(["compare", Self.golden, track])
        #expect(compared.status == 0, "\(compared.stdout)")
        // The haptic render is the one without any audio flag, bit for bit.
        let plain = scratch.path + "/plain.wav"
        let note = try hapsynth(["render", "Samples/audio-chirp.ahap", plain, "--rate", "8000"])
        #expect(note.stderr == "hapsynth: note: 3 audio events not rendered: --audio FILE writes their track, --mix mixes it in\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: plain)) == Data(contentsOf: URL(fileURLWithPath: haptic)))
        #expect(try hapsynth(["render", "Samples/audio-chirp.ahap", scratch.path + "/quiet.wav", "--no-audio"]).stderr.isEmpty)
        let none = try hapsynth(["render", "Samples/swell.ahap", scratch.path + "/swell.wav", "--mix"])
        #expect(none.status == 0 && none.stderr == "hapsynth: note: Samples/swell.ahap has no audio events; --audio, --mix and --sync-report write nothing\n")
        #expect(none.stdout.contains(", 1 player, "), "the haptics, mono, as without --mix")
    }

    @Test func theMixIsStereoHapticsPlusEachAudioChannel() throws {
        let scratch = try Scratch()
        let mix = scratch.path + "/mix.wav"
        let result = try hapsynth(["render", "Samples/audio-chirp.ahap", mix, "--rate", "8000", "--mix"])
        #expect(result.status == 0 && result.stdout.hasPrefix("\(mix): 1.110 s, 8880 frames at 8000 Hz, stereo mix of 1 player and 3 audio events"), "\(result.stdout)")
        let later = try hapsynth(["render", "Samples/audio-chirp.ahap", scratch.path + "/later.wav", "--rate", "8000", "--audio", scratch.path + "/t.wav",
                                  "--audio-offset-ms", "30"])
        #expect(later.stdout.contains("1.140 s, 9120 frames"), "a 30 ms audio latency moves the track: \(later.stdout)")
    }

    @Test func missingSoundsWarnAndBadCombinationsAreUsageErrors() throws {
        let scratch = try Scratch()
        let ahap = try scratch.write("lost.ahap", #"{"Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "Sounds/Boom.caf"}}]}"#)
        let warned = try hapsynth(["render", ahap, scratch.path + "/o.wav", "--audio", scratch.path + "/a.wav", "--audio-root", "sounds"])
        #expect(warned.status == 0 && warned.stderr == "hapsynth: warning: $.Pattern[0]: audio file not found: Sounds/Boom.caf (looked in: sounds, \(scratch.path))\n",
                "\(warned.stderr)")
        #expect(try hapsynth(["render", ahap, scratch.path + "/s.wav", "--audio", scratch.path + "/b.wav", "--strict"]).status == 65)
        let both = try hapsynth(["render", ahap, scratch.path + "/n.wav", "--no-audio", "--mix"])
        #expect(both.status == 64 && both.stderr.contains("--no-audio and --mix contradict each other"))
        let android = try hapsynth(["render", "Samples/audio-chirp.ahap", scratch.path + "/x.wav", "--platform", "android", "--mix"])
        #expect(android.status == 64)
        let offset = try hapsynth(["render", "Samples/audio-chirp.ahap", scratch.path + "/y.wav", "--audio", scratch.path + "/y2.wav", "--audio-offset-ms", "2000"])
        #expect(offset.status == 64 && offset.stderr.contains("--audio-offset-ms needs a number in -1000-1000, got '2000'"))
    }

    /// A 20 ms 1 kHz burst (32-bit float WAV, 48 kHz).
    static func burst() -> Data {
        floatWAV((0..<960).map { Float(0.5 * sin(2 * Double.pi * 1000 * Double($0) / 48000)) }, rate: 48000)
    }

    @Test(arguments: [(0.13, 30.0, true), (0.11, 10.0, false)])
    func theSyncReportFlagsASoundMoreThan24msFromItsTap(soundAt: Double, offsetMs: Double, flagged: Bool) throws {
        let scratch = try Scratch()
        try Self.burst().write(to: URL(fileURLWithPath: scratch.path + "/burst.wav"))
        let ahap = try scratch.write("tap.ahap", #"{"Pattern": [{"Event": {"Time": 0.1, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}, {"Event": {"Time": \#(soundAt), "EventType": "AudioCustom", "EventWaveformPath": "burst.wav", "EventWaveformUseVolumeEnvelope": false}}]}"#)
        let report = scratch.path + "/sync.json"
        let result = try hapsynth(["render", ahap, scratch.path + "/o.wav", "--sync-report", report])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        let transient = try #require((object["transients"] as? [[String: Any]])?.first)
        #expect(object["thresholdMs"] as? Double == 24 && transient["timeMs"] as? Double == 100)
        #expect(abs((transient["offsetMs"] as? Double ?? 0) - offsetMs) < 0.5 && transient["flagged"] as? Bool == flagged, "\(transient)")
        #expect(result.stderr.contains(flagged ? "sync: transient 0 at 100 ms: sound +30" : "sync: 0 of 1 transient beyond 24 ms"), "\(result.stderr)")
        let plan = try hapsynth(["plan", ahap, "--json"])
        let sync = try #require((try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])?["sync"] as? [String: Any])
        #expect(((sync["transients"] as? [[String: Any]])?.first?["flagged"] as? Bool) == flagged)
        // The plot's sync lane labels the tick with its offset, red when flagged, green in sync.
        let picture = scratch.path + "/p.svg"
        #expect(try hapsynth(["plot", ahap, picture]).status == 0)
        let svg = try String(contentsOfFile: picture, encoding: .utf8)
        #expect(svg.contains(flagged ? #"<g class="sync flagged">"# : #"<g class="sync in-sync">"#) && svg.contains(flagged ? ##"fill="#c0392b">"## : ##"fill="#2e7d32">"##),
                "\(svg.count)")
        let caption = try #require(svg.range(of: #"\+[0-9]+\.[0-9] ms</text></g>"#, options: .regularExpression))
        let shown = Double(svg[caption].dropFirst().prefix { $0 != " " }) ?? 0
        #expect(abs(shown - offsetMs) < 0.6, "\(svg[caption])")
    }

    @Test func plotPagesShowTheAudioAndLetItBeHeard() throws {
        let scratch = try Scratch()
        let svg = scratch.path + "/a.svg", page = scratch.path + "/a.html", quiet = scratch.path + "/q.html", pattern = scratch.path + "/c.html"
        let drawn = try hapsynth(["plot", "Samples/audio-chirp.ahap", svg])
        #expect(drawn.status == 0 && drawn.stdout.hasSuffix("-10.0 to 1100.0 ms\n"), "the window holds the sounds past the haptics: \(drawn.stdout)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains(#"data-label="sync""#) && text.contains(#"data-label="audio (mean of both channels)""#) && !text.contains("<audio"))
        #expect(try hapsynth(["plot", "Samples/audio-chirp.ahap", page]).status == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.components(separatedBy: #"<audio controls preload="metadata" src="data:audio/wav;base64,"#).count == 4 && !html.contains("<script"))
        #expect(html.contains("audio track (audio: 3 events, peak 0.40, 0 clipped)") && html.contains("mix: haptics + audio"))
        #expect(try hapsynth(["plot", "Samples/audio-chirp.ahap", quiet, "--no-listen"]).status == 0)
        #expect(!(try String(contentsOfFile: quiet, encoding: .utf8)).contains("<audio"))
        #expect(try hapsynth(["plot", "Samples/long-swell.json", pattern, "--listen-seconds", "1"]).status == 0)
        let cut = try String(contentsOfFile: pattern, encoding: .utf8)
        #expect(cut.contains("iOS haptics (the actuator&apos;s drive) (the first 1 s of 61.02 s)") && cut.contains("Android on flagship-api36"))
    }

    @Test func playPlaysTheStereoMixThatRenderWrites() throws {
        let scratch = try Scratch()
        let capture = scratch.path + "/capture.raw", mix = scratch.path + "/mix.wav"
        let played = try hapsynth(["play", "Samples/audio-chirp.ahap", "--device", "file:FILE=\(capture),FORMAT=raw", "--rate", "8000"])
        #expect(played.status == 0 && played.stdout.hasSuffix(": 1.110 s, 1 player and 3 audio events (stereo mix)\n"), "\(played.stdout)\(played.stderr)")
        #expect(try hapsynth(["render", "Samples/audio-chirp.ahap", mix, "--rate", "8000", "--mix"]).status == 0)
        let wav = try Data(contentsOf: URL(fileURLWithPath: mix))
        // The float WAV's data chunk is what the device received, frame for frame (both interleaved stereo floats).
        let data = try #require(wav.range(of: Data("data".utf8)))
        let samples = wav.subdata(in: (data.upperBound + 4)..<wav.count)
        #expect(try Data(contentsOf: URL(fileURLWithPath: capture)) == samples)
        let haptics = try hapsynth(["play", "Samples/audio-chirp.ahap", "--device", "null", "--no-audio"])
        #expect(haptics.stdout.hasSuffix(": 0.821 s, 1 player\n"), "\(haptics.stdout)")
    }
}
