import Foundation

/// A command as the shell runs it, parsed and checked from the words a user typed.
public enum Command: Equatable, Sendable {
    case search(terms: String, source: String?, options: [String: String])
    case use(String)
    case sources
    case list
    case next
    case prev
    case page(Int)
    case loadAll
    case filter(String?)
    case sort(SortOrder)
    case group(String)
    case show(Int)
    case open(Int)
    case select(RangeSpec)
    case unselect(RangeSpec)
    case selection
    case done
    case fav(Fav)
    case history(History)
    case deny(Deny)
    case cache(clear: Bool)
    case session(Session)
    case set(key: String?, value: String?)
    case help(String?)
    case quit

    public enum Fav: Equatable, Sendable {
        case list
        /// Rows of the current list; none: the item shown in the detail view, else the selected rows of the list.
        case add(RangeSpec?, tags: [String])
        /// Favourites as `fav` numbers them (`1-3,7`), or ids (`movies:12`).
        case remove(String)
        case tag(String, tags: [String])
        case untag(String, tags: [String])
        case show(Int)
        case search(String)
        case export(String?, force: Bool)
        case importFile(String)
    }

    public enum History: Equatable, Sendable {
        case list(Int?)
        case search(String)
        case rerun(Int?)
        case remove(Int)
        case clear
    }

    public enum Deny: Equatable, Sendable {
        case list
        case add(String)
        case remove(String)
        case importFile(String)
    }

    public enum Session: Equatable, Sendable {
        case show
        case save(String)
        case load(String)
        case list
        case remove(String)
        case reset
    }
}

/// What `help` and completion know of each command: its words, usage, one line of summary and an example.
public struct CommandInfo: Sendable {
    public var name: String
    public var aliases: [String] = []
    public var usage: String
    public var summary: String
    public var example: String
    public var subcommands: [String] = []
    /// Each option and what it does, for `help COMMAND`.
    public var options: [(String, String)] = []
    /// The heading `help` lists it under.
    public var topic: Topic = .results

    public enum Topic: String, CaseIterable, Sendable {
        case searching = "Searching"
        case results = "Looking through results"
        case choosing = "Choosing and keeping"
        case past = "Past searches and denied terms"
        case session = "Session, settings and leaving"
    }
}

public enum CommandTable {
    public static let all: [CommandInfo] = [
        .init(name: "search", usage: "search [TERMS] [--in SOURCE] [--type T] [--year YYYY] [--country CC] [--lang L]",
              summary: "new search in the current source (or --in SOURCE); shows page 1", example: "search alien --in movies",
              options: [("--in SOURCE", "search that source instead of the current one"), ("--type T", "omdb: movie, series or episode"),
                        ("--year YYYY", "omdb: that year only"), ("--country CC", "iTunes: the store's country, such as GB"),
                        ("--lang L", "iTunes: en_us or ja_jp")], topic: .searching),
        .init(name: "use", usage: "use SOURCE", summary: "switch the current source", example: "use restaurants", topic: .searching),
        .init(name: "sources", usage: "sources", summary: "list the sources and whether each is usable", example: "sources", topic: .searching),
        .init(name: "list", aliases: ["ls"], usage: "list", summary: "reprint the current page with selection (*) and favourite (♥) marks", example: "list", topic: .results),
        .init(name: "next", aliases: ["n"], usage: "next", summary: "the next page", example: "next", topic: .results),
        .init(name: "prev", aliases: ["p"], usage: "prev", summary: "the previous page", example: "prev", topic: .results),
        .init(name: "page", usage: "page N", summary: "go to page N", example: "page 3", topic: .results),
        .init(name: "load", usage: "load all", summary: "fetch every remaining page", example: "load all", subcommands: ["all"], topic: .searching),
        .init(name: "filter", usage: "filter [TEXT]", summary: "narrow the current results; no text clears the filter", example: "filter nolan", topic: .results),
        .init(name: "sort", usage: "sort year|title|rating|relevance [asc|desc]", summary: "order the results", example: "sort year desc",
              subcommands: SortOrder.Key.allCases.map(\.rawValue), topic: .results),
        .init(name: "group", usage: "group year|cuisine|genre|kind|none", summary: "section the results", example: "group genre",
              subcommands: ["year", "cuisine", "genre", "kind", "none"], topic: .results),
        .init(name: "show", usage: "show N", summary: "the detail view of row N", example: "show 3", topic: .results),
        .init(name: "open", usage: "open N", summary: "open row N's web page, or print its URL", example: "open 3", topic: .results),
        .init(name: "select", usage: "select RANGES|all|none", summary: "pick rows: 3, 1,4, 2-5, 5-, -3, 1-3,7", example: "select 1-3,7", topic: .choosing),
        .init(name: "unselect", usage: "unselect RANGES|all", summary: "drop rows from the selection", example: "unselect 2", topic: .choosing),
        .init(name: "selection", usage: "selection", summary: "the selected items", example: "selection", topic: .choosing),
        .init(name: "done", usage: "done", summary: "confirm the selection and print the chosen items", example: "done", topic: .choosing),
        .init(name: "fav", usage: "fav | fav add [RANGES] [--tag T] | fav rm RANGES|ID | fav tag RANGES|ID TAG… | fav untag RANGES|ID TAG… | fav show N | fav search TEXT | fav export [FILE] [--force] | fav import FILE",
              summary: "favourites, kept with a snapshot so they work offline", example: "fav add 2 --tag weekend; fav tag 1-3 rewatch",
              subcommands: ["add", "rm", "tag", "untag", "show", "search", "export", "import"],
              options: [("add [RANGES]", "keep rows of the list; no RANGES: the item shown (show N), else the selected rows of this list"),
                        ("--tag T, -t T", "fav add: tag them T, those already kept too (repeat for more)"),
                        ("tag, untag", "add or drop tags of the favourites numbered as fav shows them (1-3,7), or of an id"),
                        ("rm RANGES|ID", "drop favourites, numbered as for tag; names each one dropped"),
                        ("export [FILE]", "FILE.csv: CSV, else JSON; no FILE: JSON on standard output"),
                        ("--force", "fav export: replace FILE when it exists")], topic: .choosing),
        .init(name: "history", usage: "history [N] | history search TEXT | history rerun N | history rm N | history clear",
              summary: "past searches; !N and !! re-run one", example: "history search alien",
              subcommands: ["search", "rerun", "rm", "clear"], topic: .past),
        .init(name: "deny", usage: "deny | deny add TERM | deny rm TERM | deny import FILE",
              summary: "terms never to search (a query equal to or starting with one is refused)", example: "deny add spoilers",
              subcommands: ["add", "rm", "import"],
              options: [("deny", "your terms, then the searches that found nothing (automatic: source, options, date)"),
                        ("add TERM", "refuse every search equal to TERM or starting with it, in every source"),
                        ("rm TERM", "allow TERM again: your term, and any automatic entry with those terms"),
                        ("import FILE", "add the terms of FILE, one a line"),
                        ("automatic", "a remote search that finds nothing refuses only that same search again (set auto-deny off stops it)")],
              topic: .past),
        .init(name: "cache", usage: "cache | cache clear", summary: "response cache figures; clear it", example: "cache clear", subcommands: ["clear"], topic: .session),
        .init(name: "session", usage: "session | session save NAME | session load NAME | session list | session rm NAME | session reset",
              summary: "the session: last visit, source, query, page, selections, view; named sessions", example: "session save weekend",
              subcommands: ["save", "load", "list", "rm", "reset"], topic: .session),
        .init(name: "set", usage: "set [KEY [VALUE]]", summary: "show or change settings", example: "set page-size 10",
              subcommands: Settings.keys,
              options: [("country CC", "the iTunes store: a two-letter ISO 3166-1 code, such as US, GB or JP"),
                        ("lang L", "the language iTunes answers in: en_us or ja_jp"),
                        ("page-size N", "rows a page: 1 to 200, or auto to fit the window"),
                        ("color C", "auto, always or never"),
                        ("auto-deny on|off", "remember a remote search that found nothing and refuse that same search again"),
                        ("offline on|off", "answer only from the cache"),
                        ("cache-ttl T", "how long an answer stays fresh: 3600, 90s, 30m, 12h, 7d"),
                        ("timeout T", "how long a request may take: 1s to 5m"),
                        ("omdb-key KEY", "the OMDb key, shown masked with where it comes from; none (or \"\") forgets it; OMDB_API_KEY wins")],
              topic: .session),
        .init(name: "help", usage: "help [COMMAND]", summary: "this list, or one command in full", example: "help select", topic: .session),
        .init(name: "quit", aliases: ["exit"], usage: "quit", summary: "save and leave (also exit, or Ctrl-D)", example: "quit", topic: .session),
    ]

    public static func info(_ word: String) -> CommandInfo? {
        let word = word.lowercased()
        return all.first { $0.name == word || $0.aliases.contains(word) }
    }

    /// Every word that starts a command.
    public static var words: [String] { all.flatMap { [$0.name] + $0.aliases } }

    /// The nearest command word to a mistyped one, when one is close.
    public static func suggestion(for word: String) -> String? {
        let word = word.lowercased()
        let scored = all.map(\.name).map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(1, min(2, word.count / 3)) else {
            return all.map(\.name).first { $0.hasPrefix(word) && word.count >= 2 }
        }
        return best
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(64)), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
