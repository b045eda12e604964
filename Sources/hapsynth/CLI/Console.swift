#if canImport(Glibc)
import Glibc
#endif
import HapsynthKit
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
        write("hapsynth: warning: \(MessageText.shortened(text))\n", to: 2)
    }

    /// Writes `hapsynth: error: <text>` to stderr.
    func error(_ text: String) {
        write("hapsynth: error: \(MessageText.shortened(text))\n", to: 2)
    }

    /// Writes text to stderr with no newline (progress bars).
    func raw(_ text: String) {
        write(text, to: 2)
    }

    /// Writes a line to stderr (long runs shortened, as in warnings: `MessageText`).
    func note(_ text: String) {
        write(MessageText.shortened(text) + "\n", to: 2)
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
