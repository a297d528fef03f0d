import Foundation
@testable import ScoutKit
import Testing

/// The streaming CSV parser: RFC 4180 as spreadsheets write it, the line each row starts on, the text of
/// Windows files, the same rows however the bytes are cut, and limits that hold whatever the input.
@Suite struct CSVParserTests {
    /// Every row of `bytes` fed at once, or the error that stopped it after the rows before.
    static func rows(
        _ bytes: [UInt8], parser: CSVParser = CSVParser()
    ) -> (rows: [CSVRow], error: CSVError?) {
        var parser = parser
        var rows: [CSVRow] = []
        do {
            try parser.feed(chunk: bytes) { rows.append($0) }
            try parser.finish { rows.append($0) }
        } catch {
            return (rows, error as? CSVError)
        }
        return (rows, nil)
    }

    static func rows(_ text: String) -> [CSVRow] { rows(Array(text.utf8)).rows }

    @Test func aQuotedLineBreakKeepsTheLineTheRowStartsOn() {
        let rows = Self.rows("a,\"one\ntwo\r\nthree\",b\nc,d\n\"x\ry\"\ne\n")
        #expect(rows.map(\.fields) == [["a", "one\ntwo\r\nthree", "b"], ["c", "d"], ["x\ry"], ["e"]])
        #expect(rows.map(\.line) == [1, 4, 5, 7])
    }

    @Test func crlfLFAndLoneCREachEndARowAndALine() {
        let rows = Self.rows("a\r\nb\nc\rd\r\re")
        #expect(rows.map(\.fields) == [["a"], ["b"], ["c"], ["d"], [], ["e"]])
        #expect(rows.map(\.line) == [1, 2, 3, 4, 5, 6])
    }

    @Test func blankLinesAreRowsWithoutFields() {
        let rows = Self.rows("Letterboxd list export v7\nDate,Name\n2024-01-01,Noir\n\nPosition,Name\n1,Laura\n")
        #expect(rows.map(\.fields.count) == [1, 2, 2, 0, 2, 2])
        #expect(rows[3] == CSVRow(fields: [], line: 4))
        // A line of one empty quoted field is not blank; a line of separators is empty fields.
        #expect(Self.rows("\"\"\n,\n").map(\.fields) == [[""], ["", ""]])
    }

    @Test func quotesDoubledSeparatorsInsideAndLenientQuotes() {
        #expect(Self.rows("\"a,b\",\"say \"\"hi\"\"\",\"\"\n").map(\.fields) == [["a,b", "say \"hi\"", ""]])
        // A quote inside an unquoted field is a character; text after a closing quote joins the field.
        #expect(Self.rows("5\" disk,\"a\"b\"c,d\n").map(\.fields) == [["5\" disk", "ab\"c", "d"]])
        var parser = CSVParser(separator: UInt8(ascii: ";"))
        var rows: [CSVRow] = []
        try? parser.feed(chunk: Array("a;\"b;c\",d\n".utf8)) { rows.append($0) }
        #expect(rows.map(\.fields) == [["a", "b;c,d"]])
    }

    @Test func aFinalLineWithoutABreakIsARowAndAnEmptyInputHasNone() {
        #expect(Self.rows("a,b\nc,").map(\.fields) == [["a", "b"], ["c", ""]])
        #expect(Self.rows("").isEmpty)
        #expect(Self.rows("\n").map(\.fields) == [[]])
    }

    @Test func aByteOrderMarkAtTheStartIsDropped() {
        #expect(Self.rows([0xEF, 0xBB, 0xBF] + Array("id,t\n".utf8)).rows.map(\.fields) == [["id", "t"]])
        // Only at the start, and the first bytes of one that the input does not go on with are text.
        #expect(Self.rows(Array("a\n".utf8) + [0xEF, 0xBB, 0xBF]).rows.map(\.fields) == [["a"], ["\u{FEFF}"]])
        #expect(Self.rows([0xEF, 0xBB]).rows.map(\.fields) == [["ï»"]])
        #expect(Self.rows([0xEF, 0xBB, 0xBF]).rows.isEmpty)
    }

    @Test func textThatIsNotUTF8IsReadAsWindows1252() {
        let rows = Self.rows([0x43, 0x61, 0x66, 0xE9, 0x2C, 0x93, 0x68, 0x69, 0x94, 0x80, 0x0A]).rows
        #expect(rows.map(\.fields) == [["Café", "\u{201C}hi\u{201D}€"]])
        // Field by field: a UTF-8 field beside a Windows one stays UTF-8.
        #expect(Self.rows(Array("é,".utf8) + [0xE9]).rows.map(\.fields) == [["é", "é"]])
        #expect(CSVParser.text([0x81, 0x8D, 0xA0, 0xFF]) == "\u{81}\u{8D}\u{A0}ÿ")
    }

    @Test func feedingInPiecesGivesTheSameRowsAsFeedingAtOnce() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [[UInt8]] = [
            [0x61], [0x2C], [0x22], [0x0D], [0x0A], [0x0D, 0x0A], [0xE9], [0xC3, 0xA9], [0xEF, 0xBB, 0xBF], [0x3B],
        ]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).flatMap { _ in
                alphabet.randomElement(using: &generator) ?? []
            }
            let whole = Self.rows(bytes, parser: CSVParser(maxField: 6, maxFields: 5))
            var parser = CSVParser(maxField: 6, maxFields: 5)
            var rows: [CSVRow] = []
            var failure: CSVError?
            var start = 0
            do {
                while start < bytes.count {
                    let end = min(bytes.count, start + Int.random(in: 0...4, using: &generator))
                    try parser.feed(chunk: bytes[start..<end]) { rows.append($0) }
                    start = end
                }
                try parser.finish { rows.append($0) }
            } catch {
                failure = error as? CSVError
            }
            #expect(rows == whole.rows && failure == whole.error, "\(bytes)")
        }
    }

    @Test func aFieldTooLongStopsWithTheLineOfItsRow() {
        let text = "a,b\n\"x\ny\",\(String(repeating: "z", count: 11))\n"
        let read = Self.rows(Array(text.utf8), parser: CSVParser(maxField: 10))
        #expect(read.rows.map(\.fields) == [["a", "b"]])
        #expect(read.error == .tooLong(line: 2))
        #expect(Self.rows(Array("0123456789".utf8), parser: CSVParser(maxField: 10)).error == nil)
        // Quoted, too: the limit holds inside quotes, before the field ends.
        #expect(
            Self.rows(Array("\"\(String(repeating: "q", count: 11))".utf8), parser: CSVParser(maxField: 10)).error
                == .tooLong(line: 1))
    }

    @Test func tooManyFieldsAndAnUnclosedQuoteStopWithTheirLines() {
        #expect(Self.rows(Array("a,b,c\n".utf8), parser: CSVParser(maxFields: 3)).error == nil)
        #expect(
            Self.rows(Array("a\nb\na,b,c,d\n".utf8), parser: CSVParser(maxFields: 3)).error == .tooManyFields(line: 3))
        let open = Self.rows(Array("a\n\"b\nc\nd".utf8))
        #expect(open.rows.map(\.fields) == [["a"]])
        #expect(open.error == .unclosedQuote(line: 2))
        #expect(CSVError.unclosedQuote(line: 2).description == "line 2: a quote opened in this row is never closed")
    }

    @Test func aMegabyteOfFieldsReadsInOneGoAndPieceByPiece() throws {
        let line = "2024-01-01,\"The Third Man, 1949\",https://boxd.it/abc,4.5,\"a \"\"review\"\"\nof it\"\r\n"
        let bytes = Array(String(repeating: line, count: 10_000).utf8)
        var parser = CSVParser()
        var count = 0
        for start in stride(from: 0, to: bytes.count, by: 65_536) {
            try parser.feed(chunk: bytes[start..<min(bytes.count, start + 65_536)]) { row in
                count += 1
                #expect(row.fields.count == 5 && row.line == count * 2 - 1)
            }
        }
        try parser.finish { _ in count += 1 }
        #expect(count == 10_000)
    }
}
