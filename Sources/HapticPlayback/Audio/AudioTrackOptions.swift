import AudioCore
import HapticCore

/// Where an AHAP file's sounds are looked for, how they are read, and where its audio track sits
/// (docs/audio.md).
public struct AudioTrackOptions: Sendable {
    /// Folders a relative `EventWaveformPath` is tried against first, in order, and the only
    /// folders an absolute one may lie in (`--audio-root`).
    public var roots: [String] = []
    /// The AHAP file's folder, tried last.
    public var fileFolder = "."
    /// How much later the audio plays than the haptics, in ms (a device's audio latency).
    public var offsetMs = 0.0
    /// What opens sound files (HapsynthKit gives libsndfile's reader); nil: sounds are not read,
    /// and each AudioCustom event says so.
    public var opener: (any SoundOpener)?
    /// Sounds held in memory by name (audio resources registered with a Core Haptics engine): an
    /// `EventWaveformPath` that names one plays it, wherever files are.
    public var resources: [String: SoundResource] = [:]

    public init() {}

    /// The options of the AHAP file at `path`: its folder (the current one for standard input, `-`).
    public init(besides path: String) {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        fileFolder = path == "-" || !path.contains("/") ? "." : (folder.isEmpty ? "/" : folder)
    }
}

/// Something the audio track could not do as the file asks; the event is silent or simplified.
public struct AudioTrackWarning: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// No folder holds the file.
        case notFound(named: String, folders: [String])
        /// The path may not be read (docs/audio.md, "Where sounds are found").
        case refused(named: String, SoundPaths.Refusal)
        /// The file cannot be read, with the reader's reason.
        case unreadable(path: String, reason: String)
        /// No sound reader was given.
        case noReader(named: String)
        /// A file of more than two channels: the first two play.
        case channels(path: String, count: Int)
        /// A looped sound without EventDuration plays once.
        case loopWithoutDuration
        /// Samples that were NaN or infinite, read as 0.
        case silenced(path: String, count: Int)
    }

    /// `$.Pattern[4]`.
    public let entry: JSONPath
    public let kind: Kind

    public init(entry: JSONPath, kind: Kind) {
        self.entry = entry
        self.kind = kind
    }

    /// The warning without its place.
    public var message: String {
        switch kind {
        case let .notFound(named, folders):
            return "audio file not found: \(Self.escaped(named))" + (folders.isEmpty ? "" : " (looked in: \(folders.joined(separator: ", ")))")
        case let .refused(named, refusal):
            return "audio file \(Self.escaped(named)) not read: \(refusal.reason)"
        case let .unreadable(path, reason): return "cannot read audio file \(path): \(reason)"
        case .noReader(let named): return "audio file \(Self.escaped(named)) not read: no sound reader was given"
        case let .channels(path, count): return "\(path) has \(count) channels; the first two are played"
        case .loopWithoutDuration: return "a looped sound without EventDuration plays once"
        case let .silenced(path, count):
            return "\(count) sample\(count == 1 ? "" : "s") of \(path) were NaN or infinite and played as silence"
        }
    }

    public var description: String { "\(entry): \(message)" }

    /// Control characters shown as `\u0000`, so a NUL in a path is seen.
    package static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { $0.value < 0x20 ? "\\u" + String(repeating: "0", count: 4 - String($0.value, radix: 16).count) + String($0.value, radix: 16) : String($0) }
            .joined()
    }
}
