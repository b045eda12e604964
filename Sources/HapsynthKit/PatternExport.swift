import HapticCheck
import HapticCore
import HapticPlanner

/// A loaded file as another format's text (`hapsynth export`, docs/command-line.md): a `.haptic`
/// clip, one AHAP file, a pattern.json, or the arrays Android code plays, with what the
/// translation warns of.
public enum PatternExport {
    /// What to write.
    public enum Target: String, Sendable, CaseIterable {
        case haptic, ahap, json, androidJSON = "android-json", androidKotlin = "android-kotlin", vibrationEffect = "vibration-effect"

        /// What a file of the target is, in messages.
        public var what: String {
            switch self {
            case .haptic: return "clip"
            case .ahap: return "AHAP file"
            case .json: return "pattern"
            case .androidJSON, .androidKotlin: return "arrays"
            case .vibrationEffect: return "VibrationEffect text"
            }
        }
    }

    /// How the arrays for Android are made.
    public struct AndroidOptions: Sendable {
        /// The device a pattern or AHAP file is planned for.
        public var device = AndroidDevice.amplitudePhone
        /// Samples a second of a `.haptic` clip (1-1000), and the gain of its amplitude (0-1).
        public var sampleRateHz = HapticClip.defaultAndroidSampleRateHz
        public var gain: Float = 1
        /// The Kotlin property's name (nil: from the input's file name).
        public var name: String?

        public init() {}
    }

    /// The text and what the translation warns of.
    public struct Output: Sendable {
        public let text: String
        public let warnings: [String]
    }

    /// `loaded` (read from the file named `fileName`) as `target`'s text; `outputName` is the file
    /// name the AHAP file goes to (nil: standard output), which its warnings name.
    public static func text(
        _ loaded: LoadedPattern, as target: Target, fileName: String, outputName: String? = nil, android: AndroidOptions = AndroidOptions()
    ) throws(PatternExportError) -> Output {
        do {
            switch target {
            case .haptic:
                let export = try HapticClipExport.export(loaded, source: fileName)
                return Output(text: export.text, warnings: export.warnings)
            case .ahap:
                guard let one = AHAPExport.onePlayer(loaded.plan), let file = AHAPExport.files(for: one.plan).first else {
                    throw PatternExportError.severalPlayers(count: loaded.plan.players.count)
                }
                return Output(text: file + "\n", warnings: one.warnings + AHAPExport.warnings(for: one.plan, fileName: outputName ?? "the AHAP file"))
            case .json:
                guard let pattern = loaded.pattern else { throw PatternExportError.notAPattern }
                return Output(text: PatternJSONWriter.json(pattern, name: loaded.name), warnings: [])
            case .vibrationEffect:
                // The text Android prints at the device's API level for the effect its executor builds.
                let plan = loaded.androidPlan(on: android.device)
                return Output(text: try plan.vibrationEffect().text(apiLevel: android.device.apiLevel) + "\n", warnings: plan.approximations.map(\.text))
            case .androidJSON, .androidKotlin:
                let export = try AndroidArrays.export(loaded, device: android.device, sampleRateHz: android.sampleRateHz, gain: android.gain)
                let variable = android.name ?? AndroidArrays.variableName(FilePaths.deletingExtension(fileName))
                let text = target == .androidKotlin ? AndroidArrays.kotlin(export.waveform, name: variable) : AndroidArrays.json(export.waveform)
                return Output(text: text, warnings: export.warnings)
            }
        } catch let error as PatternExportError {
            throw error
        } catch {
            throw .cannotExport("\(error)")
        }
    }
}

/// Why a file could not be exported.
public enum PatternExportError: Error, Sendable {
    /// A Core Haptics plan whose players one AHAP file cannot hold together (more than one has
    /// controls of its own, or another's controls would reshape a continuous event).
    case severalPlayers(count: Int)
    /// pattern.json asked of an AHAP file or a `.haptic` clip.
    case notAPattern
    /// What the exporter said.
    case cannotExport(String)
}
