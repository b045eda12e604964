import Dispatch
import Synchronization

/// How far long work has come, as a one-line bar (`rendering [######-------------------] 24%`):
/// nothing until the work has taken `delayMs`, then a line each time the whole percentage
/// changes. Any thread may move it; lines are drawn one at a time, in order.
public final class ProgressMeter: Sendable {
    /// The work's size (at least 1).
    public let total: Int64
    /// What the work is (`rendering`).
    public let label: String
    /// How long the work runs before a bar is worth showing, in milliseconds.
    public let delayMs: Int
    /// The clock, in nanoseconds (the uptime; a test steps its own).
    private let nowNanoseconds: @Sendable () -> UInt64
    private let startNanoseconds: UInt64
    /// Whether a line was drawn, and the percentage last drawn (-1: none yet).
    private let state = Mutex((shown: false, lastPercent: -1))

    /// The bar's width, in characters between the brackets (4 % a character).
    public static let barWidth = 25

    public init(total: Int64, label: String, delayMs: Int = 500, now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        (self.total, self.label, self.delayMs, nowNanoseconds) = (max(total, 1), label, delayMs, now)
        startNanoseconds = now()
    }

    /// Moves the bar to `done` of `total` (more counts as all): `draw` gets the new line, under the
    /// meter's lock, when there is one to show.
    public func update(_ done: Int64, draw: (String) -> Void) {
        guard nowNanoseconds() - startNanoseconds > UInt64(delayMs) * 1_000_000 else { return }
        let percent = Int(min(max(done, 0), total) * 100 / total)
        state.withLock { state in
            guard percent != state.lastPercent else { return }
            state = (true, percent)
            let filled = percent * Self.barWidth / 100
            draw("\(label) [\(String(repeating: "#", count: filled))\(String(repeating: "-", count: Self.barWidth - filled))] \(percent)%")
        }
    }

    /// Whether any line was drawn (so there is one to clear).
    public var isShown: Bool { state.withLock { $0.shown } }
}
