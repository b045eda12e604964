#if canImport(Glibc)
import Glibc
#endif
import HapsynthKit

/// The pattern a command reads — its first argument and, in a Kotlin file, `--pattern NAME` —
/// and the files its options name, which no output may replace; loaded through the library's one
/// loader, its warnings reported on stderr.
struct PatternInput {
    /// `--pattern NAME`: which pattern of a Kotlin file (docs/kotlin.md).
    static let pattern = Option("--pattern", "NAME", help: "In a Kotlin file, the pattern declared as NAME (not needed when it declares one).")

    /// The file, as given.
    let path: String
    /// `--pattern`: the Kotlin file's pattern.
    let name: String?
    /// The files its options name (a profile, device files, a config).
    let optionFiles: [String]
    /// The command, which usage errors name.
    private let command: String

    init(_ arguments: ParsedArguments) throws(CLIError) {
        (path, name, optionFiles) = (arguments.positionals.first ?? "", try arguments.value(Self.pattern), Self.optionFiles(arguments))
        command = arguments.commandName
    }

    /// The files no output may replace: the pattern, the files it includes and those options name.
    func inputs(of loaded: LoadedPattern) -> [String] { loaded.files + optionFiles }

    /// Refuses an output that is the pattern, a file it includes or a file an option names.
    func guardOutputs(_ outputs: [String], loaded: LoadedPattern) throws(CLIError) {
        try Self.guardOutputs(outputs, inputs: inputs(of: loaded))
    }

    /// Loads the pattern.json, AHAP, .haptic or Kotlin file (its pattern `name`) and plans it for
    /// `capabilities`; warnings are printed grouped by kind (unless `quiet`) and, with `strict`,
    /// fail the command (exit 65). A Kotlin file with several patterns and no `--pattern`, or an
    /// unknown name, is a usage error (64) that lists them.
    func load(console: Console, capabilities: DeviceCapabilities = .iPhone, quiet: Bool = false, strict: Bool = false) throws(CLIError) -> LoadedPattern {
        let loaded = try worded(command) { try PatternLoader.load(path, capabilities: capabilities, pattern: name) }
        if strict, let first = loaded.warnings.first { throw Self.strictFailure(first.description) }
        if !quiet { Self.reportWarnings(loaded, path: path, console: console) }
        return loaded
    }

    /// Each warning names its file, so a loop over files can tell which one warned.
    static func reportWarnings(_ loaded: LoadedPattern, path: String, console: Console) {
        loaded.groupedWarnings.forEach { console.warning($0.line.contains(path) ? $0.line : "\(path): \($0.line)") }
    }

    /// A warning made an error by `--strict` (exit 65).
    static func strictFailure(_ text: String) -> CLIError {
        .invalidInput("\(text) (--strict turns warnings into errors)")
    }

    /// Reports a warning; with `strict` it becomes an error (exit 65).
    static func warn(_ text: String, console: Console, quiet: Bool, strict: Bool) throws(CLIError) {
        if strict { throw strictFailure(text) }
        if !quiet { console.warning(text) }
    }

    /// Refuses an output that is one of the inputs (the pattern, a file it includes, a sound, a
    /// profile), which writing it would replace, or that another output names too (exit 73).
    static func guardOutputs(_ outputs: [String], inputs: [String]) throws(CLIError) {
        try worded { try OutputGuard.refuse(outputs, inputs: inputs) }
    }

    /// Writes a command's text output (`-`: standard output), whole or not at all; a signal waits
    /// until it is in place (exit 73 when it cannot be written). With `settles`, the output is the
    /// command's result: a signal after it exits 0.
    static func write(_ text: String, to path: String, what: String, settles: Bool = true) throws(CLIError) {
        try Interruption.process.committing(settles: settles) { () throws(OutputError) in try TextOutput.write(pieces: { $0(text) }, to: path, what: what) }
    }

    /// The files that input options name (`--profile`, `--device-profile`, `--android-device`,
    /// `--config`, `--reference`), when they are files.
    static func optionFiles(_ arguments: ParsedArguments) -> [String] {
        [ProfileOptions.profile, DeviceOptions.profile, DeviceOptions.androidDevice, LintCommand.config, DevicesCommand.reference].flatMap(arguments.values)
    }
}
