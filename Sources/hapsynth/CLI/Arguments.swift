import FoundationEssentials
import Glibc
import HapsynthKit

/// One option a command accepts, for parsing and for its help.
struct OptionSpec: Sendable {
    /// The long name with dashes: `--json`.
    let name: String
    /// The value's placeholder (`DIR`), or nil for a flag.
    let valueName: String?
    /// One line of help.
    let help: String
    /// For a flag that may take a value: the values it takes (`--record`, `--record all`,
    /// `--record=missing`); the next argument is its value only when it is one of these.
    var choices: [String] = []
    /// A one-letter alias: `-q`.
    var short: String?
    /// Whether the command needs it (shown without brackets in usage).
    var isRequired = false
    /// A flag that does a job of its own, so the command's arguments are not needed with it
    /// (`play --list-devices`).
    var standalone = false
}

extension OptionSpec {
    /// What follows the option's name in help: ` DIR`, ` [missing|all]`, or nothing.
    var placeholder: String {
        if let valueName { return " \(valueName)" }
        return choices.isEmpty ? "" : " [\(choices.joined(separator: "|"))]"
    }
}

/// One positional argument, for parsing and for its help.
struct PositionalSpec: Sendable {
    /// The placeholder: `pattern`.
    let name: String
    let help: String
    /// Whether it takes one or more values (`<pattern>...`).
    var repeating = false
    /// Whether it may be left out (`[<call> ...]`).
    var optional = false
}

/// The arguments of one command after parsing: flags, option values and positionals.
struct ParsedArguments {
    /// The command parsed for, which usage errors name.
    let commandName: String
    private(set) var flags: Set<String> = []
    private(set) var values: [String: String] = [:]
    /// Every value an option was given, in order (for options that may repeat: `--audio-root`).
    private(set) var allValues: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    /// Parses `arguments` against a command's options: `--name value`, `--name=value`, flags, short
    /// aliases (`-q`), and `--` to end options. An option given twice takes its last value (as
    /// swift-argument-parser, sox and ffmpeg do). An unknown option, a missing value or a wrong
    /// number of positionals is a usage error.
    init(_ arguments: [String], command: any Command.Type) throws(CLIError) {
        let name = command.name
        commandName = name
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let given = parts[0]
            guard let spec = command.options.first(where: { $0.name == given || $0.short == given }) else {
                let optionName = given
                let hint = KeySuggestion.closest(to: optionName, among: command.options.map(\.name))
                    .map { " — did you mean '\($0)'?" } ?? ""
                throw .usage("unknown option '\(optionName)' for '\(name)'\(hint)", command: name)
            }
            let optionName = spec.name
            if spec.valueName == nil && !spec.choices.isEmpty {
                flags.insert(optionName)
                values[optionName] = nil  // the last one given counts
                let choice = parts.count == 2 ? parts[1] : (index < arguments.count && spec.choices.contains(arguments[index]) ? arguments[index] : nil)
                if let choice {
                    guard spec.choices.contains(choice) else {
                        throw .usage("\(optionName) takes \(spec.choices.joined(separator: " or ")), got '\(choice)'", command: name)
                    }
                    if parts.count == 1 { index += 1 }
                    values[optionName] = choice
                }
            } else if spec.valueName == nil {
                guard parts.count == 1 else { throw .usage("option '\(given)' takes no value", command: name) }
                flags.insert(optionName)
            } else if parts.count == 2 {
                values[optionName] = parts[1]
                allValues[optionName, default: []].append(parts[1])
            } else {
                guard index < arguments.count else {
                    throw .usage("option '\(given)' needs a value \(spec.valueName ?? "")", command: name)
                }
                values[optionName] = arguments[index]
                allValues[optionName, default: []].append(arguments[index])
                index += 1
            }
        }
        if command.options.contains(where: { $0.standalone && flags.contains($0.name) }) { return }
        let expected = command.positionals
        let required = expected.filter { !$0.optional }.count
        let repeating = expected.last?.repeating ?? false
        if positionals.count < required {
            throw .usage("missing <\(expected[positionals.count].name)>", command: name)
        }
        if positionals.count > expected.count && !repeating {
            throw .usage("unexpected argument '\(positionals[expected.count])'", command: name)
        }
    }

    /// Whether a flag was given.
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// An option's value, if given.
    func value(_ option: String) -> String? { values[option] }

    /// Every value a repeatable option was given, in order.
    func values(_ option: String) -> [String] { allValues[option] ?? [] }
}
