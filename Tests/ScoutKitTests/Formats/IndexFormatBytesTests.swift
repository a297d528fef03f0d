import Foundation
@testable import ScoutKit
import Testing

/// The index files' bytes, written for a fixed input, as they were before `ByteWriter` wrote them: a
/// change to any format's layout shows here as a changed hex string.
@Suite struct IndexFormatBytesTests {
    static let stamp = FileStamp(
        inode: 0x0102_0304, size: 4_096, modified: timespec(tv_sec: 1_795_000_000, tv_nsec: 123_456_789))

    static func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }

    @Test func theFavouritesSetIsWrittenAsBefore() {
        let bytes = StampedHashSet.encode([30, 10, 20, 10, .max], stamp: Self.stamp)
        #expect(
            Self.hex(bytes)
                == [
                    "534841534854303104030201000000000010000000000000c086fd6a0000000015cd5b07000000000400000000000000",
                    "0a0000000000000014000000000000001e00000000000000ffffffffffffffff",
                ].joined()
        )
    }

    @Test func theDenyIndexIsWrittenAsBefore() {
        let bytes = DenyIndex.build(Data("spoilers\ncafé\n# a comment\n東京 drift\n\n  x  \n".utf8), stamp: Self.stamp)
        #expect(
            Self.hex(bytes)
                == [
                    "534344454e59303104030201000000000010000000000000c086fd6a0000000015cd5b07000000000800000000000000",
                    "04000000000000001e783e234b18db0c0000000000000000fc345ff891dd7a121b00000000000000071702864cf563af",
                    "2900000000000000289058e8907d38b50900000000000000",
                ].joined()
        )
    }

    @Test func thePickersLinesAreWrittenAsBefore() {
        let corpus = PickerCorpus(lines: [("search café --in movies", 9, 3), ("fav", 4, 1), ("", 1, 1)])
        let bytes = corpus.encoded(header: [HistoryLines.magic, 7, 8, 9, 10])
        #expect(
            Self.hex(bytes)
                == [
                    "53434c494e4530330700000000000000080000000000000009000000000000000a000000000000000300000000000000",
                    "1a000000000000001b000000000000000900000000000000040000000000000001000000000000000300000000000000",
                    "0100000000000000010000000000000017000000000000000300000000000000000000000000000079238f26cb6fa2a0",
                    "3a1be0fe188cb9dc25232284e49cf2cb000000000000000018000000000000001b000000000000001b00000000000000",
                    "000000000000000017000000000000001a000000000000001a0000000000000073000000650000006100000072000000",
                    "63000000680000002000000063000000610000006600000065000000200000002d0000002d000000690000006e000000",
                    "200000006d0000006f000000760000006900000065000000730000006600000061000000760000007365617263682063",
                    "6166c3a9202d2d696e206d6f76696573666176",
                ].joined()
        )
    }

    @Test func theHistoryIndexIsWrittenAsBefore() throws {
        let stores = try HistoryIndexTests.Stores()
        try stores.record(["Alien", "amélie", "東京 story", "kubrick"], from: 0)
        _ = try stores.indexed.log()
        // The inode and the modification time (words 1 and 7 of the header) are the file's own: left out.
        var index = try Data(contentsOf: stores.folder.file("cache/history.index"))
        index.replaceSubrange(8..<16, with: Data(count: 8))
        index.replaceSubrange(56..<64, with: Data(count: 8))
        #expect(
            Self.hex(index)
                == [
                    "534348494458303100000000000000007202000000000000040000000000000001000000000000003a00000000000000",
                    "30109b7cf2878beb00000000000000000000000000000000800000000d00000096cf78b507fed8081e01000000000000",
                    "650000001900000049d178b507ffd80884010000000000006c0000002d00000030cc78b507fcd808f101000000000000",
                    "800000003a000000e3cd78b507fdd808",
                ].joined()
        )
        let text = try Data(contentsOf: stores.folder.file("cache/history-text.index"))
        let done = try Data(contentsOf: stores.folder.file("cache/history-done.index"))
        #expect(
            Self.hex(text)
                == [
                    "6d6f7669657320616c69656e0a6f6d646220616d656c69650a6d6f7669657320e69db1e4baac2073746f72790a6f6d64",
                    "62206b75627269636b0a",
                ].joined()
        )
        #expect(Self.hex(done) == "96cf78b507fed8088100000000000000")
    }
}
