import FoundationEssentials

/// The picker's history lines kept in the cache folder (`history-lines.index`), so that `pick` and
/// Ctrl-R read some ten thousand distinct lines instead of making them from every record: a header
/// line `scout-lines 1 INODE SIZE MTIME SEARCHES` naming the version of `history.jsonl` they were made
/// from, then `NEWEST<TAB>RUNS<TAB>LINE` a line, in the order first run. History that grew since (same
/// inode, larger) is read from where they stopped and the file written again; any other change makes
/// them anew. Derived data: written without fsync, and a damaged file is made again.
enum HistoryLines {
    typealias Line = (line: String, newest: Int, runs: Int)

    static func current(log: HistoryLog, history: URL, in folder: URL, store: FileStore) throws -> [Line]? {
        guard let stamp = FileStamp(history), Int(stamp.size) == log.data.count else { return nil }
        let file = folder.appendingPathComponent("history-lines.index")
        let modified = "\(stamp.modified.tv_sec).\(stamp.modified.tv_nsec)"
        var lines: [Line]
        if let cached = read(file), cached.inode == stamp.inode, cached.size <= Int(stamp.size), cached.searches <= log.count,
           cached.size < Int(stamp.size) || cached.modified == modified {
            if cached.size == Int(stamp.size) { return cached.lines }
            lines = log.searchLines(after: cached.lines, from: cached.searches + 1)
        } else {
            lines = log.searchLines()
        }
        var text = "scout-lines 1 \(stamp.inode) \(stamp.size) \(modified) \(log.count)\n"
        for line in lines { text += "\(line.newest)\t\(line.runs)\t\(line.line)\n" }
        try? store.write(Data(text.utf8), to: file, durably: false)
        return lines
    }

    private static func read(_ file: URL) -> (inode: UInt64, size: Int, modified: String, searches: Int, lines: [Line])? {
        guard let data = try? FileStore().read(file), data.last == 0x0A else { return nil }
        return data.withUnsafeBytes { raw -> (UInt64, Int, String, Int, [Line])? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let headerEnd = bytes.firstIndex(of: 0x0A) else { return nil }
            let words = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<headerEnd]), as: UTF8.self).split(separator: " ")
            guard words.count == 6, words[0] == "scout-lines", words[1] == "1", let inode = UInt64(words[2]), let size = Int(words[3]),
                  let searches = Int(words[5]) else { return nil }
            var lines: [Line] = []
            var at = headerEnd + 1
            /// A whole number ending with a tab.
            func number() -> Int? {
                var value = 0, digits = 0
                while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39, digits < 18 {
                    value = value * 10 + Int(bytes[at] - 0x30)
                    digits += 1
                    at += 1
                }
                guard digits > 0, at < bytes.count, bytes[at] == 0x09 else { return nil }
                at += 1
                return value
            }
            while at < bytes.count {
                guard let newest = number(), let runs = number(), let end = bytes[at...].firstIndex(of: 0x0A) else { return nil }
                lines.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<end]), as: UTF8.self), newest, runs))
                at = end + 1
            }
            return (inode, size, String(words[4]), searches, lines)
        }
    }
}
