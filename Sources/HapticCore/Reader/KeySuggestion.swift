/// Finds the known name a mistyped one probably meant, for `did you mean …?` hints.
package enum KeySuggestion {
    /// The closest of `known` to `name` when it is close enough: a case-only difference, or an
    /// edit distance (insertions, deletions, substitutions, adjacent swaps) of at most 1 for
    /// names under 5 characters and 2 otherwise.
    package static func closest(to name: String, among known: [String]) -> String? {
        guard name.count <= 64 else { return nil }  // long junk: no hint, and no large table
        if let sameLetters = known.first(where: { $0.lowercased() == name.lowercased() }) { return sameLetters }
        let allowed = name.count < 5 ? 1 : 2
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(Array(name), Array(candidate))
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Optimal string alignment distance between two character arrays.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
