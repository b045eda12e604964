#if canImport(Glibc)
import Glibc
#endif
import HapticCore

extension FeedbackCall {
    /// Whether a pattern argument is a call: it has a feedback family's prefix and no file (or
    /// folder) of that name exists, which would win.
    public static func isCall(argument path: String) -> Bool {
        var status = stat()
        return hasFamilyPrefix(path) && stat(path, &status) != 0
    }

    /// The call a pattern argument names: nil when it is not one (`isCall(argument:)`).
    /// - Throws: `LoadError.feedbackName` for a known prefix with an unknown name.
    static func argument(_ path: String) throws(LoadError) -> FeedbackCall? {
        guard isCall(argument: path) else { return nil }
        do {
            return try named(path)
        } catch {
            throw .feedbackName(error)
        }
    }

    /// The call loaded as a pattern: on an iPhone (`capabilities`) the catalogue iPhone's row the
    /// call becomes, or a silent plan when it becomes none; on Android its chain (`androidPlan`).
    func loaded(as path: String, capabilities: DeviceCapabilities) throws(LoadError) -> LoadedPattern {
        let (steps, request) = FeedbackTable.ios(self)
        let document: AHAPDocument
        switch request {
        case .row(let name):
            guard let row = Self.iphoneRow(name, capabilities: capabilities) else { throw .feedbackName(FeedbackNameError(text: path, family: family, suggestion: nil, known: [])) }
            document = row
        case .nothing:
            document = Self.nothing(capabilities: capabilities)
        }
        // What Chromium changes of a web:vibrate call is said as the browser does it: played, with a warning.
        let changes = webVibration?.changes ?? []
        let warnings = changes.isEmpty ? [] : [LoadWarning(kind: "navigator.vibrate entries changed as Chromium changes them", place: path,
                                                           description: changes.joined(separator: "; "), code: .clamped)]
        var loaded = LoadedPattern(path: path, plan: document.plan, pattern: nil, clip: nil, name: description,
                                   description: steps.map(\.text).joined(separator: "; "), files: [], contentKey: Self.contentKey(description), warnings: warnings)
        loaded.feedback = self
        return loaded
    }

    /// The steps on an iPhone, each with its source (docs/feedback.md).
    public var iosChain: [FeedbackStep] { FeedbackTable.ios(self).steps }

    /// The iPhone row the call plays (`impact.light`), or nil when it plays nothing on an iPhone.
    public var iosRow: String? {
        if case .row(let name) = FeedbackTable.ios(self).request { return name }
        return nil
    }

    /// The catalogue iPhone's row `name` (devices/iphone.json), planned for `capabilities`.
    static func iphoneRow(_ name: String, capabilities: DeviceCapabilities) -> AHAPDocument? {
        guard let file = DeviceCatalogueFiles.files.first(where: { $0.name == "iphone" }),
              let root = try? JSONParser.parse(Array(file.json.utf8)),
              let row = root.member("systemFeedback")?.member(name) else { return nil }
        return try? AHAPImport.read(row, file: "devices/iphone.json#/systemFeedback/\(name)", capabilities: capabilities)
    }

    static func nothing(capabilities: DeviceCapabilities) -> AHAPDocument {
        // An AHAP pattern of no events: the plan is silent (or unsupported without haptics).
        // swiftlint:disable:next force_try
        try! AHAPImport.read(bytes: Array(#"{"Pattern": []}"#.utf8), file: "nothing", capabilities: capabilities)
    }

    /// A stable key for "this version" of a call: FNV-1a of its text.
    static func contentKey(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
