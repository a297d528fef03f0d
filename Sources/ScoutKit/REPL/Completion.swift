/// Tab completion as a pure function: from the line up to the cursor to the candidates for the word
/// being typed. libedit only inserts what this returns, and lists the candidates in columns when there
/// is nothing more to insert (the second Tab).
public enum Completion {
    public struct Result: Equatable, Sendable {
        /// The part of the word already typed.
        public var prefix: String
        /// Whole words that complete it, in the order they are listed.
        public var candidates: [String]
        /// What the listing shows for each candidate: the candidate, or the candidate and what it stands for.
        public var labels: [String]

        /// The quote the word being typed is open in, if any.
        public var quote: Character?

        public init(prefix: String, candidates: [String], labels: [String]? = nil, quote: Character? = nil) {
            self.prefix = prefix
            self.candidates = candidates
            self.labels = labels ?? candidates
            self.quote = quote
        }

        /// What Tab inserts after the cursor, written so that the line reads back the word as offered: inside
        /// an open quote as it is (`"` and `\` escaped in double quotes), and the quote closed once the word
        /// is whole; outside one, a space, quote, `\`, `;` or `#` escaped with `\` (`sci\ fi`). A whole
        /// word gets a space after it, but a folder, which goes on.
        public var insertion: String {
            let whole = candidates.count == 1 && candidates[0].last != "/"
            var text = ""
            for character in commonExtension {
                let special: Bool =
                    switch quote {
                    case "'": false
                    case "\"": character == "\"" || character == "\\"
                    default: character.isWhitespace || "'\"\\;#".contains(character)
                    }
                if special { text.append("\\") }
                text.append(character)
            }
            if whole { text += (quote.map(String.init) ?? "") + " " }
            return text
        }

        /// What all candidates share beyond the prefix: the text Tab can insert at once.
        public var commonExtension: String {
            guard var common = candidates.first else { return "" }
            for candidate in candidates.dropFirst() {
                while !candidate.hasPrefix(common) { common.removeLast() }
            }
            return common.hasPrefix(prefix) ? String(common.dropFirst(prefix.count)) : ""
        }
    }

    /// A word Tab may offer, and what the listing shows for it.
    struct Candidate: Hashable {
        var word: String
        var label: String

        init(_ word: String, label: String? = nil) {
            self.word = word
            self.label = label ?? word
        }

        /// A row, page, favourite or history number (`12`, `!12`), listed in the order it was made.
        var isNumber: Bool { Int(word.trimmingPrefix("!")) != nil }
    }

    /// At most this many numbers or names are offered at once: enough to choose from, few enough to read.
    static let limit = 100

    public static func complete(_ lineBeforeCursor: String, data: CompletionData) -> Result {
        let (words, current, quote) = Tokenizer.partialState(lineBeforeCursor)
        let typed = current.lowercased()
        var seen = Set<String>()
        let matches = candidates(words: words, current: current, data: data).filter {
            $0.word.lowercased().hasPrefix(typed) && seen.insert($0.word).inserted
        }
        // Words A to Z, then numbers in the order they were made: history and favourites newest first,
        // rows and pages from 1 (numbers never sort as text: 2 before 10).
        let named = matches.filter { !$0.isNumber }.sorted { $0.word < $1.word }
        let shown = Array((named + matches.filter { $0.isNumber }).prefix(limit))
        return Result(prefix: current, candidates: shown.map(\.word), labels: shown.map(\.label), quote: quote)
    }

    static func candidates(words: [String], current: String, data: CompletionData) -> [Candidate] {
        guard let first = words.first?.lowercased() else {
            if current.hasPrefix("!") {
                return [Candidate("!!", label: "!!  the last search")]
                    + historyNumbers(current.dropFirst(), data: data).map { Candidate("!" + $0.word, label: $0.label) }
            }
            return CommandTable.specs.flatMap { spec in
                ([spec.name] + spec.aliases).map { Candidate($0, label: "\($0)  \(spec.summary)") }
            }
        }
        guard var spec = CommandTable.spec(first) else { return [] }
        let words = words.map { $0.lowercased() }
        // The subcommand the words name (`diary edit`), whose options are its own.
        var index = 1
        while index < words.count, let subcommand = spec.subcommand(words[index]) {
            spec = subcommand.spec
            index += 1
        }
        let options = spec.options
        if let flag = words.last, flag.hasPrefix("-"),
            let option = options.first(where: { $0.name == flag || $0.short == flag }), option.valueName != nil
        {
            return expand(option.values, words: words, current: current, data: data)
        }
        if current.hasPrefix("-") {
            let source = source(in: words, data: data)
            return plain(options.filter { !$0.hidden && ($0.sources?.contains(source) ?? true) }.map(\.name))
        }
        // Which positional is being typed, not counting flags and their values: a repeating one takes the rest.
        let typed = words[index...]
        var position = 0
        while index < words.count {
            if let option = options.first(where: { $0.name == words[index] || $0.short == words[index] }) {
                index += option.valueName == nil ? 1 : 2
            } else {
                position += 1
                index += 1
            }
        }
        let positionals = spec.positionals
        // A last positional that takes a run of words (a list, text) takes every word after.
        let slot = positionals.last?.takesRun == true ? min(position, positionals.count - 1) : position
        guard positionals.indices.contains(slot) else { return position == 0 ? plain(spec.subcommandNames) : [] }
        var candidates = expand(positionals[slot].completer, words: words, current: current, data: data)
        // A word a repeating positional already has is not offered again (`fav tag 1 best `).
        if positionals[slot].repeats { candidates.removeAll { typed.contains($0.word.lowercased()) } }
        return (position == 0 ? plain(spec.subcommandNames) : []) + candidates
    }

    /// The candidates a completer stands for.
    static func expand(_ completer: CommandSpec.Completer, words: [String], current: String, data: CompletionData)
        -> [Candidate]
    {
        switch completer {
        case .nothing: return []
        case .words(let words): return plain(words)
        case .commands: return plain(CommandTable.specs.map(\.name))
        case .sources: return plain(data.sources)
        case .rows: return rowNumbers(current, data: data)
        case .pages:
            return numbers(Substring(current), count: data.pageCount(), ascending: true).map { Candidate(String($0)) }
        case .favourites: return favouriteNumbers(current, data.favourites())
        case .favouriteIDs:
            let favourites = data.favourites()
            return favourites.map { Candidate($0.id, label: "\($0.id)  \($0.title)") }
                + favouriteNumbers(current, favourites)
        case .tags: return plain(data.tags())
        case .history: return historyNumbers(Substring(current), data: data)
        case .sessions: return plain(data.sessions())
        case .savedSearches: return plain(data.savedSearches().map(\.name))
        case .watchedSearches: return plain(data.savedSearches().filter(\.watched).map(\.name))
        case .followed: return plain(data.followed())
        case .unwatchedSearches:
            // `streaming` is a watch of its own (the watchlist on your services) before any search has the name.
            let saved = data.savedSearches()
            let streaming = saved.contains { $0.name == StreamingLook.name } ? [] : [StreamingLook.name]
            return plain(saved.filter { !$0.watched && !$0.takesArguments }.map(\.name) + streaming)
        case .files: return data.files(current).map { Candidate($0) }
        case .deniedTerms: return plain(data.deniedTerms(current))
        case .settingValue:
            guard words.count >= 2 else { return [] }
            if words[1] == "services" { return plain(data.streamingServices()) }
            return plain(Settings.setting(words[1])?.values ?? [])
        case .wordsBySource(let table): return plain(table[source(in: words, data: data)] ?? [])
        case .sortKeys: return plain(data.sortKeys())
        case .groupKeys: return plain(data.groupKeys())
        case .all(let completers): return completers.flatMap { expand($0, words: words, current: current, data: data) }
        }
    }

    /// Labels laid out in columns across `width` cells, filled row by row, each cut to fit with `…`.
    public static func columns(_ labels: [String], width: Int) -> String {
        // "word  what it is": the words padded to one width (numbers to the right), so the meanings line up.
        let parts = labels.map { label -> (head: String, rest: String?) in
            guard let gap = label.firstRange(of: "  ") else { return (label, nil) }
            return (String(label[..<gap.lowerBound]), String(label[gap.upperBound...]))
        }
        let heads = parts.filter { $0.rest != nil }.map(\.head)
        let headWidth = heads.map(DisplayWidth.of).max() ?? 0
        let numeric = heads.allSatisfy { $0 == "!!" || Int($0.hasPrefix("!") ? String($0.dropFirst()) : $0) != nil }
        let labels = parts.map { part in
            part.rest.map { DisplayWidth.pad(part.head, to: headWidth, right: numeric) + "  " + $0 } ?? part.head
        }.map { DisplayWidth.truncate(SafeText.clean($0), to: max(4, width - 2)) }
        let column = (labels.map(DisplayWidth.of).max() ?? 0) + 2
        let perLine = max(1, width / column)
        var text = ""
        for (index, label) in labels.enumerated() {
            let last = (index + 1) % perLine == 0 || index == labels.count - 1
            text += last ? label + "\n" : DisplayWidth.pad(label, to: column)
        }
        return text
    }

    static func plain(_ words: [String]) -> [Candidate] { words.map { Candidate($0) } }

    /// The source a `search` line names with `--in`, else the current one.
    static func source(in words: [String], data: CompletionData) -> String {
        if let index = words.firstIndex(of: "--in"), index + 1 < words.count { return words[index + 1] }
        return data.currentSource
    }

    /// Numbers from 1 to `count` that start with the digits typed: the `limit` highest, highest first
    /// (history and favourites, newest first), or with `ascending` the lowest, from the lowest (rows, pages).
    static func numbers(_ typed: Substring, count: Int, ascending: Bool = false) -> [Int] {
        guard count > 0 else { return [] }
        // Those starting with `typed` come in spans: typed, typed0…typed9, typed00…typed99, and so on;
        // nothing typed is the one span 1…count.
        var spans: [ClosedRange<Int>] = []
        if typed.isEmpty {
            spans = [1...count]
        } else if let start = Int(typed), start > 0 {
            var low = start, high = start
            while low <= count {
                spans.append(low...min(high, count))
                guard high <= (Int.max - 9) / 10 else { break }
                (low, high) = (low * 10, high * 10 + 9)
            }
        }
        var found: [Int] = []
        if ascending {
            for span in spans where found.count < limit { found += span.prefix(limit - found.count) }
        } else {
            // A longer number is a higher one: the last span first, each from its top.
            for span in spans.reversed() where found.count < limit {
                found += span.reversed().prefix(limit - found.count)
            }
        }
        return found
    }

    static func historyNumbers(_ typed: Substring, data: CompletionData) -> [Candidate] {
        numbers(typed, count: data.historyCount()).map {
            Candidate(String($0), label: data.historyLabel($0).map { "\($0)" } ?? String($0))
        }
    }

    static func favouriteNumbers(_ typed: String, _ favourites: [CompletionData.Favourite]) -> [Candidate] {
        numbers(Substring(typed), count: favourites.count).map {
            Candidate(String($0), label: "\($0)  \(favourites[$0 - 1].title)")
        }
    }

    static func rowNumbers(_ typed: String, data: CompletionData) -> [Candidate] {
        let rows = data.rows()
        return numbers(Substring(typed), count: rows.count, ascending: true).map {
            Candidate(String($0), label: "\($0)  \(rows[$0 - 1])")
        }
    }
}
