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
    /// One line: the command's words and arguments, as `help` and usage errors show them.
    public var usage: String
    public var summary: String
    public var example: String
    public var topic: Topic
    /// How Tab completes the words after the command: one completer a position; with subcommands, the
    /// first position offers their names as well.
    public var arguments: [Completer] = []
    public var subcommands: [Subcommand] = []
    /// Flags the command takes (each with its value's completer).
    public var options: [Option] = []
    /// Further lines for `help COMMAND` and the man page: a term and what it means.
    public var details: [Detail] = []

    public var subcommandNames: [String] { subcommands.map(\.name) }

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
        case files
        case deniedTerms
        /// The values of the setting named by the word before.
        case settingValue
        case all([Completer])
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

        public init(
            _ name: String, short: String? = nil, value: String? = nil, help: String, values: Completer = .nothing,
            sources: [String]? = nil, owner: String? = nil
        ) {
            (self.name, self.short, self.valueName, self.help) = (name, short, value, help)
            (self.values, self.sources, self.owner) = (values, sources, owner)
        }
    }

    public struct Subcommand: Sendable {
        public var name: String
        public var arguments: [Completer] = []
        public var options: [Option] = []
        public init(_ name: String, _ arguments: [Completer] = [], options: [Option] = []) {
            self.name = name
            self.arguments = arguments
            self.options = options
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
            + options.filter { option in !details.contains { $0.term.hasPrefix(option.name) } }.map { option in
                Detail(
                    [option.name, option.valueName].compactMap { $0 }.joined(separator: " "),
                    option.owner.map { "\($0): \(option.help)" } ?? option.help)
            }
    }

    /// The words after a command, with the checks most commands share.
    public struct Arguments: Sendable {
        public let spec: CommandSpec
        public let words: [String]
        public var isEmpty: Bool { words.isEmpty }
        public var count: Int { words.count }
        public subscript(_ index: Int) -> String { words[index] }
        public var first: String? { words.first }
        /// The first word in lower case: a subcommand.
        public var subcommand: String? { words.first?.lowercased() }
        /// The words after the subcommand.
        public var rest: [String] { Array(words.dropFirst()) }
        public var joined: String { words.joined(separator: " ") }

        public func none() throws(UsageError) {
            if !words.isEmpty { throw UsageError("\(spec.name) takes no arguments: \(spec.usage)") }
        }

        public func one() throws(UsageError) -> String {
            guard words.count == 1 else { throw usage() }
            return words[0]
        }

        public func usage() -> UsageError { UsageError("usage: \(spec.usage)") }

        /// The words without `flag` (in any case), and whether it was among them (`diary --all`).
        public func without(_ flag: String) -> (Arguments, Bool) {
            let rest = words.filter { $0.lowercased() != flag }
            return (Arguments(spec: spec, words: rest), rest.count < words.count)
        }

        /// An optional year, the one word (`diary 2025`, `stats 2025`).
        public func year() throws(UsageError) -> Int? {
            guard count <= 1 else { throw usage() }
            guard let word = first else { return nil }
            guard let year = Int(word), (1870...9999).contains(year) else {
                throw UsageError("\"\(Text.brief(word))\" is not a year (1870 to 9999): \(spec.name) 2025")
            }
            return year
        }

        /// A row number as `show N` takes it.
        public static func row(_ text: String) throws(UsageError) -> Int {
            guard let n = Int(text), n >= 1 else {
                throw UsageError("\"\(text.prefix(40))\" is not a row number: rows count from 1")
            }
            return n
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
