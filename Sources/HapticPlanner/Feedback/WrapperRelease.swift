/// A range of a cross-platform wrapper's releases that plays one table (docs/feedback.md,
/// "Versions"): `expo@12.7.0:notification.success` plays the row that holds 12.7.0; a call
/// without a version plays the newest.
public struct WrapperRelease: Hashable, Sendable {
    public let family: FeedbackCall.Family
    /// The first version the range holds, as numbers (`[12, 8]` is 12.8.0); `[0]`: every
    /// version before the next range.
    let first: [Int]
    /// The range in words: `12.8.0 and later`, `before 12.8.0`.
    public let range: String
    /// Where its table was read: the repository, commit and files, and the date.
    public let source: String

    /// The ranges of `family`, oldest first; empty for a platform's own API (uikit, swiftui,
    /// android, web), whose version is the phone's.
    public static func ranges(of family: FeedbackCall.Family) -> [WrapperRelease] {
        switch family {
        case .expo: return [
            WrapperRelease(family: .expo, first: [0], range: "before 12.8.0", source: FeedbackTable.expoAndroidOld),
            WrapperRelease(family: .expo, first: [12, 8], range: "12.8.0 and later", source: FeedbackTable.expoAndroid),
        ]
        case .capacitor: return [WrapperRelease(family: .capacitor, first: [1], range: "1.0.0 and later (one table from 1.0.0 to 8.0.2)", source: FeedbackTable.capacitorAndroid)]
        case .reactNative: return [
            WrapperRelease(family: .reactNative, first: [1, 13], range: "1.13.0 to 2.3.4", source: FeedbackTable.reactNative2Android),
            WrapperRelease(family: .reactNative, first: [3], range: "3.0.0 and later", source: FeedbackTable.reactNativeAndroid),
        ]
        case .flutter: return [
            WrapperRelease(family: .flutter, first: [0], range: "before 3.41", source: FeedbackTable.flutterAndroid),
            WrapperRelease(family: .flutter, first: [3, 41], range: "3.41 and later", source: FeedbackTable.flutterNotifications),
        ]
        case .compose: return [
            WrapperRelease(family: .compose, first: [0], range: "before 1.8.0", source: FeedbackTable.compose),
            WrapperRelease(family: .compose, first: [1, 8], range: "1.8.0 to 1.9.x", source: FeedbackTable.compose18),
            WrapperRelease(family: .compose, first: [1, 10], range: "1.10.0 and later", source: FeedbackTable.composeCompat),
        ]
        case .uikit, .swiftui, .android, .web: return []
        }
    }

    /// The range holding `version` (`12.7.0`, `3.41`, `8.0.0-alpha.1`: numbers before any `-`);
    /// nil for the newest.
    /// - Throws: the sentence why, for a family without versions, text that is no version, or
    ///   a version older than every range modelled.
    static func holding(_ version: String?, family: FeedbackCall.Family) throws(WrapperVersionProblem) -> WrapperRelease? {
        let ranges = ranges(of: family)
        guard let version else { return ranges.last }
        guard !ranges.isEmpty else { throw .noVersions(family) }
        let numbers = version.split(separator: "-", maxSplits: 1).first.map { $0.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) } } ?? []
        guard !numbers.isEmpty, numbers.count <= 4, numbers.allSatisfy({ $0 != nil && $0! >= 0 }) else { throw .notAVersion(version, family: family) }
        let parsed = numbers.compactMap { $0 }
        guard let range = ranges.last(where: { !isBefore(parsed, $0.first) }) else { throw .olderThanModelled(version, family: family) }
        return range
    }

    /// Whether version `a` comes before `b`, missing numbers read as 0.
    static func isBefore(_ a: [Int], _ b: [Int]) -> Bool {
        for index in 0..<max(a.count, b.count) {
            let (x, y) = (index < a.count ? a[index] : 0, index < b.count ? b[index] : 0)
            if x != y { return x < y }
        }
        return false
    }

    /// The wrapper's own name: `expo-haptics`, `react-native-haptic-feedback`.
    public static func package(of family: FeedbackCall.Family) -> String {
        switch family {
        case .expo: return "expo-haptics"
        case .capacitor: return "@capacitor/haptics"
        case .reactNative: return "react-native-haptic-feedback"
        case .flutter: return "Flutter"
        case .compose: return "Compose UI"
        case .uikit: return "UIKit"
        case .swiftui: return "SwiftUI"
        case .android: return "Android"
        case .web: return "the web"
        }
    }
}

/// Why a call's version cannot choose a table.
public enum WrapperVersionProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// A platform's own API: the phone's OS decides, not a version in the call.
    case noVersions(FeedbackCall.Family)
    case notAVersion(String, family: FeedbackCall.Family)
    /// Older than the oldest range hapsynth has read.
    case olderThanModelled(String, family: FeedbackCall.Family)
    /// Text that is not `WRAPPER=VERSION` for a wrapper with versions.
    case notAWrapper(String)

    public var description: String {
        let ranges: (FeedbackCall.Family) -> String = { family in
            WrapperRelease.ranges(of: family).map(\.range).joined(separator: "; ")
        }
        switch self {
        case .noVersions(let family):
            return "\(family.rawValue): calls take no version: what they play is the phone's (its API level or iOS), not a wrapper's"
        case let .notAVersion(text, family):
            return "'\(text)' is not a version (numbers with dots, like 12.7.0); \(WrapperRelease.package(of: family)) is modelled for \(ranges(family))"
        case let .olderThanModelled(text, family):
            return "\(WrapperRelease.package(of: family)) \(text) is older than every release modelled (\(ranges(family)))"
        case .notAWrapper(let text):
            let wrappers = FeedbackCall.Family.allCases.filter { !WrapperRelease.ranges(of: $0).isEmpty }.map(\.rawValue)
            return "'\(text)' is not WRAPPER=VERSION for one of \(wrappers.joined(separator: ", "))"
        }
    }
}

extension FeedbackCall {
    /// The call at `versions`' version of its family, when it names none itself.
    public func pinned(to versions: [Family: String]) -> FeedbackCall {
        guard version == nil, let pinned = versions[family] else { return self }
        return FeedbackCall(family: family, name: name, version: pinned)
    }

    /// A pattern argument that is a call naming no version, with `versions`' version for its
    /// family (`expo:selection` → `expo@12.7.0:selection`); any other argument as it is.
    public static func pinning(argument: String, to versions: [Family: String]) -> String {
        guard !versions.isEmpty, isCall(argument: argument), let call = try? named(argument) else { return argument }
        return call.pinned(to: versions).description
    }

    /// `FAMILY=VERSION` (`expo=12.7.0`): a wrapper and a version of it that hapsynth models.
    /// - Throws: the sentence why not, naming the wrappers or the ranges modelled.
    public static func wrapperVersion(_ text: String) throws(WrapperVersionProblem) -> (Family, String) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let family = Family(rawValue: parts[0]), !WrapperRelease.ranges(of: family).isEmpty else {
            throw .notAWrapper(text)
        }
        _ = try WrapperRelease.holding(parts[1], family: family)
        return (family, parts[1])
    }

    /// Several `FAMILY=VERSION` texts as the versions by wrapper; a later one for a wrapper wins.
    public static func wrapperVersions(_ texts: [String]) throws(WrapperVersionProblem) -> [Family: String] {
        var versions: [Family: String] = [:]
        for text in texts {
            let (family, version) = try wrapperVersion(text)
            versions[family] = version
        }
        return versions
    }
}
