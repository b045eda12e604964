import FoundationEssentials
import HapsynthKit

/// An option that takes a value, declared once as swift-argument-parser's properties are: its
/// name, placeholder and help for parsing and for help, and how its text becomes a `Value`.
/// Commands read it through the declaration (`try arguments.value(Self.rate)`), never by its name.
struct Option<Value>: Sendable {
    let spec: OptionSpec
    /// The value a text stands for, or nil when it is not one.
    let read: @Sendable (String) -> Value?
    /// What a usage error says after the option's name: `needs a number in 0-100`.
    let rule: String

    var name: String { spec.name }

    init(_ spec: OptionSpec, rule: String, read: @escaping @Sendable (String) -> Value?) {
        (self.spec, self.rule, self.read) = (spec, rule, read)
    }
}

/// An option or flag as the command's table lists it.
protocol Declared: Sendable {
    var spec: OptionSpec { get }
}

/// The table of a command's options, in the order given.
func specs(_ declared: any Declared...) -> [OptionSpec] { declared.map(\.spec) }

extension Option: Declared {}
extension Flag: Declared {}

/// A flag (an option without a value), declared once.
struct Flag: Sendable {
    let spec: OptionSpec

    var name: String { spec.name }

    /// - Parameter choices: values the flag may take (`--record`, `--record all`).
    init(_ name: String, help: String, short: String? = nil, standalone: Bool = false, choices: [String] = []) {
        spec = OptionSpec(name: name, valueName: nil, help: help, choices: choices, short: short, standalone: standalone)
    }

    private init(spec: OptionSpec) { self.spec = spec }

    /// The same flag with the help a command gives it.
    func with(help: String) -> Flag {
        Flag(spec: OptionSpec(name: spec.name, valueName: nil, help: help, choices: spec.choices, short: spec.short, standalone: spec.standalone))
    }
}

extension Option {
    /// The same option with the help (and placeholder) a command gives it.
    func with(help: String, valueName: String? = nil) -> Option {
        Option(OptionSpec(name: spec.name, valueName: valueName ?? spec.valueName, help: help, short: spec.short, isRequired: spec.isRequired), rule: rule, read: read)
    }
}

extension Option where Value == String {
    /// An option whose value is any text (a path, a name).
    init(_ name: String, _ valueName: String, help: String, short: String? = nil, isRequired: Bool = false) {
        self.init(OptionSpec(name: name, valueName: valueName, help: help, short: short, isRequired: isRequired), rule: "") { $0 }
    }
}

extension Option where Value == Double {
    /// A plain decimal number (`DecimalNumber`) in `range`.
    static func number(_ name: String, _ valueName: String, help: String, in range: ClosedRange<Double>) -> Self {
        Option(OptionSpec(name: name, valueName: valueName, help: help),
               rule: "needs a number in \(NumberText.significant(range.lowerBound))-\(NumberText.significant(range.upperBound))") { text in
            DecimalNumber.parse(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}

extension Option where Value == Int {
    /// How many threads or sounds at once (`--jobs`, `--threads`), 1-256; when absent, the number
    /// of cores (`ParsedArguments.count`).
    static func count(_ name: String, help: String) -> Self { whole(name, "N", help: help, in: 1...256) }

    /// A whole number in `range`, written in ASCII digits.
    static func whole(_ name: String, _ valueName: String, help: String, in range: ClosedRange<Int>) -> Self {
        Option(OptionSpec(name: name, valueName: valueName, help: help), rule: "needs a whole number in \(range.lowerBound)-\(range.upperBound)") { text in
            guard text.allSatisfy(\.isASCII), let value = Int(text), range.contains(value) else { return nil }
            return value
        }
    }
}

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of `Value`'s cases by its raw value; the placeholder lists them (`haptic|ahap|json`)
    /// unless `valueName` is given, and `rule` words a refusal (default: `takes a, b or c`).
    static func choice(_ name: String, _ valueName: String? = nil, help: String, rule: String? = nil, isRequired: Bool = false) -> Self {
        let names = Value.allCases.map(\.rawValue)
        let listed = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
        return Option(OptionSpec(name: name, valueName: valueName ?? names.joined(separator: "|"), help: help, isRequired: isRequired),
                      rule: rule ?? "takes \(listed)") { Value(rawValue: $0) }
    }
}

extension ParsedArguments {
    /// The option's value, if given; a text it does not take is a usage error of the command.
    func value<Value>(_ option: Option<Value>) throws(CLIError) -> Value? {
        guard let text = value(option.name) else { return nil }
        guard let value = option.read(text) else { throw .usage("\(option.name) \(option.rule), got '\(text)'", command: commandName) }
        return value
    }

    /// Every value a repeatable text option was given, in order.
    func values(_ option: Option<String>) -> [String] { values(option.name) }

    /// Whether the flag was given.
    func has(_ flag: Flag) -> Bool { has(flag.name) }

    /// The value a flag with choices was given (`--record all`), if any.
    func choice(_ flag: Flag) -> String? { value(flag.name) }

    /// A `count` option's value, or the number of cores when it is absent.
    func count(_ option: Option<Int>) throws(CLIError) -> Int {
        try value(option) ?? min(256, max(1, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// Whether the option was given at all.
    func gave<Value>(_ option: Option<Value>) -> Bool { value(option.name) != nil }
}
