/// Messages as a person reads them, whatever they quote: a path or a hostile input's text of any
/// length stays readable.
public enum MessageText {
    /// The longest run of characters without a space that a message shows whole (a path).
    public static let longestRun = 200

    /// `text` with each run of more than `longestRun` characters without a space shown as its
    /// first 120 characters, `…`, its last 40 and its length.
    public static func shortened(_ text: String) -> String {
        guard text.count > longestRun else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false).map { run in
            guard run.count > longestRun else { return String(run) }
            return "\(run.prefix(120))…\(run.suffix(40)) (\(run.count) characters)"
        }.joined(separator: " ")
    }
}
