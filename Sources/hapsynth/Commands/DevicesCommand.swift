import HapsynthKit

/// `hapsynth devices`: the device catalogue, and one pattern on every device of it against a
/// reference, as a person would feel it (docs/devices.md).
struct DevicesCommand: Command {
    static let name = "devices"
    static let abstract = "Play a pattern on every catalogue device and say what each loses; --list shows the catalogue."
    static let discussion = """
        Each device renders with its own profile under the resonator (Android devices as Android
        plays), and its render is compared with the reference's: windows felt on the reference and
        not on the device (missing), the other way (extra), levels more than 1.65 dB apart, frequencies
        more than 13 % apart, and onsets moved more than 5 ms (past 24 ms: audio sync). Names after
        the pattern choose devices (catalogue names or device files; default: every one).
        """
    static let positionals = [PositionalSpec(name: "pattern", help: "A pattern.json, AHAP or .haptic file, then device names or files.", repeating: true)]
    static var options: [OptionSpec] {
        [
            OptionSpec(name: "--list", valueName: nil, help: "Print every catalogue device, each value with its basis and reference.", standalone: true),
            OptionSpec(name: "--reference", valueName: "NAME|FILE", help: "The device the others are judged against (default iphone)."),
            OptionSpec(name: "--rate", valueName: "HZ", help: "Render rate, 8000-192000 (default 48000)."),
            OptionSpec(name: "--json", valueName: nil, help: "Print the results as one JSON document."),
            OptionSpec(name: "--report", valueName: "FILE", help: "Write an HTML page: a row per device with its lanes, waveform, figures and render."),
        ]
    }

    let list: Bool
    let patternPath: String?
    let devices: [String]
    let reference: String
    let rate: Int
    let asJSON: Bool
    let report: String?

    init(_ arguments: ParsedArguments) throws(CLIError) {
        list = arguments.has("--list")
        patternPath = arguments.positionals.first
        devices = Array(arguments.positionals.dropFirst())
        reference = arguments.value("--reference") ?? "iphone"
        if let text = arguments.value("--rate") {
            guard let value = Int(text), (8_000...192_000).contains(value) else { throw .usage("--rate needs a whole number in 8000-192000, got '\(text)'", command: Self.name) }
            rate = value
        } else {
            rate = 48_000
        }
        asJSON = arguments.has("--json")
        report = arguments.value("--report")
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let catalogue: [DeviceProfile]
        do {
            catalogue = try DeviceProfile.catalogue()
        } catch {
            throw .invalidInput("\(error)")
        }
        if list {
            console.out(Self.listing(catalogue))
            return .success
        }
        guard let patternPath else { throw .usage("missing <pattern>", command: Self.name) }
        let chosen = try devices.isEmpty ? catalogue : devices.map { name throws(CLIError) in try Self.device(name) }
        let referenceDevice = try Self.device(reference, option: "--reference")
        let loaded = try PatternInput.load(patternPath, console: console)
        let matrix: DeviceMatrix
        do {
            matrix = try DeviceMatrix(loaded, devices: chosen.filter { $0.name != referenceDevice.name }, reference: referenceDevice, sampleRate: rate)
        } catch let error as ProfileError {
            throw .usage("\(error) (at --rate \(rate))", command: Self.name)
        } catch let error as RenderLengthError {
            throw .invalidInput("\(patternPath): \(error.reason)")  // devices has no --allow-long
        } catch {
            throw .invalidInput("\(error)")
        }
        if let report {
            try PatternInput.guardOutputs([report], inputs: loaded.files + devices + [reference])
            let html = DeviceReport.html(matrix, loaded: loaded, pattern: patternPath)
            try Interruption.deferred { () throws(CLIError) in
                do throws(OutputError) {
                    try TextOutput.write(html, to: report, what: "HTML report")
                } catch {
                    throw CLIError(error)
                }
            }
        }
        console.out(asJSON ? DeviceReport.json(matrix, pattern: patternPath).pretty() : DeviceReport.text(matrix, pattern: patternPath))
        return .success
    }

    /// A catalogue name or a device file, in the words of `option` (a positional by default).
    private static func device(_ choice: String, option: String? = nil) throws(CLIError) -> DeviceProfile {
        do {
            return try DeviceProfile.resolve(choice)
        } catch let error as DeviceProfileChoiceError {
            throw .usage((option.map { "\($0): " } ?? "") + "\(error)", command: name)
        } catch let error as SettingsFileError {
            throw error.isMissing ? .missingInput(error.description) : .invalidInput(error.description)
        } catch {
            throw .invalidInput("\(error)")
        }
    }

    /// Every device: its name, title and platform, then each value with its basis and reference.
    static func listing(_ catalogue: [DeviceProfile]) -> String {
        var lines: [String] = []
        for device in catalogue {
            lines.append("\(device.name): \(device.title) (\(device.isIOS ? "ios" : "android"))")
            let width = device.provenance.map { $0.pointer.count + $0.value.count }.max() ?? 0
            for entry in device.provenance {
                let pair = entry.pointer + " " + entry.value
                lines.append("  " + pair + String(repeating: " ", count: width + 2 - pair.count) + entry.provenance.basis.rawValue
                             + String(repeating: " ", count: 9 - entry.provenance.basis.rawValue.count) + entry.provenance.ref)
            }
        }
        return lines.joined(separator: "\n")
    }
}
