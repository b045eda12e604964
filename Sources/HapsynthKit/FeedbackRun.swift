import AudioIO
import HapticCheck
import HapticCore
import HapticPlanner
import HapticSynth

/// `hapsynth feedback` (docs/feedback.md): system feedback calls on catalogue devices — every
/// call's chain with its sources (`list`), or the calls × devices matrix with its verdicts.
public struct FeedbackRun {
    /// The calls named (every listed call when none is).
    public let calls: [FeedbackCall]
    /// The devices named (the whole catalogue when none is), catalogue names or device files.
    public let devices: [String]
    public var sampleRate = 48_000
    /// Where the HTML page goes, if anywhere.
    public var report: String?

    /// Sorts the words: catalogue names and device files are devices, the rest calls; a call
    /// naming no version plays `wrapperVersions`' version of its wrapper (without calls, every
    /// listed name that version has).
    /// - Throws: `DeviceRunError.load(.feedbackName)` for a word that is neither a device nor a
    ///   known call, with the nearest name.
    public init(_ words: [String], wrapperVersions: [FeedbackCall.Family: String] = [:]) throws(DeviceRunError) {
        var calls: [FeedbackCall] = [], devices: [String] = []
        for word in words {
            if DeviceRun.isDevice(word) {
                devices.append(word)
                continue
            }
            let call: FeedbackCall?
            do {
                call = try FeedbackCall.named(word)
            } catch {
                throw .load(.feedbackName(error))
            }
            guard let call else { throw .unknownDevice(DeviceProfileChoiceError(name: word), option: nil, noFile: true) }
            calls.append(call.pinned(to: wrapperVersions))
        }
        self.calls = calls.isEmpty ? FeedbackCall.listed.map { $0.pinned(to: wrapperVersions) }.filter { $0.releaseHasName } : calls
        self.devices = devices
    }

    /// Renders every call on every device and judges them; the page, when asked for, is written
    /// beside its final name (`commit` puts it in place).
    public func run() throws(DeviceRunError) -> (matrix: FeedbackMatrix, page: ReservedText?) {
        let chosen: [DeviceProfile]
        if devices.isEmpty {
            do {
                chosen = try DeviceProfile.catalogue()
            } catch {
                throw .device(error)
            }
        } else {
            chosen = try devices.map { name throws(DeviceRunError) in try DeviceRun.device(name) }
        }
        var page: ReservedText?
        if let report {
            do {
                try OutputGuard.refuse([report], inputs: devices)
                page = try ReservedText.reserving([(report, "HTML report")]).first
            } catch {
                throw .output(error)
            }
        }
        do {
            let matrix = try FeedbackMatrix(calls: calls, devices: chosen, sampleRate: sampleRate)
            if let page { try page.write(FeedbackReport.html(matrix)) }
            return (matrix, page)
        } catch let error as ProfileError {
            throw .profile(error, sampleRate: sampleRate)
        } catch let error as OutputError {
            throw .output(error)
        } catch {
            throw .render("\(error)")
        }
    }
}
