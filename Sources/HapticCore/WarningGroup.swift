/// Warnings of one kind gathered into one line a person reads: the count, what they say together,
/// and the first three places (`1000 events lack HapticSharpness (0.5 used): $.Pattern[0],
/// $.Pattern[1], $.Pattern[2], …`). A kind met once keeps its own full line.
public struct WarningGroup: Sendable, Equatable {
    /// What warnings of this kind say together.
    public let kind: String
    /// The full line of the first warning of the kind.
    public let firstLine: String
    /// Where each warning of the kind was, in the order met.
    public private(set) var places: [String]

    /// How many places a grouped line names before `…`.
    public static let placesShown = 3

    /// Groups `(kind, place, line)` warnings by kind, in the order each kind was first met.
    public static func group(_ warnings: [(kind: String, place: String, line: String)]) -> [WarningGroup] {
        var groups: [WarningGroup] = []
        var index: [String: Int] = [:]
        for warning in warnings {
            if let at = index[warning.kind] {
                groups[at].places.append(warning.place)
            } else {
                index[warning.kind] = groups.count
                groups.append(WarningGroup(kind: warning.kind, firstLine: warning.line, places: [warning.place]))
            }
        }
        return groups
    }

    /// The line to print: the warning itself when it is alone, else the count, the kind and the
    /// first places.
    public var line: String {
        guard places.count > 1 else { return firstLine }
        let shown = places.prefix(Self.placesShown).joined(separator: ", ")
        return "\(places.count) \(kind): \(shown)\(places.count > Self.placesShown ? ", …" : "")"
    }
}
