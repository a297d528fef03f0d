import FoundationEssentials

/// `history.jsonl`: appended one whole record at a time, under the lock, and read only when a command
/// needs it. A line that does not parse costs that line only: the file is kept aside as it was, and
/// rewritten with every valid record.
public final class HistoryStore {
    let url: URL
    /// Where the index of the file is kept (the cache folder); nil scans the file each time.
    let indexFolder: URL?
    let store: FileStore
    let warn: @Sendable (String) -> Void
    /// Records a failed write could not append, tried again before the next one.
    private var unwritten = Data()

    public init(url: URL, indexFolder: URL? = nil, store: FileStore, warn: @escaping @Sendable (String) -> Void) {
        self.url = url
        self.indexFolder = indexFolder
        self.store = store
        self.warn = warn
    }

    public func recordSearch(id: String, query: SearchQuery, count: Int, at time: Date) throws {
        try append(
            HistoryRecord(
                kind: .search, id: id, time: time, source: query.source, terms: query.terms,
                filters: query.options.isEmpty ? nil : query.options, count: count))
    }

    public func recordDone(search: String, chosen: [Item], at time: Date) throws {
        try append(
            HistoryRecord(
                kind: .done, id: UUID().uuidString, time: time, search: search,
                chosen: chosen.map { .init(id: $0.id, title: $0.title) }))
    }

    /// Appends the record, after any that an earlier failed write left in memory.
    private func append(_ record: HistoryRecord) throws {
        unwritten.append(contentsOf: record.line)
        unwritten.append(UInt8(ascii: "\n"))
        try store.withLock(url) { try store.append(unwritten, to: url) }
        unwritten = Data()
    }

    /// The past searches, numbered from 1 by position, oldest first, decoded only as they are shown.
    /// Damaged lines are repaired away first (one warning).
    public func log() throws -> HistoryLog {
        let log = try read()
        guard log.damaged > 0 else { return log }
        try repair()
        return try read()
    }

    /// The log through its index, extended to the file's end (or built) first; scanned whole where the
    /// index cannot be kept.
    private func read() throws -> HistoryLog {
        let before = FileStamp(url)
        guard let data = try store.map(url, whole: indexFolder == nil) else { return HistoryLog(Data()) }
        // The index names the file by its inode: one replaced between the stat and the map is scanned instead.
        if let indexFolder, let before, let after = FileStamp(url), after.inode == before.inode,
            Int(after.size) == data.count,
            let index = HistoryIndex.current(for: data, stamp: after, in: indexFolder, store: store)
        {
            return HistoryLog(data, index: index)
        }
        return HistoryLog(data)
    }

    /// Every past search, oldest first: all of them decoded, for tests and small files.
    public func entries() throws -> [HistoryEntry] {
        let log = try log()
        return log.entries(1..<(log.count + 1)).map(\.entry)
    }

    /// Keeps the damaged file aside and writes back every record that parses, under the lock (another
    /// scout may have repaired it, or appended, since it was read).
    private func repair() throws {
        try store.withLock(url) {
            guard let data = try store.read(url) else { return }
            var kept = Data()
            var count = 0
            let damaged = Self.scan(data) { _, line in
                kept.append(line)
                kept.append(UInt8(ascii: "\n"))
                count += 1
            }
            guard damaged > 0 else { return }
            let copy = try store.setAside(url) { try store.write(kept, to: url) }
            warn(
                FileStore.damagedLines(
                    "history", damaged: damaged, copy: copy, kept: count, noun: ("record", "records")))
        }
    }

    /// Calls `body` with each record that parses and its line; returns how many non-empty lines did not.
    private static func scan(_ data: Data, _ body: (HistoryRecord, Data) -> Void) -> Int {
        let decoder = JSONDecoder.scout
        var damaged = 0
        data.forEachLine { line in
            if let record = try? decoder.decode(HistoryRecord.self, from: line) {
                body(record, Data(line))
            } else {
                damaged += 1
            }
        }
        return damaged
    }

    /// Sync's change: inserts records another device made (each line with its time) and removes those
    /// deleted there (by record id, and the records completing a search deleted), under the lock, keeping
    /// the file in order of time (records of the same time in the order they came).
    func merge(
        inserting lines: [(id: String, line: Data, time: Date)], removing gone: Set<String>, rank: [String: Int] = [:]
    ) throws {
        try store.withLock(url) {
            let data = try store.read(url) ?? Data()
            var records: [(time: Date, index: Int, line: Data)] = []
            // Ties in time: by `rank` (sync's order, the same on every device), then as the file had them.
            func index(_ id: String) -> Int { rank[id].map { $0 - Int.max / 2 } ?? records.count }
            var known: Set<String> = []
            for (line, record) in data.decodedLines({ HistoryLog.decode($0, 0..<$0.count) }) {
                guard !gone.contains(record.id), !(record.search.map(gone.contains) ?? false) else { continue }
                known.insert(record.id)
                records.append((record.time, index(record.id), line))
            }
            for (id, line, time) in lines where known.insert(id).inserted {
                records.append((time, index(id), line))
            }
            records.sort { ($0.time, $0.index) < ($1.time, $1.index) }
            var out = Data()
            out.reserveCapacity(data.count + lines.reduce(0) { $0 + $1.line.count + 1 })
            for record in records {
                out.append(record.line)
                out.append(0x0A)
            }
            try store.write(out, to: url)
        }
    }

    /// Removes the searches with these ids (and what was chosen in them), rewriting the file whole.
    public func remove(ids: Set<String>) throws {
        try rewrite { record in !ids.contains(record.kind == .search ? record.id : record.search ?? "") }
    }

    /// Empties the history; returns how many searches it held.
    @discardableResult
    public func clear() throws -> Int {
        try rewrite { _ in false }
    }

    /// Rewrites the file with the records `keep` keeps; returns how many searches were dropped.
    @discardableResult
    private func rewrite(keeping keep: (HistoryRecord) -> Bool) throws -> Int {
        var dropped = 0
        try store.withLock(url) {
            guard let data = try store.read(url) else { return }
            let decoder = JSONDecoder.scout
            var kept = Data()
            data.forEachLine { line in
                // A line that does not parse is left for a person to look at, not silently dropped.
                if let record = try? decoder.decode(HistoryRecord.self, from: line), !keep(record) {
                    if record.kind == .search { dropped += 1 }
                    return
                }
                kept.append(line)
                kept.append(UInt8(ascii: "\n"))
            }
            try store.write(kept, to: url)
        }
        return dropped
    }
}
