import Foundation
import HapticCore
import HapticPlanner
import Testing
@testable import HapticSynth

/// The device catalogue (docs/devices.md): the files in `devices/` are what the binary embeds,
/// every device reads, and every value says where it comes from.
@Suite struct DeviceCatalogueTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("devices").path

    @Test func theBinaryEmbedsTheFilesOfDevicesAsTheyAre() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".json") }
            .sorted { $0.dropLast(5) < $1.dropLast(5) }  // by name: pixel-4a before pixel-4a-5g
        #expect(DeviceCatalogueFiles.files.map { $0.name + ".json" } == names, "run `make devices` after changing devices/")
        for file in DeviceCatalogueFiles.files {
            let text = try String(contentsOfFile: Self.folder + "/" + file.name + ".json", encoding: .utf8)
            #expect(file.json + "\n" == text, "devices/\(file.name).json differs from the embedded copy: run `make devices`")
        }
    }

    @Test func everyDeviceReadsWithAProvenanceForEveryValue() throws {
        let catalogue = try DeviceProfile.catalogue()
        #expect(catalogue.map(\.name) == ["aosp-default", "fairphone-4", "ipad", "iphone", "pixel-4a", "pixel-4a-5g", "pixel-5", "pixel-5a", "pixel-cs40l26",
                                         "qualcomm-reference"])
        for device in catalogue {
            #expect(device.provenance.first?.pointer == "/hasHaptics")
            #expect(device.provenance.allSatisfy { !$0.provenance.ref.isEmpty })
        }
        let iphone = try #require(catalogue.first { $0.name == "iphone" })
        #expect(iphone.provenance.first { $0.pointer == "/actuator/f0Hz" }?.provenance.basis == .assumed)
        #expect(iphone.actuator?.f0Hz == 230 && iphone.platform == .ios && iphone.capabilities == .iPhone)
        let pixel = try #require(catalogue.first { $0.name == "pixel-cs40l26" })
        #expect(pixel.android?.primitiveDurationsMs == [.click: 12, .tick: 5, .lowTick: 12] && pixel.android?.name == "pixel-cs40l26")
        let profile = pixel.applied(to: ActuatorProfile())
        #expect(profile.actuator == .resonator && profile.android.resonanceHz == 145 && profile.resonatorQ == 10 && profile.android.minFrequencyHz == 30)
        let ipad = try #require(catalogue.first { $0.name == "ipad" })
        #expect(!ipad.hasHaptics && ipad.capabilities == .noHaptics && ipad.actuator == nil)
    }

    /// The iphone's file with one change, read as a user's file.
    func read(_ change: (inout [String: Any]) -> Void) throws(SettingsFileError) -> DeviceProfile {
        do {
            return try readOrFail(change)
        } catch let error as SettingsFileError {
            throw error
        } catch {
            throw SettingsFileError(file: "mine.json", position: nil, path: nil, message: "\(error)")
        }
    }

    func readOrFail(_ change: (inout [String: Any]) -> Void) throws -> DeviceProfile {
        let text = try #require(DeviceCatalogueFiles.files.first { $0.name == "iphone" }?.json)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        change(&object)
        let data = try JSONSerialization.data(withJSONObject: object)
        return try DeviceProfile.read(Array(data), file: "mine.json")
    }

    @Test func aValueWithoutProvenanceIsRefusedWithItsPointer() throws {
        #expect(try read { $0["name"] = "mine" }.name == "mine")
        do {
            _ = try read { object in
                var provenance = object["provenance"] as? [String: Any] ?? [:]
                provenance["/actuator/q"] = nil
                object["provenance"] = provenance
            }
            Issue.record("a missing provenance was accepted")
        } catch let error as SettingsFileError {
            #expect(error.message.hasPrefix("no provenance for /actuator/q") && error.path == JSONPath.root.appending("provenance"))
        }
        #expect(throws: SettingsFileError.self) {
            _ = try read { object in
                var provenance = object["provenance"] as? [String: Any] ?? [:]
                provenance["/actuator/mass"] = ["basis": "assumed", "ref": "x"]
                object["provenance"] = provenance
            }
        }
        #expect(throws: SettingsFileError.self) {
            _ = try read { object in
                var provenance = object["provenance"] as? [String: Any] ?? [:]
                provenance["/actuator/q"] = ["basis": "guessed", "ref": "x"]
                object["provenance"] = provenance
            }
        }
    }
}
