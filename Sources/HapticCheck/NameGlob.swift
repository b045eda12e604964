/// Matches a pattern's name against a name given to leave it out (`check --skip`): equal, or
/// with `*` standing for any run of characters (`Haptics.kt#*Dynamic`).
enum NameGlob {
    static func matches(_ name: String, _ glob: String) -> Bool {
        let text = Array(name), pattern = Array(glob)
        var t = 0, p = 0, star = -1, mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] != "*", pattern[p] == text[t] {
                t += 1
                p += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                mark = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
