import FoundationEssentials
import Glibc

/// A look-up index of the deny list, kept in the cache folder as `denylist.index` so that a search
/// checks a million denied terms without reading them: the hash of each folded term and the offset of
/// its line in `denylist.txt`, sorted by hash, under a header naming the version of the list it was
/// built from. A stale or unreadable index is simply built again.
///
/// Layout (little-endian 64-bit words): magic, inode, size, mtime seconds, mtime nanoseconds, the
/// longest folded term in characters, the entry count; then `count` pairs of (hash, offset).
///
/// A search reads the few words its binary searches need with `pread`, not through a mapping: mapped, a
/// dozen look-ups left 15 MB of a 16 MB index counted in the process's memory (the kernel maps more than
/// the page that faulted).
final class DenyIndex {
    static let magic: UInt64 = 0x3130_594E_4544_4353 // "SCDENY01"
    static let headerWords = 7

    private enum Storage {
        case file(Int32)
        case memory(Data)
    }

    private let storage: Storage
    let longest: Int
    let count: Int

    /// The index for the list whose version is `stamp`, from `file` when it was built from that version.
    convenience init?(reading file: URL, for stamp: FileStamp) {
        let fd = open(file.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, let header = ByteReader.words(Self.headerWords, of: fd, at: 0) else {
            close(fd)
            return nil
        }
        self.init(storage: .file(fd), header: header, size: Int(info.st_size), for: stamp)
    }

    /// The index encoded in `data`, when it is whole and (given a stamp) built from that version of the list.
    convenience init?(data: Data, for stamp: FileStamp? = nil) {
        guard let header = data.withByteReader({ $0.words(Self.headerWords) }) else { return nil }
        self.init(storage: .memory(data), header: header, size: data.count, for: stamp)
    }

    private init?(storage: Storage, header: [UInt64], size: Int, for stamp: FileStamp?) {
        self.storage = storage
        longest = Int(clamping: header[5])
        count = Int(clamping: header[6])
        guard header[0] == Self.magic, header[6] <= UInt64(size / 16), size == (Self.headerWords + count * 2) * 8 else {
            return nil
        }
        if let stamp, Array(header[1...4]) != stamp.words { return nil }
    }

    deinit {
        if case .file(let fd) = storage { close(fd) }
    }

    /// Builds the index of `list` (the bytes of `denylist.txt` as of `stamp`): its encoded form.
    static func build(_ list: Data, stamp: FileStamp) -> Data {
        var entries: [(hash: UInt64, offset: UInt64)] = []
        var longest = 0
        var start = list.startIndex
        while start < list.endIndex {
            let end = list[start...].firstIndex(of: UInt8(ascii: "\n")) ?? list.endIndex
            if let text = String(bytes: list[start..<end], encoding: .utf8) {
                let term = text.trimmed()
                if !term.isEmpty, !term.hasPrefix("#") {
                    let folded = Text.fold(term)
                    entries.append((FNV.hash(folded), UInt64(start - list.startIndex)))
                    longest = max(longest, folded.count)
                }
            }
            start = end + 1
        }
        entries.sort { $0.hash < $1.hash }
        var out = ByteWriter(capacity: (headerWords + entries.count * 2) * 8)
        out.write([magic] + stamp.words + [UInt64(longest), UInt64(entries.count)])
        for entry in entries {
            out.write(entry.hash)
            out.write(entry.offset)
        }
        return out.data
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
            found.append(word(Self.headerWords + low * 2 + 1))
            low += 1
        }
        return found
    }

    private func entryHash(_ entry: Int) -> UInt64 { word(Self.headerWords + entry * 2) }

    /// Word `index` of the index, 0 past its end (the header's count keeps the searches inside it).
    private func word(_ index: Int) -> UInt64 {
        switch storage {
        case .memory(let data):
            return data.withByteReader { $0.word(at: index * 8) } ?? 0
        case .file(let fd):
            return ByteReader.word(of: fd, at: index * 8) ?? 0
        }
    }
}
