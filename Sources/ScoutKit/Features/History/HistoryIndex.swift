import FoundationEssentials
import Glibc

/// An index of `history.jsonl`'s records, kept in the cache folder as derived data, so that `history`
/// and `history search` read what they show and no more: `history.jsonl` stays the source of truth.
///
/// Three files, each only ever extended, under a header that says how much of the history they cover:
/// - `history.index`: the header (little-endian 64-bit words: magic, the history file's inode, the bytes
///   covered, the searches, the `done` records, the bytes of folded text, a hash of the covered bytes'
///   first and last 64, its modification time), then a 24-byte entry a search: its line's offset and length, where its
/// folded
///   text ends, and the hash of its id (written for the entry to name its search; nothing reads it yet);
/// - `history-text.index`: each search's source and terms folded (case, accents, width) as
///   `history search` compares them, a line each, so that one `memmem` over it finds every match;
/// - `history-done.index`: a 16-byte entry a `done` record: the hash of the search id it names and its
///   line's offset.
/// Records appended since are indexed when next read; an index whose history was rewritten (`history rm`,
/// a repair: another inode), whose covered bytes changed, or whose file was written without growing
/// (edited in place) is built again. Data past the header's counts
/// (a write cut short) is ignored and overwritten.
final class HistoryIndex: Sendable {
    static let magic: UInt64 = 0x3130_5844_4948_4353 // "SCHIDX01"
    static let headerWords = 8
    static let entryBytes = 24
    static let doneBytes = 16

    /// What the index holds, mapped.
    let entries: Data
    let text: Data
    let dones: Data
    let searchCount: Int
    let doneCount: Int
    /// The bytes of the history the index covers: no line it names lies past them.
    let covered: Int
    /// Lines that are not records, found while extending the index (the store repairs the file).
    let damaged: Int

    /// The index in the three files' bytes, when they hold at least what the header counts.
    init?(entries: Data, text: Data, dones: Data, damaged: Int = 0) {
        guard let header = entries.withByteReader({ $0.words(Self.headerWords) }), header[0] == Self.magic,
            !header[2...5].contains(where: { $0 > Self.largest })
        else { return nil }
        let (covered, searches, doneCount, textBytes) = (Int(header[2]), Int(header[3]), Int(header[4]), Int(header[5]))
        guard entries.count >= Self.headerWords * 8 + searches * Self.entryBytes, text.count >= textBytes,
            dones.count >= doneCount * Self.doneBytes
        else { return nil }
        (self.entries, self.text, self.dones) = (entries, text.prefix(textBytes), dones)
        (self.searchCount, self.doneCount, self.covered, self.damaged) = (searches, doneCount, covered, damaged)
    }

    /// Counts past any real file's (a damaged header) are no counts: nothing below may overflow.
    static let largest: UInt64 = 1 << 40

    struct Files {
        let index: URL, text: URL, done: URL
        init(folder: URL) {
            index = folder.appendingPathComponent("history.index")
            text = folder.appendingPathComponent("history-text.index")
            done = folder.appendingPathComponent("history-done.index")
        }
    }

    /// The index of `history` (mapped; `stamp` the file's as mapped), extended to its end or built anew,
    /// under the index's lock; nil when the cache folder cannot be written (the caller then scans the file).
    static func current(for history: Data, stamp: FileStamp, in folder: URL, store: FileStore) -> HistoryIndex? {
        let files = Files(folder: folder)
        return try? store.withLock(files.index) { () -> HistoryIndex? in
            try update(files, history: history, stamp: stamp, store: store)
        }
    }

    /// The covered prefix's fingerprint: its length and a hash of its first and last 64 bytes.
    private static func fingerprint(_ history: UnsafeBufferPointer<UInt8>, covered: Int) -> UInt64 {
        guard covered > 0 else { return 0 }
        guard covered <= history.count else { return .max } // a file shorter than the index says: not it
        let head = UnsafeBufferPointer(rebasing: history[0..<min(64, covered)])
        let tail = UnsafeBufferPointer(rebasing: history[max(0, covered - 64)..<covered])
        return FNV.hash(bytes: tail, from: FNV.hash(bytes: head)) ^ UInt64(covered)
    }

    private static func update(_ files: Files, history: Data, stamp: FileStamp, store: FileStore) throws
        -> HistoryIndex?
    {
        let inode = stamp.inode
        // Scout only appends to the file or replaces it (a new inode); one that was not appended to but was
        // written since (edited in place) is read again too.
        let modified =
            UInt64(bitPattern: Int64(stamp.modified.tv_sec)) &* 1_000_000_000
            &+ UInt64(bitPattern: Int64(stamp.modified.tv_nsec))
        let headerSize = headerWords * 8
        var header = [UInt64](repeating: 0, count: headerWords)
        let fd = open(files.index.path, O_RDWR | O_CLOEXEC)
        if fd >= 0, let read = ByteReader.words(headerWords, of: fd, at: 0),
            !read[2...5].contains(where: { $0 > largest })
        {
            header = read
        }
        defer { if fd >= 0 { close(fd) } }
        var covered = Int(clamping: header[2]), searches = Int(clamping: header[3]), dones = Int(clamping: header[4])
        var textBytes = Int(clamping: header[5])
        let stamp = header[6]
        let matches = history.withUnsafeBytes { raw -> Bool in
            stamp == fingerprint(raw.bindMemory(to: UInt8.self), covered: covered)
        }
        // Each file holds at least what the header counts (one cut short or replaced is built again).
        func size(_ url: URL) -> Int { FileStamp(url).map { Int($0.size) } ?? -1 }
        let whole =
            size(files.index) >= headerSize + searches * entryBytes && size(files.text) >= textBytes
            && size(files.done) >= dones * doneBytes
        let valid =
            fd >= 0 && header[0] == magic && header[1] == inode && covered <= history.count && matches && whole
            && (covered < history.count || header[7] == modified)
        if !valid { (covered, searches, dones, textBytes) = (0, 0, 0, 0) }
        var damaged = 0
        if !valid || covered < history.count || header[7] != modified {
            // Index what was appended since (or everything), up to the last whole line.
            var newEntries = ByteWriter(), newText = Data(), newDones = ByteWriter()
            var end = covered
            history.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                guard covered < bytes.count, let last = bytes[covered...].lastIndex(of: 0x0A) else { return }
                end = last + 1
                raw.forEachLine(from: covered, to: end) { line in
                    switch index(bytes, line, history: history) {
                    case .search(let folded, let idHash):
                        newText.append(contentsOf: folded)
                        newText.append(0x0A)
                        newEntries.write([
                            UInt64(line.lowerBound), UInt64(line.count) | UInt64(textBytes + newText.count) << 32,
                            idHash,
                        ])
                    case .done(let searchHash):
                        newDones.write([searchHash, UInt64(line.lowerBound)])
                    case .damaged:
                        damaged += 1
                    }
                }
            }
            let added = (newEntries.count / entryBytes, newDones.count / doneBytes)
            (searches, dones, textBytes, covered) = (
                searches + added.0, dones + added.1, textBytes + newText.count, end
            )
            let newCovered = covered
            let print = history.withUnsafeBytes { raw -> UInt64 in
                fingerprint(raw.bindMemory(to: UInt8.self), covered: newCovered)
            }
            var words = ByteWriter()
            words.write([
                magic, inode, UInt64(covered), UInt64(searches), UInt64(dones), UInt64(textBytes), print, modified,
            ])
            if valid {
                // Extended in place past what readers were told of; the header, written last, tells of it.
                guard append(newText, to: files.text, at: textBytes - newText.count),
                    append(newDones.data, to: files.done, at: (dones - added.1) * doneBytes),
                    pwriteAll(fd, newEntries.data, at: headerSize + (searches - added.0) * entryBytes),
                    pwriteAll(fd, words.data, at: 0)
                else { return nil }
            } else {
                // Built anew as new files (a scout reading the old ones keeps them whole), the index last.
                try store.write(newText, to: files.text, durably: false)
                try store.write(newDones.data, to: files.done, durably: false)
                try store.write(words.data + newEntries.data, to: files.index, durably: false)
            }
        }
        // The header as the index file holds it now (written above, or found whole): this lock keeps it so.
        guard let entries = try store.map(files.index),
            let text = try store.map(files.text) ?? (textBytes == 0 ? Data() : nil),
            let done = try store.map(files.done) ?? (dones == 0 ? Data() : nil)
        else { return nil }
        return HistoryIndex(entries: entries, text: text, dones: done, damaged: damaged)
    }

    private enum Indexed {
        case search(folded: [UInt8], idHash: UInt64)
        case done(searchHash: UInt64)
        case damaged
    }

    static let idKey = Array(#""id":""#.utf8)

    /// One line of the history as the index holds it, read from its bytes when it is as scout writes it,
    /// else decoded.
    private static func index(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, history: Data) -> Indexed {
        switch HistoryLog.classify(bytes, line) {
        case .search:
            if let (source, terms) = HistoryLog.fieldsFromEnd(bytes, line),
                let id = HistoryLog.stringValue(bytes, line, key: idKey),
                HistoryLog.isASCII(bytes, source), HistoryLog.isASCII(bytes, terms)
            {
                // As `Text.fold` folds ASCII: lower case, runs of spaces as one, none at either end.
                var folded: [UInt8] = []
                folded.reserveCapacity(source.count + terms.count + 1)
                func add(_ byte: UInt8) {
                    if byte != 0x20 || (folded.last ?? 0x20) != 0x20 { folded.append(byte) }
                }
                for index in source { add(HistoryLog.lower(bytes[index])) }
                add(0x20)
                for index in terms { add(HistoryLog.lower(bytes[index])) }
                if folded.last == 0x20 { folded.removeLast() }
                return .search(folded: folded, idHash: FNV.hash(bytes: UnsafeBufferPointer(rebasing: bytes[id])))
            }
        case .done:
            if let id = HistoryLog.searchID(bytes, line) {
                return .done(searchHash: FNV.hash(bytes: UnsafeBufferPointer(rebasing: bytes[id])))
            }
        case .unknown:
            break
        }
        guard let record = HistoryLog.decode(history, line) else { return .damaged }
        if record.kind == .search {
            return .search(
                folded: folded(record.source ?? SourceRegistry.defaultSource, record.terms ?? ""),
                idHash: FNV.hash(record.id))
        }
        return record.search.map { .done(searchHash: FNV.hash($0)) } ?? .damaged
    }

    /// A search's source and terms as `history search` compares them: folded, control bytes as spaces.
    static func folded(_ source: String, _ terms: String) -> [UInt8] {
        Text.fold(source + " " + terms).utf8.map(printable)
    }

    @inline(__always) private static func printable(_ byte: UInt8) -> UInt8 { byte < 0x20 ? 0x20 : byte }

    /// Writes `data` at `offset` of `url`, past what any reader was told of.
    private static func append(_ data: Data, to url: URL, at offset: Int) -> Bool {
        guard !data.isEmpty else { return true }
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return pwriteAll(fd, data, at: offset)
    }

    private static func pwriteAll(_ fd: Int32, _ data: Data, at offset: Int) -> Bool {
        data.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                guard let base = raw.baseAddress else { return false }
                let count = pwrite(fd, base + done, raw.count - done, off_t(offset + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
    }
}
