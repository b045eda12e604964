import AudioCore
import Foundation
import IPhoneEmulation

/// The audio resources registered with engines: each file read once into memory, with the
/// options it was registered with (docs/corehaptics.md, "Audio resources").
struct AudioResource {
    /// The engine it was registered with.
    let engine: ObjectIdentifier
    /// The file it was read from, for the log.
    let path: String
    let sound: SoundResource
    /// `CHHapticAudioResourceKeyLoopEnabled` (default false) and
    /// `CHHapticAudioResourceKeyUseVolumeEnvelope` (default true).
    let loops: Bool
    let usesVolumeEnvelope: Bool
}

enum AudioResources {
    /// The `EventWaveformPath` an event of resource `id` is given in the pattern it is part of: a
    /// name no file has, which the audio track finds among the registered resources.
    static func path(of id: CHHapticAudioResourceID) -> String { "CHHapticAudioResource-\(id)" }

    /// The resource a waveform path names, if it names one.
    static func id(ofPath path: String) -> CHHapticAudioResourceID? {
        guard path.hasPrefix("CHHapticAudioResource-") else { return nil }
        return Int(path.dropFirst("CHHapticAudioResource-".count))
    }

    /// Reads the file at `path` whole, under the limits every sound is read with.
    /// - Throws: `fileNotFound` when there is no file, `invalidAudioResource` when it cannot be read.
    static func read(_ path: String) throws -> SoundResource {
        switch SoundFiles.load(path) {
        case .success(let sound): return sound
        case .failure(.missing(let reason)): throw CHHapticError.with(.fileNotFound, reason)
        case .failure(.unreadable(let reason)): throw CHHapticError.with(.invalidAudioResource, reason)
        }
    }

    /// A Bool option, from the Swift or Foundation value it is given as.
    static func flag(_ options: [AnyHashable: Any], _ key: String, default value: Bool) -> Bool {
        let given = options[AnyHashable(key)] ?? options[AnyHashable(NSString(string: key))]
        if let flag = given as? Bool { return flag }
        if let number = given as? NSNumber { return number.boolValue }
        return value
    }
}
