import Glibc

/// Help and usage text in swift-argument-parser's shape: `OVERVIEW:`, `USAGE:`, `ARGUMENTS:` and
/// `OPTIONS:` sections, usage wrapped to the terminal (80 columns when output is not one), labels
/// in a column of their own and help aligned beside them.
enum HelpText {
    /// Where help text starts in an option row.
    static let helpColumn = 26

    /// The terminal's width when standard output is one (40 at least), else 80.
    static var width: Int {
        var size = winsize()
        if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 40 { return Int(size.ws_col) }
        return 80
    }

    /// `words` after `lead`, as many to a line as fit in `width`; later lines are indented by
    /// `indent`. A word longer than a line stands alone on its line.
    static func wrap(_ words: [String], lead: String, indent: Int, width: Int) -> [String] {
        var lines: [String] = []
        var line = lead
        var lineHasWord = false
        for word in words {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent) + word
            } else {
                line += (lineHasWord ? " " : "") + word
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }

    /// An option, argument or command row: the label from column 2, the help from column 26
    /// (on the next line when the label reaches it), wrapped to `width`.
    static func row(_ label: String, _ help: String, width: Int) -> [String] {
        let helpWords = help.split(separator: " ").map(String.init)
        let labelText = "  " + label
        if labelText.count + 2 <= helpColumn {
            let lead = labelText + String(repeating: " ", count: helpColumn - labelText.count)
            return wrap(helpWords, lead: lead, indent: helpColumn, width: width)
        }
        return [labelText] + wrap(helpWords, lead: String(repeating: " ", count: helpColumn), indent: helpColumn, width: width)
    }
}
