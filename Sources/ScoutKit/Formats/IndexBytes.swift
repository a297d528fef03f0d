import FoundationEssentials
import Glibc

/// Reads the binary index files (`favourites.index`, `denylist.index`, the history's three indexes,
/// `history-lines.index`): little-endian integers, one at a time or in runs, each read checked against the
/// end of the bytes. A read that would pass the end returns nil and moves nothing, so a file cut short or
/// a count written over with garbage is found as such and never read out of bounds. This is the one place
/// the index formats' numbers are read from raw memory or written to it (the history's own lines and the
/// folded text that `memmem` searches are bytes, not numbers, and are read where they are searched).
///
/// A reader borrows the bytes it reads: use it inside `Data.withByteReader` (or `withUnsafeBytes`) only.
struct ByteReader {
    private let bytes: UnsafeRawBufferPointer
    /// Where the next read starts, from the start of the bytes.
    private(set) var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, at offset: Int = 0) {
        self.bytes = bytes
        self.offset = min(max(offset, 0), bytes.count)
    }

    /// How many bytes there are in all, and how many are left to read.
    var count: Int { bytes.count }
    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

    /// The integer stored at `offset`, nil when it does not lie wholly inside the bytes.
    @inline(__always)
    func integer<T: FixedWidthInteger & BitwiseCopyable>(at offset: Int, as _: T.Type = T.self) -> T? {
        guard offset >= 0, offset <= bytes.count - MemoryLayout<T>.size else { return nil }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// The 64-bit word at `offset` (a byte offset), nil past the end.
    @inline(__always)
    func word(at offset: Int) -> UInt64? { integer(at: offset) }

    /// The next integer, nil (the reader unmoved) when the bytes end first.
    @inline(__always)
    mutating func read<T: FixedWidthInteger & BitwiseCopyable>(_ type: T.Type = T.self) -> T? {
        guard let value = integer(at: offset, as: type) else { return nil }
        offset += MemoryLayout<T>.size
        return value
    }

    /// The next 64-bit word.
    @inline(__always)
    mutating func word() -> UInt64? { read(UInt64.self) }

    /// The next `n` integers, copied in one piece, nil (the reader unmoved) when `n` is negative or the
    /// bytes end first.
    mutating func read<T: FixedWidthInteger & BitwiseCopyable>(_ n: Int, of _: T.Type) -> [T]? {
        let size = MemoryLayout<T>.size
        guard n >= 0, n <= remaining / size else { return nil }
        let source = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n * size)])
        let values = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            initialized = n
        }
        offset += n * size
        #if _endian(big)
            return values.map { T(littleEndian: $0) }
        #else
            return values
        #endif
    }

    /// The next `n` words.
    mutating func words(_ n: Int) -> [UInt64]? { read(n, of: UInt64.self) }

    /// The next `n` bytes, borrowed, nil (the reader unmoved) when fewer are left.
    mutating func bytes(_ n: Int) -> UnsafeBufferPointer<UInt8>? {
        guard n >= 0, n <= remaining else { return nil }
        defer { offset += n }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n)]).bindMemory(to: UInt8.self)
    }

    /// Passes over the next `n` bytes; false (the reader unmoved) when fewer are left.
    mutating func skip(_ n: Int) -> Bool {
        guard n >= 0, n <= remaining else { return false }
        offset += n
        return true
    }
}

extension ByteReader {
    /// The `n` words at byte `offset` of the open file `fd`, read with `pread` (an index too large to read
    /// whole for a few words); nil when the file ends first or cannot be read.
    static func words(_ n: Int, of fd: Int32, at offset: Int) -> [UInt64]? {
        guard n >= 0, offset >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: n * 8)
        let read = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
        guard read == bytes.count else { return nil }
        return bytes.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            return reader.words(n)
        }
    }

    /// The one word at byte `offset` of `fd`, read without allocating.
    static func word(of fd: Int32, at offset: Int) -> UInt64? {
        var value: UInt64 = 0
        guard offset >= 0, withUnsafeMutableBytes(of: &value, { pread(fd, $0.baseAddress, 8, off_t(offset)) }) == 8
        else { return nil }
        return UInt64(littleEndian: value)
    }
}

/// Bytes that stay where they are for as long as this lives: a file mapped read-only (`FileStore.hold`), or a
/// copy. What `Int32Run` reads from.
final class HeldBytes: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    private let isMapped: Bool

    init(copying data: Data) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        data.withUnsafeBytes { buffer.copyMemory(from: $0) }
        bytes = UnsafeRawBufferPointer(start: buffer.baseAddress, count: data.count)
        isMapped = false
    }

    init(mapped address: UnsafeMutableRawPointer, count: Int) {
        bytes = UnsafeRawBufferPointer(start: address, count: count)
        isMapped = true
    }

    deinit {
        guard let base = bytes.baseAddress else { return }
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        } else {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }
}

/// `count` little-endian 32-bit integers at a byte offset of held bytes, read where they lie: a run of a kept
/// index is not copied out (for the library's shelf, a copy cost more in page faults than the reading).
/// Each read is checked against the run, and the run against the bytes.
struct Int32Run: RandomAccessCollection, Sendable {
    private let held: HeldBytes
    private let offset: Int
    let count: Int

    init(_ held: HeldBytes, offset: Int, count: Int) {
        precondition(offset >= 0 && count >= 0 && count <= (held.bytes.count - offset) / 4, "a run outside its bytes")
        (self.held, self.offset, self.count) = (held, offset, count)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always)
    subscript(index: Int) -> Int32 {
        precondition(index >= 0 && index < count, "a read outside a run of a kept index")
        return Int32(littleEndian: held.bytes.loadUnaligned(fromByteOffset: offset + index * 4, as: Int32.self))
    }
}

extension Data {
    /// `body` given a reader over these bytes, from the start.
    func withByteReader<Result>(_ body: (inout ByteReader) throws -> Result) rethrows -> Result {
        try withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            return try body(&reader)
        }
    }
}

/// Writes what `ByteReader` reads: little-endian integers, one at a time or in runs, appended to the
/// bytes of an index file.
struct ByteWriter {
    private(set) var data = Data()

    init(capacity: Int = 0) {
        data.reserveCapacity(capacity)
    }

    /// How many bytes are written so far.
    var count: Int { data.count }

    mutating func write<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    /// The integers `values`, in order, copied in one piece.
    mutating func write<T: FixedWidthInteger>(_ values: [T]) {
        #if _endian(big)
            values.map(\.littleEndian).withUnsafeBytes { data.append(contentsOf: $0) }
        #else
            values.withUnsafeBytes { data.append(contentsOf: $0) }
        #endif
    }

    /// Bytes as they are.
    mutating func write(bytes: some Collection<UInt8>) {
        data.append(contentsOf: bytes)
    }
}
