import AudioCore
import AudioIO
import Foundation

/// The sound files an app's calls name (an engine's audio resource, a system sound, an audio
/// player's file), each read whole into memory under the limits every sound is read with.
package enum SoundFiles {
    /// Why a sound file cannot be played, in words that say where and what.
    package enum LoadFailure: Error {
        case missing(String), unreadable(String)
    }

    /// Reads the sound file at `path` whole, under the limits every sound is read with (a regular
    /// file of at most 64 MB, its header's figures checked before they size anything).
    package static func load(_ path: String) -> Result<SoundResource, LoadFailure> {
        guard FileManager.default.fileExists(atPath: path) else { return .failure(.missing("\(path): no such file")) }
        do {
            let reader = try SoundFileReader(path: path, limits: .sounds)
            return .success(SoundResource(format: reader.format, samples: reader.readAll()))
        } catch {
            return .failure(.unreadable("\(error)"))
        }
    }
}
