import FoundationEssentials

/// A JSON state file read through the `FileStore`: a file that does not parse is quarantined and
/// reported in one line, and the caller goes on with its default.
public struct StateFile<Value>: Sendable {
    public let url: URL
    public let store: FileStore
    let label: String
    /// What scout does instead, as the warning ends: "started the session afresh".
    let recovery: String
    /// A quicker reader for the file in the shape scout writes (nil for any other shape), and a quicker
    /// writer of the same bytes as `JSONEncoder.scout`; Foundation's coders do the rest.
    let fastDecode: (@Sendable (Data) -> Value?)?
    let fastEncode: (@Sendable (Value) -> Data)?
    /// Whether the file is written after every command, through its spare (`FileStore.write`'s `often`).
    let often: Bool

    public init(_ url: URL, label: String, store: FileStore, recovery: String? = nil) {
        self.init(url, label: label, store: store, recovery: recovery, fastDecode: nil, fastEncode: nil)
    }

    init(
        _ url: URL, label: String, store: FileStore, recovery: String? = nil,
        fastDecode: (@Sendable (Data) -> Value?)?, fastEncode: (@Sendable (Value) -> Data)?, often: Bool = false
    ) {
        self.url = url
        self.label = label
        self.store = store
        self.recovery = recovery ?? "started \(label) afresh"
        self.fastDecode = fastDecode
        self.fastEncode = fastEncode
        self.often = often
    }
}

extension StateFile {
    /// The file's value as `decode` reads its bytes, nil when there is none. Bytes `decode` cannot read
    /// (nil) are damage: the file is moved aside and `warn` is told.
    func load(warn: (String) -> Void, decode: (Data) -> Value?) -> Value? {
        let data: Data?
        do {
            data = try store.read(url)
        } catch {
            warn("\(error)")
            return nil
        }
        guard let data else { return nil }
        if let value = decode(data) { return value }
        let copy = store.quarantine(url) ?? "(could not be moved)"
        // A file written `often` has its spare, the file as it was one write before: better than nothing.
        // It takes the file's place, so that it is still there for the next start if this run changes nothing.
        if often, let spare = try? store.read(store.spare(of: url)), let value = decode(spare),
            store.restoreSpare(of: url)
        {
            warn("\(label) was damaged and could not be read; kept it as \(copy) and went back to the one before it")
            return value
        }
        warn("\(label) was damaged and could not be read; kept it as \(copy) and \(recovery)")
        return nil
    }

    /// Writes `data` and a final new line in place of the file.
    func save(bytes data: Data) throws(StoreError) {
        var line = data
        line.append(0x0A)
        try store.write(line, to: url, often: often)
    }
}

/// Reading and writing need the value's coders; the type itself does not, so that making a
/// `StateFile<SessionModel>` at start asks the runtime for no conformance (each is a search of all of them).
extension StateFile where Value: Codable {
    /// The file's value, nil when there is none. A damaged file is moved aside and `warn` is told.
    public func load(warn: (String) -> Void) -> Value? {
        load(warn: warn) { data in fastDecode?(data) ?? (try? JSONDecoder.scout.decode(Value.self, from: data)) }
    }

    public func save(_ value: Value) throws(StoreError) {
        let data: Data
        if let fastEncode {
            data = fastEncode(value)
        } else {
            do {
                data = try JSONEncoder.scout.encode(value)
            } catch {
                throw .writeFailed(path: url.path, reason: "could not encode")
            }
        }
        try save(bytes: data)
    }
}

/// The settings file, read a key at a time from the table (`SettingsCodec`): a value scout cannot use is
/// said and its default used, and the rest of the file is kept.
extension StateFile where Value == Settings {
    public func load(warn: (String) -> Void) -> Settings? {
        load(warn: warn) { data in SettingsCodec.decode(data, file: url.path, warn: warn) }
    }

    public func save(_ settings: Settings) throws(StoreError) {
        try save(bytes: SettingsCodec.encode(settings))
    }
}

extension JSONEncoder {
    /// Scout's files: readable, stable key order, ISO 8601 dates.
    static var scout: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// One record a line, for history.jsonl and --json output.
    static var scoutLine: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

extension JSONDecoder {
    static var scout: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
