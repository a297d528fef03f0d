import Foundation

/// Terms never searched, kept one a line in `denylist.txt` and read only when a search needs them.
///
/// A query is refused when, folded (case, diacritics, runs of spaces), it equals or starts with a
/// denied term.
public final class DenyListStore {
    let url: URL
    let store: FileStore
    let warn: @Sendable (String) -> Void
    private var cached: [String]?
    private var cachedStamp: FileStamp?
    /// Folded term to the term as written, built when a search first needs it, and the longest folded term.
    private var index: [String: String]?
    private var longest = 0

    public init(url: URL, store: FileStore, warn: @escaping @Sendable (String) -> Void) {
        self.url = url
        self.store = store
        self.warn = warn
    }

    public func terms() throws -> [String] {
        let stamp = FileStamp(url)
        if let cached, stamp == cachedStamp { return cached }
        let terms = try read()
        cached = terms
        cachedStamp = stamp
        index = nil
        return terms
    }

    /// The denied term that refuses `query`, if any: one hash look-up per prefix of the folded query,
    /// so the check does not grow with the size of the list.
    public func match(_ query: String) throws -> String? {
        let folded = Text.fold(query)
        guard !folded.isEmpty else { return nil }
        let terms = try terms()
        if self.index == nil {
            let folded = terms.map { (Text.fold($0), $0) }
            index = Dictionary(folded, uniquingKeysWith: { first, _ in first })
            longest = folded.map(\.0.count).max() ?? 0
        }
        guard let index else { return nil }
        // Only prefixes as long as the longest term can match, so a 1 MB query costs no more than a short one.
        var prefix = ""
        for character in folded.prefix(longest) {
            prefix.append(character)
            if let term = index[prefix] { return term }
        }
        return nil
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
            index = nil
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
