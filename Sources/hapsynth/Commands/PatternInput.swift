#if canImport(Glibc)
import Glibc
#endif
import HapsynthKit

/// Loads the input a command was given through the library's one loader, and reports its warnings
/// on stderr.
enum PatternInput {
    /// Loads a pattern.json or AHAP file and plans it for `capabilities`; warnings are printed
    /// grouped by kind (unless `quiet`) and, with `strict`, fail the command (exit 65).
    static func load(
        _ path: String, console: Console, capabilities: DeviceCapabilities = .iPhone, quiet: Bool = false, strict: Bool = false
    ) throws(CLIError) -> LoadedPattern {
        let loaded: LoadedPattern
        do {
            loaded = try PatternLoader.load(path, capabilities: capabilities)
        } catch {
            throw CLIError(error)
        }
        if strict, let first = loaded.warnings.first { throw strictFailure(first.description) }
        if !quiet { loaded.groupedWarnings.forEach { console.warning($0.line) } }
        return loaded
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

    /// Refuses an output that is one of the inputs (the pattern or a file it includes), which a
    /// render would otherwise replace.
    static func refuseOverwritingInputs(_ output: String, inputs: [String]) throws(CLIError) {
        var target = stat()
        guard output != "-", stat(output, &target) == 0, (target.st_mode & S_IFMT) == S_IFREG else { return }
        for input in inputs {
            var source = stat()
            if stat(input, &source) == 0, source.st_dev == target.st_dev, source.st_ino == target.st_ino {
                throw .cannotCreate("refusing to write \(output): it is the input \(input)")
            }
        }
    }
}
