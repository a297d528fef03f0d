import FoundationEssentials
import Glibc

/// The picker's history kept in the cache folder (`history-lines.index`): every distinct line that runs a
/// past search again, with its newest run and how often it ran, newest first, already folded for the
/// matcher (`PickerCorpus`), so that `pick` and Ctrl-R read one file and fold and sort nothing. The header
/// is eight 64-bit words: a magic; the inode, size and modification time of the `history.jsonl` it was
/// made from and its number of searches; the corpus's lines, scalars and bytes (`PickerCorpus.encoded`,
/// which the fields follow). When the history is that file still, the corpus is read
/// as it is, without reading the history; history that grew since (same inode, larger) is read from
/// where it stopped, and any other change makes it anew. Derived data: written without fsync, and a
/// damaged file is made again.
enum HistoryLines {
    static let magic: UInt64 = 0x3330_454E_494C_4353 // "SCLINE03": lengths in characters, as fzf counts
    static let headerWords = 5
    static let fileName = "history-lines.index"

    /// The past searches as the picker's corpus, newest first.
    static func corpus(history: HistoryStore, store: FileStore) throws -> PickerCorpus {
        guard let folder = history.indexFolder else { return build(try history.log().searchLines()) }
        let file = folder.appendingPathComponent(fileName)
        let cached = try? store.map(file)
        let kept = cached.flatMap { Self.read($0) }
        if let kept, let stamp = FileStamp(history.url), kept.header == header(stamp, searches: kept.header[4]) {
            return kept.corpus
        }

        let log = try history.log()
        // The history as mapped, for the header: a file replaced meanwhile is not kept under its name.
        guard let stamp = FileStamp(history.url), Int(stamp.size) == log.data.count else {
            return build(log.searchLines())
        }
        let lines: [(line: String, newest: Int, runs: Int)]
        if let kept, kept.header[1] == stamp.inode, Int(kept.header[2]) < Int(stamp.size),
            Int(kept.header[4]) <= log.count
        {
            let known = (0..<kept.corpus.count).map {
                (kept.corpus.line($0), kept.corpus.recencies[$0], kept.corpus.frequencies[$0])
            }
            lines = log.searchLines(after: known, from: Int(kept.header[4]) + 1)
        } else {
            lines = log.searchLines()
        }
        let corpus = build(lines)
        try? store.write(corpus.encoded(header: header(stamp, searches: UInt64(log.count))), to: file, durably: false)
        return corpus
    }

    /// The lines newest first, folded.
    static func build(_ lines: [(line: String, newest: Int, runs: Int)]) -> PickerCorpus {
        let newestFirst = lines.indices.sorted { lines[$0].newest > lines[$1].newest }
        return PickerCorpus(lines: newestFirst.map { (lines[$0].line, lines[$0].newest, lines[$0].runs) })
    }

    private static func header(_ stamp: FileStamp, searches: UInt64) -> [UInt64] {
        let modified =
            UInt64(bitPattern: Int64(stamp.modified.tv_sec)) &* 1_000_000_000
            &+ UInt64(bitPattern: Int64(stamp.modified.tv_nsec))
        return [magic, stamp.inode, UInt64(bitPattern: stamp.size), modified, searches]
    }

    /// The header and corpus a kept file holds, nil when it is not one (scripts/fuzz's `lines` target).
    static func read(_ data: Data) -> (header: [UInt64], corpus: PickerCorpus)? {
        data.withByteReader { reader in
            guard let header = reader.words(headerWords), header[0] == magic, let corpus = PickerCorpus.decoded(&reader)
            else { return nil }
            return (header, corpus)
        }
    }
}

/// What the picker opens over, for `pick`, Ctrl-R and `scripts/bench`.
public enum PickerCandidates {
    /// The history picker's candidates: the lines typed at the prompt, newest first, then the past
    /// searches' lines not among them, each once, newest first (`HistoryLines`).
    public static func history(history: HistoryStore, lineHistory: URL, store: FileStore) throws -> PickerCorpus {
        try HistoryLines.corpus(history: history, store: store).merging(
            typed: LineHistoryStore(url: lineHistory, store: store).load())
    }
}
