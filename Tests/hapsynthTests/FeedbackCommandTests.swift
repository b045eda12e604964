import Foundation
import Testing
import TestSupport

/// System feedback calls on the command line (docs/feedback.md): a call wherever a pattern is
/// taken, a file of that name first, unknown names as usage errors, `hapsynth feedback` and its
/// list, and lint's rules.
@Suite struct FeedbackCommandTests {
    /// `plan`, `render` and `plot` take a call; `plan` says its chain with sources.
    @Test func everyPatternCommandTakesACall() throws {
        let scratch = try Scratch()
        let plan = try hapsynth(["plan", "android:CONFIRM", "--platform", "android", "--android-device", "pixel-5"])
        #expect(plan.status == 0 && plan.stdout.contains("backend: androidEffect"), "\(plan.stdout)\(plan.stderr)")
        #expect(plan.stdout.contains("HapticFeedbackConstants.CONFIRM → VibrationEffect.get(EFFECT_CLICK)   [AOSP services/core/java/com/android/server/vibrator/HapticFeedbackVibrationProvider.java"))
        #expect(plan.stdout.contains("  at 0 ms for 6 ms at 0.419 of full scale"))
        let render = try hapsynth(["render", "uikit:impact.light", scratch.path + "/light.wav"])
        #expect(render.status == 0 && render.stdout.contains("1 player"), "\(render.stderr)")
        let android = try hapsynth(["render", "flutter:heavyImpact", scratch.path + "/heavy.wav", "--device-profile", "pixel-5"])
        #expect(android.status == 0 && android.stdout.contains("androidEffect on pixel-5"), "\(android.stderr)")
        let plot = try hapsynth(["plot", "expo:notification.success", scratch.path + "/success.svg", "--platform", "android"])
        #expect(plot.status == 0, "\(plot.stderr)")
        let play = try hapsynth(["play", "uikit:impact.light", "--device", "null"])
        #expect(play.status == 0 && play.stdout.contains("playing uikit:impact.light on null"), "\(play.stderr)")
        // A call has no file to follow.
        #expect(try hapsynth(["play", "uikit:impact.light", "--watch", "--device", "null"]).status == 64)
    }

    /// `web:vibrate` as a browser takes it (issue 62, item 2): a pulse over 10 s plays for 10 s with
    /// a warning naming the value clamped, exit 0; only what the browser cannot be called with is
    /// a usage error; `check --strict` makes the warning an error.
    @Test func webVibrateIsClampedAsChromiumClampsIt() throws {
        let scratch = try Scratch()
        let render = try hapsynth(["render", "web:vibrate(20000)", scratch.path + "/long.wav", "--device-profile", "pixel-5", "--rate", "8000"])
        #expect(render.status == 0 && render.stdout.contains("10.1") && render.stdout.contains("androidWaveform on pixel-5"), "\(render.stdout)\(render.stderr)")
        #expect(render.stderr == "hapsynth: warning: web:vibrate(20000): Chromium clamps 1 entry to 10000 ms: entry 1 (20000 ms)\n", "\(render.stderr)")
        let refused = try hapsynth(["plan", "web:vibrate()"])
        #expect(refused.status == 64 && refused.stderr.contains("web:vibrate takes what navigator.vibrate takes"), "\(refused.stderr)")
        let strict = try hapsynth(["check", "web:vibrate(100,50)", "--goldens", scratch.path + "/g", "--record", "--strict", "--platform", "android"])
        #expect(strict.status == 1 && strict.stdout.contains("Chromium drops the trailing pause (50 ms)"), "\(strict.stdout)\(strict.stderr)")
    }

    /// A wrapper at the version it names (issue 62, item 3): expo before 12.8.0 plays Capacitor's
    /// table, so the two feel the same; --wrapper-version pins every call of a wrapper; a version
    /// that chooses no table is a usage error naming the ranges modelled.
    @Test func aWrapperPlaysTheReleaseItsVersionNames() throws {
        let pinned = try hapsynth(["feedback", "expo:notification.success", "capacitor:notification.success", "pixel-5", "--rate", "8000",
                                   "--wrapper-version", "expo=12.7.0"])
        #expect(pinned.status == 0 && pinned.stdout.contains("expo@12.7.0:notification.success  felt A")
                && pinned.stdout.contains("A: expo@12.7.0:notification.success, capacitor:notification.success"), "\(pinned.stdout)\(pinned.stderr)")
        let newest = try hapsynth(["plan", "expo:notification.success", "--platform", "android", "--device-profile", "pixel-5"])
        #expect(newest.stdout.contains("createWaveform([0, 40, 100, 40] ms, [0, 50, 0, 60], -1)"), "\(newest.stdout)")
        let old = try hapsynth(["plan", "expo@12.7.0:notification.success", "--platform", "android", "--device-profile", "pixel-5"])
        #expect(old.status == 0 && old.stdout.contains("createWaveform([0, 35, 65, 21] ms, [0, 250, 0, 180], -1)"), "\(old.stdout)")
        let refused = try hapsynth(["feedback", "--wrapper-version", "expo=banana", "pixel-5"])
        #expect(refused.status == 64 && refused.stderr.contains("--wrapper-version: 'banana' is not a version"), "\(refused.stderr)")
        let tooOld = try hapsynth(["render", "react-native@1.2:selection", "/tmp/never.wav"])
        #expect(tooOld.status == 64 && tooOld.stderr.contains("older than every release modelled (1.13.0 to 2.3.4; 3.0.0 and later)"), "\(tooOld.stderr)")
        let list = try hapsynth(["feedback", "--list"])
        #expect(list.stdout.contains("expo:notification.success\n  release: expo-haptics 12.8.0 and later (the newest; also modelled: before 12.8.0"))
    }

    /// A file named like a call is read as the file; an unknown name is a usage error (64) that
    /// names the nearest; a prefix that is no family's is a file name (66 when missing).
    @Test func aFileWinsAndAnUnknownNameIsAUsageError() throws {
        let scratch = try Scratch()
        _ = try scratch.write("uikit:impact.light", #"{"timeline": [{"transient": {"intensity": 0.9}}, {"delay": 500}, {"transient": {}}]}"#)
        let file = try hapsynth(["plan", "uikit:impact.light"], in: scratch.path)
        #expect(file.status == 0 && file.stdout.contains("logical duration: 500 ms"), "\(file.stdout)")
        let call = try hapsynth(["plan", "uikit:impact.light"])
        #expect(call.status == 0 && !call.stdout.contains("logical duration: 500 ms"), "\(call.stdout)")
        let unknown = try hapsynth(["render", "uikit:impact.ligt", scratch.path + "/x.wav"])
        #expect(unknown.status == 64 && unknown.stderr.contains("did you mean uikit:impact.light?"), "\(unknown.stderr)")
        let notAFamily = try hapsynth(["plan", "ios:impact.light"])
        #expect(notAFamily.status == 66, "\(notAFamily.stderr)")
    }

    /// `feedback` judges calls on the devices named, as text and JSON, and writes its page;
    /// `--list` gives every call's chain with its sources.
    @Test func feedbackJudgesCallsAndListsChains() throws {
        let scratch = try Scratch()
        let text = try hapsynth(["feedback", "flutter:lightImpact", "flutter:mediumImpact", "android:TOGGLE_ON", "pixel-5", "iphone", "--rate", "8000",
                                 "--report", scratch.path + "/feedback.html"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("pixel-5: calls that feel the same\n  A: flutter:lightImpact, flutter:mediumImpact"), "\(text.stdout)")
        let toggle = text.stdout.split(separator: "\n").first { $0.hasPrefix("android:TOGGLE_ON ") }
        #expect(toggle?.split(separator: " ") == ["android:TOGGLE_ON", "silent", "-"], "\(text.stdout)")
        let page = try String(contentsOfFile: scratch.path + "/feedback.html", encoding: .utf8)
        #expect(page.contains("data-call=\"flutter:lightImpact\"") && page.contains("data-verdict=\"felt\""))
        let json = try hapsynth(["feedback", "android:CONFIRM", "pixel-5", "--json", "--rate", "8000"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let cell = try #require(((document["calls"] as? [[String: Any]])?.first?["cells"] as? [[String: Any]])?.first)
        #expect(cell["verdict"] as? String == "felt" && cell["backend"] as? String == "androidEffect")
        let list = try hapsynth(["feedback", "--list"])
        #expect(list.status == 0 && list.stdout.contains("compose:LongPress") && list.stdout.contains("    pixel-5: the HAL's effect: 6 ms at 0.521 from 0 ms"),
                "\(list.stdout.prefix(2000))")
        // The JSON list has the steps the text gives, the shared Android ones among them.
        let listJSON = try hapsynth(["feedback", "--list", "--json"])
        let calls = try #require((try JSONSerialization.jsonObject(with: Data(listJSON.stdout.utf8)) as? [String: Any])?["calls"] as? [[String: Any]])
        let confirm = try #require(calls.first { $0["call"] as? String == "android:CONFIRM" })
        #expect((confirm["android"] as? [[String: Any]])?.compactMap { $0["step"] as? String }
            == ["android:CONFIRM → View.performHapticFeedback(HapticFeedbackConstants.CONFIRM), added in API 30",
                "HapticFeedbackConstants.CONFIRM → VibrationEffect.get(EFFECT_CLICK)"])
        let bad = try hapsynth(["feedback", "androd:CONFIRM"])
        #expect(bad.status == 64, "\(bad.stderr)")
    }

    /// Lint judges the calls of a run on every catalogue device: one not felt somewhere (HS305),
    /// two that feel the same somewhere (HS306).
    @Test func lintSaysWhichCallsAreNotFeltOrNotDistinct() throws {
        let result = try hapsynth(["lint", "flutter:lightImpact", "flutter:mediumImpact", "android:TOGGLE_ON", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let rules = findings.map { "\($0["path"] ?? ""): \($0["ruleId"] ?? "")" }
        #expect(rules.contains("android:TOGGLE_ON: HS305"), "\(rules)")
        #expect(rules.contains("flutter:lightImpact: HS306"), "\(rules)")
        #expect(!rules.contains("flutter:lightImpact: HS305"), "\(rules)")
    }
}
