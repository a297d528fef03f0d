import FoundationEssentials

/// A search that found nothing, kept so that the same search is not sent again: one JSON record a line
/// of `denied-searches.jsonl`, beside `denylist.txt`.
///
/// `{"options":{"year":"1850"},"source":"omdb","terms":"batman","time":"2026-11-22T19:14:00Z"}`
///
/// It refuses only the same search: the same source, the same options (the effective ones: an iTunes
/// search's country and language are always named) and the same folded terms, not a longer query.
public struct DeniedSearch: Codable, Sendable, Equatable {
    public var source: String
    public var terms: String
    /// Option names without `--` (`type`, `year`, `country`, `lang`) and their values.
    public var options: [String: String]
    /// When the search came back empty.
    public var time: Date

    public init(source: String, terms: String, options: [String: String], time: Date) {
        self.source = source.lowercased()
        self.terms = terms.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        self.options = Self.normalized(options)
        self.time = time
    }

    enum CodingKeys: String, CodingKey { case source, terms, options, time }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            source: try c.decode(String.self, forKey: .source), terms: try c.decode(String.self, forKey: .terms),
            options: try c.decodeIfPresent([String: String].self, forKey: .options) ?? [:],
            time: try c.decode(Date.self, forKey: .time))
    }

    /// Options as they are kept and compared: names in lower case, a country in upper case, a language
    /// and an OMDb type in lower case, no space around a value.
    static func normalized(_ options: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in options {
            let name = name.lowercased()
            let value = value.trimmedSpaces()
            result[name] =
                name == "country" ? value.uppercased() : ["lang", "type"].contains(name) ? value.lowercased() : value
        }
        return result
    }

    /// What makes two searches the same: source, folded terms, options.
    var key: String { Self.key(source: source, terms: terms, options: options) }

    static func key(source: String, terms: String, options: [String: String]) -> String {
        Text.join(
            [source.lowercased(), Text.fold(terms)]
                + normalized(options).sorted { $0.key < $1.key }.map { "\($0.key)=\(Text.fold($0.value))" },
            separator: "\u{1F}")
    }

    /// The search as `deny` and messages name it: `omdb "batman" --year 1850`.
    public var description: String {
        "\(source) \(terms.isEmpty ? "everything" : "\"\(terms)\"")"
            + options.sorted { $0.key < $1.key }.map { " --\($0.key) \($0.value)" }.joined()
    }
}
