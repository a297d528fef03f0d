import FoundationEssentials

/// The settings file, read and written from `Settings.table`.
///
/// Each key is read through its row's `parse`, as `set` reads what a user types, so that a file edited by
/// hand is held to what `set` takes (git reads its config this way, a key at a time). A value scout cannot
/// use is said in one line naming the file, the key and what was used instead, and that key keeps its
/// default; the other keys are kept. A key this scout does not know (a later scout's) is kept as the file
/// holds it and written back. Only a file that is not a JSON object is damaged (nil), which `StateFile`
/// keeps aside. `encode` writes the bytes `JSONEncoder.scout` writes: keys sorted, two-space indents.
enum SettingsCodec {
    static func decode(_ data: Data, file: String, warn: (String) -> Void) -> Settings? {
        var settings = Settings()
        var unused: [String] = []
        let whole: Bool? = JSONBytes.whole(data) { reader in
            guard reader.take(0x7B) else { return nil }
            var step = reader.member(first: true)
            while case .key(let name) = step {
                guard let raw = reader.anyValue() else { return nil }
                let key = String(decoding: name, as: UTF8.self)
                let json = String(decoding: raw, as: UTF8.self)
                if let setting = Settings.setting(key) {
                    var string = JSONBytes(raw)
                    let text = raw.first == 0x22 ? string.string() : json == "null" ? nil : json
                    if let text, let problem = read(text, into: &settings, as: setting) {
                        unused.append("\(file): \(key) \(json.prefix(40)) is not used: \(problem)")
                    }
                } else {
                    settings.kept[key] = json
                }
                step = reader.member(first: false)
            }
            guard case .end = step else { return nil }
            return true
        }
        guard whole != nil else { return nil }
        for line in unused { warn(line) }
        return settings
    }

    /// Reads one key's value as `set` reads it typed: a string as its text, a number or `true` as written
    /// (null is the default). What is wrong with it and what is used instead, or nil.
    private static func read(_ text: String, into settings: inout Settings, as setting: Setting) -> String? {
        var changed = settings
        do {
            try setting.parse(&changed, text)
            settings = changed
            return nil
        } catch {
            return setting.lenient ? nil : "\(error); went on with \(setting.defaultValue)"
        }
    }

    static func encode(_ settings: Settings) -> Data {
        var members: [(key: String, value: String)] = settings.kept.map { ($0.key, $0.value) }
        for setting in Settings.table {
            var out = JSONWriter()
            switch setting.stored(settings) {
            case .string(let text): out.string(text)
            case .int(let number): out.bytes.append(contentsOf: String(number).utf8)
            case .bool(let on): out.bytes.append(contentsOf: (on ? "true" : "false").utf8)
            default: continue
            }
            members.append((setting.key, String(decoding: out.bytes, as: UTF8.self)))
        }
        members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        var out = JSONWriter()
        out.object(members, level: 0) { out, json, _ in out.bytes.append(contentsOf: json.utf8) }
        return Data(out.bytes)
    }
}
