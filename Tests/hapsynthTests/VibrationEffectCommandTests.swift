import Foundation
import HapsynthKit
import Testing
import TestSupport

/// `.vibration` files and `export --to vibration-effect` through the binary (issue 63): what an
/// Android test logs is read where a pattern is, written exactly at the device's API level, read
/// back to the same samples, checked and linted; bad text exits 65 at its line and column.
@Suite struct VibrationEffectCommandTests {
    static let log = """
        > Task :app:testDebugUnitTest
            D/Haptics: vibrate Composed{segments=[Primitive{primitive=PRIMITIVE_CLICK, scale=0.7, delay=0}, Primitive{primitive=PRIMITIVE_TICK, scale=1.0, delay=50}], repeat=-1}
            D/Haptics: vibrate Waveform{mTimings=[0, 30, 100, 30], mAmplitudes=[0, 255, 0, 128], mRepeat=-1}
        """

    @Test func aLogPlaysEachEffectByItsLineOnAndroid() throws {
        let scratch = try Scratch()
        let file = try scratch.write("taps.vibration", Self.log)
        let unnamed = try hapsynth(["plan", file])
        #expect(unnamed.status == 64 && unnamed.stderr.contains("holds 2 effects (line2, line3); choose one with --pattern NAME"))
        let primitives = try hapsynth(["plan", file, "--pattern", "line2", "--android-device", "phone-api31"])
        #expect(primitives.status == 0 && primitives.stdout.contains("backend: androidPrimitives"), "\(primitives.stdout)")
        // Without --platform a .vibration file plays on Android.
        let render = try hapsynth(["render", file, "--pattern", "line3", scratch.path + "/w.wav"])
        #expect(render.status == 0 && render.stdout.contains("android androidWaveform on flagship-api36"), "\(render.stdout)")
    }

    /// The text written for a pattern on a device reads back to the same samples for its length.
    @Test(arguments: ["flagship-api36", "phone-api31", "phone-api26", "old-phone"])
    func anExportedEffectRendersAsThePatternDoes(device: String) throws {
        let scratch = try Scratch()
        let effect = scratch.path + "/celebration.vibration"
        let export = try hapsynth(["export", "Samples/celebration.json", "--to", "vibration-effect", "--android-device", device, "-o", effect, "-q"])
        #expect(export.status == 0, "\(export.stderr)")
        let text = try String(contentsOfFile: effect, encoding: .utf8)
        #expect(text.hasPrefix(device == "phone-api26" || device == "old-phone" ? "Waveform{mTimings=[" : "Composed{segments=["), "\(text)")
        let (fromEffect, fromPattern) = (scratch.path + "/e.wav", scratch.path + "/p.wav")
        #expect(try hapsynth(["render", effect, fromEffect, "--android-device", device, "-q"]).status == 0)
        #expect(try hapsynth(["render", "Samples/celebration.json", fromPattern, "--platform", "android", "--android-device", device, "-q"]).status == 0)
        let (a, b) = (try SoundFileReader(path: fromEffect).readAll(), try SoundFileReader(path: fromPattern).readAll())
        #expect(!a.isEmpty && a.count <= b.count && Array(b.prefix(a.count)) == a, "\(device): \(a.count) of \(b.count) frames")
    }

    @Test func badTextExits65AtItsColumn() throws {
        let scratch = try Scratch()
        let file = try scratch.write("bad.vibration", "Composed{segments=[Step{amplitude=NaN, frequencyHz=0.0, duration=10}], repeat=-1}\n")
        let plan = try hapsynth(["plan", file])
        #expect(plan.status == 65 && plan.stderr.contains("bad.vibration:1:25: Step{…}: amplitude must be a finite number, got 'NaN'"), "\(plan.stderr)")
        let empty = try scratch.write("empty.vibration", "no effect here\n")
        #expect(try hapsynth(["plan", empty]).status == 65)
    }

    @Test func checkAndLintTakeAFolderOfEffects() throws {
        let scratch = try Scratch()
        try scratch.write("lib/taps.vibration", Self.log)
        try scratch.write("lib/thud.vibration", "Composed{segments=[Primitive{primitive=PRIMITIVE_THUD, scale=1.0, delay=0}], repeat=-1}\n")
        let record = try hapsynth(["check", scratch.path + "/lib", "--goldens", scratch.path + "/g", "--platform", "android", "--record"])
        #expect(record.status == 0 && record.stdout.contains("taps.vibration#line2") && record.stdout.contains("taps.vibration#line3"), "\(record.stdout)")
        let again = try hapsynth(["check", scratch.path + "/lib", "--goldens", scratch.path + "/g"])
        #expect(again.status == 0 && again.stdout.contains("3 ok"), "\(again.stdout)")
        // An iOS suite passes effects over, saying why: an iPhone plays none.
        try scratch.write("ios/tap.json", #"{"timeline": [{"transient": {}}, {"delay": 20}]}"#)
        try scratch.write("ios/tap.vibration", "OneShot{mDuration=40, mAmplitude=-1}\n")
        let ios = try hapsynth(["check", scratch.path + "/ios", "--goldens", scratch.path + "/gi", "--record"])
        #expect(ios.status == 0 && ios.stdout.contains("skipped  \(scratch.path)/ios/tap.vibration: a VibrationEffect plays on Android") && ios.stdout.contains("1 recorded"),
                "\(ios.stdout)")
        // devices judges effects against an Android phone: an iPhone plays no VibrationEffect.
        let devices = try hapsynth(["devices", scratch.path + "/lib/thud.vibration", "aosp-default", "pixel-5", "--rate", "8000"])
        #expect(devices.stdout.hasPrefix("devices: \(scratch.path)/lib/thud.vibration against aosp-default"), "\(devices.stdout)")
        let lint = try hapsynth(["lint", scratch.path + "/lib", "--android-device", "phone-api31"])
        #expect(lint.stdout.contains("thud.vibration:1:1: warning: HS209 effect-not-played: the effect plays nothing on phone-api31"), "\(lint.stdout)")
    }
}
