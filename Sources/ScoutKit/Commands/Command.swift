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
        case add(RangeSpec?, tags: [String])
        case remove(String)
        case show(Int)
        case search(String)
        case export(String?)
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
    public var flags: [String] = []
}

public enum CommandTable {
    public static let all: [CommandInfo] = [
        .init(name: "search", usage: "search [TERMS] [--in SOURCE] [--type T] [--year YYYY] [--country CC] [--lang L]",
              summary: "new search in the current source (or --in SOURCE); shows page 1", example: "search alien --in movies",
              flags: ["--in", "--type", "--year", "--country", "--lang"]),
        .init(name: "use", usage: "use SOURCE", summary: "switch the current source", example: "use restaurants"),
        .init(name: "sources", usage: "sources", summary: "list the sources and whether each is usable", example: "sources"),
        .init(name: "list", aliases: ["ls"], usage: "list", summary: "reprint the current page with selection (*) and favourite (♥) marks", example: "list"),
        .init(name: "next", aliases: ["n"], usage: "next", summary: "the next page", example: "next"),
        .init(name: "prev", aliases: ["p"], usage: "prev", summary: "the previous page", example: "prev"),
        .init(name: "page", usage: "page N", summary: "go to page N", example: "page 3"),
        .init(name: "load", usage: "load all", summary: "fetch every remaining page", example: "load all", subcommands: ["all"]),
        .init(name: "filter", usage: "filter [TEXT]", summary: "narrow the current results; no text clears the filter", example: "filter nolan"),
        .init(name: "sort", usage: "sort year|title|rating|relevance [asc|desc]", summary: "order the results", example: "sort year desc",
              subcommands: SortOrder.Key.allCases.map(\.rawValue)),
        .init(name: "group", usage: "group year|cuisine|genre|kind|none", summary: "section the results", example: "group genre",
              subcommands: ["year", "cuisine", "genre", "kind", "none"]),
        .init(name: "show", usage: "show N", summary: "the detail view of row N", example: "show 3"),
        .init(name: "open", usage: "open N", summary: "open row N's web page, or print its URL", example: "open 3"),
        .init(name: "select", usage: "select RANGES|all|none", summary: "pick rows: 3, 1,4, 2-5, 5-, -3, 1-3,7", example: "select 1-3,7"),
        .init(name: "unselect", usage: "unselect RANGES|all", summary: "drop rows from the selection", example: "unselect 2"),
        .init(name: "selection", usage: "selection", summary: "the selected items", example: "selection"),
        .init(name: "done", usage: "done", summary: "confirm the selection and print the chosen items", example: "done"),
        .init(name: "fav", usage: "fav | fav add [RANGES] [--tag T] | fav rm RANGES|ID | fav show N | fav search TEXT | fav export [FILE] | fav import FILE",
              summary: "favourites, kept with a snapshot so they work offline", example: "fav add 2 --tag weekend",
              subcommands: ["add", "rm", "show", "search", "export", "import"]),
        .init(name: "history", usage: "history [N] | history search TEXT | history rerun N | history rm N | history clear",
              summary: "past searches; !N and !! re-run one", example: "history search alien",
              subcommands: ["search", "rerun", "rm", "clear"]),
        .init(name: "deny", usage: "deny | deny add TERM | deny rm TERM | deny import FILE",
              summary: "terms never to search (a query equal to or starting with one is refused)", example: "deny add spoilers",
              subcommands: ["add", "rm", "import"]),
        .init(name: "cache", usage: "cache | cache clear", summary: "response cache figures; clear it", example: "cache clear", subcommands: ["clear"]),
        .init(name: "session", usage: "session | session save NAME | session load NAME | session list | session rm NAME | session reset",
              summary: "the session: last visit, source, query, page, selections, view; named sessions", example: "session save weekend",
              subcommands: ["save", "load", "list", "rm", "reset"]),
        .init(name: "set", usage: "set [KEY [VALUE]]", summary: "show or change settings", example: "set page-size 10",
              subcommands: Settings.keys),
        .init(name: "help", usage: "help [COMMAND]", summary: "this list, or one command in full", example: "help select"),
        .init(name: "quit", aliases: ["exit"], usage: "quit", summary: "save and leave (also Ctrl-D)", example: "quit"),
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
