#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// A one-line progress bar on stderr, shown only when stderr is a terminal and the work has taken
/// more than half a second; cleared when done. Any thread may move it.
final class ProgressBar: Sendable {
    private let console: Console
    private let total: Int64
    private let enabled: Bool
    private let startNanoseconds = DispatchTime.now().uptimeNanoseconds
    /// Whether the bar is on screen, and the percentage it shows (-1: none yet).
    private let state = Mutex((shown: false, lastPercent: -1))
    /// What the work is (`rendering`).
    private let label: String

    /// - Parameters:
    ///   - total: the work's size, asked only when the bar is shown.
    ///   - enabled: false never shows the bar.
    init(total: () -> Int64, console: Console, enabled: Bool = true, label: String = "rendering") {
        self.console = console
        self.label = label
        self.enabled = enabled && isatty(2) == 1
        self.total = enabled ? max(total(), 1) : 1
    }

    func update(_ done: Int64) {
        guard enabled, DispatchTime.now().uptimeNanoseconds - startNanoseconds > 500_000_000 else { return }
        let percent = Int(min(done, total) * 100 / total)
        state.withLock { state in
            guard percent != state.lastPercent else { return }
            state = (true, percent)
            let filled = percent / 4
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 25 - filled)
            console.raw("\r\(label) [\(bar)] \(percent)%")
        }
    }

    func clear() {
        guard state.withLock({ $0.shown }) else { return }
        console.raw("\r\u{1B}[2K")
    }
}
