import Foundation
import Testing
@testable import ScoutKit

/// The quick paths behind `history` against the slow ones they replace: records read from bytes as
/// JSONDecoder reads them, and times written as DateFormatter writes them.
@Suite struct HistoryScanTests {
    @Test func recordsReadFromBytesAsJSONDecoderReadsThem() throws {
        let folder = try TempFolder()
        let url = folder.file("history.jsonl")
        let history = HistoryStore(url: url, store: FileStore(), warn: { _ in })
        let terms = ["alien", "say \"hi\"", "back\\slash", "tab\there", "東京 café", "\u{1B}[2J", "😀", ""]
        for (n, term) in terms.enumerated() {
            let filters = n % 2 == 0 ? ["type": "movie", "year": "1979"] : [:]
            try history.recordSearch(
                id: "s\(n)", query: SearchQuery(source: "omdb", terms: term, options: filters), count: n * 1_000,
                at: DamageTests.date)
            try history.recordDone(
                search: "s\(n)", chosen: DamageTests.items, at: DamageTests.date.addingTimeInterval(Double(n)))
        }
        let lines = try Data(contentsOf: url).split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == terms.count * 2)
        for line in lines {
            let quick = line.withUnsafeBytes { raw -> HistoryRecord? in
                var reader = JSONBytes(raw)
                return reader.historyRecord()
            }
            let decoded = try JSONDecoder.scout.decode(HistoryRecord.self, from: line)
            let record = try #require(quick, "\(String(decoding: line, as: UTF8.self))")
            #expect(record.kind == decoded.kind && record.id == decoded.id && record.time == decoded.time)
            #expect(
                record.source == decoded.source && record.terms == decoded.terms && record.filters == decoded.filters)
            #expect(record.count == decoded.count && record.search == decoded.search && record.chosen == decoded.chosen)
        }
        #expect(try history.entries().map(\.terms) == terms)
        #expect(try history.entries().last?.chosen.map(\.title) == DamageTests.items.map(\.title))
    }

    @Test func recordsWrittenAsJSONEncoderWritesThem() throws {
        let awkward = FavouritesCodecTests.awkward
        let times = [DamageTests.date, Date(timeIntervalSince1970: 1_795_000_000.999), Date()]
        var records: [HistoryRecord] = []
        for (n, time) in times.enumerated() {
            records += [
                HistoryRecord(
                    kind: .search, id: UUID().uuidString, time: time, source: "omdb", terms: awkward,
                    filters: ["year": "1979", "type": "movie", awkward: awkward, "Type": "x"], count: n * 1_000_003),
                HistoryRecord(kind: .search, id: "s\(n)", time: time, source: "songs", terms: "", count: 0),
                HistoryRecord(kind: .search, id: awkward, time: time, filters: [:]),
                HistoryRecord(
                    kind: .done, id: UUID().uuidString, time: time, search: awkward,
                    chosen: DamageTests.items.map { .init(id: $0.id, title: $0.title) } + [
                        .init(id: awkward, title: "")
                    ]),
                HistoryRecord(kind: .done, id: "d\(n)", time: time, search: "s\(n)", chosen: []),
            ]
        }
        for record in records {
            let expected = try JSONEncoder.scoutLine.encode(record)
            #expect(String(decoding: record.line, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        }
    }

    @Test func timesAsDateFormatterWritesThem() throws {
        for zone in [
            "UTC", "Europe/London", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns",
            "Pacific/Apia",
        ] {
            let timeZone = try #require(TimeZone(identifier: zone))
            let reference = DateFormatter()
            reference.locale = Locale(identifier: "en_US_POSIX")
            reference.timeZone = timeZone
            reference.dateFormat = "yyyy-MM-dd HH:mm"
            var quick = MinuteFormatter(timeZone: LocalTime(timeZone))
            var dates: [Date] = []
            var t = 1_293_840_000.0 // 2011-01-01, before Samoa skipped a day
            while t < 1_356_998_400 {
                dates.append(Date(timeIntervalSince1970: t))
                t += 25_973.5
            }
            // Each side of every change of offset in those years.
            var at = Date(timeIntervalSince1970: 1_293_840_000)
            while let change = timeZone.nextDaylightSavingTimeTransition(after: at),
                change.timeIntervalSince1970 < 1_356_998_400
            {
                dates += [
                    change.addingTimeInterval(-1), change, change.addingTimeInterval(59),
                    change.addingTimeInterval(3_600),
                ]
                at = change
            }
            dates += [
                Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 951_782_400),
                Date(timeIntervalSince1970: 253_402_300_799),
            ]
            for date in dates {
                #expect(quick.string(date) == reference.string(from: date), "\(zone) \(date.timeIntervalSince1970)")
            }
        }
    }
}
