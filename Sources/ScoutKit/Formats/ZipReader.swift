import CScoutZlib
import Glibc

/// A file read by offset, a piece at a time: never mapped, never read whole.
final class ReadOnlyFile {
    let descriptor: Int32
    let size: UInt64

    /// Opens a regular file; nil when `path` is something else (a folder, a device, a pipe, or with
    /// `following: false` a symbolic link). Opening never waits on a pipe.
    init?(path: String, following: Bool = true) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (following ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            if errno == ELOOP && !following { return nil }
            throw FileProblem(reason: Self.errnoText())
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.size = UInt64(max(info.st_size, 0))
    }

    deinit { close(descriptor) }

    /// Reads into `buffer` from `offset` until it is full or the file ends; how many bytes it read.
    func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            let count = pread(descriptor, base + filled, buffer.count - filled, off_t(offset) + off_t(filled))
            if count < 0 {
                if errno == EINTR { continue }
                throw FileProblem(reason: Self.errnoText())
            }
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// Reads exactly `count` bytes from `offset`, or throws.
    func bytes(at offset: UInt64, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = try bytes.withUnsafeMutableBytes { try self.read(at: offset, into: $0) }
        guard read == count else { throw FileProblem(reason: "it ends early") }
        return bytes
    }

    static func errnoText() -> String { String(cString: strerror(errno)).lowercased() }
}

/// Why a file, or one entry of a zip, could not be read.
struct FileProblem: Error {
    var reason: String
}

/// A zip archive read in place: the central directory entry by entry, and an entry's data streamed
/// (stored, or inflated with zlib) in 64 KiB pieces. Nothing is written anywhere and memory stays bounded:
/// one entry's header and name, and two buffers. The sizes and offsets a zip declares are not trusted:
/// each is checked against the file before it is read, and an entry's data is never read past its
/// compressed size.
///
/// (ZIPFoundation is not used to read: its Linux inflate loops for ever on a stream cut short by the end
/// of the file, and reads past its buffer on a short last read; a 500-byte zip hangs it.)
struct ZipReader {
    /// An entry as the central directory describes it.
    struct Entry {
        /// The name as stored, `\` taken for `/` (some Windows tools write them).
        var name: String
        var isDirectory: Bool
        var isSymlink: Bool
        var isEncrypted: Bool
        var method: UInt16
        var crc: UInt32
        var compressedSize: UInt64
        var size: UInt64
        var localHeader: UInt64
    }

    let file: ReadOnlyFile
    let count: UInt64
    let directory: UInt64
    let directorySize: UInt64

    static let chunk = 65_536

    /// Reads the end record; `tooMany` is thrown when the zip says it holds more than `maxEntries` entries.
    init(file: ReadOnlyFile, maxEntries: Int, tooMany: Error) throws {
        self.file = file
        // The end record is within the last 22 bytes plus the longest comment.
        let tailCount = Int(min(file.size, 22 + 65_535))
        let tailStart = file.size - UInt64(tailCount)
        let tail = try file.bytes(at: tailStart, count: tailCount)
        var position = tailCount - 22
        while position >= 0 && tail.le32(position) != 0x0605_4B50 { position -= 1 }
        guard position >= 0 else { throw FileProblem(reason: "its end record is missing: it is cut short") }
        let end = tailStart + UInt64(position)
        var count = UInt64(tail.le16(position + 10))
        var size = UInt64(tail.le32(position + 12))
        var offset = UInt64(tail.le32(position + 16))
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF, end >= 20 {
            // ZIP64: a locator just before the end record points at a record of 64-bit fields.
            let locator = try file.bytes(at: end - 20, count: 20)
            if locator.le32(0) == 0x0706_4B50 {
                let at = locator.le64(8)
                guard at < end, end - at >= 56 else { throw FileProblem(reason: "its ZIP64 end record is missing") }
                let record = try file.bytes(at: at, count: 56)
                guard record.le32(0) == 0x0606_4B50 else {
                    throw FileProblem(reason: "its ZIP64 end record is missing")
                }
                (count, size, offset) = (record.le64(32), record.le64(40), record.le64(48))
            }
        }
        guard offset <= end, size <= end - offset else {
            throw FileProblem(reason: "its directory lies outside it")
        }
        guard count <= UInt64(maxEntries) else { throw tooMany }
        guard count <= size / 46 else { throw FileProblem(reason: "its directory is too short for its entries") }
        self.count = count
        self.directory = offset
        self.directorySize = size
    }

    /// Each entry of the central directory, in its order.
    func entries(_ body: (Entry) throws -> Void) throws {
        var offset = directory
        let end = directory + directorySize
        for _ in 0..<count {
            guard end - offset >= 46 else { throw FileProblem(reason: "its directory is cut short") }
            let header = try file.bytes(at: offset, count: 46)
            guard header.le32(0) == 0x0201_4B50 else { throw FileProblem(reason: "its directory is damaged") }
            let nameLength = Int(header.le16(28)), extraLength = Int(header.le16(30))
            let variable = UInt64(nameLength + extraLength + Int(header.le16(32)))
            guard end - offset - 46 >= variable else { throw FileProblem(reason: "its directory is cut short") }
            let rest = try file.bytes(at: offset + 46, count: nameLength + extraLength)
            offset += 46 + variable

            var name = String(decoding: rest[..<nameLength], as: UTF8.self)
            name = name.replacing("\\", with: "/")
            let host = header.le16(4) >> 8
            let mode = header.le32(38) >> 16 & 0xF000
            let unix = host == 3 || host == 19
            var entry = Entry(
                name: name,
                isDirectory: name.hasSuffix("/") || (unix && mode == 0x4000) || (host == 0 && header[38] & 0x10 != 0),
                isSymlink: unix && mode == 0xA000, isEncrypted: header.le16(8) & 1 != 0, method: header.le16(10),
                crc: header.le32(16), compressedSize: UInt64(header.le32(20)), size: UInt64(header.le32(24)),
                localHeader: UInt64(header.le32(42)))
            Self.readZIP64(Array(rest[nameLength...]), into: &entry)
            try body(entry)
        }
    }

    /// The 64-bit sizes and offset of the ZIP64 extra field, for those the header marks as in it.
    static func readZIP64(_ extra: [UInt8], into entry: inout Entry) {
        var at = 0
        while at + 4 <= extra.count {
            let id = extra.le16(at), length = Int(extra.le16(at + 2))
            let fields = at + 4
            at = fields + length
            guard id == 1, at <= extra.count else { continue }
            var next = fields
            func take(_ value: inout UInt64) {
                guard value == 0xFFFF_FFFF, next + 8 <= at else { return }
                value = extra.le64(next)
                next += 8
            }
            take(&entry.size)
            take(&entry.compressedSize)
            take(&entry.localHeader)
            return
        }
    }

    /// Streams an entry's data to `consumer` in pieces of at most 64 KiB; throws `FileProblem` when it is
    /// damaged or in a form scout cannot read, and whatever `consumer` throws (which stops the reading).
    func read(_ entry: Entry, _ consumer: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard file.size >= 30, entry.localHeader <= file.size - 30 else {
            throw FileProblem(reason: "its data lies outside the zip")
        }
        let local = try file.bytes(at: entry.localHeader, count: 30)
        guard local.le32(0) == 0x0403_4B50 else { throw FileProblem(reason: "its local header is missing") }
        let start = entry.localHeader + 30 + UInt64(local.le16(26)) + UInt64(local.le16(28))
        guard start <= file.size, entry.compressedSize <= file.size - start else {
            throw FileProblem(reason: "its data runs past the end of the zip")
        }
        var crc: UInt = 0
        func checked(_ piece: UnsafeRawBufferPointer) throws {
            if let base = piece.baseAddress {
                crc = CScoutZlib.crc32(crc, base.assumingMemoryBound(to: UInt8.self), UInt32(piece.count))
            }
            try consumer(piece)
        }
        switch entry.method {
        case 0: try stored(from: start, count: entry.compressedSize, checked)
        case 8: try inflated(from: start, count: entry.compressedSize, checked)
        default:
            throw FileProblem(
                reason: "it is compressed in a way scout cannot unpack (method \(entry.method)): unzip the export "
                    + "and import its folder")
        }
        guard crc == UInt(entry.crc) else { throw FileProblem(reason: "its checksum does not match: it is damaged") }
    }

    private func stored(
        from start: UInt64, count: UInt64, _ consumer: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunk, alignment: 1)
        defer { buffer.deallocate() }
        var done: UInt64 = 0
        while done < count {
            let piece = UnsafeMutableRawBufferPointer(rebasing: buffer[..<Int(min(count - done, UInt64(Self.chunk)))])
            guard try file.read(at: start + done, into: piece) == piece.count else {
                throw FileProblem(reason: "its data is cut short")
            }
            done += UInt64(piece.count)
            try consumer(UnsafeRawBufferPointer(piece))
        }
    }

    /// Inflates a raw deflate stream read from `count` bytes at `start`. Every turn of the loop reads
    /// input, makes output or ends, so a damaged stream ends in an error, never a loop.
    private func inflated(
        from start: UInt64, count: UInt64, _ consumer: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Self.chunk)
        let output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Self.chunk)
        defer {
            input.deallocate()
            output.deallocate()
        }
        var stream = z_stream()
        guard scout_inflate_init_raw(&stream) == Z_OK else { throw FileProblem(reason: "zlib could not start") }
        defer { inflateEnd(&stream) }
        var done: UInt64 = 0
        while true {
            if stream.avail_in == 0 {
                guard done < count else { throw FileProblem(reason: "its compressed data is cut short") }
                let piece = UnsafeMutableRawBufferPointer(
                    rebasing: UnsafeMutableRawBufferPointer(input)[..<Int(min(count - done, UInt64(Self.chunk)))])
                guard try file.read(at: start + done, into: piece) == piece.count else {
                    throw FileProblem(reason: "its compressed data is cut short")
                }
                done += UInt64(piece.count)
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(piece.count)
            }
            let before = stream.avail_in
            stream.next_out = output.baseAddress
            stream.avail_out = UInt32(Self.chunk)
            let status = inflate(&stream, Z_NO_FLUSH)
            let made = Self.chunk - Int(stream.avail_out)
            if made > 0 { try consumer(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: output[..<made]))) }
            if status == Z_STREAM_END { return }
            guard status == Z_OK || status == Z_BUF_ERROR, made > 0 || stream.avail_in < before else {
                throw FileProblem(reason: "its compressed data is damaged")
            }
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func le16(_ at: Int) -> UInt16 { UInt16(self[at]) | UInt16(self[at + 1]) << 8 }
    fileprivate func le32(_ at: Int) -> UInt32 { UInt32(le16(at)) | UInt32(le16(at + 2)) << 16 }
    fileprivate func le64(_ at: Int) -> UInt64 { UInt64(le32(at)) | UInt64(le32(at + 4)) << 32 }
}
