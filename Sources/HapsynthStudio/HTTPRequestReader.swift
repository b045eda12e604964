#if canImport(Glibc)
import Glibc
#endif

/// Reads one request from a connection: the head up to its blank line, then exactly
/// `Content-Length` bytes of body, all within `Limits.readSeconds`; what passes a limit is refused
/// before it is read (the body's size is checked before any of it is).
struct HTTPRequestReader {
    /// A request refused: the status and why, in words for the client.
    struct Refusal: Error {
        let status: Int
        let message: String
    }

    let connection: Int32
    let limits: HTTPServer.Limits

    func read() -> Result<HTTPRequest, Refusal> {
        let deadline = MonotonicSeconds.now + Double(limits.readSeconds)
        var buffer: [UInt8] = []
        var headEnd: Int?
        while headEnd == nil {
            guard buffer.count <= limits.headBytes else {
                return .failure(Refusal(status: 431, message: "the request's head is over \(limits.headBytes) bytes"))
            }
            guard receive(into: &buffer, deadline: deadline) else {
                return .failure(Refusal(status: 408, message: "the request did not arrive within \(limits.readSeconds) s"))
            }
            headEnd = Self.blankLine(in: buffer)
        }
        let end = headEnd!
        guard end <= limits.headBytes else { return .failure(Refusal(status: 431, message: "the request's head is over \(limits.headBytes) bytes")) }
        let lines = String(decoding: buffer[..<end], as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let start = lines.first?.split(separator: " ") ?? []
        guard start.count == 3, start[2].hasPrefix("HTTP/1.") else {
            return .failure(Refusal(status: 400, message: "the request line is not METHOD TARGET HTTP/1.x"))
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return .failure(Refusal(status: 400, message: "a header has no colon")) }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingSpaces
        }
        if headers["transfer-encoding"] != nil {
            return .failure(Refusal(status: 501, message: "chunked bodies are not taken; send Content-Length"))
        }
        var length = 0
        if let declared = headers["content-length"] {
            guard let value = Int(declared), value >= 0 else { return .failure(Refusal(status: 400, message: "Content-Length '\(declared)' is no byte count")) }
            guard value <= limits.bodyBytes else {
                return .failure(Refusal(status: 413, message: "the body is \(value) bytes; the limit is \(limits.bodyBytes)"))
            }
            length = value
        } else if start[0] == "POST" || start[0] == "PUT" {
            return .failure(Refusal(status: 411, message: "a \(start[0]) needs Content-Length"))
        }
        let bodyStart = end + 4
        while buffer.count - bodyStart < length {
            guard receive(into: &buffer, deadline: deadline) else {
                return .failure(Refusal(status: 408, message: "the request's body did not arrive within \(limits.readSeconds) s"))
            }
        }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        return .success(HTTPRequest(method: String(start[0]), target: String(start[1]), headers: headers, body: body))
    }

    /// Receives what has arrived (waiting in 200 ms slices); false at the deadline or the end of
    /// the stream.
    private func receive(into buffer: inout [UInt8], deadline: Double) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while MonotonicSeconds.now < deadline {
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return true
            }
            if count == 0 { return false }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
        }
        return false
    }

    /// Where `\r\n\r\n` starts, if it has arrived.
    static func blankLine(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}

/// Seconds on the monotonic clock.
enum MonotonicSeconds {
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let trimmed = drop { $0 == " " || $0 == "\t" }
        return String(trimmed.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
