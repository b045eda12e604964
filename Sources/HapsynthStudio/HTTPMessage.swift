/// One HTTP/1.1 request as the studio server takes it: the method, the path and query (percent
/// decoded), the headers (names lowercased) and the body (at most `HTTPServer.Limits.bodyBytes`).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path, percent-decoded, without the query (`/api/plot`).
    public var path: String
    /// The query's items by name (the last of a repeated name), percent-decoded.
    public var query: [String: String]
    /// Header values by lowercased name.
    public var headers: [String: String]
    public var body: [UInt8]
    /// Whether the client has gone (closed its connection): a long wait stops then.
    public var clientIsGone: @Sendable () -> Bool = { false }

    public init(method: String, target: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = Self.decoded(parts.first.map(String.init) ?? "/", plusIsSpace: false)
        var query: [String: String] = [:]
        if parts.count == 2 {
            for item in parts[1].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                query[Self.decoded(String(pair[0]), plusIsSpace: true)] = pair.count == 2 ? Self.decoded(String(pair[1]), plusIsSpace: true) : ""
            }
        }
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// `text` with `%XX` escapes (and, in a query, `+`) decoded; an invalid escape is kept as written.
    static func decoded(_ text: String, plusIsSpace: Bool) -> String {
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "%"), index + 2 < source.count, let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
                continue
            }
            bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// One HTTP response: a status, a content type and the body; every response closes its
/// connection and is never cached.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    public init(status: Int, contentType: String, body: [UInt8]) {
        (self.status, self.contentType, self.body) = (status, contentType, body)
    }

    /// A JSON document (`text` must be one).
    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: Array(text.utf8))
    }

    /// Plain text, for the server's own refusals (a request too large, too slow, malformed).
    public static func text(_ text: String, status: Int) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }

    /// The status line and headers, then the body.
    public var bytes: [UInt8] {
        let head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// The reason phrase of the statuses the studio sends.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 422: return "Unprocessable Content"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}
