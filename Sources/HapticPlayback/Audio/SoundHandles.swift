import AudioCore

/// The sound files the playing voices read, at most `maxOpen` open at once (a file with ten
/// thousand overlapping events would otherwise hold ten thousand descriptors): a voice whose
/// file was closed for another's opens it again where it was.
final class SoundHandles {
    /// Files held open at once.
    static let maxOpen = 64

    private let opener: any SoundOpener
    /// Open files by voice, the most recently used last.
    private var open: [(voice: Int, stream: any SoundStream)] = []
    /// NaN and infinite samples of files already closed, by voice.
    private(set) var silenced: [Int: Int] = [:]
    /// One interleaved block, shared by every voice's reads.
    var scratch = [Float](repeating: 0, count: 256 * 8)

    init(opener: any SoundOpener) { self.opener = opener }

    /// Voice `voice`'s file at `path`, positioned at `frame` when it had to be opened again.
    func stream(voice: Int, path: String, at frame: Int64) throws(SoundFileError) -> any SoundStream {
        if let index = open.firstIndex(where: { $0.voice == voice }) {
            let held = open.remove(at: index)
            open.append(held)
            return held.stream
        }
        if open.count >= Self.maxOpen { close(open[0].voice) }
        let stream = try opener.open(path, limits: .sounds)
        if frame > 0 { try stream.seek(toFrame: frame) }
        open.append((voice, stream))
        return stream
    }

    /// Closes voice `voice`'s file, keeping its count of silenced samples.
    func close(_ voice: Int) {
        guard let index = open.firstIndex(where: { $0.voice == voice }) else { return }
        silenced[voice, default: 0] += open[index].stream.silencedSampleCount
        open.remove(at: index)
    }

    /// Samples silenced so far in voice `voice`'s file, open or closed.
    func silencedCount(_ voice: Int) -> Int {
        silenced[voice, default: 0] + (open.first { $0.voice == voice }?.stream.silencedSampleCount ?? 0)
    }
}

/// A voice's file as a `FrameReader`: its first one or two channels as doubles, a pass at a time.
struct SoundFileFrames: FrameReader {
    let handles: SoundHandles
    let voice: Int
    let path: String
    let channelCount: Int
    /// Channels kept (the first two).
    let kept: Int
    /// Frames read in this pass.
    var position: Int64 = 0
    /// Why reading stopped early, once it did.
    var failure: SoundFileError?

    mutating func read(frames: Int, appendingTo channels: inout [[Double]]) -> Int {
        guard failure == nil else { return 0 }
        do {
            let stream = try handles.stream(voice: voice, path: path, at: position)
            let count = min(frames, handles.scratch.count / channelCount)
            let read = try handles.scratch.withUnsafeMutableBufferPointer { buffer throws(SoundFileError) in
                try stream.read(into: UnsafeMutableBufferPointer(rebasing: buffer[0..<(count * channelCount)]))
            }
            for channel in 0..<kept {
                for frame in 0..<read { channels[channel].append(Double(handles.scratch[frame * channelCount + channel])) }
            }
            position += Int64(read)
            return read
        } catch {
            failure = error
            return 0
        }
    }

    /// Starts the next pass of a loop from the file's first frame.
    mutating func restart() throws(SoundFileError) {
        position = 0
        try handles.stream(voice: voice, path: path, at: 0).seek(toFrame: 0)
    }
}
