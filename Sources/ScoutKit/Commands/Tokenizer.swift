/// A mistake in what the user typed, as one line that says what to do.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) {
        self.description = description
    }
}

/// Splits a line into commands and words the way a shell does: white space separates words, single
/// quotes keep text as it is, double quotes keep it but for backslash escapes, a backslash escapes the
/// next character, `;` separates commands and `#` at the start of a word starts a comment.
public enum Tokenizer {
    public static func commands(_ line: String) throws(UsageError) -> [[String]] {
        var commands: [[String]] = []
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
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

        for character in line {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            switch quote {
            case "'":
                if character == "'" { quote = nil } else { word.append(character) }
            case "\"":
                if character == "\"" { quote = nil } else if character == "\\" { escaped = true } else { word.append(character) }
            default:
                switch character {
                case "\\": escaped = true; inWord = true
                case "'", "\"": quote = character; inWord = true
                case ";": endCommand()
                case "#" where !inWord:
                    endCommand()
                    return commands
                case _ where character.isWhitespace: endWord()
                default: word.append(character); inWord = true
                }
            }
        }
        if let quote { throw UsageError("unterminated \(quote) quote: close it and try again") }
        if escaped { throw UsageError("a line cannot end with a backslash") }
        endCommand()
        return commands
    }

    /// The words of a line up to the cursor, and the word being typed (possibly empty), for completion.
    /// Quotes are honoured; the last `;` starts a new command.
    public static func partial(_ line: String) -> (words: [String], current: String) {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var escaped = false
        var inWord = false
        for character in line {
            if escaped { word.append(character); escaped = false; continue }
            if let q = quote {
                if character == q { quote = nil } else if character == "\\" && q == "\"" { escaped = true } else { word.append(character) }
                continue
            }
            switch character {
            case "\\": escaped = true; inWord = true
            case "'", "\"": quote = character; inWord = true
            case ";": words = []; word = ""; inWord = false
            case _ where character.isWhitespace:
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default: word.append(character); inWord = true
            }
        }
        return (words, word)
    }
}
