/// Splits a line into commands and words the way a shell does: white space separates words, single
/// quotes keep text as it is, double quotes keep it but for backslash escapes, a backslash escapes the
/// next character, `;` separates commands and `#` at the start of a word starts a comment.
///
/// Unlike a shell, an apostrophe between two letters (`katz's`, `L'Ambroisie`, `rock'n'roll`) is a
/// letter, not a quote: names are full of them. Quoting with '…' works everywhere else.
public enum Tokenizer {
    /// Whether the `'` at `index` of `characters` stands between two letters, so it is a letter itself.
    static func isApostrophe(_ characters: [Character], at index: Int) -> Bool {
        index > 0 && index + 1 < characters.count && characters[index - 1].isLetter && characters[index + 1].isLetter
    }

    public static func commands(_ line: String) throws(UsageError) -> [[String]] {
        var commands: [[String]] = []
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var quoteStart = 0
        var escaped = false

        func endWord() {
            if inWord { words.append(word) }
            word = ""
            inWord = false
        }
        func endCommand() {
            endWord()
            if !words.isEmpty { commands.append(words) }
            words = []
        }

        let characters = Array(line)
        for (index, character) in characters.enumerated() {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            switch quote {
            case "'":
                if character == "'" { quote = nil } else { word.append(character) }
            case "\"":
                if character == "\"" {
                    quote = nil
                } else if character == "\\" {
                    escaped = true
                } else {
                    word.append(character)
                }
            default:
                switch character {
                case "\\": escaped = true; inWord = true
                case "'" where isApostrophe(characters, at: index): word.append(character)
                case "'", "\"": quote = character; quoteStart = index; inWord = true
                case ";": endCommand()
                case "#" where !inWord:
                    endCommand()
                    return commands
                case _ where character.isWhitespace: endWord()
                default: word.append(character); inWord = true
                }
            }
        }
        if let quote {
            // An apostrophe that is not between two letters (`80's`, `katz'`) opens a quote: show the word quoted.
            var start = quoteStart, end = quoteStart + 1
            while start > 0, !characters[start - 1].isWhitespace, characters[start - 1] != ";" { start -= 1 }
            while end < characters.count, !characters[end].isWhitespace, characters[end] != ";" { end += 1 }
            let word = String(characters[start..<end])
            if quote == "'", quoteStart > start, !word.contains("\""), !word.contains("\\"), word.count <= 60 {
                throw UsageError(
                    "unterminated ' quote: close it, or to search for \(word) write it in double quotes: "
                        + "\"\(word)\"")
            }
            throw UsageError("unterminated \(quote) quote: close it and try again")
        }
        if escaped { throw UsageError("a line cannot end with a backslash") }
        endCommand()
        return commands
    }

    /// The words of a line up to the cursor, and the word being typed (possibly empty), for completion.
    /// Quotes are honoured; the last `;` starts a new command.
    public static func partial(_ line: String) -> (words: [String], current: String) {
        let state = partialState(line)
        return (state.words, state.current)
    }

    /// `partial`, and the quote the word being typed is open in (`'` or `"`), nil when none is.
    public static func partialState(_ line: String) -> (words: [String], current: String, quote: Character?) {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var escaped = false
        var inWord = false
        let characters = Array(line)
        for (index, character) in characters.enumerated() {
            if escaped { word.append(character); escaped = false; continue }
            if let q = quote {
                if character == q {
                    quote = nil
                } else if character == "\\" && q == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
                continue
            }
            switch character {
            case "\\": escaped = true; inWord = true
            case "'" where isApostrophe(characters, at: index): word.append(character)
            case "'", "\"": quote = character; inWord = true
            case ";": words = []; word = ""; inWord = false
            case _ where character.isWhitespace:
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default: word.append(character); inWord = true
            }
        }
        return (words, word, quote)
    }
}

extension Tokenizer {
    /// A tag as scout shows it everywhere (listings, details, the picker, messages, the CSV's tags cell):
    /// `#weekend`, or quoted as it is typed when it holds a space (`#'sci fi'`), so that it reads as one.
    public static func hashtag(_ tag: String) -> String { "#" + quoted(tag) }

    /// Tags as `hashtag` shows them, a space between.
    public static func hashtags(_ tags: [String]) -> String { tags.map(hashtag).joined(separator: " ") }

    /// `word` as it must be typed for `commands` to read it back unchanged: as it is when nothing in it
    /// is special, else in single quotes, or in double quotes (with `\"` and `\\`) when it holds a `'`.
    public static func quoted(_ word: String) -> String {
        let characters = Array(word)
        let plain =
            !characters.isEmpty && characters.first != "#"
            && characters.indices.allSatisfy { index in
                switch characters[index] {
                case "\"", "\\", ";": false
                case "'": isApostrophe(characters, at: index)
                case let character: !character.isWhitespace
                }
            }
        if plain { return word }
        if !word.contains("'") { return "'\(word)'" }
        return "\"" + word.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
            + "\""
    }

    /// The line that runs `query` as `search`: its terms, `--in` its source, then its options by name,
    /// each word quoted as `quoted` does, so that pasting it back runs the same search.
    public static func searchLine(_ query: SearchQuery) -> String {
        var words = [SearchCommand.spec.name]
        // Terms are kept joined by single spaces; any other spacing is kept by quoting them whole.
        let pieces = query.terms.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if pieces.contains(where: { $0.isEmpty || $0.contains(where: \.isWhitespace) }) {
            if !query.terms.isEmpty { words.append(quoted(query.terms)) }
        } else {
            words += pieces.map(quoted)
        }
        words += ["--in", quoted(query.source)]
        for (name, value) in query.options.sorted(by: { $0.key < $1.key }) { words += ["--\(name)", quoted(value)] }
        return words.joined(separator: " ")
    }
}
