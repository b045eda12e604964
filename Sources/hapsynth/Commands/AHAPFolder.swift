import Foundation
import HapticCore
import HapticPlanner

/// `plan --ahap-dir DIR`: one AHAP file per planned player, the folder replaced as a whole.
enum AHAPFolder {
    /// Writes the files; returns what to tell the user (the files and how to start them together).
    static func write(_ plan: PlaybackPlan, to folder: String, console: Console) throws(CLIError) -> String {
        let documents = AHAPExport.documents(for: plan)
        let manager = FileManager.default
        let trimmed = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        let staging = trimmed + ".hapsynth-" + UUID().uuidString.prefix(8)
        do {
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: true)
            for (index, document) in documents.enumerated() {
                try (document.pretty() + "\n").write(toFile: "\(staging)/player-\(index + 1).ahap", atomically: true, encoding: .utf8)
            }
            // Swap the folder in whole: no stale player-N.ahap survives.
            var isFolder: ObjCBool = false
            if manager.fileExists(atPath: trimmed, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    try? manager.removeItem(atPath: staging)
                    throw CLIError.cannotCreate("cannot create \(folder): a file of that name exists")
                }
                let old = staging + ".old"
                try manager.moveItem(atPath: trimmed, toPath: old)
                try manager.moveItem(atPath: staging, toPath: trimmed)
                try manager.removeItem(atPath: old)
            } else {
                try manager.moveItem(atPath: staging, toPath: trimmed)
            }
        } catch let error as CLIError {
            throw error
        } catch {
            try? manager.removeItem(atPath: staging)
            throw .cannotCreate("cannot write AHAP files to \(folder): \(error.localizedDescription)")
        }
        for warning in AHAPExport.warnings(for: plan) { console.warning(warning) }
        let names = (0..<documents.count).map { "player-\($0 + 1).ahap" }
        return """
            wrote \(documents.count) AHAP file\(documents.count == 1 ? "" : "s") to \(folder)\(names.isEmpty ? "" : ": " + names.joined(separator: ", "))
            To play them on an iPhone as hapsynth does: load each file as a CHHapticPattern, make one
            player per file with engine.makePlayer(with:), then start every player at the same engine
            time, 10 ms ahead: let time = engine.currentTime + 0.010; try player.start(atTime: time).
            """
    }
}
