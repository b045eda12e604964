import Foundation
import HapsynthStudio
import Synchronization
import Testing
import TestSupport

/// The server answers on loopback, refuses what passes its limits before reading it, and a client
/// that stalls holds only its own connection.
@Suite struct HTTPServerTests {
    /// A server on a free loopback port with `limits`, answering `handler`, stopped when the test ends.
    final class Running: Sendable {
        let server: HTTPServer
        let stopped = StopFlag()

        init(limits: HTTPServer.Limits = HTTPServer.Limits(), handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
            server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits)
            let (server, stopped) = (server, stopped)
            Thread.detachNewThread { server.serve(until: { stopped.flag.load(ordering: .relaxed) }, handler: handler) }
        }

        deinit { stopped.flag.store(true, ordering: .relaxed) }

        /// A connection to the server, with a 20 s limit on each read.
        func connect() -> Int32 {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = server.port.bigEndian
            inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
            _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            var limit = timeval(tv_sec: 20, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            return descriptor
        }

        /// Sends `request` and reads the whole response (the server closes after it).
        func exchange(_ request: String, on descriptor: Int32? = nil) -> String {
            let connection = descriptor ?? connect()
            defer { close(connection) }
            _ = Array(request.utf8).withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break }
                received += chunk[..<count]
            }
            return String(decoding: received, as: UTF8.self)
        }
    }

    final class StopFlag: Sendable { let flag = Atomic(false) }

    static let echo: @Sendable (HTTPRequest) -> HTTPResponse = { request in
        .text("\(request.method) \(request.path) \(request.query["path"] ?? "-") \(request.body.count)", status: 200)
    }

    @Test func answersARequestWithItsPathQueryAndBody() throws {
        let running = try Running(handler: Self.echo)
        #expect(running.server.port > 0)
        #expect(running.server.isLoopback)
        let reply = running.exchange("POST /api/save?path=a%20b.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello")
        #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(reply.contains("Content-Length: 26\r\n"))
        #expect(reply.hasSuffix("\r\n\r\nPOST /api/save a b.json 5\n"))
    }

    @Test func refusesWhatPassesItsLimitsBeforeReadingIt() throws {
        var limits = HTTPServer.Limits()
        (limits.bodyBytes, limits.headBytes) = (1_000, 512)
        let running = try Running(limits: limits, handler: Self.echo)
        let big = running.exchange("POST /api/save HTTP/1.1\r\nContent-Length: 5000000\r\n\r\n")
        #expect(big.hasPrefix("HTTP/1.1 413 "))
        #expect(big.contains("the body is 5000000 bytes; the limit is 1000"))
        #expect(running.exchange("GET /" + String(repeating: "a", count: 600) + " HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 431 "))
        #expect(running.exchange("POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n").hasPrefix("HTTP/1.1 501 "))
        #expect(running.exchange("POST /x HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 411 "))
        #expect(running.exchange("nonsense\r\n\r\n").hasPrefix("HTTP/1.1 400 "))
    }

    @Test func aStalledClientHoldsOnlyItsOwnConnection() throws {
        var limits = HTTPServer.Limits()
        limits.readSeconds = 2
        let running = try Running(limits: limits, handler: Self.echo)
        let stalled = running.connect()
        _ = Array("GET /api/plot?path=x".utf8).withUnsafeBytes { send(stalled, $0.baseAddress, $0.count, 0) }
        // Answered while the stalled request is still open: the server is not waiting on it.
        #expect(running.exchange("GET /api/lint?path=y HTTP/1.1\r\n\r\n").hasSuffix("GET /api/lint y 0\n"))
        let timedOut = running.exchange("", on: stalled)
        #expect(timedOut.hasPrefix("HTTP/1.1 408 "), "the stalled request was answered with: \(timedOut.prefix(40))")
    }

    @Test func pastItsConnectionsANewOneIsTurnedAway() throws {
        var limits = HTTPServer.Limits()
        (limits.connections, limits.readSeconds) = (2, 5)
        let running = try Running(limits: limits, handler: Self.echo)
        let held = [running.connect(), running.connect()]
        defer { held.forEach { close($0) } }
        // The held connections are admitted before the next: each is accepted in order.
        var reply = ""
        for _ in 0..<50 where !reply.hasPrefix("HTTP/1.1 503 ") {
            reply = running.exchange("GET / HTTP/1.1\r\n\r\n")
        }
        #expect(reply.hasPrefix("HTTP/1.1 503 "))
    }

    @Test func aWaitEndsWhenItsClientGoes() throws {
        let scratch = try Scratch()
        let file = try scratch.write("tap.json", "{\"events\": []}")
        var limits = HTTPServer.Limits()
        limits.connections = 1
        let routes = StudioRoutes(folders: try StudioFolders([scratch.path]), calls: try StudioCalls(toolVersion: "0.1.0"))
        let running = try Running(limits: limits, handler: routes.answer)
        let waiting = running.connect()
        let version = StudioDocument.version(of: Array("{\"events\": []}".utf8))
        let request = "GET /api/wait?path=\(file)&version=\(version) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        _ = Array(request.utf8).withUnsafeBytes { send(waiting, $0.baseAddress, $0.count, 0) }
        close(waiting)
        // The one connection is free again long before the wait's 20 s are up.
        let deadline = Date().addingTimeInterval(10)
        var reply = ""
        while Date() < deadline, !reply.hasPrefix("HTTP/1.1 200 ") {
            reply = running.exchange("GET /api/files HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        }
        #expect(reply.hasPrefix("HTTP/1.1 200 "), "\(reply.prefix(60))")
    }

    @Test(arguments: [("127.0.0.1", true), ("127.1.2.3", true), ("localhost", true), ("::1", true), ("0.0.0.0", false), ("192.168.1.5", false),
                      ("::", false), ("127.example.com", false)])
    func onlyThisMachinesAddressesAreLoopback(_ host: String, _ loopback: Bool) {
        #expect(HTTPServer.isLoopback(host: host) == loopback)
    }

    @Test func aBusyPortIsRefusedWithTheSystemsReason() throws {
        let first = try HTTPServer(host: "127.0.0.1", port: 0)
        #expect(throws: StudioError.self) { try HTTPServer(host: "127.0.0.1", port: first.port) }
        #expect(throws: StudioError.cannotListen(host: "nowhere", port: 0, reason: "not an IPv4 or IPv6 address")) { try HTTPServer(host: "nowhere", port: 0) }
    }
}
