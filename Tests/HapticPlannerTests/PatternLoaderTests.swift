import Foundation
import Testing
import TestSupport
@testable import HapticCore
@testable import HapticPlanner

/// The one loader: the format is told by the content, never by the file's name.
@Suite struct PatternLoaderTests {
    static let ahap = #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#

    /// Moved from HapticCoreTests.PatternReaderTests (the reader no longer knows AHAP itself: the
    /// loader hands it the AHAP recogniser); its assertions are the same.
    @Test func ahapFilesAreNotPatternJSON() throws {
        let ahap = Self.ahap
        do {
            _ = try PatternReader.read(bytes: Array(ahap.utf8), root: nil, path: "test.json", otherFormat: AHAPImport.recognizer)
            Issue.record("an AHAP document was read as a pattern.json")
        } catch {
            #expect("\(error)".contains("is an AHAP file"))
        }
        let folder = try Scratch()
        try folder.write("tap.ahap", ahap)
        let main = try folder.write("main.json", #"{"timeline": [{"clip": {"pattern": "tap.ahap"}}]}"#)
        do {
            _ = try PatternLoader.load(main)
            Issue.record("an AHAP clip was accepted")
        } catch .file(let error) {
            #expect(error.message == "\"tap.ahap\" is an AHAP file, one Core Haptics pattern rather than a pattern.json; it cannot be a clip or a then at $.timeline[0].clip.pattern")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func anAHAPDocumentSavedAsJSONLoadsLikeTheSameFileSavedAsAHAP() throws {
        let folder = try Scratch()
        let asAHAP = try PatternLoader.load(try folder.write("tap.ahap", Self.ahap))
        let asJSON = try PatternLoader.load(try folder.write("tap.json", Self.ahap))
        #expect(asJSON.plan == asAHAP.plan)
        #expect(asJSON.pattern == nil && asJSON.contentKey == asAHAP.contentKey)
        #expect(PatternLoader.format(of: folder.path + "/tap.json") == .ahap)
    }

    @Test func aPatternJSONSavedAsAHAPLoadsAsAPattern() throws {
        let folder = try Scratch()
        let loaded = try PatternLoader.load(try folder.write("tap.ahap", #"{"timeline": [{"transient": {}}]}"#))
        #expect(loaded.pattern?.events.count == 1)
        #expect(PatternLoader.format(of: loaded.path) == .patternJSON)
    }

    @Test func formatsAreToldByContent() throws {
        let folder = try Scratch()
        let cases: [(String, PatternLoader.Format?)] = [
            (#"{"events": []}"#, .patternJSON),
            (#"{"timline": []}"#, .patternJSON),  // a typo of a pattern.json key: reading it says which
            (#"{"Pattern": []}"#, .ahap),
            (#"{"sampleRate": 8000}"#, .neither(#"expected a pattern.json object (with "events" or "timeline"), an AHAP object (with a "Pattern" array) or a .haptic clip (with "version" and "signals"); this file is neither (its keys: "sampleRate")"#)),
            ("[1, 2]", .neither(#"expected a pattern.json object (with "events" or "timeline"), an AHAP object (with a "Pattern" array) or a .haptic clip (with "version" and "signals"), got an array"#)),
            ("{", nil),
        ]
        for (index, (text, format)) in cases.enumerated() {
            #expect(PatternLoader.format(of: try folder.write("f\(index).json", text)) == format, "\(text)")
        }
    }

    @Test func anAHAPFilePlansForEveryPlatform() throws {
        let folder = try Scratch()
        let loaded = try PatternLoader.load(try folder.write("tap.json", Self.ahap))
        #expect(loaded.plan(for: .android(.flagship)).android?.backend == .androidPrimitives)
        if case .ios(let plan) = loaded.plan(for: .ios) { #expect(plan == loaded.plan) } else { Issue.record("not an iOS plan") }
    }

    @Test func warningsAreKeptInFullAndGroupedByKind() throws {
        let folder = try Scratch()
        let path = try folder.write("loud.json", #"{"timeline": [{"transient": {"intensity": 1.5}}, {"transient": {"intensity": 2}}]}"#)
        let loaded = try PatternLoader.load(path)
        #expect(loaded.warnings.count == 2)
        #expect(loaded.groupedWarnings.count == 1 && loaded.groupedWarnings[0].places.count == 2)
    }

    /// Every warning and refusal carries its code, in each of the three formats, so lint and the
    /// Core Haptics emulation never read the words.
    @Test func warningsAndErrorsCarryTheirCodes() throws {
        let folder = try Scratch()
        let ahap = try folder.write("odd.ahap", #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 31, "#
            + #""EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.7}, {"ParameterID": "HapticLoudness", "ParameterValue": 1}]}},]}"#)
        let codes = try PatternLoader.load(ahap).warnings.map(\.code)
        #expect(codes == [.trailingComma, .clamped, .parameterSkipped, .defaultUsed, .cutAt30s], "\(codes)")
        let pattern = try folder.write("loud.json", #"{"events": [{"type": "transient", "startMs": 0, "intensity": 1.5}]}"#)
        #expect(try PatternLoader.load(pattern).warnings.map(\.code) == [.clamped])
        let clip = try folder.write("new.haptic", #"{"version": {"major": 1, "minor": 2, "patch": 0}, "signals": {"continuous": {"envelopes": "#
            + #"{"amplitude": [{"time": 0, "amplitude": 0.5}, {"time": 0.1, "amplitude": 0.5}]}}}, "extra": 1}"#)
        #expect(Set(try PatternLoader.load(clip).warnings.map(\.code)) == [.clipNewerVersion, .clipKeyIgnored])
        func code(_ text: String, _ name: String) throws -> ReadCode? {
            let path = try folder.write(name, text)
            do throws(LoadError) {
                _ = try PatternLoader.load(path)
                return nil
            } catch {
                return error.code
            }
        }
        #expect(try code(#"{"Version": 1, "Pattern": [{"Event": {"Time": -1, "EventType": "HapticTransient"}}]}"#, "a.ahap") == .timeOutOfRange)
        #expect(try code(#"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticWobble"}}]}"#, "b.ahap") == .unknownEventType)
        #expect(try code(#"{"events": [{"type": "transient", "startMs": -5}]}"#, "c.json") == .timeOutOfRange)
        #expect(try code(#"{"version": {"major": 1, "minor": 0, "patch": 0}, "signals": {"continuous": {"envelopes": "#
            + #"{"amplitude": [{"time": 0.2, "amplitude": 0.5}, {"time": 0.1, "amplitude": 0.5}]}}}}"#, "d.haptic") == .timeGoesBack)
        #expect(try code("{", "e.json") == .syntax)
        #expect(try code("{}", "f.json") == .wrongFormat)
        do throws(LoadError) {
            _ = try PatternLoader.load(folder.path + "/missing.json")
            Issue.record("a missing file loaded")
        } catch {
            #expect(error.code == .fileMissing && error.code.isError && !ReadCode.clamped.isError)
        }
    }
}
