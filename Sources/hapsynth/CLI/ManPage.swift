/// `hapsynth --generate-manual`: the hapsynth(1) man page in roff, made from the same text as
/// `--help` (every subcommand's overview, usage, discussion and options).
enum ManPage {
    static func roff() -> String {
        var lines = [
            ".TH HAPSYNTH 1 \"\" \"hapsynth \(RootCommand.version)\" \"User Commands\"",
            ".SH NAME",
            "hapsynth \\- play haptic patterns the way Core Haptics plays them, and hear them",
            ".SH SYNOPSIS",
            ".B hapsynth",
            ".I subcommand",
            "[\\fIarguments\\fR] [\\fIoptions\\fR]",
            ".SH DESCRIPTION",
            escape("Plays haptic patterns (pattern.json or AHAP) the way Apple's Core Haptics plays them on an iPhone, "
                + "and renders what the actuator would do as audio: to a file, live through ALSA, or against golden files."),
            ".SH SUBCOMMANDS",
        ]
        for command in RootCommand.commands {
            lines += [".SS \(command.name)", escape(command.abstract), ".PP", ".nf"]
            lines += command.usage(lead: "", width: 78).map(escape)
            lines += [".fi"]
            if !command.discussion.isEmpty { lines += [".PP", escape(command.discussion.split(separator: "\n").joined(separator: " "))] }
            for positional in command.positionals {
                lines += [".TP", "\\fI<\(positional.name)>\\fR", escape(positional.help)]
            }
            for option in command.options {
                let names = (option.short.map { escape($0) + ", " } ?? "") + escape(option.name)
                lines += [".TP", "\\fB\(names)\\fR" + escape(option.placeholder), escape(option.help + (option.isRequired ? " (required)" : ""))]
            }
        }
        lines += [
            ".SH OPTIONS",
            ".TP", "\\fB\\-h\\fR, \\fB\\-\\-help\\fR", "Show help information.",
            ".TP", "\\fB\\-\\-version\\fR", "Show the version.",
            ".TP", "\\fB\\-\\-generate\\-completion\\-script\\fR bash|zsh|fish", "Print a shell completion script.",
            ".TP", "\\fB\\-\\-generate\\-manual\\fR", "Print the hapsynth(1) man page (roff).",
            ".SH EXIT STATUS",
            "0 success, 1 a comparison or check failed, 64 usage error, 65 invalid input data, 66 input not found, "
                + "69 haptics or audio device unavailable, 73 cannot create output, 74 I/O error, 130 interrupted.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text safe in roff: backslashes doubled, dashes escaped, no line starting with a control character.
    private static func escape(_ text: String) -> String {
        let escaped = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
