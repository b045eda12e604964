/// A Core Haptics error, as Foundation's errors behave: `catch CHHapticError.engineNotRunning`
/// matches, `(error as NSError).code` is the code and its domain is `CoreHapticsErrorDomain`.
/// `@unchecked`: it holds an `NSError`, which is not `Sendable` on Linux; it is never mutated.
public struct CHHapticError: _BridgedStoredNSError, @unchecked Sendable {
    public let _nsError: NSError

    public init(_nsError error: NSError) {
        precondition(error.domain == CoreHapticsErrorDomain)
        _nsError = error
    }

    public static var errorDomain: String { CoreHapticsErrorDomain }
    public static var _nsErrorDomain: String { CoreHapticsErrorDomain }

    /// The codes of CHHapticErrors.h.
    public enum Code: Int, _ErrorCodeProtocol, Sendable {
        public typealias _ErrorType = CHHapticError

        case engineNotRunning = -4805
        case operationNotPermitted = -4806
        case engineStartTimeout = -4808
        case notSupported = -4809
        case serverInitFailed = -4810
        case serverInterrupted = -4811
        case invalidPatternPlayer = -4812
        case invalidPatternData = -4813
        case invalidPatternDictionary = -4814
        case invalidAudioSession = -4815
        case invalidEngineParameter = -4816
        case invalidParameterType = -4820
        case invalidEventType = -4821
        case invalidEventTime = -4822
        case invalidEventDuration = -4823
        case invalidAudioResource = -4824
        case resourceNotAvailable = -4825
        case badEventEntry = -4830
        case badParameterEntry = -4831
        case invalidTime = -4840
        case fileNotFound = -4851
        case insufficientPower = -4897
        case unknownError = -4898
        case memoryError = -4899
    }

    public static var engineNotRunning: Code { .engineNotRunning }
    public static var operationNotPermitted: Code { .operationNotPermitted }
    public static var engineStartTimeout: Code { .engineStartTimeout }
    public static var notSupported: Code { .notSupported }
    public static var serverInitFailed: Code { .serverInitFailed }
    public static var serverInterrupted: Code { .serverInterrupted }
    public static var invalidPatternPlayer: Code { .invalidPatternPlayer }
    public static var invalidPatternData: Code { .invalidPatternData }
    public static var invalidPatternDictionary: Code { .invalidPatternDictionary }
    public static var invalidAudioSession: Code { .invalidAudioSession }
    public static var invalidEngineParameter: Code { .invalidEngineParameter }
    public static var invalidParameterType: Code { .invalidParameterType }
    public static var invalidEventType: Code { .invalidEventType }
    public static var invalidEventTime: Code { .invalidEventTime }
    public static var invalidEventDuration: Code { .invalidEventDuration }
    public static var invalidAudioResource: Code { .invalidAudioResource }
    public static var resourceNotAvailable: Code { .resourceNotAvailable }
    public static var badEventEntry: Code { .badEventEntry }
    public static var badParameterEntry: Code { .badParameterEntry }
    public static var invalidTime: Code { .invalidTime }
    public static var fileNotFound: Code { .fileNotFound }
    public static var insufficientPower: Code { .insufficientPower }
    public static var unknownError: Code { .unknownError }
    public static var memoryError: Code { .memoryError }
}

extension CHHapticError {
    /// An error of `code` saying why (`NSLocalizedDescriptionKey`).
    static func with(_ code: Code, _ reason: String) -> CHHapticError {
        CHHapticError(code, userInfo: [NSLocalizedDescriptionKey: reason])
    }
}

extension CHHapticError: CustomStringConvertible {
    /// `CHHapticError.engineNotRunning (-4805): the engine is not running`: the code by name and
    /// number, then what and where.
    public var description: String {
        "CHHapticError.\(Code(rawValue: _nsError.code).map { "\($0)" } ?? "code") (\(_nsError.code)): \(_nsError.localizedDescription)"
    }
}
