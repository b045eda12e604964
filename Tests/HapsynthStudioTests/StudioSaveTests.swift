import Foundation
import HapsynthStudio
import Testing
import TestSupport

/// A save writes the page's text as it is, atomically, and never over a file changed since the
/// page loaded it.
@Suite struct StudioSaveTests {
    let scratch: Scratch
    let routes: StudioRoutes
    let file: String

    init() throws {
        scratch = try Scratch()
        file = try scratch.write("tap.json", "{\"events\": [\n\t{\"type\": \"transient\",   \"startMs\": 0, \"intensity\": 0.5}\n]}\n")
        routes = StudioRoutes(folders: try StudioFolders([scratch.path]), calls: try StudioCalls(toolVersion: "0.1.0"))
    }

    func load() throws -> (text: String, version: String) {
        let answer = routes.answer(HTTPRequest(method: "GET", target: "/api/file?path=" + file))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        return (try #require(document["text"] as? String), try #require(document["version"] as? String))
    }

    func save(_ text: String, version: String, path: String? = nil) throws -> HTTPResponse {
        let body = try JSONSerialization.data(withJSONObject: ["path": path ?? file, "text": text, "version": version])
        return routes.answer(HTTPRequest(method: "POST", target: "/api/save", body: Array(body)))
    }

    @Test func aSaveChangesOnlyTheValueEditedAndKeepsTheRestOfTheFormatting() throws {
        let (text, version) = try load()
        let edited = text.replacingOccurrences(of: "0.5", with: "0.9")
        let answer = try save(edited, version: version)
        #expect(answer.status == 200)
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved == "{\"events\": [\n\t{\"type\": \"transient\",   \"startMs\": 0, \"intensity\": 0.9}\n]}\n")
        #expect(scratch.entries == ["tap.json"], "a temporary file was left behind")
        #expect(try load().version != version)
    }

    @Test func aFileChangedOnDiskSinceItWasLoadedIsNotSavedOver() throws {
        let (text, version) = try load()
        let theirs = "{\"events\": []}\n"
        try theirs.write(toFile: file, atomically: true, encoding: .utf8)
        let answer = try save(text + " ", version: version)
        #expect(answer.status == 409)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("changed on disk since it was loaded"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == theirs)
    }

    @Test func aFileWithCRLFLinesKeepsThemWhenTheEditorHandsBackLF() throws {
        try "{\"events\": [\r\n]}\r\n".write(toFile: file, atomically: true, encoding: .utf8)
        let (text, version) = try load()
        #expect(try save(text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "[", with: "[ "), version: version).status == 200)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "{\"events\": [ \r\n]}\r\n")
    }

    @Test func savesOutsideTheFoldersAndOverTextThatIsNotUTF8AreRefused() throws {
        let outside = try Scratch()
        let victim = try outside.write("victim.json", "{}")
        let version = try load().version
        #expect(try save("{}", version: version, path: victim).status == 403)
        #expect(try save("{}", version: version, path: scratch.path + "/../" + victim).status == 403)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "{}")
        try Data([0x7B, 0xFF, 0x7D]).write(to: URL(fileURLWithPath: file))
        let (_, binary) = try load()
        #expect(try save("{}", version: binary).status == 400)
        #expect(routes.answer(HTTPRequest(method: "POST", target: "/api/save", body: Array("not json".utf8))).status == 400)
    }

    @Test func aWaitAnswersWhenAnotherEditorSaves() throws {
        let version = try load().version
        var routes = self.routes
        routes.waitSeconds = 20
        let path = file
        // Saved by rename while the wait runs or just before it starts: either way it answers.
        Thread.detachNewThread { try? "{\"events\": [ ]}\n".write(toFile: path, atomically: true, encoding: .utf8) }
        let started = Date()
        let answer = routes.answer(HTTPRequest(method: "GET", target: "/api/wait?path=" + file + "&version=" + version))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        #expect(document["changed"] as? Bool == true)
        #expect(Date().timeIntervalSince(started) < 15, "the wait ran to its end instead of answering the save")
    }
}
