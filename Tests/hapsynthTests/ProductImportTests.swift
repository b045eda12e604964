import Foundation
import Testing
import TestSupport

/// The product (every module under Sources/) imports FoundationEssentials, never Foundation: full
/// Foundation brings ICU, which costs every command about 7 MB of memory at start and the static
/// binary tens of megabytes; one stray `import Foundation` is enough to bring it back. Apple's
/// surface on Linux is the exception (NSObject, NSError, JSONSerialization and Bundle are part of
/// it): its modules (UIKit's generators, AudioToolbox and AVAudioPlayer among them) and the emulated
/// iPhone below them, which nothing else depends on.
@Suite struct ProductImportTests {
    static let appleSurface = ["_AVFAudioSession/", "AVFAudio/", "AVFoundation/", "AudioToolbox/", "CoreHaptics/", "CoreHapticsEmulator/", "IPhoneEmulation/", "UIKit/"]

    @Test func noProductSourceImportsFoundation() throws {
        let sources = packageRoot + "/Sources"
        let files = (FileManager.default.enumerator(atPath: sources)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") && !Self.appleSurface.contains(where: $0.hasPrefix) }
        #expect(files.count > 50)
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.hasPrefix("@_exported import ") }
            #expect(!imports.contains { $0.hasSuffix(" Foundation") }, "Sources/\(file) imports Foundation; import FoundationEssentials (or Glibc) instead")
        }
    }

    @Test func nothingButTheAppleSurfaceAndItsTestsDependsOnIt() throws {
        let manifest = try String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        let common = try #require(manifest.components(separatedBy: "#if os(Linux)").first)
        for module in ["\"CoreHaptics\"", "\"_AVFAudioSession\"", "\"AVFAudio\"", "\"AVFoundation\"", "\"AudioToolbox\"", "\"CoreHapticsEmulator\"", "\"IPhoneEmulation\"", "\"UIKit\""] {
            #expect(!common.contains(module), "a target outside the Linux-only block names \(module)")
        }
    }
}
