import HapticCore
import HapticPlanner
@testable import HapticPlayback
import HapticPlaybackTesting

/// An executor on the scripted engine, with the virtual clock at 12 s.
struct Rig {
    let driver: ScriptedHapticDriver
    let executor: HapticExecutor

    init(supportsHaptics: Bool = true) {
        driver = ScriptedHapticDriver(supportsHaptics: supportsHaptics, clock: VirtualClock(nanoseconds: 12_000_000_000))
        executor = HapticExecutor(driver: driver, clock: driver.clock, callbackQueue: driver.callbacks)
    }

    var clock: VirtualClock { driver.clock }

    /// Delivers every queued native callback.
    func drain() { driver.callbacks.drain() }

    /// Completes every player of the driver (optionally only some), then drains.
    func completeAll(_ players: [ScriptedPlayer]? = nil) {
        (players ?? driver.players).forEach { $0.complete() }
        drain()
    }
}

/// Three players: [rising curve], [constant: transient 30 and continuous 50], [falling curve];
/// duration 150 ms.
func threePlayerPattern() throws -> Pattern {
    try Pattern(events: [
        try .continuous(startMs: 0, durationMs: 100, intensity: 0.6, intensityCurve: try Curve([(0, 0), (100, 1)])),
        try .transient(startMs: 30, intensity: 0.6, sharpness: 0.9),
        try .continuous(startMs: 25, durationMs: 100, intensity: 0.6, intensityCurve: try Curve([(0, 1), (100, 0)])),
        try .continuous(startMs: 50, durationMs: 100, intensity: 0.6, sharpness: 0.2),
    ])
}

/// One transient at 0 in a pattern of `durationMs`.
func transientPattern(durationMs: Int64 = 100) throws -> Pattern {
    try Pattern(events: [try .transient(startMs: 0)], durationMs: durationMs)
}

/// The text of an error, or of a HapticPlaybackError's primary and suppressed errors.
func texts(_ error: (any Error)?) -> [String] {
    guard let error else { return [] }
    if let combined = error as? HapticPlaybackError {
        return ["\(combined.primary)"] + combined.suppressed.map { "\($0)" }
    }
    return ["\(error)"]
}
