import HapsynthKit

/// `hapsynth devices`: the device catalogue, and one pattern on every device of it against a
/// reference, as a person would feel it (docs/devices.md).
struct DevicesCommand: Command {
    static let name = "devices"
    static let abstract = "Play patterns on every catalogue device and say what each loses; --list shows the catalogue."
    static let discussion = """
        Each device renders with its own profile under the resonator (Android devices as Android
        plays), and its render is compared with the reference's: windows felt on the reference and
        not on the device (missing), the other way (extra), levels more than 1.65 dB apart, frequencies
        more than 13 % apart, and onsets moved more than 5 ms (past 24 ms: audio sync, when the
        pattern has audio). The summary table comes first: loss is n/a when the reference feels
        nothing, unsupported for a device without haptics. A device that plays the whole pattern
        weaker or stronger has not lost it: that level offset is shown apart (the median level
        difference where both are felt) and taken out before windows are judged; an onset missing,
        extra or moved counts as the 8 windows of its attack. Catalogue names and device files
        among the arguments choose devices (default: every one); the rest are patterns and folders
        of them. --max-loss makes it a gate: exit 1 when a device loses more than PCT % of what the
        reference feels; --max-level-offset when it plays more than DB weaker or stronger.
        """
    static let positionals = [PositionalSpec(name: "pattern", help: "Pattern files or folders, and device names or files.", repeating: true)]
    static var options: [OptionSpec] {
        [
            OptionSpec(name: "--list", valueName: nil, help: "Print every catalogue device, each value with its basis and reference (--json: the files).",
                       standalone: true),
            OptionSpec(name: "--reference", valueName: "NAME|FILE", help: "The device the others are judged against (default iphone)."),
            OptionSpec(name: "--rate", valueName: "HZ", help: "Render rate, 8000-192000 (default 48000)."),
            OptionSpec(name: "--json", valueName: nil, help: "Print the results as one JSON document."),
            OptionSpec(name: "--report", valueName: "FILE", help: "Write an HTML page: the summary, then a row per device with its lanes, waveform and render."),
            OptionSpec(name: "--max-loss", valueName: "PCT|NAME=PCT",
                       help: "Fail (exit 1) when a device loses more than PCT % of what the reference feels; NAME=PCT for one device. Repeatable."),
            OptionSpec(name: "--max-level-offset", valueName: "DB",
                       help: "Fail (exit 1) when a device plays more than DB weaker or stronger than the reference."),
            OptionSpec(name: "--junit", valueName: "FILE", help: "Write a JUnit XML report: a test case per pattern and device."),
            PatternInput.patternSpec,
        ]
    }

    let list: Bool
    let patternPaths: [String]
    let devices: [String]
    let reference: String
    let rate: Int
    let asJSON: Bool
    let report: String?
    let gate: DeviceGate
    let junit: String?
    /// `--pattern`: only this pattern of the Kotlin files given.
    let patternName: String?

    init(_ arguments: ParsedArguments) throws(CLIError) {
        patternName = arguments.value("--pattern")
        list = arguments.has("--list")
        (patternPaths, devices) = try Self.sort(arguments.positionals)
        reference = arguments.value("--reference") ?? "iphone"
        if let text = arguments.value("--rate") {
            guard let value = Int(text), (8_000...192_000).contains(value) else { throw .usage("--rate needs a whole number in 8000-192000, got '\(text)'", command: Self.name) }
            rate = value
        } else {
            rate = 48_000
        }
        asJSON = arguments.has("--json")
        report = arguments.value("--report")
        junit = arguments.value("--junit")
        var gate = try Self.gate(arguments.values("--max-loss"))
        if let text = arguments.value("--max-level-offset") {
            guard let value = DecimalNumber.parse(text), value.isFinite, (0...60).contains(value) else {
                throw .usage("--max-level-offset needs a number of dB in 0-60, got '\(text)'", command: Self.name)
            }
            gate.maxLevelOffsetDb = value
        }
        self.gate = gate
    }

    /// Positionals that are catalogue names or device files (a JSON object with `provenance` and
    /// `platform`) choose devices; the others are patterns and folders. A bare word that names no
    /// file (no `/`, no extension) is a mistyped device: a usage error with the nearest name.
    static func sort(_ positionals: [String]) throws(CLIError) -> (patterns: [String], devices: [String]) {
        let names = Set(DeviceCatalogueFiles.files.map(\.name))
        var patterns: [String] = [], devices: [String] = []
        for word in positionals {
            if names.contains(word) || DeviceReport.isDeviceFile(word) {
                devices.append(word)
            } else if FilePaths.isFolder(word) == nil, !word.contains("/"), !word.contains(".") {
                throw .usage("\(DeviceProfileChoiceError(name: word)) (no file '\(word)' either)", command: name)
            } else {
                patterns.append(word)
            }
        }
        return (patterns, devices)
    }

    /// The patterns the arguments name: files as given, folders as `check` and `lint` read them
    /// (every `.json`, `.ahap`, `.haptic` and `.kt` below, hidden ones and other JSON passed over),
    /// each Kotlin pattern shown as `FILE.kt#NAME`; with `chosen`, only the Kotlin patterns of that name.
    static func patternFiles(_ inputs: [String], chosen: String?) throws(CLIError) -> [(path: String, pattern: String?, alongside: [String], shown: String)] {
        let suite: CheckSuite
        do {
            suite = try CheckSuite(patterns: inputs)
        } catch {
            throw CLIError(error)
        }
        var entries = suite.entries
        if let chosen {
            // Only the Kotlin files' patterns are chosen among; the other files all stay.
            entries = entries.filter { !$0.path.hasSuffix(".kt") || $0.pattern == chosen || $0.pattern == nil }
            guard !entries.isEmpty else {
                let names = suite.entries.compactMap(\.pattern)
                throw .usage("--pattern \(chosen): no Kotlin pattern of that name" + (names.isEmpty ? "" : "; the patterns are \(names.joined(separator: ", "))"), command: name)
            }
        }
        guard !entries.isEmpty else { throw .usage("no patterns found in \(inputs.joined(separator: ", "))", command: name) }
        return entries.map { entry in (entry.path, entry.pattern, entry.alongside, entry.pattern.map { "\(entry.path)#\($0)" } ?? entry.path) }
    }

    /// `--max-loss PCT` (every device) and `--max-loss NAME=PCT` (one), each 0–100.
    static func gate(_ values: [String]) throws(CLIError) -> DeviceGate {
        var gate = DeviceGate()
        for value in values {
            let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
            guard let percent = Double(parts.last ?? ""), percent.isFinite, (0...100).contains(percent), !(parts.count == 2 && parts[0].isEmpty) else {
                throw .usage("--max-loss takes PCT or NAME=PCT with PCT a number in 0-100, got '\(value)'", command: name)
            }
            if parts.count == 2 { gate.percentByDevice[parts[0]] = percent } else { gate.defaultPercent = percent }
        }
        return gate
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let catalogue: [DeviceProfile]
        do {
            catalogue = try DeviceProfile.catalogue()
        } catch {
            throw .invalidInput("\(error)")
        }
        if list {
            console.out(asJSON ? DeviceReport.catalogueJSON() : DeviceReport.catalogue(catalogue))
            return .success
        }
        guard !patternPaths.isEmpty else { throw .usage("missing <pattern>", command: Self.name) }
        let chosen = try devices.isEmpty ? catalogue : devices.map { name throws(CLIError) in try Self.device(name) }
        let referenceDevice = try Self.device(reference, option: "--reference")
        let judged = chosen.map(\.name).filter { $0 != referenceDevice.name }
        for name in gate.percentByDevice.keys.sorted() where !judged.contains(name) {
            throw .usage("--max-loss \(name)=…: '\(name)' is not judged here; the devices judged are \(judged.joined(separator: ", "))", command: Self.name)
        }
        let patternFiles = try Self.patternFiles(patternPaths, chosen: patternName)
        if report != nil, patternFiles.count > 1 { throw .usage("--report draws one pattern; give one pattern, or leave out --report", command: Self.name) }
        try PatternInput.guardOutputs([report, junit].compactMap { $0 }, inputs: patternFiles.map(\.path) + devices + [reference])
        // Both files are made first and put in place together once every pattern is judged.
        let reserved = try PatternInput.reserve([report.map { ($0, "HTML report") }, junit.map { ($0, "JUnit report") }].compactMap { $0 })
        var reportText: String?
        var texts: [String] = [], documents: [JSONOutput] = [], judgements: [DeviceGate.Judgement] = []
        var notJudged: [String] = []
        for (file, pattern, alongside, patternPath) in patternFiles {
            let loaded: LoadedPattern
            switch try PatternInput.loadCheckable(file, console: console, pattern: pattern, alongside: alongside, command: Self.name) {
            case .success(let value): loaded = value
            case .failure(let refused):
                // A pattern of a Kotlin file that needs a run: the file's others are judged.
                guard patternFiles.count > 1 else { throw CLIError.invalidInput("\(refused)") }
                console.note("hapsynth: note: \(patternPath) is not judged (\(refused.kind.rawValue)): \(refused.position): \(refused.message)")
                notJudged.append(patternPath)
                continue
            }
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
            if report != nil { reportText = DeviceReport.html(matrix, loaded: loaded, pattern: patternPath) }
            let judged = gate.judge(matrix, pattern: patternPath)
            judgements += judged
            texts.append(DeviceReport.text(matrix, pattern: patternPath))
            documents.append(DeviceReport.json(matrix, pattern: patternPath, judgements: gate.isEmpty ? nil : judged))
        }
        if texts.isEmpty {
            console.out("devices: no pattern judged: \(notJudged.joined(separator: ", ")) \(notJudged.count == 1 ? "is" : "are") known only when the app runs")
        }
        try Interruption.deferred { () throws(CLIError) in
            do throws(OutputError) {
                for text in reserved { try text.write(text.path == junit ? DeviceGate.junit(judgements) : reportText ?? "") }
                try ReservedText.commit(reserved)
            } catch {
                throw CLIError(error)
            }
        }
        let failing = judgements.filter(\.fails)
        if asJSON {
            console.out((documents.count == 1 ? documents[0] : .object([("patterns", .array(documents))])).pretty())
        } else {
            var text = texts.joined(separator: "\n\n")
            if !gate.isEmpty {
                text += "\n\nmax loss: " + (failing.isEmpty ? "every device within its limit" : "\(failing.count) over the limit")
                text += failing.map { "\n  FAIL " + $0.sentence }.joined()
            }
            console.out(text)
        }
        return failing.isEmpty ? .success : .failure
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
}
