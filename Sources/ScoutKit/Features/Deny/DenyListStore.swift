import FoundationEssentials
import Glibc

/// Terms never searched, kept one a line in `denylist.txt` and read only when a search needs them,
/// and searches that found nothing, kept in `denied-searches.jsonl` beside it.
///
/// A query is refused when, folded (case, diacritics, runs of spaces), it equals or starts with a
/// denied term; or when it is the same search (source, options, folded terms) as one that found nothing.
public final class DenyListStore {
    let url: URL
    /// The searches that found nothing, added automatically: `denied-searches.jsonl` beside the list.
    let searchesURL: URL
    private var cachedSearches: [DeniedSearch]?
    private var cachedSearchKeys: [String: DeniedSearch] = [:]
    private var cachedSearchesStamp: FileStamp?
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
        searchesURL = url.deletingLastPathComponent().appendingPathComponent("denied-searches.jsonl")
        self.indexURL = indexURL
        self.store = store
        self.warn = warn
    }

    /// Every term `deny rm` takes: the user's own, then those of searches that found nothing.
    public func terms() throws -> [String] {
        var seen = Set<String>()
        return (try userTerms() + deniedSearches().map(\.terms)).filter { seen.insert(Text.fold($0)).inserted }
    }

    /// The terms the user denied (`deny add`, `deny import`, or by hand), as the list holds them.
    public func userTerms() throws -> [String] {
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
                if let term = try term(at: offset), Text.fold(term).utf8.elementsEqual(folded.utf8.prefix(length)) {
                    return term
                }
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
        return String(bytes: line, encoding: .utf8)?.trimmed()
    }

    /// A term as the list keeps it: its words, one space between.
    public static func normalized(_ term: String) -> String {
        term.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Adds terms not yet denied; returns how many were new.
    @discardableResult
    public func add(_ new: [String]) throws -> Int {
        try modify { terms in
            var known = Set(terms.map(Text.fold))
            let added = new.map(Self.normalized)
                .filter { !$0.isEmpty && known.insert(Text.fold($0)).inserted }
            terms.append(contentsOf: added)
            return added.count
        }
    }

    /// Removes the user's term `term`; returns how many lines held it.
    @discardableResult
    public func remove(_ term: String) throws -> Int {
        try modify { terms in
            let before = terms.count
            terms.removeAll { Text.fold($0) == Text.fold(term) }
            return before - terms.count
        }
    }

    // MARK: Searches that found nothing

    /// What refuses `query`: a denied term first (the prefix rule, in every source), then, unless
    /// `automatic` is false, a search that found nothing with the same source, options and folded terms.
    /// `query`'s options are the effective ones, as `DeniedSearch` keeps them.
    public func refusal(of query: SearchQuery, automatic: Bool = true) throws -> Refusal? {
        if let term = try match(query.terms) { return .term(term) }
        guard automatic else { return nil }
        _ = try deniedSearches()
        return cachedSearchKeys[DeniedSearch.key(source: query.source, terms: query.terms, options: query.options)].map(
            Refusal.search)
    }

    /// The searches that found nothing, oldest first. Read again only when the file changed; a line that
    /// does not read is damage: the file is kept aside as it was and written back with the records that read.
    public func deniedSearches() throws -> [DeniedSearch] {
        let stamp = FileStamp(searchesURL)
        if let cachedSearches, stamp == cachedSearchesStamp { return cachedSearches }
        let searches = try readSearches()
        cachedSearches = searches
        cachedSearchKeys = Dictionary(searches.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        cachedSearchesStamp = stamp
        return searches
    }

    /// Adds a search that found nothing, appended as one record under the lock; false when the same
    /// search is already there.
    @discardableResult
    public func add(_ search: DeniedSearch) throws -> Bool {
        try store.withLock(searchesURL) {
            let known = try readSearches(holdingLock: true)
            guard !known.contains(where: { $0.key == search.key }) else { return false }
            var line = try JSONEncoder.scoutLine.encode(search)
            line.append(UInt8(ascii: "\n"))
            try store.append(line, to: searchesURL)
            cachedSearches = nil
            return true
        }
    }

    /// Removes every search that found nothing that `matches` (its folded terms are a term's, or it is one
    /// `deny` numbered); returns them.
    @discardableResult
    public func removeSearches(where matches: (DeniedSearch) -> Bool) throws -> [DeniedSearch] {
        try store.withLock(searchesURL) {
            let known = try readSearches(holdingLock: true)
            let removed = known.filter(matches)
            guard !removed.isEmpty else { return [] }
            try writeSearches(known.filter { !matches($0) })
            cachedSearches = nil
            return removed
        }
    }

    /// Forgets the search that found nothing with `query`'s source, effective options and folded terms,
    /// once it finds something (a watched search's look); returns whether there was one.
    @discardableResult
    public func forgetEmptySearch(_ query: SearchQuery) throws -> Bool {
        let key = DeniedSearch.key(source: query.source, terms: query.terms, options: query.options)
        _ = try deniedSearches()
        guard cachedSearchKeys[key] != nil else { return false }
        return try store.withLock(searchesURL) {
            let known = try readSearches(holdingLock: true)
            let kept = known.filter { $0.key != key }
            guard kept.count < known.count else { return false }
            try writeSearches(kept)
            cachedSearches = nil
            return true
        }
    }

    private func readSearches(holdingLock: Bool = false) throws -> [DeniedSearch] {
        try readRepairing(
            searchesURL, holdingLock: holdingLock, label: "the denied searches", noun: ("search", "searches"),
            parse: Self.searches(in:), write: writeSearches)
    }

    /// The records of a line-a-record file. A damaged line costs that line only: under the file's lock the
    /// file is kept aside as it was, written back with every record that reads, and that is said once.
    private func readRepairing<Record>(
        _ file: URL, holdingLock: Bool, label: String, noun: (String, String),
        parse: (Data) -> ([Record], Int), write: ([Record]) throws -> Void
    ) throws -> [Record] {
        guard let data = try store.read(file) else { return [] }
        let (records, damaged) = parse(data)
        guard damaged > 0 else { return records }
        guard holdingLock else {
            return try store.withLock(file) {
                try readRepairing(file, holdingLock: true, label: label, noun: noun, parse: parse, write: write)
            }
        }
        let copy = try store.setAside(file) { try write(records) }
        warn(FileStore.damagedLines(label, damaged: damaged, copy: copy, kept: records.count, noun: noun))
        return records
    }

    static func searches(in data: Data) -> (searches: [DeniedSearch], damaged: Int) {
        let decoder = JSONDecoder.scout
        var searches: [DeniedSearch] = []
        var damaged = 0
        data.forEachLine { line in
            guard !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) else { return }
            if let search = try? decoder.decode(DeniedSearch.self, from: line) {
                searches.append(search)
            } else {
                damaged += 1
            }
        }
        return (searches, damaged)
    }

    private func writeSearches(_ searches: [DeniedSearch]) throws {
        var data = Data()
        for search in searches {
            data.append(try JSONEncoder.scoutLine.encode(search))
            data.append(UInt8(ascii: "\n"))
        }
        try store.write(data, to: searchesURL)
    }

    /// The terms on disk. A line that is not UTF-8 text (bytes no editor writes, NUL, control characters)
    /// is damage: the file is kept aside as it was and written back with the lines that read.
    private func read(holdingLock: Bool = false) throws -> [String] {
        try readRepairing(
            url, holdingLock: holdingLock, label: "the deny list", noun: ("term", "terms"),
            parse: Self.terms(in:), write: write)
    }

    static func terms(in data: Data) -> (terms: [String], damaged: Int) {
        var terms: [String] = []
        var damaged = 0
        data.forEachLine { line in
            guard let text = String(bytes: line, encoding: .utf8),
                !text.unicodeScalars.contains(where: {
                    $0.properties.generalCategory == .control && $0 != "\t" && $0 != "\r"
                })
            else {
                damaged += 1
                return
            }
            let term = text.trimmed()
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
