import FoundationEssentials
import Glibc

/// `history.jsonl` as a list of searches without decoding them: one pass over the file's bytes finds
/// each record's line, tells searches from `done` records, and checks that the line is whole; records
/// are decoded only when shown. A million records are scanned in a fraction of a second, where decoding
/// them all took a minute.
///
/// A line is taken on sight when it starts as scout writes a search (`{"count":`) or a `done`
/// (`{"chosen":`) and either is printable ASCII ending with the record's time, or is UTF-8 without control
/// bytes whose brackets and strings close exactly at its end; any other line is decoded to learn what it
/// is, and one that does not decode is damage.
public struct HistoryLog: Sendable {
    let data: Data
    let storage: Storage
    /// Lines that are not records.
    let damaged: Int

    enum Storage {
        /// The byte ranges of the search records, oldest first (search N is `searches[N - 1]`), and for
        /// each search id that has one (by the FNV hash of the id), its latest `done` record.
        case scanned(searches: [Range<Int>], done: [UInt64: Range<Int>])
        /// The same, read from the index in the cache folder.
        case indexed(HistoryIndex)
    }

    /// Whether the log is read through the index (for tests).
    var isIndexed: Bool {
        if case .indexed = storage { return true }
        return false
    }

    public var count: Int {
        switch storage {
        case .scanned(let searches, _): searches.count
        case .indexed(let index): index.searchCount
        }
    }

    /// The log of `data` through its index (`HistoryIndex`), which holds what a scan would find.
    init(_ data: Data, index: HistoryIndex) {
        self.data = data
        storage = .indexed(index)
        damaged = index.damaged
    }

    /// The log of `data`, every line scanned.
    init(_ data: Data) {
        self.data = data
        var searches: [Range<Int>] = []
        var done: [UInt64: Range<Int>] = [:]
        var damaged = 0
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            raw.forEachLine { line in
                switch Self.classify(bytes, line) {
                case .search: searches.append(line)
                case .done:
                    if let id = Self.searchID(bytes, line) {
                        done[FNV.hash(bytes: UnsafeBufferPointer(rebasing: bytes[id]))] = line
                    }
                case .unknown:
                    guard let record = try? JSONDecoder.scout.decode(HistoryRecord.self, from: Data(bytes[line])) else {
                        damaged += 1
                        return
                    }
                    if record.kind == .search {
                        searches.append(line)
                    } else if let id = record.search {
                        done[FNV.hash(id)] = line
                    }
                }
            }
        }
        storage = .scanned(searches: searches, done: done)
        self.damaged = damaged
    }

    /// The line of search `n` (from 1).
    private func line(_ n: Int) -> Range<Int> {
        switch storage {
        case .scanned(let searches, _): searches[n - 1]
        case .indexed(let index): index.line(n - 1)
        }
    }

    /// Search `n` (from 1), decoded with what was chosen in it; nil when it does not decode.
    public func entry(_ n: Int) -> HistoryEntry? {
        entries([n]).first?.entry
    }

    /// The searches numbered `numbers` (from 1) that decode, each with what was chosen in it, in that order;
    /// `done` is `doneLines(of:)` of them, or of more, when it was looked up once for a listing read in parts.
    public func entries(_ numbers: some Collection<Int>, done given: [UInt64: Range<Int>]? = nil) -> [(
        n: Int, entry: HistoryEntry
    )] {
        let records = numbers.compactMap { n in
            n >= 1 && n <= count ? decode(line(n)).map { (n, $0, FNV.hash($0.id)) } : nil
        }
        let done: [UInt64: Range<Int>]
        switch (storage, given) {
        case (.scanned(_, let all), _): done = all
        case (_, .some(let given)): done = given
        case (.indexed(let index), nil): done = index.doneLines(for: Set(records.map { $0.2 }), history: data)
        }
        return records.map { n, record, hash in
            var entry = HistoryEntry(
                id: record.id, time: record.time, source: record.source ?? SourceRegistry.defaultSource,
                terms: record.terms ?? "",
                filters: record.filters ?? [:], count: record.count ?? 0, chosen: [])
            if let line = done[hash], let finished = decode(line), finished.search == record.id {
                entry.chosen = finished.chosen ?? []
            }
            return (n, entry)
        }
    }

    /// The `done` lines of the searches numbered `numbers`, by the hash of their ids, for `entries(_:done:)`:
    /// looked up in one pass over the index's `done` records, the ids read from the searches' bytes (a record
    /// not as scout writes it is decoded for its id).
    func doneLines(of numbers: some Collection<Int>) -> [UInt64: Range<Int>] {
        let index: HistoryIndex
        switch storage {
        case .scanned(_, let all): return all
        case .indexed(let indexed): index = indexed
        }
        var hashes = Set<UInt64>()
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for n in numbers where n >= 1 && n <= count {
                let line = line(n)
                guard line.lowerBound >= 0, line.upperBound <= bytes.count else { continue }
                if let id = Self.stringValue(bytes, line, key: Self.idKey), !bytes[id].contains(0x5C) {
                    hashes.insert(FNV.hash(bytes: UnsafeBufferPointer(rebasing: bytes[id])))
                } else if let record = decode(line) {
                    hashes.insert(FNV.hash(record.id))
                }
            }
        }
        return index.doneLines(for: hashes, history: data)
    }

    /// The record on `line` of the log.
    func decode(_ line: Range<Int>) -> HistoryRecord? {
        Self.decode(data, line)
    }

    /// The record on `line` of `data`: read from its bytes when it is as scout writes it, else decoded;
    /// nil for a line that does not decode or lies outside `data` (named by a damaged index).
    static func decode(_ data: Data, _ line: Range<Int>) -> HistoryRecord? {
        guard line.lowerBound >= 0, line.upperBound <= data.count else { return nil }
        let bytes = data[data.startIndex + line.lowerBound..<data.startIndex + line.upperBound]
        return JSONBytes.whole(bytes) { $0.historyRecord() }
            ?? (try? JSONDecoder.scout.decode(HistoryRecord.self, from: bytes))
    }
}
