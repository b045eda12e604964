import Foundation
import HapsynthKit
import Testing
import TestSupport

/// `LintRun` (issue 52, the shell): a config's platform and device become the run's defaults, a
/// device it names that does not exist is refused with the file's name, and each format writes the
/// same findings.
@Suite struct LintRunTests {
    @Test func aConfigRecordsThePlatformAndItsDevice() throws {
        let scratch = try Scratch()
        let android = try scratch.write("android.json", #"{"version": 1, "platform": "android", "androidDevice": "phone-api26"}"#)
        #expect(try LintRun.config(at: android).platform == .android(.amplitudePhone))
        let ios = try scratch.write("ios.json", #"{"version": 1, "platform": "ios"}"#)
        #expect(try LintRun.config(at: ios).platform == .ios)
        let none = try scratch.write("none.json", #"{"version": 1}"#)
        #expect(try LintRun.config(at: none).platform == .both(.flagship))
        let wrong = try scratch.write("wrong.json", #"{"version": 1, "androidDevice": "phone-api99"}"#)
        #expect { try LintRun.config(at: wrong) } throws: { error in
            guard case .androidDevice(let file, _) = error as? LintRunError else { return false }
            return file == wrong
        }
        #expect { try LintRun.config(at: scratch.path + "/missing.json") } throws: { error in
            guard case .config(let file) = error as? LintRunError else { return false }
            return file.isMissing
        }
    }

    @Test func everyFormatWritesTheSameFindings() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("comma.ahap", #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "HapticTransient", "EventParameters": []}},]}"#)
        let report = try LintReport.run([pattern], target: LintTarget(platform: .both(.flagship)))
        let texts = LintRun.Format.allCases.map { LintRun.text(report, format: $0, inputs: [pattern], sarifRoot: scratch.path, toolVersion: "9.9") }
        #expect(texts.allSatisfy { $0.contains("HS003") && $0.hasSuffix("\n") })
        #expect(texts[0].hasSuffix(report.summary + "\n") && texts[3].contains("\"9.9\""))
        try FileManager.default.createDirectory(atPath: scratch.path + "/nothing", withIntermediateDirectories: true)
        let empty = try LintReport.run([scratch.path + "/nothing"], target: LintTarget(platform: .ios))
        #expect(LintRun.text(empty, format: .text, inputs: ["nothing"], sarifRoot: ".", toolVersion: "1").contains("(no patterns found in nothing)"))
    }
}
