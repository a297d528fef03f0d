import Foundation
import ScoutTestSupport
import Testing

/// A full disk, a read-only file system and a permission error, made for real: small tmpfs mounts and
/// a scout run as `nobody`, so these need root (as the CI machine is).
@Suite(.serialized, .enabled(if: getuid() == 0, "mounting a tmpfs and dropping to nobody need root"))
struct WriteFailureTests {
    static func sh(_ arguments: String...) throws {
        let process = try Process.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: arguments)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw MountError.failed(arguments.joined(separator: " ")) }
    }

    static func temporaries(_ box: Sandbox, _ folder: String) -> [String] {
        box.files(in: folder).filter { $0.contains(".tmp-") }
    }

    /// Fills the file system `folder` is on with a file named `filler`.
    static func fill(_ box: Sandbox, _ folder: String) {
        let fd = open(box.path("\(folder)/filler").path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        let block = [UInt8](repeating: 0, count: 4096)
        while write(fd, block, block.count) > 0 {}
        var byte: UInt8 = 0
        while write(fd, &byte, 1) > 0 {}
        close(fd)
    }

    @Test func aFullDiskAndAReadOnlyDiskLoseNothingAndWhatWasInMemoryIsWrittenLater() async throws {
        let box = try Sandbox()
        for folder in ["data", "state"] {
            try FileManager.default.createDirectory(at: box.path(folder), withIntermediateDirectories: true)
            try Self.sh("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", box.path(folder).path)
        }
        defer { for folder in ["data", "state"] { try? Self.sh("umount", "-l", box.path(folder).path) } }

        let scout = try box.launch(["--json"], input: "", keepInputOpen: true)
        try await scout.send("search kubrick", untilLines: 1)
        try await scout.send("fav add 1-3", untilLines: 2)
        let favourites = try Data(contentsOf: box.favouritesFile)
        let history = try Data(contentsOf: box.historyFile)
        // The favourites' disk full, the history's and session's read-only.
        Self.fill(box, "data")
        try Self.sh("mount", "-o", "remount,ro", box.path("state").path)
        try await scout.send("search alien", untilLines: 3)
        try await scout.send("fav add 1", untilLines: 4)
        try await scout.send("fav", untilLines: 5)
        #expect(try Data(contentsOf: box.favouritesFile) == favourites, "the favourites are intact")
        #expect(try Data(contentsOf: box.historyFile) == history, "the history is intact")
        #expect(Self.temporaries(box, "data/scout").isEmpty && Self.temporaries(box, "state/scout").isEmpty)
        let lines = scout.stdoutSoFar.split(separator: "\n").map(String.init)
        #expect(
            lines[2].contains(
                "the search ran but was not written to history: could not save \(box.historyFile.path): read-only file "
                    + "system; nothing was lost, fix that and try again"
            ), "\(lines[2])")
        #expect(lines[2].contains("could not save \(box.sessionFile.path): read-only file system"), "\(lines[2])")
        #expect(
            lines[3].contains(
                "could not save \(box.favouritesFile.path): no space left on device; nothing was lost, fix that and "
                    + "try again"
            ), "\(lines[3])")
        #expect(
            lines[4].contains("2001: A Space Odyssey") && !lines[4].contains("Alien"), "the old favourites are listed")

        // Fixed: the search record and the session kept in memory are written with the next command.
        try FileManager.default.removeItem(at: box.path("data/filler"))
        try Self.sh("mount", "-o", "remount,rw", box.path("state").path)
        try await scout.send("search heat", untilLines: 6)
        try await scout.send("fav add 1", untilLines: 7)
        let run = try await scout.finish()
        #expect(run.stderr.isEmpty)
        let records = try box.read(box.historyFile).split(separator: "\n")
        #expect(records.count == 3)
        #expect(
            records.count == 3 && records[1].contains("\"terms\":\"alien\"")
                && records[2].contains("\"terms\":\"heat\""))
        #expect(try box.read(box.sessionFile).contains("\"terms\" : \"heat\""))
        #expect(try box.read(box.favouritesFile).contains("Heat"))
    }

    @Test func aReadOnlyFileSystemAndAPermissionErrorLeaveTheOldFileAndSayWhy() async throws {
        let box = try Sandbox()
        try await box.run(["-c", "search kubrick; fav add 1-3"])
        let favourites = try Data(contentsOf: box.favouritesFile)
        // The data folder, read-only.
        try FileManager.default.moveItem(at: box.path("data"), to: box.path("data-kept"))
        try FileManager.default.createDirectory(at: box.path("data"), withIntermediateDirectories: true)
        try Self.sh("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", box.path("data").path)
        try Self.sh("cp", "-a", box.path("data-kept/scout").path, box.path("data").path)
        try Self.sh("mount", "-o", "remount,ro", box.path("data").path)
        let readOnly = try await box.run(["-c", "search alien; fav add 1; fav"])
        #expect(
            readOnly.stderrLines == [
                "scout: could not save \(box.favouritesFile.path): read-only file system; nothing was lost, fix that "
                    + "and try again"
            ])
        #expect(readOnly.stdout.contains("2001: A Space Odyssey"))
        #expect(try Data(contentsOf: box.favouritesFile) == favourites)
        #expect(Self.temporaries(box, "data/scout").isEmpty)
        try Self.sh("umount", "-l", box.path("data").path)

        // Files owned by another user: scout runs as nobody and may read the favourites but not replace them.
        for folder in ["state", "config", "cache"] {
            try FileManager.default.createDirectory(at: box.path("\(folder)/scout"), withIntermediateDirectories: true)
            try Self.sh("chown", "-R", "nobody", box.path(folder).path)
        }
        try Self.sh("chmod", "755", box.root.path, box.path("data-kept").path, box.path("data-kept/scout").path)
        try Self.sh("chmod", "644", box.path("data-kept/scout/favourites.json").path)
        try FileManager.default.removeItem(at: box.path("data"))
        try FileManager.default.moveItem(at: box.path("data-kept"), to: box.path("data"))
        box.wrapper = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        let denied = try await box.run(["-c", "search alien; fav add 1; fav"])
        #expect(
            denied.stderrLines == [
                "scout: could not save \(box.favouritesFile.path): permission denied; nothing was lost, fix that and "
                    + "try again"
            ])
        #expect(denied.stdout.contains("2001: A Space Odyssey"))
        #expect(try Data(contentsOf: box.favouritesFile) == favourites)
        #expect(Self.temporaries(box, "data/scout").isEmpty)
        try Self.sh("chown", "-R", "root", box.root.path)
    }
}

enum MountError: Error {
    case failed(String)
}
