import HapsynthKit

/// Where an AHAP file's sounds are looked for (`--audio-root`, repeatable, then the file's own
/// folder) and, for `render`, how late its audio plays (`--audio-offset-ms`); docs/audio.md.
enum AudioOptions {
    static let offsetSpec = OptionSpec(name: "--audio-offset-ms", valueName: "MS", help: "Play the audio this much later than the haptics, -1000-1000 (default 0).")
    static let rootSpec = OptionSpec(name: "--audio-root", valueName: "DIR", help: "Look for an AHAP file's sounds here first (repeatable; then its folder).")

    /// The `--audio-root` folders, in the order given.
    static func roots(_ arguments: ParsedArguments) -> [String] { arguments.allValues["--audio-root"] ?? [] }

    static func track(_ arguments: ParsedArguments, patternPath: String, command: String) throws(CLIError) -> AudioTrackOptions {
        var options = AudioTrackOptions(besides: patternPath)
        options.roots = roots(arguments)
        if let text = arguments.value("--audio-offset-ms") {
            guard let value = DecimalNumber.parse(text), (-1000...1000).contains(value) else {
                throw .usage("--audio-offset-ms needs a number in -1000-1000, got '\(text)'", command: command)
            }
            options.offsetMs = value
        }
        return options
    }
}
