import Foundation

/// Terms never searched, kept one a line in `denylist.txt` and read only when a search needs them.
///
/// A query is refused when, folded (case, diacritics, runs of spaces), it equals or starts with a
/// denied term.
public final class DenyListStore {
    let url: URL
    /// Where the look-up index is kept (the cache folder); nil keeps it in memory only.
    let indexURL: URL?
    let store: FileStore
    let warn: @Sendable (String) -> Void
    private var cached: [String]?
    private var cachedStamp: FileStamp?
    /// The index of the list as of `indexStamp`, loaded when a search first needs it.
    private var index: DenyIndex?
    private var indexStamp: FileStamp?

    public init(url: URL, indexURL: URL? = nil, store: FileStore, warn: @escaping @Sendable (String) -> Void) {
        self.url = url
        self.indexURL = indexURL
        self.store = store
        self.warn = warn
    }

    public func terms() throws -> [String] {
        let stamp = FileStamp(url)
        if let cached, stamp == cachedStamp { return cached }
        let terms = try read()
        cached = terms
        cachedStamp = stamp
        return terms
    }

    /// The denied term that refuses `query`, if any: one look-up in the index per prefix of the folded
    /// query (only prefixes as long as the longest term), so the check does not grow with the list, and a
    /// 1 MB query costs no more than a short one.
    public func match(_ query: String) throws -> String? {
        let folded = Text.fold(query)
        guard !folded.isEmpty, let index = try currentIndex() else { return nil }
        var hash = FNV.offsetBasis
        var length = 0
        for character in folded.prefix(index.longest) {
            hash = FNV.hash(String(character), from: hash)
            length += character.utf8.count
            for offset in index.offsets(of: hash) {
                if let term = try term(at: offset), Text.fold(term).utf8.elementsEqual(folded.utf8.prefix(length)) { return term }
            }
        }
        return nil
    }

    /// The index of the list as it is now: kept from the last call, read from the cache, or built.
    private func currentIndex() throws -> DenyIndex? {
        guard var stamp = FileStamp(url) else { return nil }
        if let index, stamp == indexStamp { return index }
        if let indexURL, let stored = DenyIndex(reading: indexURL, for: stamp) {
            (index, indexStamp) = (stored, stamp)
            return stored
        }
        // Built from the list as read (and repaired, if it was damaged).
        _ = try read()
        guard let list = try store.read(url), let now = FileStamp(url) else { return nil }
        stamp = now
        let built = DenyIndex.build(list, stamp: stamp)
        if let indexURL { try? store.write(built, to: indexURL) }
        let loaded = indexURL.flatMap { DenyIndex(reading: $0, for: stamp) } ?? DenyIndex(data: built)
        (index, indexStamp) = (loaded, stamp)
        return loaded
    }

    /// The term on the line starting at `offset` of the list, as written.
    private func term(at offset: UInt64) throws -> String? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var line = Data()
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = pread(fd, &buffer, buffer.count, off_t(offset) + off_t(line.count))
            guard count > 0 else { break }
            if let newline = buffer[0..<count].firstIndex(of: UInt8(ascii: "\n")) {
                line.append(contentsOf: buffer[0..<newline])
                break
            }
            line.append(contentsOf: buffer[0..<count])
        }
        return String(bytes: line, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Adds terms not yet denied; returns how many were new.
    @discardableResult
    public func add(_ new: [String]) throws -> Int {
        try modify { terms in
            var known = Set(terms.map(Text.fold))
            let added = new.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
                .filter { !$0.isEmpty && known.insert(Text.fold($0)).inserted }
            terms.append(contentsOf: added)
            return added.count
        }
    }

    @discardableResult
    public func remove(_ term: String) throws -> Int {
        try modify { terms in
            let before = terms.count
            terms.removeAll { Text.fold($0) == Text.fold(term) }
            return before - terms.count
        }
    }

    /// The terms on disk. A line that is not UTF-8 text (bytes no editor writes, NUL, control characters)
    /// is damage: the file is kept aside as it was and written back with the lines that read.
    private func read(holdingLock: Bool = false) throws -> [String] {
        guard let data = try store.read(url) else { return [] }
        let (terms, damaged) = Self.terms(in: data)
        guard damaged > 0 else { return terms }
        guard holdingLock else { return try store.withLock(url) { try read(holdingLock: true) } }
        let copy = store.keepCopy(of: url) ?? "(no copy could be made)"
        try write(terms)
        warn("the deny list had \(damaged) damaged line\(damaged == 1 ? "" : "s"); kept the file as \(copy) and the \(terms.count) term\(terms.count == 1 ? "" : "s") that could be read")
        return terms
    }

    static func terms(in data: Data) -> (terms: [String], damaged: Int) {
        var terms: [String] = []
        var damaged = 0
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let text = String(bytes: line, encoding: .utf8),
                  !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" && $0 != "\r" }) else {
                damaged += 1
                continue
            }
            let term = text.trimmingCharacters(in: .whitespaces.union(.newlines))
            if !term.isEmpty, !term.hasPrefix("#") { terms.append(term) }
        }
        return (terms, damaged)
    }

    private func write(_ terms: [String]) throws {
        try store.write(Data(terms.map { $0 + "\n" }.joined().utf8), to: url)
    }

    private func modify(_ change: (inout [String]) -> Int) throws -> Int {
        try store.withLock(url) {
            var terms = try read(holdingLock: true)
            let count = change(&terms)
            if count > 0 { try write(terms) }
            cached = terms
            cachedStamp = FileStamp(url)
            return count
        }
    }
}

/// libedit's line history (Up arrow, Ctrl-R), merged across scouts: each new line is added under the
/// lock to what is on disk, duplicates folded to the newest, at most `limit` lines kept.
public struct LineHistoryStore: Sendable {
    let url: URL
    let store: FileStore
    public var limit = 1000

    public init(url: URL, store: FileStore) {
        self.url = url
        self.store = store
    }

    public func load() -> [String] {
        guard let data = try? store.read(url) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    public func add(_ line: String) throws {
        let line = line.replacingOccurrences(of: "\n", with: " ")
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        try store.withLock(url) {
            var lines = load().filter { $0 != line }
            lines.append(line)
            if lines.count > limit { lines.removeFirst(lines.count - limit) }
            try store.write(Data(lines.map { $0 + "\n" }.joined().utf8), to: url)
        }
    }
}
