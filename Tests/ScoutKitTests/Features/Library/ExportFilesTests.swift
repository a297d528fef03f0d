import Foundation
@testable import ScoutKit
import Testing
import ZIPFoundation

/// Exports as a folder, a zip or one CSV file: only the export's own CSV files are read (never what was
/// deleted, never a name that leads out of it, never a link), nothing is written, and every limit holds
/// against a zip bomb or a damaged zip.
@Suite struct ExportFilesTests {
    /// A fresh empty folder, removed when `body` returns.
    static func inTemporaryFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scout-export-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    enum Content {
        case text(String)
        case link(String)
        case repeated(String, bytes: Int)
    }

    /// A zip made by ZIPFoundation, entries in the order given.
    static func zip(
        _ entries: [(String, Content)], at url: URL, compression: CompressionMethod = .deflate
    ) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for (name, content) in entries {
            switch content {
            case .text(let text):
                let data = Data(text.utf8)
                try archive.addEntry(
                    with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: compression
                ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
            case .link(let target):
                let data = Data(target.utf8)
                try archive.addEntry(with: name, type: .symlink, uncompressedSize: Int64(data.count)) { _, _ in data }
            case .repeated(let line, let bytes):
                let block = Data(String(repeating: line, count: 65_536 / line.utf8.count).utf8)
                try archive.addEntry(
                    with: name, type: .file, uncompressedSize: Int64(bytes), compressionMethod: .deflate
                ) { position, size in
                    let offset = Int(position) % block.count
                    var piece = Data()
                    while piece.count < size {
                        piece.append(block[block.startIndex + (piece.isEmpty ? offset : 0)..<block.endIndex])
                    }
                    return piece.prefix(size)
                }
            }
        }
    }

    /// Every row read, as `path:line: fields joined by |`, and the report.
    static func read(_ url: URL, limits: ExportLimits = .default) throws -> (rows: [String], report: ExportReport) {
        var rows: [String] = []
        let report = try ExportFiles.each(at: url, limits: limits) { file, row in
            rows.append("\(file.path):\(row.line): \(row.fields.joined(separator: "|"))")
        }
        return (rows, report)
    }

    static let layout: [(String, Content)] = [
        ("diary.csv", .text("Date,Name\n2024-01-02,Laura\n")),
        ("deleted/diary.csv", .text("Date,Name\n2023-01-01,Gone\n")),
        ("orphaned/x.csv", .text("Name\nOrphan\n")),
        ("lists/a.csv", .text("Letterboxd list export v7\nDate,Name\n\nPosition,Name\n1,\"The Third\nMan\"\n")),
        ("README.txt", .text("not a CSV\n")),
        ("lists/.hidden.csv", .text("Name\nHidden\n")),
    ]
    static let expected = [
        "diary.csv:1: Date|Name", "diary.csv:2: 2024-01-02|Laura",
        "lists/a.csv:1: Letterboxd list export v7", "lists/a.csv:2: Date|Name", "lists/a.csv:3: ",
        "lists/a.csv:4: Position|Name", "lists/a.csv:5: 1|The Third\nMan",
    ]

    @Test func aZipGivesOnlyItsOwnCSVFilesAndWritesNothing() throws {
        try Self.inTemporaryFolder { folder in
            let url = folder.appendingPathComponent("letterboxd.zip")
            try Self.zip(
                Self.layout + [
                    ("../evil.csv", .text("Name\nEvil\n")), ("/abs.csv", .text("Name\nAbsolute\n")),
                    ("link.csv", .link("/etc/passwd")), ("__MACOSX/._diary.csv", .text("fork")),
                ], at: url)
            let before = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            let (rows, report) = try Self.read(url)
            #expect(rows == Self.expected)
            #expect(report.files == ["diary.csv", "lists/a.csv"])
            #expect(
                report.problems.map(\.description) == [
                    "../evil.csv: not read: its name leads outside the export",
                    "/abs.csv: not read: its name leads outside the export",
                    "link.csv: not read: it is a symbolic link",
                ])
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == before)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("../evil.csv").path))
        }
    }

    @Test func aZipWithOneTopFolderIsReadFromInsideIt() throws {
        try Self.inTemporaryFolder { folder in
            let url = folder.appendingPathComponent("export.zip")
            try Self.zip(Self.layout.map { ("letterboxd-me-2024-01-01/\($0.0)", $0.1) }, at: url)
            #expect(try Self.read(url).rows == Self.expected)
            // Stored rather than deflated reads the same.
            let stored = folder.appendingPathComponent("stored.zip")
            try Self.zip(Self.layout, at: stored, compression: .none)
            #expect(try Self.read(stored).rows == Self.expected)
        }
    }

    @Test func aZipIsKnownByItsBytesNotItsName() throws {
        try Self.inTemporaryFolder { folder in
            let url = folder.appendingPathComponent("export.csv")
            try Self.zip(Self.layout, at: url)
            #expect(try Self.read(url).rows == Self.expected)
        }
    }

    @Test func aFolderGivesTheSameAndFollowsNoLink() throws {
        try Self.inTemporaryFolder { folder in
            let export = folder.appendingPathComponent("export")
            for (name, content) in Self.layout {
                guard case .text(let text) = content else { continue }
                let url = export.appendingPathComponent(name)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            try Data("Name\nOutside\n".utf8).write(to: folder.appendingPathComponent("outside.csv"))
            try FileManager.default.createSymbolicLink(
                atPath: export.appendingPathComponent("outside.csv").path, withDestinationPath: "../outside.csv")
            try FileManager.default.createSymbolicLink(
                atPath: export.appendingPathComponent("up").path, withDestinationPath: "..")
            let (rows, report) = try Self.read(export)
            #expect(rows == Self.expected)
            #expect(
                report.problems.map(\.description) == [
                    "outside.csv: not read: it is a symbolic link", "up: not read: it is a symbolic link",
                ])
            // Everything it holds counts, hidden or not: 7 names at its top, and 1, 2 and 1 in its folders.
            #expect(throws: ExportError.tooManyEntries(path: export.path, limit: 10)) {
                try ExportFiles.each(at: export, limits: ExportLimits(maxEntries: 10)) { _, _ in }
            }
            #expect(try Self.read(export, limits: ExportLimits(maxEntries: 11)).rows == Self.expected)
        }
    }

    @Test func oneCSVFileIsAnExportOfOneFileNamedAsItIs() throws {
        try Self.inTemporaryFolder { folder in
            let url = folder.appendingPathComponent("ratings.csv")
            try Data(
                [0xEF, 0xBB, 0xBF] + Array("Const,Your Rating,Title\r\ntt0041959,10,Caf".utf8) + [0xE9, 0x0D, 0x0A]
            )
            .write(to: url)
            var ended: [String] = []
            let report = try ExportFiles.each(at: url) { file, row in
                #expect(file.path == "ratings.csv")
                if row.line == 2 { #expect(row.fields == ["tt0041959", "10", "Café"]) }
            } endOfFile: { file, problem in
                ended.append(file.path)
                #expect(problem == nil)
            }
            #expect(ended == ["ratings.csv"] && report.files == ["ratings.csv"])
        }
    }

    @Test func aFileIsLeftAfterItsHeaderAndAProblemStopsOnlyItsFile() throws {
        try Self.inTemporaryFolder { folder in
            let url = folder.appendingPathComponent("export.zip")
            try Self.zip(
                [
                    ("a.csv", .text("Name\n\"never closed\n1\n")), ("b.csv", .text("Unknown,Header\n1,2\n")),
                    ("c.csv", .text("Name\nLaura\n")),
                ], at: url)
            var rows: [String] = []
            var ended: [String] = []
            let report = try ExportFiles.each(at: url) { file, row in
                rows.append("\(file.path):\(row.line)")
                if row.fields.first == "Unknown" { throw ExportSignal.skipFile }
            } endOfFile: { file, problem in
                ended.append("\(file.path) \(problem?.description ?? "whole")")
            }
            #expect(rows == ["a.csv:1", "b.csv:1", "c.csv:1", "c.csv:2"])
            #expect(
                ended == [
                    "a.csv a.csv:2: a quote opened in this row is never closed; the rest of the file was not read",
                    "b.csv whole", "c.csv whole",
                ])
            #expect(report.files == ["a.csv", "b.csv", "c.csv"] && report.problems.count == 1)
        }
    }

    /// This process's peak resident memory in KB (`VmHWM`).
    static func peakResident() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        return try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
    }

    /// Sets the peak back to the memory held now (Linux's `clear_refs` 5), and returns it in KB.
    static func resetPeakResident() throws -> Int {
        try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
        return try peakResident()
    }

    /// Rewrites the unpacked size the central directory gives each entry, as a zip bomb would.
    static func lie(in url: URL, size: UInt32) throws {
        var bytes = [UInt8](try Data(contentsOf: url))
        for at in 0..<bytes.count - 46 where bytes[at..<at + 4] == [0x50, 0x4B, 0x01, 0x02] {
            for index in 0..<4 { bytes[at + 24 + index] = UInt8(truncatingIfNeeded: size >> (8 * index)) }
        }
        try Data(bytes).write(to: url)
    }

    @Test func aZipBombStopsAtTheLimitWithinBoundedMemory() throws {
        try Self.inTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bomb.zip")
            let line = String(repeating: "0", count: 63) + "," + String(repeating: "0", count: 63) + "\n"
            try Self.zip([("bomb.csv", .repeated(line, bytes: 100 << 20))], at: url)
            let zipSize = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
            #expect(zipSize < 1 << 20, "100 MiB of rows packs small")
            // Saying its size, it is refused before a row is read.
            var rows = 0
            #expect(throws: ExportError.tooLarge(path: "bomb.csv", limit: 64 << 20)) {
                try ExportFiles.each(at: url) { _, _ in rows += 1 }
            }
            #expect(rows == 0)
            // Saying it holds 1,000 bytes, it is stopped as it unpacks, within bounded memory.
            try Self.lie(in: url, size: 1_000)
            // The process's peak is set back to what it holds now (scripts/test runs this suite one test at a time,
            // so no other test's memory is in it).
            let before = try Self.resetPeakResident()
            #expect(throws: ExportError.tooLarge(path: "bomb.csv", limit: 64 << 20)) {
                try ExportFiles.each(at: url) { _, _ in rows += 1 }
            }
            #expect(try Self.peakResident() - before < 32 << 10, "kilobytes more at the peak")
            #expect(
                rows <= (64 << 20) / 128 && rows > (63 << 20) / 128, "the rows of 64 MiB, less the piece that passed it"
            )
            // Lower limits hold the same way: one file, and all files together.
            #expect(throws: ExportError.tooLarge(path: "bomb.csv", limit: 10_000)) {
                try ExportFiles.each(at: url, limits: ExportLimits(maxFileBytes: 10_000)) { _, _ in }
            }
            #expect(throws: ExportError.tooLargeInAll(path: url.path, limit: 10_000)) {
                try ExportFiles.each(at: url, limits: ExportLimits(maxTotalBytes: 10_000)) { _, _ in }
            }
        }
    }

    @Test func aFieldWithoutEndStopsItsFileAtTheParsersLimit() throws {
        try Self.inTemporaryFolder { folder in
            let url = folder.appendingPathComponent("zeros.zip")
            try Self.zip([("zeros.csv", .repeated("\0", bytes: 10 << 20))], at: url)
            let (rows, report) = try Self.read(url)
            #expect(rows.isEmpty)
            #expect(
                report.problems.map(\.description) == [
                    "zeros.csv:1: a field too long to be CSV text (is this a CSV file?); the rest of the file was "
                        + "not read"
                ])
        }
    }

    @Test func tooManyEntriesIsRefusedBeforeAnyIsRead() throws {
        try Self.inTemporaryFolder { folder in
            let url = folder.appendingPathComponent("many.zip")
            try Self.zip((0..<5).map { ("\($0).csv", .text("a\n")) }, at: url)
            #expect(throws: ExportError.tooManyEntries(path: url.path, limit: 4)) {
                try ExportFiles.each(at: url, limits: ExportLimits(maxEntries: 4)) { _, _ in Issue.record("read") }
            }
            #expect(try Self.read(url, limits: ExportLimits(maxEntries: 5)).rows.count == 5)
        }
    }

    /// Several exports in one folder are named, four at most, the rest counted as one last item of the list.
    @Test func severalExportsAreNamedThenCounted() {
        let six = ExportError.severalExports(path: "dl", folders: ["a", "b", "c", "d", "e", "f"]).description
        #expect(
            six == "dl holds 6 exports, in a/, b/, c/ and 3 more: an export is one account's, so give the folder of "
                + "one (dl/a); nothing was imported")
        let two = ExportError.severalExports(path: "dl", folders: ["", "friend"]).description
        #expect(
            two == "dl holds 2 exports, in its own files and friend/: an export is one account's, so give the folder "
                + "of one (dl/friend); nothing was imported")
    }

    /// A deflate stream that claims more than the zip holds: ZIPFoundation 0.9.20 loops for ever on it.
}
