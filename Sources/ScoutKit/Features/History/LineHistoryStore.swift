import FoundationEssentials

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
        var lines: [String] = []
        data.forEachLine { lines.append(String(decoding: $0, as: UTF8.self)) }
        return lines
    }

    /// Forgets every line (`history clear`); how many there were.
    @discardableResult
    public func clear() throws -> Int {
        try store.withLock(url) {
            let count = load().count
            if count > 0 { try store.write(Data(), to: url) }
            return count
        }
    }

    public func add(_ line: String) throws {
        let line = line.replacing("\n", with: " ")
        guard !line.trimmedSpaces().isEmpty else { return }
        try store.withLock(url) {
            var lines = load().filter { $0 != line }
            lines.append(line)
            if lines.count > limit { lines.removeFirst(lines.count - limit) }
            try store.write(Data(lines.map { $0 + "\n" }.joined().utf8), to: url)
        }
    }
}
