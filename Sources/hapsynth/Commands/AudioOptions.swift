import HapsynthKit

/// Where an AHAP file's sounds are looked for (`--audio-root`, repeatable, then the file's own
/// folder) and, for `render`, how late its audio plays (`--audio-offset-ms`); docs/audio.md.
enum AudioOptions {
    static let offset = Option.number("--audio-offset-ms", "MS", help: "Play the audio this much later than the haptics, -1000-1000 (default 0).", in: -1000...1000)
    static let root = Option("--audio-root", "DIR", help: "Look for an AHAP file's sounds here first (repeatable; then its folder).")

    /// The `--audio-root` folders, in the order given.
    static func roots(_ arguments: ParsedArguments) -> [String] { arguments.values(root) }

    static func track(_ arguments: ParsedArguments, patternPath: String) throws(CLIError) -> AudioTrackOptions {
        var options = AudioTrackOptions(besides: patternPath)
        options.roots = roots(arguments)
        options.offsetMs = try arguments.value(offset) ?? options.offsetMs
        return options
    }
}
