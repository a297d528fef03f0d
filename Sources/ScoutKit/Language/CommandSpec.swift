/// What a command declares of itself (`Command.spec`): its words, what `help` and the man page say of
/// it, and how Tab completes each of its arguments. Usage errors, `help`, `help COMMAND`, the man page
/// and completion are all read from these; nothing else switches on a command's name.
///
/// Declared in ScoutKit rather than with swift-argument-parser: the REPL's words are case-insensitive
/// (`LIST`, `Fav Add`), and `select -3` (rows up to 3) and `history -` must read as arguments, where
/// argument-parser reads a leading `-` as a flag; its help and errors are also written for a process's
/// command line, not for a line typed at a prompt.
public struct CommandSpec: Sendable {
    public var name: String
    public var aliases: [String] = []
    public var summary: String
    public var example: String
    public var topic: Topic
    /// The words it takes after its name, in order: what each is, how it is read and how Tab completes it.
    public var positionals: [Positional] = []
    /// Its subcommands (`fav add`, `sync init git`): each a command type with a spec of its own, named by
    /// the first word after this one's.
    public var subcommands: [any Command.Type] = []
    /// A word that names the command's own form among its subcommands (`deny list` is `deny`).
    public var alone: String?
    /// Flags the command takes (each with its value's completer).
    public var options: [Option] = []
    /// Further lines for `help COMMAND` and the man page: a term and what it means.
    public var details: [Detail] = []

    /// One line: the command's words and arguments, as `help`, the man page and usage errors show them.
    public var usage: String { usage(name) }

    /// The usage of the command named `path` (`fav add`): its own form, then each subcommand's.
    func usage(_ path: String) -> String {
        var forms: [String] = []
        forms.append(alone.map { "\(path) [\($0)]" } ?? ownUsage(path))
        for subcommand in subcommands {
            forms.append(subcommand.spec.usage(path + " " + subcommand.spec.name))
        }
        return forms.joined(separator: " | ")
    }

    /// `N|ID [DATE]`, `[KEY [VALUE]]`: a later optional word is given only with the one before it.
    func positionalUsage(_ positionals: [Positional]) -> [String] {
        var words: [String] = []
        var open = 0
        for positional in positionals {
            let shown = positional.name + (positional.repeats ? "…" : "")
            if positional.optional {
                words.append("[" + shown)
                open += 1
            } else {
                words.append(shown)
            }
        }
        if open > 0, let last = words.indices.last { words[last] += String(repeating: "]", count: open) }
        return words
    }

    /// `[--tag T]`, and options of one group as one choice: `[--rewatch|--first]`.
    var optionUsage: [String] {
        var shown: [String] = []
        var group: String?
        for option in options where !option.hidden {
            let word = option.shown
            if let current = option.group, current == group, let last = shown.indices.last {
                shown[last].removeLast()
                shown[last] += "|\(word)]"
            } else {
                shown.append("[\(word)]")
            }
            group = option.group
        }
        return shown
    }

    /// The words that start a subcommand, and the one that names the command's own form.
    public var subcommandNames: [String] { subcommands.map { $0.spec.name } + (alone.map { [$0] } ?? []) }

    /// The subcommand a word names, in any case.
    func subcommand(_ word: String) -> (any Command.Type)? {
        let word = word.lowercased()
        return subcommands.first { $0.spec.name == word }
    }

    /// The headings `help` lists commands under, in order.
    public enum Topic: String, CaseIterable, Sendable {
        case searching = "Searching"
        case results = "Looking through results"
        case choosing = "Choosing and keeping"
        case library = "Your film library"
        case past = "Past searches and denied terms"
        case saved = "Saved searches and watches"
        case session = "Session, settings and leaving"
    }

    /// What Tab offers for one word.
    public indirect enum Completer: Sendable, Equatable {
        case nothing
        case words([String])
        case commands
        case sources
        /// Rows of the list shown, with their titles.
        case rows
        case pages
        /// Favourites by the numbers `fav` shows.
        case favourites
        /// Favourites by id, then by number.
        case favouriteIDs
        case tags
        /// Searches by the numbers `history` shows.
        case history
        case sessions
        /// Saved searches by name.
        case savedSearches
        /// The watched ones.
        case watchedSearches
        /// Those that may be watched and are not: no arguments to take.
        case unwatchedSearches
        /// The Letterboxd members followed.
        case followed
        case files
        case deniedTerms
        /// The values of the setting named by the word before.
        case settingValue
        /// The sort keys, and the group keys, that apply to the results.
        case sortKeys, groupKeys
        /// The words of the source searched (`--in`'s, else the current one), for an option two sources take
        /// with values of their own (`--type`).
        case wordsBySource([String: [String]])
        case all([Completer])
    }

    /// A word (or words) a command takes after its name, as usage shows it (`N`, `RANGES|ID`, `TAG…`).
    public struct Positional: Sendable {
        /// How its words are read, and what they are read into.
        public enum Kind: Sendable {
            /// One word as typed: a name, an id.
            case word
            /// A file or a folder (or a git remote's URL), as typed: one word, so one with spaces is quoted.
            case file
            /// Every word it is given, joined by spaces: a search's terms, a term to deny.
            case text
            /// A row of the list on screen, from 1.
            case row
            /// A whole number in a range (`history N`, `page N`).
            case number(ClosedRange<Int>)
            /// A year, 1870 to 9999.
            case year
            /// Rows as `select` names them (`1-3,7`, `5-`, `all`), over one word or several.
            case ranges
            /// Rows as `fav` numbers them (`1-3 7`), or ids (`movies:12 movies:14`): one sort or the other.
            case rangesOrIDs
            /// One of these words, in any case; read in lower case.
            case choice([String])
            /// The rest of the line, from this command's name on, read as that command (`save NAME search …`).
            case command(any Command.Type)
        }

        public var name: String
        public var kind: Kind
        public var optional: Bool
        /// Whether it takes several words (`TAG…`), or a `text`'s several words.
        public var repeats: Bool
        public var completer: Completer
        /// What a word of it is, in an error (`sort key`, `direction`).
        public var noun: String?

        public init(
            _ name: String, _ kind: Kind = .word, optional: Bool = false, repeats: Bool = false,
            completer: Completer = .nothing, noun: String? = nil
        ) {
            (self.name, self.kind, self.optional, self.repeats) = (name, kind, optional, repeats)
            (self.completer, self.noun) = (completer, noun)
        }

        /// One of `choices`, named by them: `year|title|rating`.
        public static func choice(
            _ choices: [String], optional: Bool = false, noun: String? = nil, completer: Completer? = nil
        ) -> Positional {
            Positional(
                choices.joined(separator: "|"), .choice(choices), optional: optional,
                completer: completer ?? .words(choices), noun: noun)
        }
    }

    /// What a positional's words were read into.
    public enum Value: Sendable {
        case text(String)
        case words([String])
        case number(Int)
        case ranges(RangeSpec)
        case command(any Command)
    }

    public struct Option: Sendable {
        /// `--tag`
        public var name: String
        public var short: String?
        /// `T`, or nil for a flag without a value.
        public var valueName: String?
        public var help: String
        public var values: Completer = .nothing
        /// The sources whose searches take it (search options); nil: always.
        public var sources: [String]?
        /// Who takes it, as `help` says it (`omdb`, `iTunes`).
        public var owner: String?
        /// Options of one group are one choice, and usage shows them so: `[--rewatch|--first]`.
        public var group: String?
        /// Taken, but left out of usage and help (`sync --background`, which scout itself runs).
        public var hidden = false
        /// Its value is every word after it, as fzf's query is (`pick --filter 3rd man`).
        public var takesRest = false

        /// As usage and help show it: `--tag T`, `--force`.
        var shown: String { [name, valueName].compactMap { $0 }.joined(separator: " ") }

        public init(
            _ name: String, short: String? = nil, value: String? = nil, help: String, values: Completer = .nothing,
            sources: [String]? = nil, owner: String? = nil, group: String? = nil, hidden: Bool = false,
            takesRest: Bool = false
        ) {
            (self.name, self.short, self.valueName, self.help) = (name, short, value, help)
            (self.values, self.sources, self.owner) = (values, sources, owner)
            (self.group, self.hidden, self.takesRest) = (group, hidden, takesRest)
        }
    }

    public struct Detail: Sendable {
        public var term: String
        public var meaning: String
        public init(_ term: String, _ meaning: String) {
            self.term = term
            self.meaning = meaning
        }
    }

    /// The lines `help COMMAND` lists under options: the details, then each option not already among them.
    public var helpLines: [Detail] {
        details
            + options.filter { option in !option.hidden && !details.contains { $0.term.hasPrefix(option.name) } }
            .map { option in
                Detail(
                    option.shown,
                    option.owner.map { "\($0): \(option.help)" } ?? option.help)
            }
    }
}

extension Array where Element == CommandSpec.Detail {
    /// Help lines written as the table `help COMMAND` shows: a term, two spaces or more, what it
    /// means; a line that starts with a space goes on with the meaning above it.
    /// Read with the standard library alone: a command's spec is made when its word is first looked up.
    public static func table(_ text: String) -> Self {
        var details: Self = []
        func read(_ line: Substring) {
            let words = line.drop { $0 == " " }
            if line.first == " ", let last = details.indices.last {
                details[last].meaning += " "
                details[last].meaning += String(words)
            } else if let gap = gap(in: words) {
                let meaning = words[gap.upperBound...].drop { $0 == " " }
                details.append(CommandSpec.Detail(String(words[..<gap.lowerBound]), String(meaning)))
            }
        }
        // Lines by a scan of the bytes, as `gap` finds the two spaces: `split` would make its generic
        // types at the first command looked up.
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            if bytes[index] == 0x0A {
                if index > start { read(text[start..<index]) }
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if start < bytes.endIndex { read(text[start...]) }
        return details
    }

    /// The first two spaces in `line`, by a scan of its bytes.
    private static func gap(in line: Substring) -> Range<String.Index>? {
        let bytes = line.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let next = bytes.index(after: index)
            if bytes[index] == 0x20, next < bytes.endIndex, bytes[next] == 0x20 {
                return index..<bytes.index(after: next)
            }
            index = next
        }
        return nil
    }
}
