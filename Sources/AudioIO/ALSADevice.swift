import AudioCore
import CALSA
import Dispatch
import Glibc

/// Why an ALSA device failed, with ALSA's own reason (`snd_strerror`).
public struct ALSAError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kinds of failure a user can act on.
    public enum Kind: String, Sendable {
        case deviceMissing, deviceBusy, permission, unsupportedFormat, other
    }

    public let kind: Kind
    /// The device name as given (`default`, `null`, `file:FILE=…`).
    public let device: String
    /// What hapsynth was doing.
    public let action: String
    /// ALSA's reason.
    public let reason: String

    init(device: String, action: String, code: Int32) {
        self.device = device
        self.action = action
        reason = String(cString: snd_strerror(code))
        switch -code {
        case ENOENT, ENODEV, ENXIO: kind = .deviceMissing
        case EBUSY, EAGAIN: kind = .deviceBusy
        case EACCES, EPERM: kind = .permission
        case EINVAL where action.contains("configure"): kind = .unsupportedFormat
        default: kind = .other
        }
    }

    /// Whether the device could not be opened or configured at all (exit 69) rather than failing
    /// while playing (exit 74).
    public var isUnavailable: Bool { action.hasPrefix("cannot open") || action.hasPrefix("cannot configure") }

    public var description: String { "\(action) ALSA device '\(device)': \(reason)" }
}

/// A mono playback stream on an ALSA device: opened for one playback, written in blocks paced to
/// the monotonic clock as well as to the device, closed after it (docs/files-and-limits.md). Every libasound
/// call of hapsynth is in this file.
public final class ALSAOutput: AudioOutput, ClosableOutput {
    public let format: AudioFormat
    public let device: String
    /// Requested latency of the device buffer, in microseconds.
    public static let latencyMicroseconds: UInt32 = 20_000
    /// Frames per period and in the whole buffer, as the device granted them.
    public let periodFrames: Int
    public let bufferFrames: Int
    /// Whether the device took 32-bit float samples (else 16-bit PCM).
    public let usesFloat: Bool
    /// Underruns recovered with `snd_pcm_recover`.
    public private(set) var recoveredUnderruns = 0

    private var pcm: OpaquePointer?
    private var framesWritten: Int64 = 0
    private var startNanoseconds: UInt64?
    private var pcm16: [Int16] = []

    /// Opens and configures `device` for playback at `sampleRate`: mono, or interleaved stereo
    /// with `channelCount` 2 (an AHAP file's mix).
    /// - Throws: `ALSAError` (device missing, busy, permission, unsupported format, other).
    public init(device: String, sampleRate: Int, channelCount: Int = 1) throws(ALSAError) {
        hapsynth_alsa_silence()
        _ = hapsynth_alsa_take_reported_errno()  // what an earlier device reported is not this one's
        self.device = device
        format = AudioFormat(sampleRate: sampleRate, channelCount: channelCount)
        var handle: OpaquePointer?
        let opened = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
        guard opened >= 0, let handle else { throw ALSAError(device: device, action: "cannot open", code: opened) }
        var useFloat = true
        var status = snd_pcm_set_params(
            handle, SND_PCM_FORMAT_FLOAT_LE, SND_PCM_ACCESS_RW_INTERLEAVED, UInt32(channelCount), UInt32(sampleRate), 1,
            ALSAOutput.latencyMicroseconds)
        if status < 0 {
            useFloat = false
            status = snd_pcm_set_params(
                handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, UInt32(channelCount), UInt32(sampleRate), 1,
                ALSAOutput.latencyMicroseconds)
        }
        guard status >= 0 else {
            snd_pcm_close(handle)
            throw ALSAError(device: device, action: "cannot configure", code: status)
        }
        var buffer: snd_pcm_uframes_t = 0, period: snd_pcm_uframes_t = 0
        snd_pcm_get_params(handle, &buffer, &period)
        pcm = handle
        usesFloat = useFloat
        bufferFrames = Int(buffer)
        periodFrames = Int(max(period, 1))
    }

    /// How far ahead of the monotonic clock writes may run: the device buffer.
    private var aheadNanoseconds: UInt64 { UInt64(bufferFrames) * 1_000_000_000 / UInt64(format.sampleRate) }

    public func write(_ samples: UnsafeBufferPointer<Float>) throws {
        guard let pcm, !samples.isEmpty else { return }
        pace(untilFrame: framesWritten)
        let channels = format.channelCount, frames = samples.count / channels
        if usesFloat {
            try writeFrames(pcm, samples.baseAddress!, count: frames, bytesPerFrame: 4 * channels)
        } else {
            if pcm16.count < samples.count { pcm16 = [Int16](repeating: 0, count: samples.count) }
            for index in 0..<samples.count { pcm16[index] = Int16((min(max(samples[index], -1), 1) * 32767).rounded()) }
            try pcm16.withUnsafeBufferPointer { try writeFrames(pcm, $0.baseAddress!, count: frames, bytesPerFrame: 2 * channels) }
        }
        framesWritten += Int64(frames)
    }

    /// Sleeps until writing `frame` would be no more than the device buffer ahead of real time, so
    /// devices that take audio instantly still play in real time.
    private func pace(untilFrame frame: Int64) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard let start = startNanoseconds else {
            startNanoseconds = now
            return
        }
        let due = start + UInt64(frame) * 1_000_000_000 / UInt64(format.sampleRate)
        if due > now + aheadNanoseconds {
            let wait = due - now - aheadNanoseconds
            var request = timespec(tv_sec: Int(wait / 1_000_000_000), tv_nsec: Int(wait % 1_000_000_000))
            var remaining = timespec()
            while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
        }
    }

    private func writeFrames(_ pcm: OpaquePointer, _ base: UnsafeRawPointer, count: Int, bytesPerFrame: Int) throws {
        var offset = 0
        while offset < count {
            let written = snd_pcm_writei(pcm, base + offset * bytesPerFrame, snd_pcm_uframes_t(count - offset))
            // A plugin may take the frames and only tell the error handler that it failed to pass
            // them on (ALSA's file plugin writing into a full disk).
            try throwReportedError()
            if written >= 0 {
                offset += Int(written)
                continue
            }
            let recovered = snd_pcm_recover(pcm, Int32(written), 1)
            guard recovered >= 0 else { throw ALSAError(device: device, action: "cannot write to", code: Int32(written)) }
            recoveredUnderruns += 1
        }
    }

    /// Plays what is buffered, then closes the device.
    public func finish() throws {
        guard let pcm else { return }
        self.pcm = nil
        let drained = snd_pcm_drain(pcm)
        // A plugin that fails while draining may only say so to the error handler (ALSA's file
        // plugin writing what it buffered into a full disk).
        defer { snd_pcm_close(pcm) }
        if drained < 0 { throw ALSAError(device: device, action: "cannot drain", code: drained) }
        try throwReportedError()
    }

    /// The system error libasound's error handler was told of since the last look, as a write
    /// error of this device (some plugins report a failed write only there).
    private func throwReportedError() throws(ALSAError) {
        let reported = hapsynth_alsa_take_reported_errno()
        if reported > 0 { throw ALSAError(device: device, action: "cannot write to", code: -reported) }
    }

    /// Drops what is buffered and closes the device at once.
    public func close() {
        guard let pcm else { return }
        self.pcm = nil
        snd_pcm_drop(pcm)
        snd_pcm_close(pcm)
    }

    deinit { close() }
}
