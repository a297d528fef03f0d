import FoundationEssentials

/// A search kept by name (`save NAME`): what `run NAME` searches again, with the filter, order and
/// grouping it was saved with. `$1` to `$9` in its terms or option values are parameters, filled by
/// `run`'s arguments. A watched one (`watch NAME`) also keeps the id of every item a look at it showed.
public struct SavedSearch: Codable, Sendable, Equatable {
    public var name: String
    public var query: SearchQuery
    public var filter: String?
    public var sort: SortOrder?
    public var group: String?
    public var savedAt: Date
    public var watch: Watch?

    /// What a watch remembers between looks.
    public struct Watch: Codable, Sendable, Equatable {
        public var since: Date
        public var lastCheck: Date?
        /// How many items were new at the last check; nil before the first.
        public var newAtLastCheck: Int?
        /// The id of every item a look showed, oldest first, at most `SavedSearch.seenCap` of them.
        public var seen: [String]
        /// How many of the source's pages the last look read (`watch-pages` then); nil in a file written
        /// before it was kept. Items on pages past it were never looked at, so they are not new.
        public var pages: Int?
        /// Why the last check could not look at it, and when; nil once a look went well.
        public var failure: String?
        public var failedAt: Date?
    }

    /// The most ids a watch keeps: the oldest go first, far past what `watch-pages` 10 brings in a look.
    static let seenCap = 20_000

    init(
        name: String, query: SearchQuery, filter: String? = nil, sort: SortOrder? = nil, group: String? = nil,
        savedAt: Date
    ) {
        (self.name, self.query, self.filter, self.sort, self.group) = (name, query, filter, sort, group)
        self.savedAt = savedAt
    }

    /// Whether it is `watch streaming`'s: the watchlist's films on your services, not a search.
    var isStreaming: Bool { query.source == StreamingLook.source }

    /// The highest parameter its terms and option values use: 0 when it takes no arguments.
    var parameterCount: Int {
        ([query.terms] + query.options.values).map(Self.highestParameter).max() ?? 0
    }

    /// How it is run: `run NAME`, with `ARG1`… for its parameters.
    var runUsage: String {
        "run \(name)" + (0..<parameterCount).map { " ARG\($0 + 1)" }.joined()
    }

    /// The search `run NAME ARGS…` makes: each `$N` replaced by argument N; a missing or extra argument is
    /// a usage error that names the parameter.
    func filled(with arguments: [String]) throws(UsageError) -> SearchQuery {
        let (count, usage) = (parameterCount, runUsage)
        if arguments.count < count {
            throw UsageError("\(name) needs a value for $\(arguments.count + 1): \(usage)")
        }
        if arguments.count > count {
            throw UsageError(
                count == 0
                    ? "\(name) takes no arguments (it has no $1): run \(name)"
                    : count == 1
                        ? "\(name) takes 1 argument, for $1: \(usage)"
                        : "\(name) takes \(count) arguments, for $1 to $\(count): \(usage)")
        }
        var filled = query // `$$` is a `$` with or without parameters
        filled.terms = Self.substitute(query.terms, arguments)
        filled.options = query.options.mapValues { Self.substitute($0, arguments) }
        guard filled.terms.count <= SearchCommand.maxTerms else {
            throw UsageError("search terms are limited to \(SearchCommand.maxTerms) characters: shorten the arguments")
        }
        return filled
    }

    /// The commands it runs, as a user would type them (`Tokenizer` reads each back as it is):
    /// `search alien --in movies --year 1979; sort year desc`.
    var commandLine: String {
        if isStreaming { return "watchlist --streaming" }
        var commands = [Tokenizer.searchLine(query)]
        if let filter {
            commands.append(
                (["filter"] + filter.split(separator: " ").map { Tokenizer.quoted(String($0)) }).joined(separator: " "))
        }
        if let sort { commands.append("sort \(sort.description)") }
        if let group { commands.append("group \(group)") }
        return commands.joined(separator: "; ")
    }

    /// Remembers `ids` as seen, keeping the newest `seenCap`.
    mutating func remember(_ ids: [String]) {
        guard var watch else { return }
        var known = Set(watch.seen)
        watch.seen += ids.filter { known.insert($0).inserted }
        if watch.seen.count > Self.seenCap { watch.seen.removeFirst(watch.seen.count - Self.seenCap) }
        self.watch = watch
    }

    /// `$1` to `$9` in `text`, each replaced by its argument, and `$$` by `$`, in one pass (an argument's own
    /// `$2` stays as it is).
    static func substitute(_ text: String, _ arguments: [String]) -> String {
        var out = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            let after = rest.index(after: dollar)
            guard after < rest.endIndex else {
                out += "$"
                rest = rest[after...]
                break
            }
            if rest[after] == "$" {
                out += "$"
                rest = rest[rest.index(after: after)...]
            } else if let digit = parameter(rest[after]), digit <= arguments.count {
                out += arguments[digit - 1]
                rest = rest[rest.index(after: after)...]
            } else {
                out += "$"
                rest = rest[after...]
            }
        }
        return out + rest
    }

    /// `text` with each `$` written `$$`, so that it is filled back as it is.
    static func escaped(_ text: String) -> String {
        String(text.flatMap { $0 == "$" ? ["$", "$"] : [$0] })
    }

    /// The highest `$N` in `text` (`$$` escapes): 0 when there is none.
    static func highestParameter(_ text: String) -> Int {
        var highest = 0
        var escaped = false
        var previous: Character?
        for character in text {
            if previous == "$", !escaped {
                if character == "$" {
                    escaped = true
                    previous = nil
                    continue
                }
                if let digit = parameter(character) { highest = max(highest, digit) }
            }
            escaped = false
            previous = character
        }
        return highest
    }

    /// The parameter a character after `$` names: an ASCII digit 1 to 9.
    private static func parameter(_ character: Character) -> Int? {
        guard character.isASCII, let digit = character.wholeNumberValue, digit >= 1 else { return nil }
        return digit
    }
}

/// The saved searches' file: `saved-searches.json` in the data folder.
public struct SavedSearchesFile: Codable, Sendable, Equatable {
    public static let currentVersion = 1
    public var schemaVersion = SavedSearchesFile.currentVersion
    /// By name.
    public var searches: [SavedSearch] = []

    public init(searches: [SavedSearch] = []) {
        self.searches = searches
    }

    enum CodingKeys: String, CodingKey { case schemaVersion, searches }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? 1
        searches = try c.decodeIfPresent([SavedSearch].self, forKey: .searches) ?? []
    }
}
