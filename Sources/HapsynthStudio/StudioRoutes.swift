#if canImport(Glibc)
import Glibc
#endif
import HapsynthKit
import HapticCore

/// The studio's one page and the calls it makes, answered from the folders given (docs/studio.md):
///
/// - `GET /`: the page. `GET /api/files`: the pattern files, the calls and the devices to choose.
/// - `GET /api/file?path=P`: the file's text and version. `POST /api/save`: `{"path", "text",
///   "version"}`, refused (409) when the file changed on disk since that version.
/// - `GET /api/wait?path=P&version=V`: answers when the file is no longer at V (a save in any
///   editor), or after `waitSeconds`.
/// - `GET /api/plot|render|lint|devices|plan?path=P[&platform=&device=&devices=a,b]`: the
///   command's output, byte for byte; a call that fails is 422 with the words and, where the file
///   says, the line and column.
///
/// Requests whose `Host` is not this machine's are refused (a page elsewhere cannot reach the
/// studio through a name that resolves here), unless the studio listens elsewhere by choice.
public struct StudioRoutes: Sendable {
    public let folders: StudioFolders
    public let calls: StudioCalls
    /// Whether only loopback names are taken in `Host`.
    public var loopbackOnly = true
    /// How long `/api/wait` waits for a save, in seconds.
    public var waitSeconds = 20

    public init(folders: StudioFolders, calls: StudioCalls) {
        (self.folders, self.calls) = (folders, calls)
    }

    /// The answer to one request.
    public func answer(_ request: HTTPRequest) -> HTTPResponse {
        if loopbackOnly, let host = request.headers["host"], !Self.isLoopbackHost(host) {
            return .text("the studio answers on this machine only (Host: \(host))", status: 403)
        }
        do {
            switch (request.method, request.path) {
            case ("GET", "/"), ("GET", "/index.html"):
                return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(StudioPage.html.utf8))
            case ("GET", "/api/files"): return .json(filesDocument())
            case ("GET", "/api/file"): return .json(try fileDocument(request))
            case ("POST", "/api/save"): return .json(try save(request))
            case ("GET", "/api/wait"): return .json(try wait(request))
            case ("GET", "/api/plot"):
                let (path, target) = try input(request)
                return HTTPResponse(status: 200, contentType: "image/svg+xml", body: Array(try calls.plot(path, on: target, pattern: request.query["pattern"]).utf8))
            case ("GET", "/api/render"):
                let (path, target) = try input(request)
                return HTTPResponse(status: 200, contentType: "audio/wav", body: try calls.render(path, on: target, pattern: request.query["pattern"]))
            case ("GET", "/api/lint"): return .json(try calls.lint(try input(request).path))
            case ("GET", "/api/devices"):
                let names = (request.query["devices"] ?? "").split(separator: ",").map(String.init)
                return .json(try calls.devices(try input(request).path, devices: names, pattern: request.query["pattern"]))
            case ("GET", "/api/plan"):
                let (path, target) = try input(request)
                return .json(try calls.plan(path, on: target, pattern: request.query["pattern"]))
            case (_, "/"), (_, "/api/files"), (_, "/api/file"), (_, "/api/save"), (_, "/api/wait"), (_, "/api/plot"), (_, "/api/render"),
                 (_, "/api/lint"), (_, "/api/devices"), (_, "/api/plan"):
                return .text("\(request.method) is not taken at \(request.path)", status: 405)
            default: return .text("\(request.path): no such page", status: 404)
            }
        } catch {
            return .json(Self.errorDocument(error), status: error.status)
        }
    }

    /// `{"error": words, "line": L, "column": C}`.
    static func errorDocument(_ error: StudioError) -> String {
        var members: [(String, JSONOutput)] = [("error", .string(error.description))]
        if case let .failed(_, line?, column?) = error { members += [("line", .integer(Int64(line))), ("column", .integer(Int64(column)))] }
        return JSONOutput.object(members).compact
    }

    /// Whether a `Host` header names this machine: localhost, 127.x, [::1], with any port.
    static func isLoopbackHost(_ host: String) -> Bool {
        let name: Substring
        if host.hasPrefix("[") {
            name = host.dropFirst().prefix { $0 != "]" }
        } else {
            name = host.prefix { $0 != ":" }
        }
        return HTTPServer.isLoopback(host: String(name))
    }

    /// The file a request names (`path=`: a file in the folders, or a system feedback call) and
    /// the device it asks for.
    func input(_ request: HTTPRequest) throws(StudioError) -> (path: String, target: StudioCalls.Target) {
        guard let shown = request.query["path"], !shown.isEmpty else { throw .badArgument("path", "name a file of the studio's folders") }
        let target = StudioCalls.Target(platform: request.query["platform"].flatMap { $0.isEmpty ? nil : $0 },
                                        device: request.query["device"].flatMap { $0.isEmpty ? nil : $0 })
        if FeedbackCall.hasFamilyPrefix(shown) { return (shown, target) }
        return (try folders.resolve(shown).path, target)
    }

    private func filesDocument() -> String {
        let (paths, cut) = folders.files()
        let catalogue = ((try? DeviceProfile.catalogue()) ?? []).map { JSONOutput.object([("name", .string($0.name)), ("platform", .string($0.platform.name))]) }
        let android = AndroidDevice.named.map { JSONOutput.string($0.name) }
        return JSONOutput.object([
            ("folders", .array(folders.names.map(JSONOutput.string))), ("files", .array(paths.map(JSONOutput.string))), ("cut", .bool(cut)),
            ("calls", .array(FeedbackCall.listed.map { .string($0.description) })), ("devices", .array(catalogue)), ("androidDevices", .array(android)),
        ]).compact
    }

    private func fileDocument(_ request: HTTPRequest) throws(StudioError) -> String {
        let shown = request.query["path"] ?? ""
        let (_, real) = try folders.resolve(shown)
        let loaded = try StudioDocument.load(real, shown: shown)
        return JSONOutput.object([("path", .string(shown)), ("text", .string(loaded.text)), ("version", .string(loaded.version)),
                                  ("editable", .bool(loaded.editable))]).compact
    }

    private func save(_ request: HTTPRequest) throws(StudioError) -> String {
        let body: JSONNode
        do {
            body = try JSONParser.parse(request.body)
        } catch {
            throw .badArgument("body", "not JSON: \(error)")
        }
        guard let shown = body.member("path")?.string, let text = body.member("text")?.string, let version = body.member("version")?.string else {
            throw .badArgument("body", "a save is {\"path\": …, \"text\": …, \"version\": …}")
        }
        let (_, real) = try folders.resolve(shown)
        let saved = try StudioDocument.save(text, over: real, shown: shown, version: version)
        return JSONOutput.object([("path", .string(shown)), ("version", .string(saved))]).compact
    }

    /// Waits for the file to leave `version` (inotify, as `play --watch` watches), up to
    /// `waitSeconds` or until the client goes; `{"version": …, "changed": …}`.
    private func wait(_ request: HTTPRequest) throws(StudioError) -> String {
        let shown = request.query["path"] ?? ""
        let (_, real) = try folders.resolve(shown)
        let since = request.query["version"] ?? ""
        let watcher = try? FileWatcher()
        watcher?.watch(files: [real])
        let deadline = MonotonicSeconds.now + Double(waitSeconds)
        var current = (try? StudioDocument.load(real, shown: shown).version) ?? ""
        while current == since, MonotonicSeconds.now < deadline, !request.clientIsGone() {
            // Slices of 250 ms, to see the client go; the file is read again only after a change.
            let leftMs = Int32(max(1, min(250, (deadline - MonotonicSeconds.now) * 1000)))
            if let watcher {
                guard watcher.waitForChange(timeoutMs: leftMs) else { continue }
            } else {
                usleep(UInt32(leftMs) * 1000)  // no inotify: look again after each slice
            }
            current = (try? StudioDocument.load(real, shown: shown).version) ?? current
        }
        return JSONOutput.object([("path", .string(shown)), ("version", .string(current)), ("changed", .bool(current != since))]).compact
    }
}
