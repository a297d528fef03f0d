import Glibc
import FoundationEssentials

/// The lines of a file held in memory, found with `memchr`: the one loop every line-per-record file
/// (history, the library, the deny list, sync's logs and payloads) is read with.
extension UnsafeRawBufferPointer {
    /// Calls `body` with each non-empty line of `self[start..<end]` (its offsets, the newline left out), the
    /// last one too when no newline ends it.
    @inline(__always)
    func forEachLine(from start: Int = 0, to end: Int? = nil, _ body: (Range<Int>) -> Void) {
        let end = end ?? count
        let last = lines(from: start, to: end, body)
        if last < end { body(last..<end) }
    }

    /// Calls `body` with each non-empty line that a newline ends: a last line without one is being written,
    /// and is read whole next time. Returns the offset after the last newline.
    @inline(__always)
    func forEachWholeLine(_ body: (Range<Int>) -> Void) -> Int {
        lines(from: 0, to: count, body)
    }

    /// How many newlines end non-empty lines from `start`, counting up to `limit`: how many of the lines
    /// after it are there whole.
    func countLines(from start: Int, upTo limit: Int) -> Int {
        guard let base = baseAddress else { return 0 }
        var (at, found) = (start, 0)
        while found < limit, at < count, let newline = memchr(base + at, 0x0A, count - at) {
            let offset = UnsafeRawPointer(newline) - base
            if offset > at { found += 1 }
            at = offset + 1
        }
        return found
    }

    @inline(__always)
    private func lines(from start: Int, to end: Int, _ body: (Range<Int>) -> Void) -> Int {
        guard let base = baseAddress else { return start }
        var at = start
        while at < end, let found = memchr(base + at, 0x0A, end - at) {
            let newline = UnsafeRawPointer(found) - base
            if newline > at { body(at..<newline) }
            at = newline + 1
        }
        return at
    }
}

extension Data {
    /// Calls `body` with each non-empty line (the newline left out), the last one too when no newline ends it.
    func forEachLine(_ body: (Data.SubSequence) -> Void) {
        withUnsafeBytes { raw in
            raw.forEachLine { range in body(self[startIndex + range.lowerBound..<startIndex + range.upperBound]) }
        }
    }

    /// Each non-empty line that `decode` reads, with what it read (a line of its own, a copy).
    func decodedLines<Value>(_ decode: (Data) -> Value?) -> [(Data, Value)] {
        var result: [(Data, Value)] = []
        forEachLine { slice in
            let line = Data(slice)
            if let value = decode(line) { result.append((line, value)) }
        }
        return result
    }
}
