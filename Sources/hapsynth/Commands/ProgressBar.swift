#if canImport(Glibc)
import Glibc
#endif
import HapsynthKit

/// HapsynthKit's progress meter on stderr, only when stderr is a terminal; cleared when done.
struct ProgressBar: Sendable {
    private let meter: ProgressMeter?
    private let console: Console

    /// - Parameters:
    ///   - total: the work's size, asked only when the bar can be shown.
    ///   - enabled: false never shows the bar.
    init(total: () -> Int64, console: Console, enabled: Bool = true, label: String = "rendering") {
        self.console = console
        meter = enabled && isatty(2) == 1 ? ProgressMeter(total: total(), label: label) : nil
    }

    func update(_ done: Int64) { meter?.update(done) { console.raw("\r" + $0) } }

    func clear() { if meter?.isShown == true { console.raw("\r\u{1B}[2K") } }
}
