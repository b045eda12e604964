import HapticCore

/// Loads the pattern a command was given and reports the reader's warnings on stderr.
enum PatternInput {
    static func load(_ path: String, console: Console) throws(CLIError) -> PatternDocument {
        let document: PatternDocument
        do {
            document = try PatternReader.read(contentsOf: path)
        } catch {
            throw CLIError(error)
        }
        for warning in document.warnings { console.warning(warning.description) }
        return document
    }
}
