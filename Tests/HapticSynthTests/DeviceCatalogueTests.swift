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
        } catch {  // read throws SettingsFileError alone
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

    /// The iphone's file with `foamG` and one provenance entry for the whole table (or none).
    func withMap(_ map: Any, provenance: Bool = true) throws(SettingsFileError) -> DeviceProfile {
        try read { object in
            var actuator = object["actuator"] as? [String: Any] ?? [:]
            actuator["foamG"] = map
            object["actuator"] = actuator
            var entries = object["provenance"] as? [String: Any] ?? [:]
            if provenance { entries["/actuator/foamG"] = ["basis": "measured", "ref": "a bench, 1 Hz steps"] }
            object["provenance"] = entries
        }
    }

    @Test func aMapIsReadWithOneEntryForTheTableAndRefusedWithItsPlace() throws {
        let device = try withMap([[50, 0.2], [150, 2.0], [300, 1.0]])
        let map = try #require(device.actuator?.foamG)
        #expect(map.g(atHz: 100) == 1.1 && map.g(atHz: 20) == 0.2 && map.g(atHz: 400) == 1.0)
        #expect(device.provenance.contains { $0.pointer == "/actuator/foamG" && $0.value == "(6 values)" && $0.provenance.basis == .measured })
        #expect(device.applied(to: ActuatorProfile()).foamG == map)
        func refusal(_ map: Any, provenance: Bool = true) -> SettingsFileError? {
            do {
                _ = try withMap(map, provenance: provenance)
                return nil
            } catch {
                return error
            }
        }
        let falling = refusal([[50, 0.2], [40, 2.0]])
        #expect(falling?.path == JSONPath.root.appending("actuator").appending("foamG").appending(1).appending(0)
                && falling?.message.contains("the frequencies rise") == true, "\(String(describing: falling))")
        #expect(refusal([[50, 0.2]])?.message.contains("expected 2 to 4096 points") == true)
        #expect(refusal([[50, -1], [60, 1]])?.message.contains("within 0...1000") == true)
        #expect(refusal([[50, 0.2, 3], [60, 1]])?.message.contains("expected [Hz, g]") == true)
        #expect(refusal(Array(repeating: [1, 1], count: 5_000))?.message.contains("expected 2 to 4096 points") == true)
        #expect(refusal([[50, 0.2], [150, 2.0]], provenance: false)?.message.hasPrefix("no provenance for /actuator/foamG/0/0") == true)
    }

    /// The iphone's file with its `systemFeedback` changed by `change`.
    func withFeedback(_ change: @escaping (inout [String: Any]) -> Void) -> Result<DeviceProfile, SettingsFileError> {
        Result { () throws(SettingsFileError) -> DeviceProfile in
            try read { object in
                var rows = object["systemFeedback"] as? [String: Any] ?? [:]
                change(&rows)
                object["systemFeedback"] = rows
            }
        }
    }

    /// The table of what the system plays (docs/corehaptics.md) is the iphone's data: every name,
    /// each an AHAP pattern of haptics with its own provenance; a file's row is refused with its
    /// place when it names no row, plays audio or is not an AHAP pattern.
    @Test func theSystemFeedbackTableIsReadAndRefusedWithItsPlace() throws {
        let iphone = try #require(try DeviceProfile.catalogue().first { $0.name == "iphone" })
        #expect(Set(iphone.systemFeedback?.patterns.keys.map { $0 } ?? []) == Set(SystemFeedback.names))
        for name in SystemFeedback.names {
            #expect(iphone.provenance.first { $0.pointer == "/systemFeedback/" + name }?.provenance.basis == .assumed)
            let row = try #require(iphone.systemFeedbackRow(name))
            #expect(row.device == "iphone" && !row.document.plan.players.isEmpty && row.document.audio.events.isEmpty)
        }
        #expect(iphone.systemFeedbackRow("notification.error")?.document.plan.players.first?.events.count == 3)
        let tap: [String: Any] = ["Pattern": [["Event": ["Time": 0, "EventType": "HapticTransient", "EventParameters": []]]]]
        let unknown = withFeedback { $0["impact.hard"] = tap }
        #expect(throws: SettingsFileError.self) { try unknown.get() }
        if case .failure(let error) = unknown { #expect(error.message.contains("unknown key \"impact.hard\"") && error.message.contains("impact.heavy")) }
        let audio = withFeedback { $0["pop"] = ["Pattern": [["Event": ["Time": 0, "EventType": "AudioContinuous", "EventDuration": 0.1, "EventParameters": []]]]] }
        if case .failure(let error) = audio {
            #expect(error.path == JSONPath.root.appending("systemFeedback").appending("pop") && error.message.contains("haptics only"))
        } else {
            Issue.record("a row with audio was accepted")
        }
        let broken = withFeedback { $0["pop"] = ["Pattern": 3] }
        if case .failure(let error) = broken {
            #expect(error.path == JSONPath.root.appending("systemFeedback").appending("pop") && error.message.hasPrefix("an AHAP pattern: "), "\(error)")
        } else {
            Issue.record("a row that is not an AHAP pattern was accepted")
        }
        // An object that is no pattern at all is refused at its row, not played as silence.
        for notAPattern in [[:], ["Version": 1]] as [[String: Any]] {
            if case .failure(let error) = withFeedback({ $0["pop"] = notAPattern }) {
                #expect(error.path == JSONPath.root.appending("systemFeedback").appending("pop") && error.message.contains("missing \"Pattern\""), "\(error)")
            } else {
                Issue.record("the row \(notAPattern) was accepted")
            }
        }
        // A file's own row replaces the iphone's; the rows it leaves out are the iphone's.
        let mine = try read { object in
            object["name"] = "mine"
            object["systemFeedback"] = ["pop": tap]
            let provenance = object["provenance"] as? [String: Any] ?? [:]
            object["provenance"] = provenance.filter { !$0.key.hasPrefix("/systemFeedback/") || $0.key == "/systemFeedback/pop" }
        }
        #expect(mine.systemFeedbackRow("pop")?.device == "mine" && mine.systemFeedbackRow("pop")?.document.plan.players.first?.events.count == 1)
        #expect(mine.systemFeedbackRow("nope")?.device == "iphone")
    }
}
