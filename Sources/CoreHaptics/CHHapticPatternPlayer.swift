/// Plays one pattern: start and stop at engine times, dynamic parameters, cancel and mute.
public protocol CHHapticPatternPlayer: NSObjectProtocol {
    func start(atTime time: TimeInterval) throws
    func stop(atTime time: TimeInterval) throws
    func sendParameters(_ parameters: [CHHapticDynamicParameter], atTime time: TimeInterval) throws
    func scheduleParameterCurve(_ parameterCurve: CHHapticParameterCurve, atTime time: TimeInterval) throws
    func cancel() throws
    var isMuted: Bool { get set }
}

/// A player that also pauses, resumes, seeks, loops, changes rate and says when it completes.
public protocol CHHapticAdvancedPatternPlayer: CHHapticPatternPlayer {
    func pause(atTime time: TimeInterval) throws
    func resume(atTime time: TimeInterval) throws
    func seek(toOffset offsetTime: TimeInterval) throws
    var loopEnabled: Bool { get set }
    var loopEnd: TimeInterval { get set }
    var playbackRate: Float { get set }
    var isMuted: Bool { get set }
    var completionHandler: CHHapticAdvancedPatternPlayerCompletionHandler { get set }
}
