import HapticCheck
import HapticCore
import HapticPlanner

/// A `lint` run (docs/lint.md): the rules' config, the platform it records, and the findings
/// written in one of four formats.
public enum LintRun {
    /// How the findings are written.
    public enum Format: String, CaseIterable, Sendable { case text, json, junit, sarif }

    /// The config at `path`, else `./hapsynth-lint.json` when there is one, else none; with the
    /// file read and the platform it records (both platforms on flagship-api36 when it names none).
    public static func config(at path: String?) throws(LintRunError) -> (config: LintConfig, file: String?, platform: Platform) {
        let file = path ?? (FilePaths.isFolder(LintConfig.fileName) == false ? LintConfig.fileName : nil)
        let config: LintConfig
        do {
            config = try file.map { path throws(SettingsFileError) in try LintConfig.read(contentsOf: path) } ?? LintConfig()
        } catch {
            throw .config(error)
        }
        var platform = Platform.both(.flagship)
        if let name = config.androidDevice {
            do {
                platform = .both(try AndroidDevice.resolve(name))
            } catch {
                throw .androidDevice(file: file ?? LintConfig.fileName, reason: "\(error)")
            }
        }
        if config.platform == "ios" { platform = .ios }
        if config.platform == "android", let device = platform.androidDevice { platform = .android(device) }
        return (config, file, platform)
    }

    /// The findings of `report` over `inputs` in `format`, ending in a newline; SARIF's paths
    /// relative to `sarifRoot`, naming `toolVersion`.
    public static func text(_ report: LintReport, format: Format, inputs: [String], sarifRoot: String, toolVersion: String) -> String {
        switch format {
        case .json: return report.json.pretty() + "\n"
        case .sarif: return report.sarif(toolVersion: toolVersion, root: sarifRoot).pretty() + "\n"
        case .junit: return report.junit
        case .text:
            let lines = report.skipped.map { "\($0.path): skipped: \($0.why)" } + report.findings.map(\.line)
                + [report.summary + (report.files == 0 ? " (no patterns found in \(inputs.joined(separator: ", ")))" : "")]
            return lines.joined(separator: "\n") + "\n"
        }
    }
}

extension LintRun {
    /// A lint run as a user asks it: what to lint, on which platforms and device, by which
    /// config, and how the findings are written.
    public struct Request: Sendable {
        public var inputs: [String]
        public var target = LintTarget(platform: .both(.flagship))
        public var config = LintConfig()
        public var format = Format.text
        /// With SARIF: the folder paths are relative to.
        public var sarifRoot = "."
        /// Files linted at once (the findings are the same for any count).
        public var jobs = 1

        public init(inputs: [String]) { self.inputs = inputs }

        /// The findings, with the config applied, and their text in `format`.
        public func run(toolVersion: String) throws(CheckError) -> (report: LintReport, text: String) {
            let report = try LintReport.run(inputs, target: target, jobs: jobs).applying(config)
            return (report, LintRun.text(report, format: format, inputs: inputs, sarifRoot: sarifRoot, toolVersion: toolVersion))
        }
    }
}

/// A lint config that cannot be used.
public enum LintRunError: Error, Sendable, CustomStringConvertible {
    case config(SettingsFileError)
    /// Its `androidDevice` names no device.
    case androidDevice(file: String, reason: String)

    /// Whether the config file named does not exist.
    public var isMissing: Bool {
        if case .config(let error) = self { return error.isMissing }
        return false
    }

    public var description: String {
        switch self {
        case .config(let error): return error.description
        case let .androidDevice(file, reason): return "\(file): androidDevice: \(reason)"
        }
    }
}
