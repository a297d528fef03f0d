import FoundationEssentials

/// A set of 64-bit hashes kept in the cache folder beside the file it was taken from, stamped with that
/// file's version (inode, size, modification time), so that a question about a few members is answered
/// without reading the file: the favourites' ids for a listing's ♥ marks, read in 80 KB for ten
/// thousand favourites instead of 4.8 MB. A stale, damaged or missing set is no set (nil), and the caller
/// builds it again.
///
/// Layout (little-endian 64-bit words): magic, inode, size, mtime seconds, mtime nanoseconds, count, then
/// `count` hashes in ascending order.
struct StampedHashSet {
    static let magic: UInt64 = 0x3130_5448_5341_4853 // "SHASHT01"
    static let headerWords = 6
    private let words: [UInt64]

    /// The set in `file`, when it was taken from the version `stamp` names.
    init?(reading file: URL, for stamp: FileStamp) {
        guard let data = try? FileStore().read(file) else { return nil }
        self.init(data: data, for: stamp)
    }

    /// The set encoded in `data`, when it is whole and was taken from the version `stamp` names.
    init?(data: Data, for stamp: FileStamp) {
        guard data.count % 8 == 0, let words = data.withByteReader({ $0.words($0.count / 8) }),
            words.count >= Self.headerWords,
            Array(words[0..<5]) == Self.header(stamp), words[5] == UInt64(words.count - Self.headerWords)
        else { return nil }
        self.words = words
    }

    /// The bytes of the set of `hashes`, taken from the version `stamp` names.
    static func encode(_ hashes: some Sequence<UInt64>, stamp: FileStamp) -> Data {
        let sorted = Array(Set(hashes)).sorted()
        var out = ByteWriter(capacity: (headerWords + sorted.count) * 8)
        out.write(header(stamp) + [UInt64(sorted.count)])
        out.write(sorted)
        return out.data
    }

    /// The magic and the stamp, as the set's first five words.
    private static func header(_ stamp: FileStamp) -> [UInt64] {
        [magic] + stamp.words
    }

    func contains(_ hash: UInt64) -> Bool {
        var low = Self.headerWords, high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle] < hash { low = middle + 1 } else { high = middle }
        }
        return low < words.count && words[low] == hash
    }
}
