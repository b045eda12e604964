import HapticCore

/// A system feedback call named as a pattern argument, `PLATFORM:NAME` (docs/feedback.md):
/// `uikit:impact.light`, `android:CONFIRM`, `flutter:lightImpact`, `web:vibrate(100,50,100)`.
public struct FeedbackCall: Hashable, Sendable, CustomStringConvertible {
    /// Whose names: a platform's own API or a cross-platform wrapper's.
    public enum Family: String, CaseIterable, Hashable, Sendable {
        case uikit, swiftui, android, compose, flutter, expo, capacitor, reactNative = "react-native", web
    }

    public let family: Family
    /// The wrapper's version the call names (`expo@12.7.0:…`); nil: the newest release modelled.
    public let version: String?
    /// The name after the colon, as the family spells it (`vibrate(100,50,100)` with its
    /// durations as written, spaces removed; `vibrate([100,50,100])` as JavaScript writes it).
    public let name: String

    public var description: String { family.rawValue + (version.map { "@\($0)" } ?? "") + ":" + name }

    /// The range of the wrapper's releases whose table the call plays (the newest without a
    /// version); nil for a platform's own calls.
    public var release: WrapperRelease? { try? WrapperRelease.holding(version, family: family) }

    /// `web:vibrate(…)` as Chromium takes it; nil for other calls and for text that is no list of numbers.
    public var webVibration: WebVibration? {
        guard family == .web, name.hasPrefix("vibrate(") else { return nil }
        return WebVibration(arguments: name.dropFirst("vibrate".count))
    }

    /// Whether the call's release has its name (a platform's call always does): a wrapper's
    /// older release may lack a name a newer one has, and then plays nothing.
    public var releaseHasName: Bool { FeedbackTable.releaseHas(self) }

    /// Every fixed name of every family, in the docs' order (`web:vibrate(MS[,MS…])` stands for
    /// its durations).
    public static var listed: [FeedbackCall] {
        Family.allCases.flatMap { family in FeedbackTable.names(of: family).map { FeedbackCall(family: family, name: $0) } }
    }

    /// Whether `text` starts with a family's prefix (`uikit:`, `web:`): a call, not a device name.
    public static func hasFamilyPrefix(_ text: String) -> Bool { split(text) != nil }

    /// The family of `text`'s prefix, the version after its `@` and the name after the colon
    /// (spaces removed); nil without a family's prefix.
    private static func split(_ text: String) -> (Family, String?, String)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let prefix = text[..<colon].split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let family = Family(rawValue: String(prefix[0])) else { return nil }
        return (family, prefix.count == 2 ? String(prefix[1]) : nil, String(text[text.index(after: colon)...]).filter { $0 != " " })
    }

    /// The call `text` names, or nil when `text` does not start with a family's prefix (it is a
    /// file name). A file of that name that exists is the caller's to prefer.
    /// - Throws: `FeedbackNameError` for a known prefix with an unknown name, with the nearest.
    public static func named(_ text: String) throws(FeedbackNameError) -> FeedbackCall? {
        guard let (family, version, name) = split(text) else { return nil }
        let call = FeedbackCall(family: family, name: name, version: version)
        do {
            _ = try WrapperRelease.holding(version, family: family)
        } catch {
            throw FeedbackNameError(text: text, family: family, suggestion: nil, known: [], versionProblem: error)
        }
        let known = FeedbackTable.names(of: family)
        if known.contains(name) || call.webVibration != nil { return call }
        throw FeedbackNameError(text: text, family: family, suggestion: KeySuggestion.closest(to: name, among: known).map { "\(family.rawValue):\($0)" },
                                known: known.map { "\(family.rawValue):\($0)" })
    }

    public init(family: Family, name: String, version: String? = nil) {
        self.family = family
        self.name = name
        self.version = version
    }
}

/// A pattern argument with a feedback family's prefix and a name the family does not have.
public struct FeedbackNameError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The argument as given.
    public let text: String
    public let family: FeedbackCall.Family
    /// The nearest known name, when one is near.
    public let suggestion: String?
    /// The family's names.
    public let known: [String]
    /// Why the version after `@` chooses no table, when that is what is wrong.
    public var versionProblem: WrapperVersionProblem? = nil

    public var description: String {
        if let versionProblem { return "\(text): \(versionProblem)" }
        var text = "\(self.text): no such \(family.rawValue) feedback call and no such file"
        if let suggestion { text += " (did you mean \(suggestion)?)" }
        if family == .web { text += "; web:vibrate takes what navigator.vibrate takes, durations in ms: web:vibrate(200), web:vibrate(100,50,100) or web:vibrate([100,50,100])" }
        return text + (known.isEmpty ? "" : "; \(family.rawValue) has \(known.joined(separator: ", "))") + " (hapsynth feedback --list)"
    }
}
