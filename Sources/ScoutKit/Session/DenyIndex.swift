import Foundation

/// A look-up index of the deny list, kept in the cache folder as `denylist.index` so that a search
/// checks a million denied terms without reading them: the hash of each folded term and the offset of
/// its line in `denylist.txt`, sorted by hash, under a header naming the version of the list it was
/// built from. A stale or unreadable index is simply built again.
///
/// Layout (little-endian 64-bit words): magic, inode, size, mtime seconds, mtime nanoseconds, the
/// longest folded term in characters, the entry count; then `count` pairs of (hash, offset).
struct DenyIndex {
    static let magic: UInt64 = 0x3130_594E_4544_4353  // "SCDENY01"
    static let headerWords = 7

    let data: Data
    let longest: Int
    let count: Int

    /// The index for the list whose version is `stamp`, from `file` when it was built from that version.
    init?(mapping file: URL, for stamp: FileStamp, store: FileStore) {
        guard let data = try? store.map(file) else { return nil }
        self.init(data: data, for: stamp)
    }

    /// The index encoded in `data`, when it is whole and (given a stamp) built from that version of the list.
    init?(data: Data, for stamp: FileStamp? = nil) {
        guard data.count >= Self.headerWords * 8 else { return nil }
        let header = (0..<Self.headerWords).map { Self.word(data, $0) }
        guard header[0] == Self.magic, header[6] <= UInt64(data.count / 16),
              data.count == (Self.headerWords + Int(header[6]) * 2) * 8 else { return nil }
        if let stamp {
            guard header[1] == stamp.inode, header[2] == UInt64(bitPattern: stamp.size),
                  header[3] == UInt64(bitPattern: Int64(stamp.modified.tv_sec)),
                  header[4] == UInt64(bitPattern: Int64(stamp.modified.tv_nsec)) else { return nil }
        }
        self.data = data
        longest = Int(clamping: header[5])
        count = Int(header[6])
    }

    /// Builds the index of `list` (the bytes of `denylist.txt` as of `stamp`): its encoded form.
    static func build(_ list: Data, stamp: FileStamp) -> Data {
        var entries: [(hash: UInt64, offset: UInt64)] = []
        var longest = 0
        var start = list.startIndex
        while start < list.endIndex {
            let end = list[start...].firstIndex(of: UInt8(ascii: "\n")) ?? list.endIndex
            if let text = String(bytes: list[start..<end], encoding: .utf8) {
                let term = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !term.isEmpty, !term.hasPrefix("#") {
                    let folded = Text.fold(term)
                    entries.append((FNV.hash(folded), UInt64(start - list.startIndex)))
                    longest = max(longest, folded.count)
                }
            }
            start = end + 1
        }
        entries.sort { $0.hash < $1.hash }
        var words: [UInt64] = [magic, stamp.inode, UInt64(bitPattern: stamp.size), UInt64(bitPattern: Int64(stamp.modified.tv_sec)),
                               UInt64(bitPattern: Int64(stamp.modified.tv_nsec)), UInt64(longest), UInt64(entries.count)]
        words.reserveCapacity(words.count + entries.count * 2)
        for entry in entries { words += [entry.hash, entry.offset] }
        return words.withUnsafeBufferPointer { Data(buffer: $0) }
    }

    /// The line offsets of the terms whose folded form hashes to `hash`.
    func offsets(of hash: UInt64) -> [UInt64] {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if entryHash(middle) < hash { low = middle + 1 } else { high = middle }
        }
        var found: [UInt64] = []
        while low < count, entryHash(low) == hash {
            found.append(Self.word(data, Self.headerWords + low * 2 + 1))
            low += 1
        }
        return found
    }

    private func entryHash(_ entry: Int) -> UInt64 { Self.word(data, Self.headerWords + entry * 2) }

    private static func word(_ data: Data, _ index: Int) -> UInt64 {
        data.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) }
    }
}

/// FNV-1a, 64 bits: a fast, stable hash for file names and index keys.
public enum FNV {
    public static let offsetBasis: UInt64 = 0xcbf29ce484222325

    public static func hash(_ text: some StringProtocol, from start: UInt64 = offsetBasis) -> UInt64 {
        var hash = start
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return hash
    }
}
