/// FNV-1a, 64 bits: a fast, stable hash for file names and index keys.
public enum FNV {
    public static let offsetBasis: UInt64 = 0xcbf29ce484222325

    public static func hash(_ text: some StringProtocol, from start: UInt64 = offsetBasis) -> UInt64 {
        // A String's bytes where they lie: iterating its UTF-8 view through the protocol cost a history search a
        // thousand instructions an id.
        let contiguous = text.utf8.withContiguousStorageIfAvailable { Self.hash(bytes: $0, from: start) }
        if let contiguous { return contiguous }
        var hash = start
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return hash
    }

    /// The hash of text given as its UTF-8 bytes: the same as of the text.
    static func hash(bytes: UnsafeBufferPointer<UInt8>, from start: UInt64 = offsetBasis) -> UInt64 {
        var hash = start
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return hash
    }
}
