import Foundation
import Testing
import TestSupport

/// The command line is a shell over HapsynthKit (Sources/hapsynth/README.md): it parses, validates into a
/// HapsynthKit request, makes the call, words what comes back and maps errors to exit codes. What
/// grows there instead of in the library (a table, a rule, a sentence with no flag in it) shows up
/// first as lines: issue 62 set the shell at 2,300 lines at most, counted as `wc -l` counts them.
@Suite struct ShellBudgetTests {
    static let budgetLines = 2_300

    @Test func theCommandLineStaysWithinItsBudget() throws {
        let folder = packageRoot + "/Sources/hapsynth"
        let files = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        var lines = 0
        for file in files {
            lines += try String(contentsOfFile: folder + "/" + file, encoding: .utf8).reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        }
        #expect(lines <= Self.budgetLines, "Sources/hapsynth is \(lines) lines (at most \(Self.budgetLines)): move what is not parsing, wording or exit codes into HapsynthKit")
    }

}
