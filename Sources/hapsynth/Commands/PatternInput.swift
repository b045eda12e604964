import HapticCore

/// Loads the pattern a command was given and reports the reader's warnings on stderr.
enum PatternInput {
    /// Loads a pattern file; warnings are printed (unless `quiet`) and, with `strict`, fail the
    /// command (exit 65).
    static func load(_ path: String, console: Console, quiet: Bool = false, strict: Bool = false) throws(CLIError) -> PatternDocument {
        let document: PatternDocument
        do {
            document = try PatternReader.read(contentsOf: path)
        } catch {
            throw CLIError(error)
        }
        for warning in document.warnings { try warn(warning.description, console: console, quiet: quiet, strict: strict) }
        return document
    }

    /// Reports a warning; with `strict` it becomes an error (exit 65).
    static func warn(_ text: String, console: Console, quiet: Bool, strict: Bool) throws(CLIError) {
        if strict { throw .invalidInput("\(text) (--strict turns warnings into errors)") }
        if !quiet { console.warning(text) }
    }
}
