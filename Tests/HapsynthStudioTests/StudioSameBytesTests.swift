import Foundation
import HapsynthStudio
import Testing
import TestSupport

/// The studio's panels hold the command line's outputs byte for byte: the page's plot is
/// `plot P out.svg`, its render `render P out.wav` (on each platform), its lint `lint P --format
/// json`, its devices rows `devices P NAME… --json` and its plan `plan P --json` (the commands
/// print the last two with a closing newline).
@Suite struct StudioSameBytesTests {
    static let samples = ["celebration.json", "heartbeat.json", "envelope-hit.ahap", "accent-swell.haptic", "sharpness-taps.ahap"]

    let routes: StudioRoutes
    let samples = packageRoot + "/Samples"

    init() throws {
        routes = StudioRoutes(folders: try StudioFolders([packageRoot + "/Samples"]), calls: try StudioCalls(toolVersion: "0.1.0"))
    }

    func get(_ target: String) -> HTTPResponse {
        routes.answer(HTTPRequest(method: "GET", target: target, headers: ["host": "127.0.0.1:1"]))
    }

    /// Where two byte strings first differ (`byte N of A and B`), or nil when they are the same.
    static func difference(_ page: [UInt8], _ command: [UInt8]) -> String? {
        guard page != command else { return nil }
        let index = zip(page, command).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(page.count, command.count)
        return "byte \(index) of \(page.count) (the page's) and \(command.count) (the command's)"
    }

    static func query(_ path: String) -> String { path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? path }

    @Test(arguments: samples) func plotIsThePlotCommandsSVG(_ name: String) throws {
        let path = samples + "/" + name
        let scratch = try Scratch()
        let run = try hapsynth(["plot", path, scratch.path + "/out.svg"])
        #expect(run.status == 0, "\(run.stderr)")
        let page = get("/api/plot?path=" + Self.query(path))
        #expect(page.status == 200)
        #expect(page.contentType == "image/svg+xml")
        #expect(Self.difference(page.body, fileBytes(scratch.path + "/out.svg")) == nil, "the page's plot of \(name) differs from plot's")
    }

    @Test(arguments: samples) func renderIsTheRenderCommandsWAV(_ name: String) throws {
        let path = samples + "/" + name
        let scratch = try Scratch()
        for (query, options) in [("", [String]()), ("&platform=android&device=pixel-5", ["--platform", "android", "--android-device", "pixel-5"]),
                                 ("&platform=both", ["--platform", "both"])] {
            let run = try hapsynth(["render", path, scratch.path + "/out.wav"] + options)
            #expect(run.status == 0, "\(run.stderr)")
            let page = get("/api/render?path=" + Self.query(path) + query)
            #expect(page.status == 200)
            #expect(page.contentType == "audio/wav")
            #expect(page.body.count > 44)
            #expect(Self.difference(page.body, fileBytes(scratch.path + "/out.wav")) == nil, "the page's render of \(name) \(options) differs from render's")
        }
    }

    @Test(arguments: samples + ["Celebration.kt"]) func lintIsTheLintCommandsJSON(_ name: String) throws {
        let path = samples + "/" + name
        let run = try hapsynth(["lint", path, "--format", "json"])
        let page = get("/api/lint?path=" + Self.query(path))
        #expect(page.status == 200)
        #expect(Self.difference(page.body, Array(run.stdout.utf8)) == nil, "the page's lint of \(name) differs from lint's")
        #expect(run.stdout.contains("\"findings\""))
    }

    @Test func devicesAndPlanAreTheCommandsJSON() throws {
        let path = samples + "/heartbeat.json"
        let devices = try hapsynth(["devices", path, "iphone", "pixel-5", "--json"])
        #expect(devices.status == 0, "\(devices.stderr)")
        let page = get("/api/devices?path=" + Self.query(path) + "&devices=iphone,pixel-5")
        #expect(page.status == 200)
        #expect(Self.difference(page.body + [10], Array(devices.stdout.utf8)) == nil)
        let plan = try hapsynth(["plan", path, "--json", "--platform", "android"])
        let planned = get("/api/plan?path=" + Self.query(path) + "&platform=android")
        #expect(Self.difference(planned.body + [10], Array(plan.stdout.utf8)) == nil)
    }

    @Test func aKotlinFilesPatternIsChosenByName() throws {
        let scratch = try Scratch()
        let path = samples + "/Celebration.kt"
        let run = try hapsynth(["plot", path, scratch.path + "/out.svg", "--pattern", "taps"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.difference(get("/api/plot?path=" + Self.query(path) + "&pattern=taps").body, fileBytes(scratch.path + "/out.svg")) == nil)
        let unchosen = get("/api/plot?path=" + Self.query(path))
        #expect(unchosen.status == 422)
        #expect(String(decoding: unchosen.body, as: UTF8.self).contains("declares 2 patterns (taps, celebration)"))
    }

    @Test(arguments: ["evil.example:8080", "127.evil.example", "[2001:db8::1]:80"])
    func aRequestForAnotherHostIsRefused(_ host: String) {
        // A page elsewhere whose name resolves here (DNS rebinding) reaches no file.
        let answer = routes.answer(HTTPRequest(method: "GET", target: "/api/files", headers: ["host": host]))
        #expect(answer.status == 403)
        #expect(routes.answer(HTTPRequest(method: "GET", target: "/api/files", headers: ["host": "[::1]:9"])).status == 200)
        #expect(routes.answer(HTTPRequest(method: "GET", target: "/api/files", headers: ["host": "localhost:9"])).status == 200)
    }

    @Test func aCallPlaysAsTheCommandPlaysIt() throws {
        let scratch = try Scratch()
        let run = try hapsynth(["render", "uikit:impact.heavy", scratch.path + "/out.wav"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.difference(get("/api/render?path=uikit:impact.heavy").body, fileBytes(scratch.path + "/out.wav")) == nil)
    }

    @Test func aFileThatDoesNotLoadIsRefusedAtItsLineAndColumn() throws {
        let scratch = try Scratch()
        try scratch.write("broken.json", "{\"events\": [\n  {\"type\": \"transient\", \"startMs\": 0, \"intensity\": 0.5,}\n]}\n")
        let routes = StudioRoutes(folders: try StudioFolders([scratch.path]), calls: try StudioCalls(toolVersion: "0.1.0"))
        let answer = routes.answer(HTTPRequest(method: "GET", target: "/api/plot?path=" + Self.query(scratch.path + "/broken.json")))
        #expect(answer.status == 422)
        let document = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
        let command = try hapsynth(["plot", scratch.path + "/broken.json", scratch.path + "/out.svg"])
        #expect(command.status == 65)
        #expect(command.stderr.contains("broken.json:2:56: trailing comma"))
        #expect(document?["line"] as? Int == 2)
        #expect(document?["column"] as? Int == 56)
        #expect((document?["error"] as? String)?.contains("trailing comma") == true)
    }
}
