import Foundation
import HapticPlayback
import Testing
import TestSupport

/// Where a sound is found (docs/audio.md, "Where sounds are found"): inside the folder tried, links
/// followed a component at a time, and nothing outside ever looked at.
@Suite struct SoundPathsTests {
    /// root/project/sounds/tap.wav, root/outside.wav, and links inside the project.
    static func tree() throws -> (Scratch, project: String) {
        let scratch = try Scratch()
        let project = scratch.path + "/project"
        try scratch.write("project/sounds/tap.wav", "RIFF")
        try scratch.write("outside.wav", "RIFF")
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: project + "/alias", withDestinationPath: "sounds")
        try manager.createSymbolicLink(atPath: project + "/sounds/up.wav", withDestinationPath: "../sounds/tap.wav")
        try manager.createSymbolicLink(atPath: project + "/sounds/out.wav", withDestinationPath: "../../outside.wav")
        try manager.createSymbolicLink(atPath: project + "/sounds/abs.wav", withDestinationPath: scratch.path + "/outside.wav")
        try manager.createSymbolicLink(atPath: project + "/sounds/absin.wav", withDestinationPath: project + "/sounds/tap.wav")
        try manager.createSymbolicLink(atPath: project + "/loop.wav", withDestinationPath: "loop.wav")
        return (scratch, project)
    }

    @Test func pathsInsideTheFolderAreFoundWhereTheyReallyAre() throws {
        let (scratch, project) = try Self.tree()
        let real = try #require(realpath(project, nil).map { p -> String in defer { free(p) }; return String(cString: p) })
        for named in ["sounds/tap.wav", "./sounds//tap.wav", "alias/tap.wav", "sounds/up.wav", "sounds/../sounds/tap.wav", "sounds/absin.wav"] {
            #expect(SoundPaths.resolve(named, roots: [], folder: project) == .found(path: real + "/sounds/tap.wav", folder: project), "\(named)")
        }
        _ = scratch
    }

    @Test func pathsThatLeaveTheFolderAreRefusedWhetherOrNotTheTargetExists() throws {
        let (scratch, project) = try Self.tree()
        for named in ["../outside.wav", "../nothing.wav", "sounds/../../outside.wav", "sounds/out.wav", "sounds/abs.wav", "alias/../../outside.wav"] {
            #expect(SoundPaths.resolve(named, roots: [], folder: project) == .refused(.leaves(folder: project)), "\(named)")
        }
        #expect(SoundPaths.resolve(scratch.path + "/outside.wav", roots: [], folder: project) == .refused(.absolute))
        #expect(SoundPaths.resolve("sounds/tap.wav\u{0}.caf", roots: [], folder: project) == .refused(.nul))
        #expect(SoundPaths.resolve("loop.wav", roots: [], folder: project) == .refused(.linkLoop))
        #expect(SoundPaths.resolve("sounds/none.wav", roots: [scratch.path], folder: project) == .notFound(folders: [scratch.path, project]))
    }

    @Test func aRootWidensWhatMayBeRead() throws {
        let (scratch, project) = try Self.tree()
        let real = try #require(realpath(scratch.path, nil).map { p -> String in defer { free(p) }; return String(cString: p) })
        #expect(SoundPaths.resolve(scratch.path + "/outside.wav", roots: [scratch.path], folder: project) == .found(path: real + "/outside.wav", folder: scratch.path))
        #expect(SoundPaths.resolve("outside.wav", roots: [scratch.path], folder: project) == .found(path: real + "/outside.wav", folder: scratch.path))
        // A root is tried first; a name it lacks is then tried in the file's folder.
        #expect(SoundPaths.resolve("sounds/tap.wav", roots: [scratch.path], folder: project)
            == .found(path: real + "/project/sounds/tap.wav", folder: project))
    }
}
