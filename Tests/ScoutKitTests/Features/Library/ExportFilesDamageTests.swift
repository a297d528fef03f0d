import Foundation
@testable import ScoutKit
import ScoutTestSupport
import Testing
import ZIPFoundation

/// A cut deflate stream, zips written by Python, what is not an export, and names that lead outside.
extension ExportFilesTests {
    @Test func aDeflateStreamCutShortIsAProblemNotAHang() throws {
        try Self.inTemporaryFolder { folder in
            let url = folder.appendingPathComponent("cut.zip")
            try Self.cutDeflateZip().write(to: url)
            let (rows, report) = try Self.read(url)
            #expect(rows == (1...100).map { "a.csv:\($0): a|b" })
            #expect(
                report.problems.map(\.description) == [
                    "a.csv: its compressed data is cut short; the rest of it was not read"
                ])
        }
    }

    /// One entry, a.csv: a stored deflate block of 65,535 bytes, of which 400 (`a,b\n` × 100) are there.
    static func cutDeflateZip() -> Data {
        func le(_ value: Int, _ bytes: Int) -> [UInt8] {
            (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        let name = Array("a.csv".utf8)
        let data: [UInt8] = [0x00, 0xFF, 0xFF, 0x00, 0x00] + Array(String(repeating: "a,b\n", count: 100).utf8)
        let local =
            le(0x0403_4B50, 4) + le(20, 2) + le(0, 2) + le(8, 2) + le(0, 4) + le(0, 4) + le(data.count, 4)
            + le(65_535, 4) + le(name.count, 2) + le(0, 2) + name
        let central =
            le(0x0201_4B50, 4) + le(20, 2) + le(20, 2) + le(0, 2) + le(8, 2) + le(0, 4) + le(0, 4)
            + le(data.count, 4) + le(65_535, 4) + le(name.count, 2) + le(0, 6) + le(0, 2) + le(0, 4) + le(0, 4) + name
        let body = local + data
        let end =
            le(0x0605_4B50, 4) + le(0, 4) + le(1, 2) + le(1, 2) + le(central.count, 4) + le(body.count, 4) + le(0, 2)
        return Data(body + central + end)
    }

    /// The zip fuzzer's seeds, made by Python's zipfile: stored and deflated, one top folder, data descriptors
    /// and ZIP64 fields (written to a stream), names leading out and a link, a deflate stream cut short.
    @Test func zipsPythonWroteReadAsTheyShould() throws {
        let seeds = ScenarioRunner.repository.appendingPathComponent("Fuzz/corpus/zip")
        let own = ["diary.csv", "lists/noir.csv"]
        for (seed, files, problems) in [
            ("letterboxd", own, []), ("top-folder", own, []), ("streamed-zip64", own, []),
            (
                "deflated-unsafe-names", ["diary.csv"],
                [
                    "../evil.csv: not read: its name leads outside the export",
                    "/abs.csv: not read: its name leads outside the export",
                    "link.csv: not read: it is a symbolic link",
                ]
            ),
            ("deflate-cut-short", ["a.csv"], ["a.csv: its compressed data is cut short; the rest of it was not read"]),
        ] {
            let (rows, report) = try Self.read(seeds.appendingPathComponent(seed))
            #expect(report.files == files && report.problems.map(\.description) == problems, "\(seed)")
            if files == own {
                #expect(rows.count == 9 && rows.last == "lists/noir.csv:7: 1|Laura|1944|https://boxd.it/a|", "\(seed)")
            }
        }
    }

    @Test func whatIsNotAnExportGetsOneLineSayingWhatToDo() throws {
        try Self.inTemporaryFolder { folder in
            let missing = folder.appendingPathComponent("nothing.zip")
            #expect(throws: ExportError.notFound(path: missing.path)) { try Self.read(missing) }
            let jpeg = folder.appendingPathComponent("poster.jpg")
            try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00]).write(to: jpeg)
            #expect(throws: ExportError.notAnExport(path: jpeg.path)) { try Self.read(jpeg) }
            let utf16 = folder.appendingPathComponent("ratings.csv")
            try Data([0xFF, 0xFE, 0x61, 0x00]).write(to: utf16)
            #expect(throws: ExportError.utf16(path: utf16.path)) { try Self.read(utf16) }
            let cut = folder.appendingPathComponent("cut.zip")
            try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00]).write(to: cut)
            #expect(
                throws: ExportError.damagedZip(path: cut.path, reason: "its end record is missing: it is cut short")
            ) { try Self.read(cut) }
            #expect(throws: ExportError.notAnExport(path: "/dev/null")) {
                try Self.read(URL(fileURLWithPath: "/dev/null"))
            }
            for error in [
                ExportError.notFound(path: "x.zip"), .notAnExport(path: "poster.jpg"), .utf16(path: "r.csv"),
                .damagedZip(path: "x.zip", reason: "r"), .tooLarge(path: "diary.csv", limit: 64 << 20),
                .tooLargeInAll(path: "x.zip", limit: 256 << 20), .tooManyEntries(path: "x.zip", limit: 10_000),
                .unreadable(path: "x", reason: "permission denied"),
            ] {
                #expect(!error.description.contains("\n") && error.description.count < 160, "\(error)")
            }
            #expect(
                ExportError.tooLarge(path: "diary.csv", limit: 64 << 20).description
                    == "diary.csv holds over 64 MiB, more than scout reads from one file of an export; the import "
                    + "stopped there")
        }
    }

    @Test func namesThatLeadOutsideAreRefused() {
        #expect(ExportFiles.components("lists/./a.csv") == ["lists", "a.csv"])
        #expect(ExportFiles.components("a//b.csv") == ["a", "b.csv"])
        for name in [
            "/abs.csv", "../x.csv", "a/../../x.csv", "C:x.csv", "a\0.csv", String(repeating: "a", count: 5_000),
        ] {
            #expect(ExportFiles.components(name) == nil, "\(name)")
        }
    }
}
