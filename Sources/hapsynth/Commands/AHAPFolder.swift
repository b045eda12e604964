import FoundationEssentials
import Glibc
import HapticCore
import HapticPlanner

/// `plan --ahap-dir DIR`: one AHAP file per planned player. hapsynth writes only its own
/// `player-N.ahap` files and a manifest of them (`.hapsynth-ahap-export`), and removes only files
/// an earlier export listed there: a folder that holds anything else is refused unless `--force`
/// (which writes beside the other files and never removes them).
enum AHAPFolder {
    /// The manifest's name: one written file name per line.
    static let manifestName = ".hapsynth-ahap-export"

    /// Writes the files; returns what to tell the user (the files and how to start them together).
    static func write(_ plan: PlaybackPlan, to folder: String, force: Bool, console: Console) throws(CLIError) -> String {
        let texts = AHAPExport.files(for: plan)
        let names = (0..<texts.count).map { "player-\($0 + 1).ahap" }
        let manager = FileManager.default
        func fail(_ reason: String) -> CLIError { .cannotCreate("cannot write AHAP files to \(folder): \(reason)") }
        let isFolder = FilePaths.isFolder(folder)
        let exists = isFolder != nil
        if isFolder == false { throw fail("a file of that name exists") }
        let earlier = exists ? manifest(in: folder) : []
        if exists {
            let entries = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            let foreign = entries.filter { $0 != manifestName && !earlier.contains($0) }.sorted()
            if !foreign.isEmpty && !force {
                let shown = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
                throw fail("it holds files hapsynth did not write (\(shown)); choose an empty folder, or use --force to write beside them")
            }
        }
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (name, text) in zip(names, texts) {
                try (text + "\n").write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            }
            try (names.map { $0 + "\n" }.joined()).write(toFile: folder + "/" + manifestName, atomically: true, encoding: .utf8)
            // Only files an earlier export wrote, and this one did not, are removed.
            for stale in earlier where !names.contains(stale) {
                try? manager.removeItem(atPath: folder + "/" + stale)
            }
        } catch {
            throw fail(FilePaths.message(of: error))
        }
        for warning in AHAPExport.warnings(for: plan) { console.warning(warning) }
        return """
            wrote \(texts.count) AHAP file\(texts.count == 1 ? "" : "s") to \(folder)\(names.isEmpty ? "" : ": " + names.joined(separator: ", "))
            To play them on an iPhone as hapsynth does: load each file as a CHHapticPattern, make one
            player per file with engine.makePlayer(with:), then start every player at the same engine
            time, 10 ms ahead: let time = engine.currentTime + 0.010; try player.start(atTime: time).
            """
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
