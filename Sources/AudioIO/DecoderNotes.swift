import Glibc

/// What libmpg123 writes to standard error while libsndfile decodes an MP3 ("Note: Trying to
/// resync…", "warning: Cannot read next header…"): caught, so that hapsynth says it once, naming
/// the file, rather than the decoder's own lines reaching the terminal. While a decode is caught,
/// standard error goes to a temporary file, so decodes are caught one at a time (a lock); anything
/// else written meanwhile is passed on as it was.
enum DecoderNotes {
    nonisolated(unsafe) private static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    /// The most bytes of caught output read back.
    static let maxBytes = 65_536
    /// The most notes a file keeps (a damaged file can make one a frame).
    static let maxNotes = 100

    /// Runs `body` with standard error caught; returns its result and libmpg123's lines, each
    /// without the source location it starts with.
    static func catching<T>(_ body: () -> T) -> (T, [String]) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        fflush(nil)
        let saved = dup(2)
        guard saved >= 0, let temporary = tmpfile() else {
            if saved >= 0 { close(saved) }
            return (body(), [])
        }
        dup2(fileno(temporary), 2)
        let result = body()
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        var bytes = [UInt8](repeating: 0, count: maxBytes)
        rewind(temporary)
        let count = fread(&bytes, 1, maxBytes, temporary)
        fclose(temporary)
        var notes: [String] = [], others: [UInt8] = []
        for line in bytes[0..<count].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let text = String(decoding: line, as: UTF8.self)
            // libmpg123 writes `[src/libmpg123/…] warning: …`, and bare `Note: …` and
            // `Warning: …` lines (`Warning: Xing stream size off by more than 1%, …`).
            if text.contains("libmpg123") || ["Note: ", "Warning: ", "Error: "].contains(where: { text.hasPrefix($0) }) {
                // `[src/libmpg123/parse.c:do_readahead():1140] warning: …` → `warning: …`
                let note = text.firstRange(of: "] ").map { String(text[$0.upperBound...]) } ?? text
                notes.append(String(note.drop { $0 == " " }.reversed().drop { $0 == " " || $0 == "\r" }.reversed()))
            } else if !line.isEmpty {
                others += line + [UInt8(ascii: "\n")]
            }
        }
        if !others.isEmpty { _ = others.withUnsafeBytes { write(2, $0.baseAddress, $0.count) } }
        return (result, notes)
    }

    /// Whether the file at `descriptor` looks like an MP3: an ID3 tag or an MPEG audio frame's sync.
    static func looksLikeMP3(_ descriptor: Int32) -> Bool {
        var head = [UInt8](repeating: 0, count: 3)
        guard pread(descriptor, &head, 3, 0) == 3 else { return false }
        return head == Array("ID3".utf8) || (head[0] == 0xFF && head[1] & 0xE0 == 0xE0)
    }
}
