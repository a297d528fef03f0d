import Foundation
import Testing
@testable import ScoutKit

/// A private temporary folder for one test.
final class TempFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("scout-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
    func mode(_ name: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file(name).path)[.posixPermissions]) as? Int) ?? -1
    }
}

@Suite struct FileStoreTests {
    @Test func atomicWriteReplacesWholeWithAPrivateFileAndLeavesNoTemporary() throws {
        let folder = try TempFolder()
        let store = FileStore()
        let target = folder.file("nested/deeper/state.json")
        let old = umask(0o022)
        defer { umask(old) }
        try store.write(Data("one".utf8), to: target)
        try store.write(Data("two".utf8), to: target)
        #expect(try String(contentsOf: target, encoding: .utf8) == "two")
        #expect(folder.mode("nested/deeper/state.json") == 0o600)
        #expect(folder.mode("nested") == 0o700)
        #expect(folder.mode("nested/deeper") == 0o700)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.file("nested/deeper").path) == ["state.json"])
    }

    @Test(.enabled(if: getuid() != 0, "root writes into a read-only folder: the test after this one fails as root too"))
    func aWriteIntoAReadOnlyFolderKeepsTheOldFileAndSaysWhy() throws {
        let folder = try TempFolder()
        let store = FileStore()
        let target = folder.file("keep.json")
        try store.write(Data("precious".utf8), to: target)
        chmod(folder.url.path, 0o500)
        defer { chmod(folder.url.path, 0o700) }
        #expect {
            try store.write(Data("new".utf8), to: target)
        } throws: { error in
            "\(error)" == "could not save \(target.path): permission denied; nothing was lost, fix that and try again"
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious")
        #expect(folder.names == ["keep.json"])
    }

    /// A write that fails after its temporary file is written (here the rename: what is in the way is a folder
    /// with a file in it, which no user, root included, can replace by a file) leaves what was there and no
    /// temporary file.
    @Test func aWriteThatFailsAtTheRenameLeavesWhatWasThereAndNoTemporary() throws {
        let folder = try TempFolder()
        let store = FileStore()
        let target = folder.file("keep.json")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try store.write(Data("precious".utf8), to: target.appendingPathComponent("inside"))
        #expect {
            try store.write(Data("new".utf8), to: target)
        } throws: { error in
            "\(error)" == "could not save \(target.path): is a directory; nothing was lost, fix that and try again"
        }
        #expect(folder.names == ["keep.json"])
        #expect(try String(contentsOf: target.appendingPathComponent("inside"), encoding: .utf8) == "precious")
    }

    /// The session is written after every command: into its spare, then the two names exchanged, so the two
    /// files take turns and none is made or freed (freeing one was most of a cached search's wait for the disk).
    @Test func aFileWrittenOftenTakesTurnsWithItsSpare() throws {
        let folder = try TempFolder()
        let store = FileStore()
        let target = folder.file("session.json")
        func inode(_ name: String) -> ino_t {
            var info = stat()
            return lstat(folder.file(name).path, &info) == 0 ? info.st_ino : 0
        }
        try store.write(Data("one, the longest\n".utf8), to: target, often: true)
        let first = inode("session.json")
        try store.write(Data("two\n".utf8), to: target, often: true)
        let second = inode("session.json")
        try store.write(Data("three\n".utf8), to: target, often: true)
        #expect(try String(contentsOf: target, encoding: .utf8) == "three\n")
        #expect(try String(contentsOf: folder.file(".session.json.spare"), encoding: .utf8) == "two\n")
        #expect(inode("session.json") == first)
        #expect(inode(".session.json.spare") == second)
        #expect(first != second)
        #expect(folder.names == [".session.json.spare", "session.json"])
        #expect(folder.mode("session.json") == 0o600)
        #expect(folder.mode(".session.json.spare") == 0o600)
    }

    /// A spare another scout is writing (it holds its lock), a spare that is a link, and a file that is not a
    /// plain file: the write is the plain one, and the spare and whatever the link names are left as they were.
    @Test func aSpareThatIsNotOursToWriteIsLeftAlone() throws {
        let folder = try TempFolder()
        let store = FileStore()
        let target = folder.file("session.json")
        let spare = folder.file(".session.json.spare")
        try store.write(Data("old\n".utf8), to: target)
        try Data("another scout's\n".utf8).write(to: spare)
        let fd = open(spare.path, O_RDWR)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        try store.write(Data("new\n".utf8), to: target, often: true)
        #expect(try String(contentsOf: target, encoding: .utf8) == "new\n")
        #expect(try String(contentsOf: spare, encoding: .utf8) == "another scout's\n")
        #expect(folder.names == [".session.json.spare", "session.json"])

        let outside = try TempFolder()
        try Data("not scout's\n".utf8).write(to: outside.file("elsewhere"))
        try FileManager.default.removeItem(at: spare)
        #expect(symlink(outside.file("elsewhere").path, spare.path) == 0)
        try store.write(Data("newer\n".utf8), to: target, often: true)
        #expect(try String(contentsOf: target, encoding: .utf8) == "newer\n")
        #expect(try String(contentsOf: outside.file("elsewhere"), encoding: .utf8) == "not scout's\n")

        let inTheWay = folder.file("folder.json")
        try store.write(Data("precious".utf8), to: inTheWay.appendingPathComponent("inside"))
        #expect {
            try store.write(Data("new".utf8), to: inTheWay, often: true)
        } throws: { error in
            "\(error)" == "could not save \(inTheWay.path): is a directory; nothing was lost, fix that and try again"
        }
        #expect(try String(contentsOf: inTheWay.appendingPathComponent("inside"), encoding: .utf8) == "precious")
    }

    @Test func appendAddsWholeRecords() throws {
        let folder = try TempFolder()
        let store = FileStore()
        let log = folder.file("log.jsonl")
        try store.append(Data("{\"a\":1}\n".utf8), to: log)
        try store.append(Data("{\"a\":2}\n".utf8), to: log)
        #expect(try String(contentsOf: log, encoding: .utf8) == "{\"a\":1}\n{\"a\":2}\n")
        #expect(folder.mode("log.jsonl") == 0o600)
    }

    @Test func quarantineNeverOverwritesAnEarlierCopy() throws {
        let folder = try TempFolder()
        var store = FileStore()
        store.now = { Date(timeIntervalSince1970: 1_795_000_000) }
        let target = folder.file("session.json")
        try Data("garbage one".utf8).write(to: target)
        let first = store.quarantine(target)
        try Data("garbage two".utf8).write(to: target)
        let second = store.quarantine(target)
        #expect(first == "session.json.corrupt-20261118T110640Z")
        #expect(second == "session.json.corrupt-20261118T110640Z-2")
        #expect(try String(contentsOf: folder.file(first ?? ""), encoding: .utf8) == "garbage one")
        #expect(try String(contentsOf: folder.file(second ?? ""), encoding: .utf8) == "garbage two")
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test func aHeldLockMakesOthersWaitThenSayBusy() throws {
        let folder = try TempFolder()
        var store = FileStore()
        store.lockTimeout = .milliseconds(200)
        let target = folder.file("favourites.json")
        try store.withLock(target) {
            // A second descriptor on the same lock file: flock treats it as another holder.
            let fd = open(folder.file(".favourites.json.lock").path, O_RDWR)
            defer { close(fd) }
            #expect(flock(fd, LOCK_EX | LOCK_NB) != 0)
        }
        // Held by another open file description: the store backs off, then says busy.
        let fd = open(folder.file(".favourites.json.lock").path, O_RDWR)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        let start = ContinuousClock.now
        #expect(throws: StoreError.busy(path: target.path)) { try store.withLock(target) {} }
        #expect(ContinuousClock.now - start >= .milliseconds(200))
        flock(fd, LOCK_UN)
        #expect(try store.withLock(target) { 42 } == 42)
    }

    @Test func sweepRemovesTemporariesOfDeadProcessesOnly() throws {
        let folder = try TempFolder()
        try Data().write(to: folder.file(".session.json.tmp-999999-12"))
        try Data().write(to: folder.file(".session.json.tmp-\(getpid())-34"))
        try Data().write(to: folder.file("session.json"))
        FileStore().sweepTemporaries(in: folder.url)
        #expect(folder.names == [".session.json.tmp-\(getpid())-34", "session.json"])
    }
}

@Suite struct StateFileTests {
    @Test func sessionDecodesFromEmptyObjectAndEarlierVersions() throws {
        #expect(try JSONDecoder.scout.decode(SessionModel.self, from: Data("{}".utf8)) == SessionModel())
        // A version-0 file of an earlier build: no view, no searchID, an unknown extra key.
        let early =
            #"{"schemaVersion":0,"source":"restaurants","query":{"source":"restaurants","terms":"thai","options":{}},"#
            + #""page":2,"legacy":true}"#
        let model = try JSONDecoder.scout.decode(SessionModel.self, from: Data(early.utf8))
        #expect(model.source == "restaurants")
        #expect(model.query?.terms == "thai")
        #expect(model.page == 2)
        #expect(model.view == .list)
        #expect(model.selections.isEmpty)
    }

    @Test func aDamagedFileIsMovedAsideWithOneWarning() throws {
        let folder = try TempFolder()
        let file = StateFile<SessionModel>(folder.file("session.json"), label: "the session", store: FileStore())
        try Data("{\"page\": ".utf8).write(to: folder.file("session.json"))
        var warnings: [String] = []
        #expect(file.load { warnings.append($0) } == nil)
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.hasPrefix("the session was damaged and could not be read; kept it as session.json.corrupt-")
                == true)
        #expect(folder.names.count == 1 && folder.names[0].hasPrefix("session.json.corrupt-"))
    }

    @Test func historyKeepsEveryGoodLineAroundABadOne() throws {
        let folder = try TempFolder()
        let history = HistoryStore(url: folder.file("history.jsonl"), store: FileStore(), warn: { _ in })
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        try history.recordSearch(id: "a", query: SearchQuery(source: "movies", terms: "alien"), count: 2, at: date)
        try FileStore().append(Data("{not json\n\u{0}\u{FF}\n".utf8), to: folder.file("history.jsonl"))
        try history.recordSearch(id: "b", query: SearchQuery(source: "restaurants", terms: "thai"), count: 7, at: date)
        try history.recordDone(search: "b", chosen: [Item(id: "restaurants:50", title: "Nahm")], at: date)
        let entries = try history.entries()
        #expect(entries.map(\.terms) == ["alien", "thai"])
        #expect(entries[1].chosen == [HistoryEntry.Chosen(id: "restaurants:50", title: "Nahm")])
        #expect(entries[1].count == 7)
    }
}
