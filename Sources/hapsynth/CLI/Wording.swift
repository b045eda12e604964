import HapsynthKit

/// The library's typed errors and warnings in the command line's words: exit codes, and the flags
/// that are the way out. Written here once; the library itself never names a flag.
enum Wording {
    /// A render-length refusal, with the flag that allows long renders.
    static func text(_ error: RenderLengthError) -> String {
        if case .overADay = error { return error.reason + "; use --allow-long to render it" }
        return error.reason
    }

    /// A render warning, with the flags that fix it.
    static func text(_ warning: RenderWarning) -> String {
        switch warning {
        case .coarseTransients: return warning.fact + "; raise --rate or lower --max-frequency"
        case .clamped: return warning.description
        }
    }

    /// An audio track's warning, with the flag that lets a sound outside the file's folder be read.
    static func text(_ warning: AudioTrackWarning) -> String {
        guard case .refused(_, let refusal) = warning.kind, refusal != .nul else { return warning.description }
        return warning.description + " (--audio-root DIR reads sounds inside DIR)"
    }

    /// Any library error as a message: the typed ones the command line words itself, the rest as
    /// the library says them.
    static func text(_ error: any Error) -> String {
        switch error {
        case let error as RenderLengthError: return text(error)
        case FileRenderError.length(let length): return text(length)
        case FileRenderError.output(let output): return text(output)
        default: return "\(error)"
        }
    }

    private static func text(_ error: OutputError) -> String {
        if case .cannotStreamWAV(let path) = error {
            return "cannot stream WAV to \(path == "-" ? "standard output" : path): libsndfile must seek to finish a WAV header, "
                + "which a pipe cannot; use --format flac (or write to a file)"
        }
        return "\(error)"
    }
}

extension CLIError {
    /// A file that cannot be loaded: a missing named file is exit 66, anything else 65.
    /// Which pattern of a Kotlin file is meant not said is a usage error (64) of `command`.
    init(_ error: LoadError, command: String? = nil) {
        switch error {
        case .vibration(.choice(let file, nil, let names)):
            self = .usage("\(file) holds \(names.count) effects (\(names.joined(separator: ", "))); choose one with --pattern NAME", command: command)
        case .kotlin(.choice), .feedbackName, .vibration(.choice): self = .usage("\(error)", command: command)
        default: self = error.isMissingInput ? .missingInput("\(error)") : .invalidInput("\(error)")
        }
    }

    /// A file render that did not complete: a refused length is exit 65 (after `PATTERN: ` when
    /// `pattern` is given), an output that cannot be made 73, a failure midway 74, a stop 130.
    init(_ error: FileRenderError, pattern: String?) {
        switch error {
        case .length(let length): self = .invalidInput((pattern.map { "\($0): " } ?? "") + Wording.text(length))
        case .output(.stopped): self = .interrupted
        case .output(.failed): self = .ioError(Wording.text(error))
        case .output: self = .cannotCreate(Wording.text(error))
        }
    }

    /// A text output that could not be written.
    init(_ error: OutputError) {
        switch error {
        case .failed(let text): self = .ioError(text)
        case .stopped: self = .interrupted
        default: self = .cannotCreate(Wording.text(error))
        }
    }

    /// A check that stopped.
    init(_ error: CheckError) {
        switch error {
        case .output(let output): self = CLIError(output)
        case .inputNotFound: self = .missingInput("\(error)")
        case .invalidConfig(let text): self = .invalidInput(text)
        case .cannotWrite(let text): self = .cannotCreate(text)
        case .writeFailed(let text): self = .ioError(text)
        case .interrupted: self = .interrupted
        case let .platformMismatch(goldens, recorded, asked):
            self = .usage("\(FilePaths.join(goldens, CheckSuiteConfig.fileName)) says \(goldens) holds \(recorded) goldens; "
                + "check --platform \(asked) against a goldens folder of its own (or re-record this one with --record all)", command: "check")
        case .cannotPrune:
            self = .usage("--prune needs folders: \(error)", command: "check")
        }
    }
}

extension CLIError {
    /// A from-audio run that could not start or stopped: exit 64 for names that give no sounds,
    /// 66 for a missing input, 65 for what cannot be read, 73 for what cannot be written.
    init(_ error: FromAudioBatchError) {
        let command = FromAudioCommand.name
        switch error {
        case .outputNotAFolder(let output): self = .usage("with several sounds, -o names a folder to write into, got '\(output)'", command: command)
        case .unknownFormat(let output):
            self = .usage("cannot tell what to write from '\(output)': name a .haptic, .ahap or .json file (or a folder, with --to)", command: command)
        case let .formatsDisagree(format, output): self = .usage("--to \(format.rawValue) and '\(output)' ask for different formats", command: command)
        case .settings(let error): self = error.isMissing ? .missingInput(error.description) : .invalidInput(error.description)
        case .reportNotAFolder(let report):
            self = .usage("with several sounds, --report names a folder (an index page and a page a sound), got '\(report)'", command: command)
        case .referenceNotAFolder(let reference):
            self = .usage("with several sounds, --reference names a folder of designers' clips, got '\(reference)'", command: command)
        case .missingSound: self = .missingInput(error.description)
        case .noSounds: self = .usage(error.description, command: command)
        // Two outputs of one name, as every command refuses them (docs/files-and-limits.md): 73, before anything is written.
        case .sameOutput, .cannotMakeFolder: self = .cannotCreate(error.description)
        case .unreadable(let failure): self = failure.isMissing ? .missingInput(failure.description) : .invalidInput(failure.description)
        case .notOneAHAPFile, .report: self = .invalidInput(error.description)
        case .reference(_, let load): self = CLIError(load)
        case let .referenceNotAClip(path, reason): self = .invalidInput("\(path): --reference cannot be read as a clip: \(reason)")
        case .output(let output): self = CLIError(output)
        case .interrupted: self = .interrupted
        }
    }
}

extension CLIError {
    /// A devices run that could not start or stopped.
    init(_ error: DeviceRunError, command: String = DevicesCommand.name) {
        switch error {
        case let .unknownDevice(choice, option, noFile):
            self = .usage((option.map { "--\($0): " } ?? "") + "\(choice)" + (noFile ? " (no file '\(choice.name)' either)" : ""), command: command)
        case .device(let file): self = file.isMissing ? .missingInput(file.description) : .invalidInput(file.description)
        case let .limitForDeviceNotJudged(name, judged):
            self = .usage("--max-loss \(name)=…: '\(name)' is not judged here; the devices judged are \(judged.joined(separator: ", "))", command: command)
        case .noPatterns(let inputs):
            self = .usage(inputs.isEmpty ? "missing <pattern>" : "no patterns found in \(inputs.joined(separator: ", "))", command: command)
        case let .noKotlinPattern(chosen, names):
            self = .usage("--pattern \(chosen): no Kotlin pattern of that name" + (names.isEmpty ? "" : "; the patterns are \(names.joined(separator: ", "))"), command: command)
        case .reportOfSeveralPatterns: self = .usage("--report draws one pattern; give one pattern, or leave out --report", command: command)
        case .check(let check): self = CLIError(check)
        case .load(let load): self = CLIError(load, command: command)
        case .notJudgeable(let refused): self = .invalidInput("\(refused)")
        case let .profile(profile, rate): self = .usage("\(profile) (at --rate \(rate))", command: command)
        case let .length(pattern, length): self = .invalidInput("\(pattern): \(length.reason)")  // devices has no --allow-long
        case .render(let text): self = .invalidInput(text)
        case .output(let output): self = CLIError(output)
        }
    }
}
