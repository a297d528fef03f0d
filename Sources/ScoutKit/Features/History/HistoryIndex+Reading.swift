import FoundationEssentials
import Glibc

/// Reading the history index: a line's place in the history, the lines whose folded text holds a
/// needle, and the `done` records of given searches.
extension HistoryIndex {

    /// Word `word` (0, 1 or 2) of search `n`'s entry, 0 past the end of the entries.
    @inline(__always) private static func entryWord(_ reader: ByteReader, _ n: Int, _ word: Int) -> UInt64 {
        reader.word(at: headerWords * 8 + n * entryBytes + word * 8) ?? 0
    }

    /// The line in the history an entry names, empty when it reaches past the bytes covered (a damaged entry).
    @inline(__always) private func line(_ reader: ByteReader, _ n: Int) -> Range<Int> {
        let start = Self.entryWord(reader, n, 0), length = Self.entryWord(reader, n, 1) & 0xFFFF_FFFF
        guard start <= UInt64(covered), length <= UInt64(covered) - start else { return 0..<0 }
        return Int(start)..<Int(start + length)
    }

    /// The byte range in the history of search `n` (from 0).
    func line(_ n: Int) -> Range<Int> {
        entries.withByteReader { line($0, n) }
    }

    /// The byte ranges in the history of every search, oldest first, read in one pass over the entries.
    func lines() -> [Range<Int>] {
        entries.withByteReader { reader in (0..<searchCount).map { line(reader, $0) } }
    }

    /// Where search `n`'s folded text ends in the text file (past its newline).
    @inline(__always) private static func textEnd(_ reader: ByteReader, _ n: Int) -> Int {
        Int(entryWord(reader, n, 1) >> 32)
    }

    /// The numbers (from 1) of the searches whose folded source and terms contain `needle`'s bytes.
    func matching(_ needle: [UInt8]) -> [Int] {
        guard !needle.isEmpty, !needle.contains(0x0A) else { return [] }
        var found: [Int] = []
        let count = searchCount
        entries.withByteReader { reader in
            text.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                var from = 0, next = 0
                while from < raw.count, let hit = glibcMemmem(base + from, raw.count - from, needle, needle.count) {
                    let at = UnsafeRawPointer(hit) - base
                    // The search whose line holds the hit: the first from `next` on whose text ends past it,
                    // found by steps that double (hits come in order, most a few searches apart), then halving.
                    var low = next, step = 1
                    while low + step < count, Self.textEnd(reader, low + step - 1) <= at {
                        low += step
                        step *= 2
                    }
                    var high = min(low + step, count)
                    while low < high {
                        let middle = (low + high) / 2
                        if Self.textEnd(reader, middle) <= at { low = middle + 1 } else { high = middle }
                    }
                    guard low < count else { break }
                    found.append(low + 1)
                    from = Self.textEnd(reader, low)
                    next = low + 1
                }
            }
        }
        return found
    }

    /// For each id hash asked about, the line of its latest `done` record.
    func doneLines(for hashes: Set<UInt64>, history: Data) -> [UInt64: Range<Int>] {
        guard !hashes.isEmpty else { return [:] }
        // A bit for each hash's low 16 bits turns away most `done` records with one test, before the set's hashing
        // (a tenth of a history search of a common word went to hashing the hashes).
        var seen = [UInt64](repeating: 0, count: 1_024)
        func bit(_ hash: UInt64) -> (word: Int, mask: UInt64) {
            (Int(truncatingIfNeeded: hash & 0xFFFF) >> 6, 1 << (hash & 63))
        }
        for hash in hashes {
            let (word, mask) = bit(hash)
            seen[word] |= mask
        }
        func mayHold(_ hash: UInt64) -> Bool {
            let (word, mask) = bit(hash)
            return seen[word] & mask != 0
        }
        var found: [UInt64: Range<Int>] = [:]
        dones.withByteReader { reader in
            history.withUnsafeBytes { text in
                for n in 0..<doneCount {
                    guard let hash = reader.word(at: n * Self.doneBytes),
                        mayHold(hash), hashes.contains(hash),
                        let offset = reader.word(at: n * Self.doneBytes + 8), offset < UInt64(text.count),
                        let base = text.baseAddress
                    else { continue }
                    let start = Int(offset)
                    let end =
                        memchr(base + start, 0x0A, text.count - start).map { UnsafeRawPointer($0) - base } ?? text.count
                    found[hash] = start..<end
                }
            }
        }
        return found
    }
}

/// glibc's `memmem` (a GNU extension the Glibc module does not export): a substring search that skips
/// ahead by what it has seen, far faster over megabytes than a byte-by-byte loop.
@_silgen_name("memmem")
private func glibcMemmem(
    _ haystack: UnsafeRawPointer, _ haystackLength: Int, _ needle: UnsafeRawPointer, _ needleLength: Int
) -> UnsafeMutableRawPointer?
