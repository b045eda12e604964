import Foundation
import HapsynthStudio
import Testing
import TestSupport

/// A path from a page or an agent reaches only pattern files inside the folders given.
@Suite struct StudioFoldersTests {
    let scratch: Scratch
    let outside: Scratch
    let folders: StudioFolders

    init() throws {
        scratch = try Scratch()
        outside = try Scratch()
        try scratch.write("patterns/tap.json", "{\"events\": []}")
        try scratch.write("patterns/deep/swell.ahap", "{\"Pattern\": []}")
        try scratch.write("patterns/.hidden/secret.json", "{}")
        try scratch.write("patterns/notes.txt", "not a pattern")
        try outside.write("elsewhere.json", "{\"events\": []}")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/patterns/escape.json", withDestinationPath: outside.path + "/elsewhere.json")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/patterns/alias.json", withDestinationPath: scratch.path + "/patterns/tap.json")
        folders = try StudioFolders([scratch.path + "/patterns/"])
    }

    @Test func listsThePatternFilesUnderTheNameGivenWithoutHiddenFolders() {
        let root = scratch.path + "/patterns"
        #expect(folders.files().paths == [root + "/alias.json", root + "/deep/swell.ahap", root + "/escape.json", root + "/tap.json"])
        #expect(!folders.files().cut)
    }

    @Test(arguments: [
        "/patterns/../patterns/tap.json", "/patterns/escape.json", "/patterns/notes.txt", "/other/tap.json", "/patterns/./tap.json",
        "/patterns//tap.json", "/patterns/tap.json\0.json",
    ])
    func refusesPathsThatLeaveTheFolders(_ tail: String) {
        #expect(throws: StudioError.self) { try folders.resolve(scratch.path + tail) }
        #expect((try? folders.resolve(scratch.path + tail)) == nil)
        if case .outsideFolders? = Self.error({ try folders.resolve(scratch.path + tail) }) {} else if tail != "/patterns/./tap.json" {
            Issue.record("\(tail) is not refused as outside the folders")
        }
    }

    @Test func refusesRelativeEscapesUnderTheCurrentFolder() throws {
        let here = try StudioFolders(["."])
        for path in ["../x.json", "/etc/passwd.json", outside.path + "/elsewhere.json"] {
            #expect(Self.error { try here.resolve(path) } != nil, "\(path) is taken")
        }
    }

    @Test func takesFilesInsideAndLinksThatStayInside() throws {
        let root = scratch.path + "/patterns"
        #expect(try folders.resolve(root + "/deep/swell.ahap").path == root + "/deep/swell.ahap")
        let alias = try folders.resolve(root + "/alias.json")
        #expect(alias.path == root + "/alias.json")
        #expect(alias.realPath.hasSuffix("/patterns/tap.json"))
        if case .notFound? = Self.error({ try folders.resolve(root + "/missing.json") }) {} else { Issue.record("a missing file is not 'not found'") }
    }

    @Test func aFileGivenAloneIsTheOnlyOneTaken() throws {
        let single = try StudioFolders([scratch.path + "/patterns/tap.json"])
        #expect(single.files().paths == [scratch.path + "/patterns/tap.json"])
        #expect(throws: StudioError.self) { try single.resolve(scratch.path + "/patterns/alias.json") }
        #expect(throws: StudioError.missingFolder(scratch.path + "/nothing")) { try StudioFolders([scratch.path + "/nothing"]) }
    }

    static func error(_ body: () throws -> Any) -> StudioError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? StudioError
        }
    }
}
