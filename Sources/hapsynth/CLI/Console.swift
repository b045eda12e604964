#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Where a command writes: results to stdout, `hapsynth: warning: …` and `hapsynth: error: …` to
/// stderr (docs/command-line.md). Tests read both streams of the real binary.
struct Console {
    /// The error of the first failed write to stdout (0: none): results that could not be
    /// written make the command exit 74.
    static let stdoutError = Atomic<Int32>(0)

    /// Writes a result line (or block) to stdout.
    func out(_ text: String) {
        write(text + "\n", to: 1)
    }

    /// Writes `hapsynth: warning: <text>` to stderr.
    func warning(_ text: String) {
        write("hapsynth: warning: \(Self.shortened(text))\n", to: 2)
    }

    /// Writes `hapsynth: error: <text>` to stderr.
    func error(_ text: String) {
        write("hapsynth: error: \(Self.shortened(text))\n", to: 2)
    }

    /// The longest run of characters without a space that a message shows whole (a path).
    static let longestRun = 200

    /// `text` with each run of more than `longestRun` characters without a space (a path a file
    /// or a hostile input names) shown as its start, `…` and its end, with its length: a message
    /// stays readable whatever it quotes.
    static func shortened(_ text: String) -> String {
        guard text.count > longestRun else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false).map { run in
            guard run.count > longestRun else { return String(run) }
            return "\(run.prefix(120))…\(run.suffix(40)) (\(run.count) characters)"
        }.joined(separator: " ")
    }

    /// Writes text to stderr with no newline (progress bars).
    func raw(_ text: String) {
        write(text, to: 2)
    }

    /// Writes a line to stderr (long runs shortened, as in warnings).
    func note(_ text: String) {
        write(Self.shortened(text) + "\n", to: 2)
    }

    /// Writes all of `text` to a file descriptor (1 stdout, 2 stderr), unbuffered.
    private func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                if descriptor == 1 { _ = Console.stdoutError.compareExchange(expected: 0, desired: written < 0 ? errno : EIO, ordering: .sequentiallyConsistent) }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
