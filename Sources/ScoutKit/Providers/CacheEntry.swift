import FoundationEssentials

/// One cached answer on disk, `$XDG_CACHE_HOME/scout/<hash>.answer`: a line of header, the URL it
/// answers on a line of its own, then the body as it came, so that a hit reads one small file and no
/// JSON decoder (the earlier `<hash>.json` held the body in base64 inside JSON).
///
///     scout-answer 1 STATUS STORED-AT MAX-AGE BODY-BYTES⏎URL⏎BODY
///
/// STORED-AT in whole seconds since 1970; MAX-AGE the server's `Cache-Control: max-age` in seconds, or
/// `-` when it sent none. An entry whose header, URL or length does not read is no entry (a miss).
public struct CacheEntry: Equatable, Sendable {
    public var url: String
    public var storedAt: Date
    public var status: Int
    /// How long the server said the answer stays fresh, when it said.
    public var maxAge: Int?
    public var body: Data

    public init(url: String, storedAt: Date, status: Int, maxAge: Int? = nil, body: Data) {
        (self.url, self.storedAt, self.status, self.maxAge, self.body) = (url, storedAt, status, maxAge, body)
    }

    static let magic = Array("scout-answer 1 ".utf8)

    public var encoded: Data {
        var data = Data(Self.magic)
        let header =
            "\(status) \(Int(storedAt.timeIntervalSince1970)) \(maxAge.map(String.init) ?? "-") \(body.count)\n\(url)\n"
        data.append(contentsOf: header.utf8)
        data.append(body)
        return data
    }

    /// The entry in `data`, nil when it is not one whole entry.
    public init?(_ data: Data) {
        guard let decoded = data.withUnsafeBytes({ Self.decode($0) }) else { return nil }
        self = decoded
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer) -> CacheEntry? {
        guard bytes.count > magic.count, bytes.prefix(magic.count).elementsEqual(magic) else { return nil }
        var at = magic.count
        /// The next space- or newline-ended word, as a number (`-` for none, as `dash`).
        func number(endingWith end: UInt8, dash: Int? = nil) -> Int?? {
            var value = 0, digits = 0
            if at < bytes.count, bytes[at] == 0x2D, dash == nil {
                at += 1
                guard at < bytes.count, bytes[at] == end else { return nil }
                at += 1
                return .some(nil)
            }
            while at < bytes.count, (0x30...0x39).contains(bytes[at]), digits < 15 {
                value = value * 10 + Int(bytes[at] - 0x30)
                digits += 1
                at += 1
            }
            guard digits > 0, at < bytes.count, bytes[at] == end else { return nil }
            at += 1
            return .some(value)
        }
        guard let status = number(endingWith: 0x20, dash: 0) ?? nil,
            let stored = number(endingWith: 0x20, dash: 0) ?? nil,
            let maxAge = number(endingWith: 0x20), let length = number(endingWith: 0x0A, dash: 0) ?? nil,
            let newline = bytes[at...].firstIndex(of: 0x0A), bytes.count - (newline + 1) == length,
            let url = String(validating: bytes[at..<newline], as: UTF8.self)
        else { return nil }
        return CacheEntry(
            url: url, storedAt: Date(timeIntervalSince1970: TimeInterval(stored)), status: status, maxAge: maxAge,
            body: Data(UnsafeRawBufferPointer(rebasing: bytes[(newline + 1)...])))
    }
}
