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

/// A lint config that cannot be used.
public enum LintRunError: Error, Sendable {
    case config(SettingsFileError)
    /// Its `androidDevice` names no device.
    case androidDevice(file: String, reason: String)
}
