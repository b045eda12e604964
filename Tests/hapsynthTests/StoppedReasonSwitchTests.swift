import Foundation
import Testing
import TestSupport

/// `CHHapticEngine.StoppedReason` behaves as Swift treats Apple's non-frozen enums: an app's switch
/// over every case plus `@unknown default` compiles clean, and one that misses a known case is
/// warned about (issue 40). Each is type-checked by the toolchain against the built module.
@Suite struct StoppedReasonSwitchTests {
    static let cases = ["audioSessionInterrupt", "applicationSuspended", "idleTimeout", "notifyWhenFinished", "engineDestroyed",
                        "gameControllerDisconnect", "systemError"]

    /// The warnings and errors `swiftc -typecheck` prints for `source`, importing CoreHaptics as built.
    static func typecheck(_ source: String) throws -> String {
        let scratch = try Scratch()
        let file = try scratch.write("App.swift", source)
        let build = try hapsynthBinary().deletingLastPathComponent().path  // .build/<triple>/debug
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-I", build + "/Modules", "-I", packageRoot + "/Sources/CALSA",
                             "-I", packageRoot + "/Sources/CSndFile", "-Xcc", "-fmodule-map-file=" + build + "/CSynthKernel.build/module.modulemap", file]
        let output = URL(fileURLWithPath: scratch.path + "/out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(process.terminationStatus == 0, "\(text)")
        return text
    }

    static func app(_ cases: [String]) -> String {
        "import CoreHaptics\nfunc describe(_ reason: CHHapticEngine.StoppedReason) -> String {\n    switch reason {\n"
            + cases.map { "    case .\($0): return \"\($0)\"\n" }.joined() + "    @unknown default: return \"unknown\"\n    }\n}\n"
    }

    @Test func everyCaseAndUnknownDefaultCompilesCleanAndAMissingCaseWarns() throws {
        let clean = try Self.typecheck(Self.app(Self.cases))
        #expect(!clean.contains("warning:") && !clean.contains("error:"), "\(clean)")
        let missing = try Self.typecheck(Self.app(Array(Self.cases.dropLast())))
        #expect(missing.contains("warning: switch must be exhaustive"), "\(missing)")
    }
}
