import Foundation

/// Turns the words of one command into a `Command`, or a `UsageError` that says what to type instead.
public enum Parser {
    public static func parse(_ words: [String]) throws(UsageError) -> Command {
        guard let first = words.first else { throw UsageError("empty command") }
        let args = Array(words.dropFirst())
        let word = first.lowercased()

        if word == "!!" { return .history(.rerun(nil)) }
        if word.hasPrefix("!"), let n = Int(word.dropFirst()) { return .history(.rerun(n)) }

        guard let info = CommandTable.info(word) else {
            if let near = CommandTable.suggestion(for: word) {
                throw UsageError("unknown command \"\(first.prefix(40))\": did you mean \"\(near)\"? (help lists commands)")
            }
            throw UsageError("unknown command \"\(first.prefix(40))\": type help for the list of commands")
        }

        func none() throws(UsageError) {
            if !args.isEmpty { throw UsageError("\(info.name) takes no arguments: \(info.usage)") }
        }
        func one(_ what: String) throws(UsageError) -> String {
            guard args.count == 1 else { throw UsageError("usage: \(info.usage)") }
            return args[0]
        }
        func row(_ text: String) throws(UsageError) -> Int {
            guard let n = Int(text), n >= 1 else { throw UsageError("\"\(text.prefix(40))\" is not a row number: rows count from 1") }
            return n
        }

        switch info.name {
        case "search": return try search(args)
        case "use": return .use(try one("SOURCE").lowercased())
        case "sources": try none(); return .sources
        case "list": try none(); return .list
        case "next": try none(); return .next
        case "prev": try none(); return .prev
        case "page":
            guard args.count == 1, let n = Int(args[0]), n >= 1 else { throw UsageError("usage: page N, with N from 1") }
            return .page(n)
        case "load":
            guard args.map({ $0.lowercased() }) == ["all"] else { throw UsageError("usage: load all") }
            return .loadAll
        case "filter":
            let text = args.joined(separator: " ")
            guard text.count <= maxTerms else { throw UsageError("filter text is limited to \(maxTerms) characters: shorten it") }
            return .filter(args.isEmpty ? nil : text)
        case "sort":
            guard (1...2).contains(args.count), let key = SortOrder.Key(rawValue: args[0].lowercased()) else {
                throw UsageError("usage: \(info.usage)")
            }
            var descending: Bool?
            if args.count == 2 {
                switch args[1].lowercased() {
                case "asc": descending = false
                case "desc": descending = true
                default: throw UsageError("sort direction is asc or desc")
                }
            }
            return .sort(SortOrder(key: key, descending: descending))
        case "group":
            let key = try one("KEY").lowercased()
            guard info.subcommands.contains(key) else { throw UsageError("usage: \(info.usage)") }
            return .group(key)
        case "show": return .show(try row(try one("N")))
        case "open": return .open(try row(try one("N")))
        case "select": return .select(try RangeSpec.parse(try joinedRanges(args, info)))
        case "unselect": return .unselect(try RangeSpec.parse(try joinedRanges(args, info)))
        case "selection": try none(); return .selection
        case "done": try none(); return .done
        case "fav": return .fav(try fav(args, info))
        case "history": return .history(try history(args, info))
        case "deny": return .deny(try deny(args, info))
        case "cache":
            if args.isEmpty { return .cache(clear: false) }
            guard args.map({ $0.lowercased() }) == ["clear"] else { throw UsageError("usage: \(info.usage)") }
            return .cache(clear: true)
        case "session": return .session(try session(args, info))
        case "set":
            guard args.count <= 2 else { throw UsageError("usage: set [KEY [VALUE]]") }
            return .set(key: args.first?.lowercased(), value: args.count == 2 ? args[1] : nil)
        case "help":
            guard args.count <= 1 else { throw UsageError("usage: help [COMMAND]") }
            return .help(args.first)
        case "quit":
            try none()
            return .quit
        default:
            // A row of the command table without a case here must never end the REPL (it used to parse as
            // quit): it is an error, and ParserTests checks that every row parses.
            throw UsageError("\(info.name) is listed but not understood yet: type help for the commands that work")
        }
    }

    static func joinedRanges(_ args: [String], _ info: CommandInfo) throws(UsageError) -> String {
        guard !args.isEmpty else { throw UsageError("usage: \(info.usage)") }
        return args.joined(separator: " ")
    }

    /// The longest search a user may send: far past any real query, short of a pasted file.
    public static let maxTerms = 1000

    static func search(_ args: [String]) throws(UsageError) -> Command {
        var terms: [String] = []
        var source: String?
        var options: [String: String] = [:]
        var index = 0
        while index < args.count {
            let arg = args[index]
            if arg.hasPrefix("--") {
                var name = String(arg.dropFirst(2)).lowercased()
                var value: String?
                if let equals = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                guard ["in", "type", "year", "country", "lang"].contains(name) else {
                    throw UsageError("search has no option --\(name.prefix(40)): it takes --in, --type, --year, --country and --lang")
                }
                if value == nil {
                    index += 1
                    guard index < args.count else { throw UsageError("--\(name) needs a value") }
                    value = args[index]
                }
                if name == "in" { source = value?.lowercased() } else { options[name] = value }
            } else {
                terms.append(arg)
            }
            index += 1
        }
        let joined = terms.joined(separator: " ")
        guard joined.count <= maxTerms else { throw UsageError("search terms are limited to \(maxTerms) characters: shorten them") }
        return .search(terms: joined, source: source, options: options)
    }

    static func fav(_ args: [String], _ info: CommandInfo) throws(UsageError) -> Command.Fav {
        guard let sub = args.first?.lowercased() else { return .list }
        let rest = Array(args.dropFirst())
        switch sub {
        case "add":
            var tags: [String] = []
            var ranges: [String] = []
            var index = 0
            while index < rest.count {
                if rest[index] == "--tag" || rest[index] == "-t" {
                    index += 1
                    guard index < rest.count else { throw UsageError("--tag needs a value: fav add 2 --tag weekend") }
                    tags.append(try tag(rest[index]))
                } else if rest[index].hasPrefix("--") {
                    throw UsageError("fav add has no option \(rest[index].prefix(40)): it takes --tag T")
                } else {
                    ranges.append(rest[index])
                }
                index += 1
            }
            return .add(ranges.isEmpty ? nil : try RangeSpec.parse(ranges.joined(separator: " ")), tags: unique(tags))
        case "rm":
            guard !rest.isEmpty else { throw UsageError("usage: fav rm RANGES|ID (RANGES as fav numbers them)") }
            return .remove(try favouriteTarget(rest.joined(separator: " ")))
        case "tag", "untag":
            guard rest.count >= 2 else { throw UsageError("usage: fav \(sub) RANGES|ID TAG… (such as fav \(sub) 1-3 rewatch)") }
            // The favourites come first: an id, or every leading word that reads as ranges (`1 3`, `1-3,7`),
            // leaving at least one tag.
            var split = 1
            if !rest[0].contains(":") {
                while split < rest.count - 1, !rest[split].contains(":"), (try? RangeSpec.parse(rest[split])) != nil { split += 1 }
            }
            let target = try favouriteTarget(rest[..<split].joined(separator: " "))
            var tags: [String] = []
            for word in rest[split...] { tags.append(try tag(word)) }
            return sub == "tag" ? .tag(target, tags: unique(tags)) : .untag(target, tags: unique(tags))
        case "show":
            guard rest.count == 1, let n = Int(rest[0]), n >= 1 else { throw UsageError("usage: fav show N (N as fav lists them)") }
            return .show(n)
        case "search":
            guard !rest.isEmpty else { throw UsageError("usage: fav search TEXT") }
            return .search(rest.joined(separator: " "))
        case "export":
            let force = rest.contains("--force")
            let files = rest.filter { $0 != "--force" }
            if let option = files.first(where: { $0.hasPrefix("--") }) {
                throw UsageError("fav export has no option \(option.prefix(40)): it takes --force")
            }
            guard files.count <= 1 else { throw UsageError("usage: fav export [FILE] [--force]") }
            if force && files.isEmpty { throw UsageError("--force replaces a file: fav export FILE --force") }
            return .export(files.first, force: force)
        case "import":
            guard rest.count == 1 else { throw UsageError("usage: fav import FILE") }
            return .importFile(rest[0])
        default:
            throw UsageError("fav has no subcommand \"\(sub.prefix(40))\": usage: \(info.usage)")
        }
    }

    /// Favourites named for `fav rm`, `fav tag` and `fav untag`: ids (`movies:12`), or ranges of the numbers `fav` shows.
    static func favouriteTarget(_ text: String) throws(UsageError) -> String {
        if text.contains(":") {
            let words = text.split(whereSeparator: { $0 == " " || $0 == "," })
            if let bad = words.first(where: { !$0.contains(":") }) {
                throw UsageError("\"\(bad.prefix(40))\" is not an id: name favourites by ids such as movies:12, or by the numbers fav shows")
            }
            return text
        }
        do {
            _ = try RangeSpec.parse(text)
        } catch {
            throw UsageError("\"\(text.prefix(40))\" names no favourites: use the numbers fav shows (3, 1-3,7) or an id such as movies:12")
        }
        return text
    }

    /// A tag as `--tag`, `fav tag` and `fav untag` take it: some text without `;` (CSV exports join tags with it).
    static func tag(_ text: String) throws(UsageError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw UsageError("a tag needs some text: fav add 2 --tag weekend") }
        guard !trimmed.contains(";"), !trimmed.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else {
            throw UsageError("a tag cannot hold ; or control characters (CSV exports join tags with ;): \"\(Text.brief(trimmed))\"")
        }
        guard trimmed.count <= 100 else { throw UsageError("a tag is at most 100 characters: shorten it") }
        return trimmed
    }

    /// The tags in order, each once (ignoring case).
    static func unique(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.filter { seen.insert($0.lowercased()).inserted }
    }

    static func history(_ args: [String], _ info: CommandInfo) throws(UsageError) -> Command.History {
        guard let sub = args.first?.lowercased() else { return .list(nil) }
        let rest = Array(args.dropFirst())
        func number() throws(UsageError) -> Int {
            guard rest.count == 1, let n = Int(rest[0]), n >= 1 else { throw UsageError("usage: history \(sub) N (N as history lists them)") }
            return n
        }
        if let n = Int(sub), args.count == 1 {
            guard n >= 1 else { throw UsageError("history N shows the last N searches: N from 1") }
            return .list(n)
        }
        switch sub {
        case "search":
            guard !rest.isEmpty else { throw UsageError("usage: history search TEXT") }
            return .search(rest.joined(separator: " "))
        case "rerun": return .rerun(try number())
        case "rm": return .remove(try number())
        case "clear":
            guard rest.isEmpty else { throw UsageError("usage: history clear") }
            return .clear
        default: throw UsageError("usage: \(info.usage)")
        }
    }

    static func deny(_ args: [String], _ info: CommandInfo) throws(UsageError) -> Command.Deny {
        guard let sub = args.first?.lowercased() else { return .list }
        let rest = args.dropFirst().joined(separator: " ")
        switch sub {
        case "add", "rm", "import":
            guard !rest.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError("usage: deny \(sub) \(sub == "import" ? "FILE" : "TERM")") }
            return sub == "add" ? .add(rest) : sub == "rm" ? .remove(rest) : .importFile(rest)
        default: throw UsageError("usage: \(info.usage)")
        }
    }

    static func session(_ args: [String], _ info: CommandInfo) throws(UsageError) -> Command.Session {
        guard let sub = args.first?.lowercased() else { return .show }
        let rest = Array(args.dropFirst())
        func name() throws(UsageError) -> String {
            guard rest.count == 1 else { throw UsageError("usage: session \(sub) NAME") }
            try validateSessionName(rest[0])
            return rest[0]
        }
        switch sub {
        case "save": return .save(try name())
        case "load": return .load(try name())
        case "rm": return .remove(try name())
        case "list": return .list
        case "reset": return .reset
        default: throw UsageError("usage: \(info.usage)")
        }
    }

    /// A session name becomes a file name: letters, digits, `.`, `_` and `-`, not starting with a dot.
    public static func validateSessionName(_ name: String) throws(UsageError) {
        let allowed = name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0) }
        guard (1...64).contains(name.count), allowed, !name.hasPrefix("."), !name.hasPrefix("-") else {
            throw UsageError("a session name is 1 to 64 letters, digits, '.', '_' or '-', not starting with '.' or '-'")
        }
    }
}
