import AudioIO
import FoundationEssentials
import Glibc
import HapticCore
import HapticCheck
import HapticPlanner

/// One AHAP file per planned player (`plan --ahap-dir DIR`). hapsynth writes only its own
/// `player-N.ahap` files and a manifest of them (`.hapsynth-ahap-export`), and removes only files
/// an earlier export listed there: a folder that holds anything else is refused unless forced
/// (which writes beside the other files and never removes them).
public enum AHAPFolder {
    /// The manifest's name: one written file name per line.
    static let manifestName = ".hapsynth-ahap-export"

    /// What an export wrote.
    public struct Written: Sendable {
        /// The files' names in the folder (`player-1.ahap`, …).
        public let names: [String]
        /// What the export could not carry over, a line each.
        public let warnings: [String]
        /// What to tell the user: the files, and how to start them together on an iPhone.
        public let summary: String
    }

    /// Writes one AHAP file per player into `folder`; `force` writes beside files hapsynth did not
    /// write (they are kept). No file it would write or remove may be one of `inputs` (the files
    /// the command read).
    public static func write(_ plan: PlaybackPlan, to folder: String, force: Bool, inputs: [String] = []) throws(AHAPFolderError) -> Written {
        let texts = AHAPExport.files(for: plan)
        let names = (0..<texts.count).map { "player-\($0 + 1).ahap" }
        let manager = FileManager.default
        func fail(_ reason: String) -> AHAPFolderError { .cannotWrite(folder: folder, reason: reason) }
        let isFolder = FilePaths.isFolder(folder)
        let exists = isFolder != nil
        if isFolder == false { throw fail("a file of that name exists") }
        let earlier = exists ? manifest(in: folder) : []
        if exists {
            let entries = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            let foreign = entries.filter { $0 != manifestName && !earlier.contains($0) }.sorted()
            if !foreign.isEmpty && !force { throw .foreignFiles(folder: folder, names: foreign) }
        }
        let stale = earlier.filter { !names.contains($0) }
        do throws(OutputError) {
            try OutputGuard.refuse((names + [manifestName] + stale).map { folder + "/" + $0 }, inputs: inputs)
        } catch {
            throw fail("\(error)")
        }
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw fail(FilePaths.message(of: error))
        }
        do throws(OutputError) {
            // Every file is made and written before any is put in place: all of them, or none.
            let reserved = try ReservedText.reserving(names.map { (folder + "/" + $0, "AHAP file") } + [(folder + "/" + manifestName, "export manifest")])
            for (file, text) in zip(reserved, texts.map { $0 + "\n" } + [names.map { $0 + "\n" }.joined()]) { try file.write(text) }
            try ReservedText.commit(reserved)
        } catch {
            throw fail("\(error)")
        }
        // Only files an earlier export wrote, and this one did not, are removed.
        for name in stale { try? manager.removeItem(atPath: folder + "/" + name) }
        return Written(names: names, warnings: AHAPExport.warnings(for: plan), summary: """
            wrote \(texts.count) AHAP file\(texts.count == 1 ? "" : "s") to \(folder)\(names.isEmpty ? "" : ": " + names.joined(separator: ", "))
            To play them on an iPhone as hapsynth does: load each file as a CHHapticPattern, make one
            player per file with engine.makePlayer(with:), then start every player at the same engine
            time, 10 ms ahead: let time = engine.currentTime + 0.010; try player.start(atTime: time).
            """)
    }

    /// The files an earlier export listed: plain `player-N.ahap` names only, so a doctored
    /// manifest cannot make hapsynth remove anything else.
    static func manifest(in folder: String) -> [String] {
        guard let text = try? String(contentsOfFile: folder + "/" + manifestName, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { name in
            name.hasPrefix("player-") && name.hasSuffix(".ahap") && Int(name.dropFirst(7).dropLast(5)) != nil
        }
    }
}

/// An AHAP export that could not be written; nothing hapsynth did not write was touched.
public enum AHAPFolderError: Error, Sendable, CustomStringConvertible {
    /// The folder holds files hapsynth did not write (and `force` was not given).
    case foreignFiles(folder: String, names: [String])
    /// The folder or a file in it cannot be written.
    case cannotWrite(folder: String, reason: String)

    /// The first files that hapsynth did not write, for messages (`a, b, c, …`).
    public static func shown(_ names: [String]) -> String { names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "") }

    public var description: String {
        switch self {
        case let .foreignFiles(folder, names):
            return "cannot write AHAP files to \(folder): it holds files hapsynth did not write (\(Self.shown(names))); "
                + "choose an empty folder, or pass force to write beside them"
        case let .cannotWrite(folder, reason): return "cannot write AHAP files to \(folder): \(reason)"
        }
    }
}
