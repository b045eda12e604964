#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A plain HTTP/1.1 server on the system's sockets: one request per connection, each connection
/// on a thread of its own, so that a client that sends or reads slowly holds only its own thread
/// and never a render another client waits for. A request is refused unread past its limits
/// (head, body, time), and past `Limits.connections` open connections a new one gets 503.
public final class HTTPServer: Sendable {
    /// What one request may take.
    public struct Limits: Sendable {
        /// The request line and headers, in bytes.
        public var headBytes = 16 * 1024
        /// The body, in bytes (a pattern file is at most 64 MiB; the studio's saves are text).
        public var bodyBytes = 8 * 1024 * 1024
        /// Connections served at once.
        public var connections = 32
        /// How long a client has to send its whole request, in seconds.
        public var readSeconds = 10
        /// How long a client has to take the response, in seconds.
        public var writeSeconds = 30
        public init() {}
    }

    /// The port the server listens on (the one the system chose when 0 was asked).
    public let port: UInt16
    /// The address it listens on, as given (`127.0.0.1`).
    public let host: String
    private let listener: Int32
    private let limits: Limits
    private let open = Mutex(0)

    /// Listens on `host` (an IPv4 or IPv6 address, or `localhost`) and `port` (0: one the system
    /// chooses).
    /// - Throws: `StudioError.cannotListen` with the system's reason.
    public init(host: String, port: UInt16, limits: Limits = Limits()) throws(StudioError) {
        self.host = host
        self.limits = limits
        let address = host == "localhost" ? "127.0.0.1" : host
        var v4 = sockaddr_in(), v6 = sockaddr_in6()
        let isV6 = inet_pton(AF_INET6, address, &v6.sin6_addr) == 1
        guard isV6 || inet_pton(AF_INET, address, &v4.sin_addr) == 1 else {
            throw .cannotListen(host: host, port: port, reason: "not an IPv4 or IPv6 address")
        }
        let descriptor = socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .cannotListen(host: host, port: port, reason: String(cString: strerror(errno))) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        if isV6 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            bound = withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            bound = withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .cannotListen(host: host, port: port, reason: reason)
        }
        var chosen = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        _ = withUnsafeMutablePointer(to: &chosen) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        // sin_port and sin6_port sit at the same offset.
        self.port = UInt16(bigEndian: chosen.sin6_port)
        listener = descriptor
    }

    deinit { close(listener) }

    /// Whether the server listens on the machine only (a loopback address).
    public var isLoopback: Bool { Self.isLoopback(host: host) }

    /// Whether an address is this machine's own: `localhost`, `::1` or 127.0.0.0/8.
    public static func isLoopback(host: String) -> Bool {
        var v4 = in_addr()
        return host == "localhost" || host == "::1" || (inet_pton(AF_INET, host, &v4) == 1 && UInt32(bigEndian: v4.s_addr) >> 24 == 127)
    }

    /// Accepts connections until `shouldStop` holds (looked at every 200 ms), answering each
    /// request with `handler` on the connection's own thread.
    public func serve(until shouldStop: @escaping @Sendable () -> Bool, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        while !shouldStop() {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            let most = limits.connections
            let admitted = open.withLock { count -> Bool in
                guard count < most else { return false }
                count += 1
                return true
            }
            guard admitted else {
                Self.send(HTTPResponse.text("the studio is serving \(limits.connections) connections; try again", status: 503), to: connection, limits: limits)
                close(connection)
                continue
            }
            let limits = self.limits
            StudioThread.detach { [self] in
                Self.answer(connection, limits: limits, handler: handler)
                close(connection)
                open.withLock { $0 -= 1 }
            }
        }
    }

    /// Reads one request from `connection` within the limits and sends the handler's answer, or
    /// the refusal that says which limit it passed.
    static func answer(_ connection: Int32, limits: Limits, handler: (HTTPRequest) -> HTTPResponse) {
        var slice = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &slice, socklen_t(MemoryLayout<timeval>.size))
        var sendLimit = timeval(tv_sec: limits.writeSeconds, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &sendLimit, socklen_t(MemoryLayout<timeval>.size))
        let response: HTTPResponse
        switch HTTPRequestReader(connection: connection, limits: limits).read() {
        case .success(var request):
            request.clientIsGone = {
                // POLLRDHUP (0x2000 in Linux's <poll.h>, hidden from Swift without _GNU_SOURCE): the peer closed.
                let peerClosed: Int16 = 0x2000
                var poller = pollfd(fd: connection, events: peerClosed, revents: 0)
                return poll(&poller, 1, 0) > 0 && poller.revents & (peerClosed | Int16(POLLHUP) | Int16(POLLERR)) != 0
            }
            response = handler(request)
        case .failure(let refusal): response = .text(refusal.message, status: refusal.status)
        }
        send(response, to: connection, limits: limits)
    }

    /// Writes the whole response, or gives up when the client takes none of it for
    /// `Limits.writeSeconds` (a closed connection is no signal: MSG_NOSIGNAL).
    static func send(_ response: HTTPResponse, to connection: Int32, limits: Limits) {
        let bytes = response.bytes
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
        shutdown(connection, Int32(SHUT_WR))
    }
}

/// Threads for work that blocks (a connection, a wait for a save), detached: each ends with its work.
enum StudioThread {
    private final class Job {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }

    static func detach(_ work: @escaping @Sendable () -> Void) {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Job(work)).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            job.work()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            work()  // no thread to be had: do it here
            return
        }
        pthread_detach(thread)
    }
}
