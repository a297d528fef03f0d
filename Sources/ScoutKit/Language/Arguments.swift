/// A command's words read against what its spec declares, as swift-argument-parser reads a command line:
/// options in any case and anywhere among the words (`--` ends them, as git reads it), then each positional
/// in order, into a typed value. Every usage error comes from the declarations.
extension CommandSpec {
    /// The words after a command, read: each positional's value by its name, each option's values.
    public struct Arguments: Sendable {
        /// The command as usage names it: `fav add`.
        public let path: String
        public let spec: CommandSpec
        var values: [String: Value] = [:]
        /// Each option's values by its long name, in order; a flag has one "" each time it is given.
        var options: [String: [String]] = [:]

        /// The error that shows the command's form: `usage: fav add [RANGES] [--tag T]`.
        public func usage() -> UsageError { UsageError("usage: \(spec.ownUsage(path))") }

        /// The positional `name`'s words as one text; "" when it was not given.
        func text(_ name: String) -> String {
            switch values[name] {
            case .text(let text): text
            case .words(let words): Text.join(words, separator: " ")
            case .number(let n): String(n)
            case .ranges, .command, nil: ""
            }
        }

        /// The positional `name`'s text, nil when it was not given.
        func given(_ name: String) -> String? { values[name] == nil ? nil : text(name) }

        /// The words of a repeating positional (`TAG…`).
        func words(_ name: String) -> [String] {
            switch values[name] {
            case .words(let words): words
            case .text(let text): [text]
            default: []
            }
        }

        func number(_ name: String) -> Int? {
            if case .number(let n) = values[name] { return n }
            return nil
        }

        /// The text of the positional at `place`: a choice's, whose name is its choices.
        func text(_ place: Int) -> String {
            spec.positionals.indices.contains(place) ? text(spec.positionals[place].name) : ""
        }

        /// The command a positional's words were read as (`save NAME search …`).
        func command(_ name: String) -> (any Command)? {
            if case .command(let command) = values[name] { return command }
            return nil
        }

        func ranges(_ name: String) -> RangeSpec? {
            if case .ranges(let ranges) = values[name] { return ranges }
            return nil
        }

        /// Whether the flag `name` was given.
        func has(_ name: String) -> Bool { options[name] != nil }
        /// Every value given to `name`, in order.
        func all(_ name: String) -> [String] { options[name] ?? [] }
        /// The last value given to `name`.
        func last(_ name: String) -> String? { options[name]?.last }
    }

    /// The command's own form, without its subcommands': `diary [YEAR] [--all]`; `deny list`.
    func ownUsage(_ path: String) -> String {
        let (words, line) = split(positionals)
        return ([path] + positionalUsage(words) + optionUsage + positionalUsage(line)).joined(separator: " ")
    }

    /// `words` read against the declarations, for the command `path` names.
    func read(_ words: [String], path: String) throws(UsageError) -> Arguments {
        var arguments = Arguments(path: path, spec: self)
        var words = words
        let (positionals, line) = split(self.positionals)
        if let line = line.first, case .command(let type) = line.kind,
            let at = words.indices.dropFirst().first(where: { words[$0].lowercased() == type.spec.name })
        {
            // This command's own flags may come anywhere, after the other command's words too (`--force`).
            let own = options.filter { $0.valueName == nil }
            let (mine, theirs) = words[(at + 1)...].partitioned { word in
                own.contains { $0.name == word.lowercased() || $0.short == word.lowercased() }
            }
            arguments.values[line.name] = try line.read(ArraySlice([words[at]] + theirs), path: path)
            words = Array(words[..<at]) + mine
        }
        (words, arguments.options) = try readOptions(words, path: path)
        var index = 0
        for (place, positional) in positionals.enumerated() {
            let needed = positionals[(place + 1)...].filter { !$0.optional }.count
            let available = words.count - index - needed
            guard available > 0 else {
                if positional.optional { continue }
                throw arguments.usage()
            }
            var taken = 1
            if positional.takesRun {
                // A run of words ends where the next positional's start, or at the last word.
                taken = available
                if place < positionals.count - 1 {
                    let first = words[index]
                    taken = 1
                    while taken < available, positional.accepts(words[index + taken], after: first) { taken += 1 }
                }
            }
            arguments.values[positional.name] = try positional.read(words[index..<(index + taken)], path: path)
            index += taken
        }
        guard index == words.count else {
            guard let last = positionals.last else {
                throw UsageError("\(path) takes no arguments: \(ownUsage(path))")
            }
            // A word too many after one that is a word: a value with spaces, typed without quotes?
            guard line.isEmpty, !last.takesRun else { throw arguments.usage() }
            let quote = if case .file = last.kind { " (quote one that holds spaces)" } else { "" }
            throw UsageError("\(path) takes one \(last.name)\(quote): usage: \(ownUsage(path))")
        }
        return arguments
    }

    /// The positionals read as words, and the one read as a command of its own (`save NAME search …`), which
    /// comes last.
    private func split(_ positionals: [Positional]) -> ([Positional], [Positional]) {
        guard let last = positionals.last, case .command = last.kind else { return (positionals, []) }
        return (Array(positionals.dropLast()), [last])
    }

    /// The words that are not options, and each option's values; a value follows its option (`--tag T`) or is
    /// joined to it with `=` (`--year=1999`). A dash and a letter that no option declares is refused, not taken
    /// as a word (`deny add --json x`); other words with a dash are words (`select -3`, `history -`).
    private func readOptions(
        _ words: [String], path: String
    ) throws(UsageError) -> ([String], [String: [String]]) {
        var positional: [String] = []
        var values: [String: [String]] = [:]
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            var lowered = word.lowercased()
            if lowered == "--" {
                positional += words[index...]
                break
            }
            var (typed, joined): (Substring, String?) = (word[...], nil)
            if lowered.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                (typed, joined) = (word[..<equals], String(word[word.index(after: equals)...]))
                lowered = typed.lowercased()
            }
            guard let option = options.first(where: { $0.name == lowered || $0.short == lowered }) else {
                let letter = lowered.drop { $0 == "-" }.first?.isLetter ?? false
                guard lowered.hasPrefix("-"), letter else {
                    positional.append(word)
                    continue
                }
                throw unknown(String(typed), path: path)
            }
            var value = ""
            if option.takesRest {
                value = Text.join((joined.map { [$0] } ?? []) + words[index...], separator: " ")
                index = words.count
            } else if let valueName = option.valueName {
                if let joined {
                    value = joined
                } else {
                    guard index < words.count else {
                        throw UsageError("\(option.name) needs a value: \(path) … \(option.name) \(valueName)")
                    }
                    value = words[index]
                    index += 1
                }
            } else if joined != nil {
                throw UsageError("\(option.name) takes no value: \(path) … \(option.name)")
            }
            values[option.name, default: []].append(value)
        }
        return (positional, values)
    }

    /// The error for an option no declaration names: what the command takes, and how to give a word that starts
    /// with a dash.
    private func unknown(_ typed: String, path: String) -> UsageError {
        let lowered = typed.lowercased()
        if ["--help", "-h", "-help"].contains(lowered) {
            let command = String(path.prefix { $0 != " " })
            return UsageError("\(path) has no option \(typed): help \(command) shows it in full")
        }
        let names = options.filter { !$0.hidden }.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
        if let near = Nearest.word(to: lowered, among: names) {
            return UsageError("\(path) has no option \(typed.prefix(40)): did you mean \(near)?")
        }
        let option = typed.prefix(40) + (typed == "--json" ? " (scout --json -c … gives JSON)" : "")
        let takes = options.filter { !$0.hidden }.map {
            $0.shown
        }
        if takes.isEmpty, !subcommands.isEmpty {
            return UsageError("\(path) has no option \(option): usage: \(usage(path))")
        }
        // Where a word may be text (a term, a search's terms), it may start with a dash: after `--`.
        let text = positionals.contains { if case .text = $0.kind { true } else { false } }
        let dash = text ? "; a word that starts with - goes after --: \(path) -- \(Tokenizer.quoted(typed))" : ""
        return UsageError(
            "\(path) has no option \(option): it takes \(takes.isEmpty ? "none" : Text.sentence(takes))\(dash)")
    }
}

extension CommandSpec.Positional {
    /// Whether `word` can be one of its words: what decides where a run of them ends (`fav tag 1 3 best`)
    /// and whether a word after a command of subcommands names a subcommand instead.
    func accepts(_ word: String, after first: String?) -> Bool {
        switch kind {
        case .word, .file, .text: return true
        case .row, .number, .year: return Int(word) != nil
        case .ranges: return (try? RangeSpec.parse(word)) != nil
        case .rangesOrIDs:
            if let first, first.contains(":") { return word.contains(":") }
            return !word.contains(":") && (first == nil || (try? RangeSpec.parse(word)) != nil)
        case .choice(let choices): return choices.contains(word.lowercased())
        case .command(let type): return word.lowercased() == type.spec.name
        }
    }

    /// Whether it takes a run of words: one that repeats, or a text or ranges over several.
    var takesRun: Bool {
        switch kind {
        case .text, .ranges, .rangesOrIDs: true
        default: repeats
        }
    }

    /// Its words read into its value, or the error that says what it takes.
    func read(_ words: ArraySlice<String>, path: String) throws(UsageError) -> CommandSpec.Value {
        let word = words.first ?? ""
        switch kind {
        case .word, .file:
            return repeats ? .words(Array(words)) : .text(word)
        case .text, .rangesOrIDs:
            return .text(Text.join(Array(words), separator: " "))
        case .ranges:
            return .ranges(try RangeSpec.parse(Text.join(Array(words), separator: " ")))
        case .row:
            return .number(try Self.row(word))
        case .number(let range):
            guard let n = Int(word), range.contains(n) else {
                let to = range.upperBound == Int.max ? "" : " to \(range.upperBound)"
                throw UsageError(
                    "\(path) \(name) takes \(name) from \(range.lowerBound)\(to), not \"\(Text.brief(word))\"")
            }
            return .number(n)
        case .year:
            guard let year = Int(word), (1870...9999).contains(year) else {
                throw UsageError("\"\(Text.brief(word))\" is not a year (1870 to 9999): \(path) 2025")
            }
            return .number(year)
        case .command(let type):
            // Its first word is the command's name (`search`); the rest are that command's.
            return .command(try type.read(Array(words.dropFirst()), path: type.spec.name))
        case .choice(let choices):
            let lowered = word.lowercased()
            guard choices.contains(lowered) else {
                throw UsageError(
                    "\(path) takes \(noun.map { "a \($0): " } ?? "")\(Text.sentence(choices, last: "or")), not "
                        + "\"\(Text.brief(word))\"")
            }
            return .text(lowered)
        }
    }
}

extension CommandSpec.Positional {
    /// A row number as `N` takes it, by a command or by a service given a word that may be an id.
    static func row(_ word: String) throws(UsageError) -> Int {
        guard let n = Int(word), n >= 1 else {
            throw UsageError("\"\(word.prefix(40))\" is not a row number: rows count from 1")
        }
        return n
    }
}

extension ArraySlice {
    /// The elements that match, and those that do not, each in order.
    func partitioned(by matches: (Element) -> Bool) -> ([Element], [Element]) {
        var (yes, no): ([Element], [Element]) = ([], [])
        for element in self {
            if matches(element) { yes.append(element) } else { no.append(element) }
        }
        return (yes, no)
    }
}

extension Command {
    /// The command `words` (those after `path`) make: a subcommand's when the first names one, else this
    /// command's own form.
    static func read(_ words: [String], path: String) throws(UsageError) -> any Command {
        let spec = Self.spec
        var words = words
        var path = path
        if let first = words.first, !spec.subcommands.isEmpty {
            if let subcommand = spec.subcommand(first) {
                return try subcommand.read(Array(words.dropFirst()), path: path + " " + subcommand.spec.name)
            }
            if first.lowercased() == spec.alone {
                words.removeFirst()
                path += " " + first.lowercased()
            } else if first.first?.isLetter == true, !(spec.positionals.first?.accepts(first, after: nil) ?? false) {
                throw UsageError("\(path) has no subcommand \"\(first.prefix(40))\": usage: \(spec.usage(path))")
            }
        }
        return try Self(spec.read(words, path: path))
    }
}
