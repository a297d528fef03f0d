import Foundation
@testable import ScoutKit
import Testing

/// The index files' reader and writer: every read past the end is nil and moves nothing, what the writer
/// writes reads back the same, and each index format refuses every cut of its own bytes instead of
/// reading past them.
@Suite struct IndexBytesTests {
    static let stamp = IndexFormatBytesTests.stamp

    @Test func aReadPastTheEndIsNilAndMovesNothing() {
        let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7]
        bytes.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            #expect(reader.word() == nil, "seven bytes are no word")
            #expect(reader.offset == 0)
            #expect(reader.read(UInt32.self) == 0x0403_0201, "little-endian")
            #expect(reader.read(UInt32.self) == nil && reader.offset == 4)
            #expect(reader.read(UInt16.self) == 0x0605)
            #expect(reader.read(2, of: UInt8.self) == nil && reader.offset == 6)
            #expect(reader.read(1, of: UInt8.self) == [7] && reader.isAtEnd)
            #expect(reader.read(UInt8.self) == nil && reader.read(0, of: UInt64.self) == [])
        }
    }

    @Test func readsAtAnOffsetStayInsideTheBytes() {
        let bytes = [UInt8](0..<16)
        bytes.withUnsafeBytes { raw in
            let reader = ByteReader(raw)
            #expect(reader.word(at: 8) == 0x0F0E_0D0C_0B0A_0908)
            for offset in [9, 15, 16, 17, -1, -8, Int.max, Int.min] {
                #expect(reader.word(at: offset) == nil, "\(offset)")
            }
            #expect(reader.integer(at: 15, as: UInt8.self) == 15 && reader.integer(at: 16, as: UInt8.self) == nil)
        }
    }

    @Test func aRunLongerThanTheBytesOrNegativeIsNil() {
        let bytes = [UInt8](repeating: 0xAB, count: 24)
        bytes.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            for n in [4, -1, Int.max, Int.max / 8 + 1, 1 << 61] {
                #expect(reader.words(n) == nil, "\(n)")
                #expect(reader.offset == 0)
            }
            #expect(reader.read(25, of: UInt8.self) == nil && reader.read(7, of: UInt32.self) == nil)
            #expect(reader.skip(25) == false && reader.skip(-1) == false && reader.offset == 0)
            #expect(reader.skip(16) && reader.words(1) == [0xABAB_ABAB_ABAB_ABAB] && reader.isAtEnd)
        }
    }

    @Test func whatTheWriterWritesReadsBackTheSame() {
        var out = ByteWriter()
        out.write(UInt8(0x01))
        out.write(UInt16(0x0302))
        out.write(UInt32(0x0706_0504))
        out.write(UInt64(0x0F0E_0D0C_0B0A_0908))
        out.write([Int(-2), Int.max])
        out.write([UInt32(7), 8])
        out.write(bytes: [0xFF, 0xFE])
        #expect(Array(out.data.prefix(15)) == Array(1...15), "little-endian, in the order written")
        #expect(out.count == 15 + 16 + 8 + 2)
        out.data.withByteReader { reader in
            #expect(
                reader.read(UInt8.self) == 1 && reader.read(UInt16.self) == 0x0302
                    && reader.read(UInt32.self) == 0x0706_0504)
            #expect(reader.word() == 0x0F0E_0D0C_0B0A_0908)
            #expect(reader.read(2, of: Int.self) == [-2, .max] && reader.read(2, of: UInt32.self) == [7, 8])
            #expect(reader.read(2, of: UInt8.self) == [0xFF, 0xFE] && reader.isAtEnd)
        }
    }

    @Test func wordsAreReadFromAFileOnlyWhereItHasThem() throws {
        let folder = try TempFolder()
        let file = folder.file("words")
        var out = ByteWriter()
        out.write([UInt64(1), 2, 3])
        try out.data.write(to: file)
        let fd = open(file.path, O_RDONLY)
        defer { close(fd) }
        #expect(ByteReader.words(3, of: fd, at: 0) == [1, 2, 3])
        #expect(ByteReader.words(2, of: fd, at: 8) == [2, 3])
        #expect(ByteReader.words(3, of: fd, at: 8) == nil && ByteReader.words(-1, of: fd, at: 0) == nil)
        #expect(
            ByteReader.word(of: fd, at: 16) == 3 && ByteReader.word(of: fd, at: 17) == nil
                && ByteReader.word(of: fd, at: -8) == nil)
    }

    // MARK: Each format, whole and cut

    @Test func theFavouritesSetReadsBackAndRefusesEveryCut() {
        let bytes = StampedHashSet.encode([30, 10, 20], stamp: Self.stamp)
        let set = StampedHashSet(data: bytes, for: Self.stamp)
        #expect(set?.contains(20) == true && set?.contains(21) == false)
        for count in 0..<bytes.count {
            #expect(StampedHashSet(data: bytes.prefix(count), for: Self.stamp) == nil, "\(count)")
        }
        var other = Self.stamp
        other.size += 1
        #expect(StampedHashSet(data: bytes, for: other) == nil, "another version of the file")
    }

    @Test func theDenyIndexReadsBackAndRefusesEveryCut() throws {
        let list = Data("spoilers\ncafé\n".utf8)
        let bytes = DenyIndex.build(list, stamp: Self.stamp)
        let index = try #require(DenyIndex(data: bytes, for: Self.stamp))
        #expect(index.count == 2 && index.longest == 8)
        #expect(index.offsets(of: FNV.hash("cafe")) == [9] && index.offsets(of: FNV.hash("spoilers")) == [0])
        for count in 0..<bytes.count { #expect(DenyIndex(data: bytes.prefix(count)) == nil, "\(count)") }
        // A count that claims more entries than the file holds.
        var lying = bytes
        lying.replaceSubrange(48..<56, with: Data([3, 0, 0, 0, 0, 0, 0, 0]))
        #expect(DenyIndex(data: lying) == nil)
    }

    @Test func thePickersLinesReadBackAndRefuseEveryCut() throws {
        let corpus = PickerCorpus(lines: [("search café --in movies", 9, 3), ("fav", 4, 1)])
        let bytes = corpus.encoded(header: [HistoryLines.magic, 7, 8, 9, 10])
        let kept = try #require(HistoryLines.read(bytes))
        #expect(kept.header == [HistoryLines.magic, 7, 8, 9, 10])
        #expect(kept.corpus.candidates == corpus.candidates && kept.corpus.hashes == corpus.hashes)
        for count in 0..<bytes.count { #expect(HistoryLines.read(bytes.prefix(count)) == nil, "\(count)") }
        #expect(HistoryLines.read(bytes + Data([0])) == nil, "a byte past the corpus")
        // A count of lines far past the file's: refused, not read.
        var lying = bytes
        lying.replaceSubrange(40..<48, with: Data([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0]))
        #expect(HistoryLines.read(lying) == nil)
        // A recency no history could hold (found by scripts/fuzz: merging typed lines counted on from it and
        // overflowed).
        var newest = bytes
        newest.replaceSubrange(64..<72, with: Data([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]))
        #expect(HistoryLines.read(newest) == nil)
        newest.replaceSubrange(64..<72, with: Data([9, 0, 0, 0, 0, 0, 0, 0]))
        #expect(HistoryLines.read(newest)?.corpus.merging(typed: ["fav"]).count == 2)
    }

    @Test func theHistoryIndexReadsBackRefusesEveryCutAndNamesNoLinePastTheHistory() throws {
        let stores = try HistoryIndexTests.Stores()
        try stores.record(["Alien", "amélie", "東京 story", "kubrick"], from: 0)
        let log = try stores.indexed.log()
        let files = HistoryIndex.Files(folder: stores.folder.file("cache"))
        let (entries, text, dones) = (
            try Data(contentsOf: files.index), try Data(contentsOf: files.text), try Data(contentsOf: files.done)
        )
        let index = try #require(HistoryIndex(entries: entries, text: text, dones: dones))
        #expect(index.searchCount == 4 && index.doneCount == 1 && index.matching(Array("kubrick".utf8)) == [4])
        #expect(index.lines().count == 4 && index.covered == log.data.count)
        for count in 0..<(8 * 8 + 4 * 24) {
            #expect(HistoryIndex(entries: entries.prefix(count), text: text, dones: dones) == nil, "\(count)")
        }
        #expect(HistoryIndex(entries: entries, text: text.dropLast(), dones: dones) == nil)
        #expect(HistoryIndex(entries: entries, text: text, dones: dones.dropLast()) == nil)
        // An entry whose line starts past the history, or runs past it: an empty line, read as nothing.
        var damaged = entries
        damaged.replaceSubrange(64..<72, with: Data(repeating: 0xFF, count: 8))
        damaged.replaceSubrange(88 + 8..<88 + 12, with: Data(repeating: 0xFF, count: 4))
        let index2 = try #require(HistoryIndex(entries: damaged, text: text, dones: dones))
        #expect(index2.line(0) == 0..<0 && index2.line(1) == 0..<0 && index2.line(2) == index.line(2))
        #expect(HistoryLog(log.data, index: index2).entries([1, 2, 3]).map(\.n) == [3])
    }
}
