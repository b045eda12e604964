import Testing
import TestSupport
@testable import HapticCheck
@testable import HapticPlanner

/// Suite discovery from files already found: goldens mirror the patterns' paths, files that are
/// not patterns are passed over with why, and two patterns that would share a golden are marked.
@Suite struct CheckSuiteDiscoveryTests {
    func suite(_ found: [(String, String?)], android: Bool = false, formats: [String: PatternLoader.Format] = [:]) -> CheckSuite {
        CheckSuite(found: found.map { (path: $0.0, relative: $0.1) }, goldens: "G", android: android) { formats[$0] ?? .patternJSON }
    }

    @Test func goldensMirrorThePatternsPaths() {
        let found = suite([("p/ui/tap.json", "ui/tap.json"), ("p/swell.ahap", "swell.ahap"), ("named/boom.json", nil)])
        #expect(found.entries.map(\.goldenBase) == ["G/ui/tap", "G/swell.ahap", "G/boom"])
        #expect(found.entries.map(\.name) == ["ui/tap", "swell.ahap", "boom"])
        #expect(found.skipped.isEmpty)
    }

    @Test func filesFoundInFoldersThatAreNotPatternsArePassedOver() {
        let formats: [String: PatternLoader.Format] = ["p/profile.json": .neither("its keys: sampleRate"), "p/broken.json": .patternJSON]
        let found = suite([("p/profile.json", "profile.json"), ("p/broken.json", "broken.json")], formats: formats)
        #expect(found.entries.map(\.path) == ["p/broken.json"])
        #expect(found.skipped.map(\.path) == ["p/profile.json"] && found.skipped[0].why == "not a pattern.json or AHAP file")
        // Named on the command line, a file is checked whatever it is (and is then invalid).
        #expect(suite([("p/profile.json", nil)], formats: formats).entries.count == 1)
    }

    @Test func everySuiteChecksAHAPFilesAndClipsWhateverTheirNames() {
        let formats: [String: PatternLoader.Format] = ["p/saved-as.json": .ahap, "p/clip.json": .haptic]
        let files = [("p/a.ahap", "a.ahap"), ("p/saved-as.json", "saved-as.json"), ("p/clip.json", "clip.json"), ("p/b.json", "b.json")]
        for android in [false, true] {
            let found = suite(files, android: android, formats: formats)
            #expect(found.entries.map(\.name) == ["a.ahap", "saved-as", "clip", "b"] && found.skipped.isEmpty)
        }
    }

    @Test func patternsThatWouldShareAGoldenAreMarked() {
        let found = suite([("a/tap.json", nil), ("b/tap.json", nil), ("c/other.json", nil)])
        #expect(found.entries[0].collidesWith == "b/tap.json" && found.entries[1].collidesWith == "a/tap.json")
        #expect(found.entries[2].collidesWith == nil)
    }

    @Test func shardsTogetherHoldEachEntryOnce() {
        let found = suite((0..<7).map { ("p/\($0).json", "\($0).json") })
        let shards = (1...3).map { found.shard($0, of: 3).map(\.path) }
        #expect(shards.flatMap { $0 }.sorted() == found.entries.map(\.path).sorted())
        #expect(shards.map(\.count) == [3, 2, 2])
    }

    /// A Kotlin pattern's name never makes its golden's path leave the goldens folder, whatever
    /// the name holds; a file whose Jindong names stand where no pattern can be named says which.
    @Test func kotlinNamesStayInsideTheGoldensFolder() {
        let names: (String) -> (names: [String], seen: [String])? = { path in
            path.hasSuffix("Evil.kt") ? (["../../victim", ".hidden", "ok"], []) : ([], ["Jindong"])
        }
        let found = CheckSuite(found: [(path: "p/Evil.kt", relative: "Evil.kt"), (path: "p/Screen.kt", relative: "Screen.kt")], goldens: "G", android: false,
                               format: { _ in .patternJSON }, kotlinPatterns: names)
        #expect(found.entries.map(\.goldenBase) == ["G/Evil.kt#_._.._victim", "G/Evil.kt#_hidden", "G/Evil.kt#ok"])
        #expect(found.entries.map(\.name) == ["Evil.kt#../../victim", "Evil.kt#.hidden", "Evil.kt#ok"])
        #expect(found.skipped.map(\.why) == ["declares no Jindong pattern that can be named (it uses Jindong only where the app's run decides)"])
        #expect(GlobToken.matches(GlobToken.parse("Haptics.kt#debug*"), "Haptics.kt#debugBuzz") && GlobToken.matches(GlobToken.parse("*"), "ui/a#b")
                && !GlobToken.matches(GlobToken.parse("a#c*"), "a#b"))
    }
}
