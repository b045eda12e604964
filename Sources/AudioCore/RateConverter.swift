/// Where a `RateConverter` takes its source frames from, a block at a time.
public protocol FrameReader {
    /// Appends up to `frames` frames to each of `channels` (one array per channel); returns how
    /// many it appended (0 at the end).
    mutating func read(frames: Int, appendingTo channels: inout [[Double]]) -> Int
}

/// `Resampler`'s conversion as a stream: the output frames of a source of `sourceFrameCount`
/// frames, a block at a time, pulling source frames only as the kernel reaches them, so memory
/// holds the kernel's reach and one block whatever the length. The samples are exactly those
/// `Resampler.resample` gives for the whole source (the same sums in the same order).
public struct RateConverter {
    /// Output frames for the whole source: ⌈count·Rout/Rin⌉ (equal rates: count).
    public let outputFrameCount: Int64
    private let sourceFrameCount: Int64
    private let mode: Mode
    /// The source frames read and not yet passed by the kernel: frames `windowStart ..<
    /// windowStart + window[0].count`, one array per channel.
    private var window: [[Double]]
    private var windowStart: Int64 = 0
    private var exhausted = false
    /// The next output frame.
    private var next: Int64 = 0
    /// Source frames read at a time, and passed frames that are worth forgetting.
    private static let readFrames = 256

    private enum Mode {
        case copy
        /// An exact ratio of whole rates, the taps kept per phase of p.
        case exact(rateIn: Int64, rateOut: Int64, reach: Int, kernel: Resampler.Kernel)
        /// A rate that is not a whole number of hertz (varispeed), each tap computed.
        case varispeed(step: Double, cutoff: Double, width: Double, reach: Int)
    }

    /// A converter of `sourceFrameCount` frames of `channelCount` channels played at `sourceRate`
    /// (Hz, > 0; a whole number takes the exact rule) to `rateOut`. `kernels` shares the taps
    /// of one pair of rates between converters.
    public init(sourceFrameCount: Int64, channelCount: Int, sourceRate: Double, rateOut: Int, kernels: Resampler.Kernels = Resampler.Kernels()) {
        precondition(sourceRate > 0 && rateOut > 0, "rates must be positive")
        self.sourceFrameCount = max(0, sourceFrameCount)
        window = Array(repeating: [], count: max(1, channelCount))
        let count = self.sourceFrameCount
        if sourceRate == sourceRate.rounded(), sourceRate < 1e9 {
            let rateIn = Int64(sourceRate)
            if rateIn == Int64(rateOut) {
                mode = .copy
                outputFrameCount = count
            } else {
                let kernel = kernels.kernel(rateIn: Int(rateIn), rateOut: rateOut)
                mode = .exact(rateIn: rateIn, rateOut: Int64(rateOut), reach: kernel.reach, kernel: kernel)
                let (product, overflow) = count.multipliedReportingOverflow(by: Int64(rateOut))
                outputFrameCount = overflow ? Int64(min(9e18, (Double(count) * Double(rateOut) / Double(rateIn)).rounded(.up)))
                    : (product + rateIn - 1) / rateIn
            }
        } else {
            let step = sourceRate / Double(rateOut)
            let cutoff = min(1, Double(rateOut) / sourceRate), width = 16 / cutoff
            mode = .varispeed(step: step, cutoff: cutoff, width: width, reach: Int(width.rounded(.up)))
            outputFrameCount = count == 0 ? 0 : Int64(min(9e18, (Double(count) / step).rounded(.up)))
        }
    }

    /// Writes the next `frames` output frames of each channel to `output[channel][offset...]`
    /// (zeros past the end), reading the source from `reader` as far as the kernel reaches.
    public mutating func render<Reader: FrameReader>(frames: Int, into output: inout [[Double]], at offset: Int = 0, from reader: inout Reader) {
        for index in 0..<frames {
            let n = next + Int64(index)
            guard n < outputFrameCount else {
                for channel in window.indices { output[channel][offset + index] = 0 }
                continue
            }
            switch mode {
            case .copy:
                fill(through: n, reader: &reader)
                drop(below: n)
                for channel in window.indices { output[channel][offset + index] = sample(n, channel: channel) }
            case let .exact(rateIn, rateOut, reach, kernel):
                let position = n * rateIn
                let whole = position / rateOut, first = whole - Int64(reach)
                let taps = kernel.taps(phase: position % rateOut)
                fill(through: first + Int64(taps.count) - 1, reader: &reader)
                drop(below: first)
                let lowest = Int(max(0, -first)), highest = Int(min(Int64(taps.count), sourceFrameCount - first))
                for channel in window.indices {
                    var sum = 0.0
                    if lowest < highest {
                        let base = Int(first - windowStart)
                        window[channel].withUnsafeBufferPointer { source in
                            taps.withUnsafeBufferPointer { taps in
                                for tap in lowest..<highest { sum += (base + tap < source.count ? source[base + tap] : 0) * taps[tap] }
                            }
                        }
                    }
                    output[channel][offset + index] = sum
                }
            case let .varispeed(step, cutoff, width, reach):
                let position = Double(n) * step, whole = Int64(position.rounded(.down))
                let low = max(0, whole - Int64(reach)), high = min(sourceFrameCount - 1, whole + Int64(reach) + 1)
                fill(through: high, reader: &reader)
                drop(below: low)
                for channel in window.indices { output[channel][offset + index] = 0 }
                guard low <= high else { continue }
                for k in low...high {
                    let tap = Resampler.tap(position - Double(k), cutoff: cutoff, width: width)
                    for channel in window.indices { output[channel][offset + index] += sample(k, channel: channel) * tap }
                }
            }
        }
        next += Int64(frames)
    }

    /// Starts again from the first output frame (the reader must start again from the source's).
    public mutating func restart() {
        next = 0
        windowStart = 0
        exhausted = false
        for channel in window.indices { window[channel].removeAll(keepingCapacity: true) }
    }

    /// The source frame `k` of `channel`: 0 outside the source, or past what the reader held.
    private func sample(_ k: Int64, channel: Int) -> Double {
        let index = k - windowStart
        guard k >= 0, index >= 0, index < Int64(window[channel].count) else { return 0 }
        return window[channel][Int(index)]
    }

    /// Reads until source frame `last` is in the window (or the source ends).
    private mutating func fill<Reader: FrameReader>(through last: Int64, reader: inout Reader) {
        let wanted = min(last, sourceFrameCount - 1)
        while !exhausted, windowStart + Int64(window[0].count) <= wanted {
            let before = window[0].count
            let read = reader.read(frames: Int(min(Int64(Self.readFrames), sourceFrameCount - windowStart - Int64(before))), appendingTo: &window)
            if read <= 0 || window[0].count == before { exhausted = true }
        }
    }

    /// Forgets source frames before `first` once there are enough of them to be worth moving.
    private mutating func drop(below first: Int64) {
        let passed = Int(min(Int64(window[0].count), max(0, first - windowStart)))
        guard passed >= Self.readFrames else { return }
        for channel in window.indices { window[channel].removeFirst(passed) }
        windowStart += Int64(passed)
    }
}
