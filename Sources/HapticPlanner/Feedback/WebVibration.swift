#if canImport(Glibc)
import Glibc
#endif

/// `navigator.vibrate(…)` as Chromium takes it (docs/feedback.md, "The web"): every entry
/// converted as WebIDL converts an `unsigned long` (fractions dropped, taken modulo 2³², so -1 is
/// 4294967295), then sanitised as Blink's `vibration_controller.cc` does — the first 99 entries
/// kept, each at most 10 000 ms, a trailing pause dropped. A pattern left empty, or one 0 ms entry,
/// cancels: nothing plays. The browser refuses none of this; only text that is no list of numbers
/// is no call.
public struct WebVibration: Hashable, Sendable {
    /// The entries the page passes, in ms, as WebIDL converts them (on, off, on, …).
    public let requested: [UInt32]
    /// The entries Chromium plays, in ms: at most `maxEntries`, each at most `maxEntryMs`, ending on
    /// a vibration; empty when the call plays nothing.
    public let played: [UInt32]
    /// What the page wrote that the number conversion changed: (entry index from 0, text as written).
    public let converted: [(index: Int, text: String)]

    /// Blink's `kVibrationPatternLengthMax`.
    public static let maxEntries = 99
    /// Blink's `kVibrationDurationMsMax`, and the most Chromium's Android service plays at once.
    public static let maxEntryMs: UInt32 = 10_000
    /// The least Chromium's Android service (`VibrationManagerAndroid`) plays for one entry, in ms.
    public static let minAndroidVibrationMs: UInt32 = 1

    public static func == (a: WebVibration, b: WebVibration) -> Bool { a.requested == b.requested }
    public func hash(into hasher: inout Hasher) { hasher.combine(requested) }

    /// The call's text after `vibrate`: `(200)`, `(100,50,100)` or `([100,50,100])`, spaces
    /// removed; nil when it is not a list of numbers (`()` too: the browser needs an argument).
    public init?(arguments text: Substring) {
        guard text.hasPrefix("("), text.hasSuffix(")"), text.count >= 2 else { return nil }
        var inner = text.dropFirst().dropLast()
        if inner.hasPrefix("[") {
            guard inner.hasSuffix("]"), inner.count >= 2 else { return nil }
            inner = inner.dropFirst().dropLast()
            if inner.isEmpty { self.init(requested: [], converted: []); return }
        }
        var requested: [UInt32] = [], converted: [(Int, String)] = []
        for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Self.unsignedLong(part) else { return nil }
            if UInt32(exactly: Double(part) ?? -1) == nil { converted.append((requested.count, String(part))) }
            requested.append(value)
        }
        self.init(requested: requested, converted: converted)
    }

    init(requested: [UInt32], converted: [(index: Int, text: String)]) {
        self.requested = requested
        self.converted = converted
        var played = Array(requested.prefix(Self.maxEntries)).map { min($0, Self.maxEntryMs) }
        if played.count % 2 == 0, !played.isEmpty { played.removeLast() }
        self.played = played == [0] ? [] : played
    }

    /// A JavaScript number literal converted as WebIDL converts it to `unsigned long`: NaN and
    /// infinities 0, the fraction dropped, modulo 2³². Nil when the text is no number.
    static func unsignedLong(_ text: Substring) -> UInt32? {
        guard !text.isEmpty, text.allSatisfy({ "0123456789+-.eE".contains($0) }), let number = Double(text) else { return nil }
        guard number.isFinite else { return 0 }
        var wrapped = fmod(number.rounded(.towardZero), 4_294_967_296)
        if wrapped < 0 { wrapped += 4_294_967_296 }
        return UInt32(wrapped)
    }

    /// Entries over `maxEntryMs` that Chromium clamps: (index from 0, requested ms), among the kept ones.
    public var clamped: [(index: Int, ms: UInt32)] {
        requested.prefix(Self.maxEntries).enumerated().filter { $0.element > Self.maxEntryMs }.map { ($0.offset, $0.element) }
    }

    /// Entries past the 99th that Chromium drops.
    public var truncatedCount: Int { max(requested.count - Self.maxEntries, 0) }

    /// The trailing pause Chromium drops (ms), when the kept entries end on one.
    public var droppedPauseMs: UInt32? {
        let kept = requested.prefix(Self.maxEntries)
        return kept.count % 2 == 0 && !kept.isEmpty ? min(kept.last!, Self.maxEntryMs) : nil
    }

    /// What Chromium changed, each in a sentence (empty when it plays the call as written).
    public var changes: [String] {
        var sentences = converted.map { "entry \($0.index + 1) (\($0.text)) is \(requested[$0.index]) ms as navigator.vibrate converts it (WebIDL unsigned long)" }
        let clamped = clamped
        if !clamped.isEmpty {
            let list = clamped.prefix(5).map { "entry \($0.index + 1) (\($0.ms) ms)" }.joined(separator: ", ") + (clamped.count > 5 ? ", …" : "")
            sentences.append("Chromium clamps \(clamped.count == 1 ? "1 entry" : "\(clamped.count) entries") to \(Self.maxEntryMs) ms: \(list)")
        }
        if truncatedCount > 0 { sentences.append("Chromium keeps the first \(Self.maxEntries) of \(requested.count) entries") }
        if let pause = droppedPauseMs { sentences.append("Chromium drops the trailing pause (\(pause) ms)") }
        return sentences
    }

    /// The Android waveform's timings in ms (off, on, off, …, starting with 0 ms off): each
    /// vibration at least 1 ms as Chromium's Android service plays it, the extra taken from the
    /// pause after it, each next vibration starting when Blink's timer fires (its vibration plus
    /// pause after the last one started). Empty when nothing plays.
    public var androidTimingsMs: [Int64] {
        guard !played.isEmpty else { return [] }
        var timings: [Int64] = [0]
        var index = 0
        while index < played.count {
            let on = Int64(played[index]), pause = index + 1 < played.count ? Int64(played[index + 1]) : 0
            let played = max(on, Int64(Self.minAndroidVibrationMs))
            // A 0 ms vibration followed by no pause is cut short by the next one (it still starts).
            let extra = played - on
            timings.append(index + 1 < self.played.count ? min(played, on + pause) : played)
            if index + 1 < self.played.count { timings.append(max(pause - extra, 0)) }
            index += 2
        }
        return timings
    }
}
