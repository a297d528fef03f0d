/// A picker query in fzf's extended-search syntax: space-separated terms that must all match; `a | b`
/// either; `'word` an exact substring, `^word` a prefix, `word$` a suffix, `!word` must not match (with
/// `!'`, `!^`, `word$` likewise), anything else a fuzzy match (the letters in order, gaps allowed);
/// `\ ` a space inside a term. Smart case: a term with a capital letter matches case; others ignore it.
/// Accents are folded unless the term has one, as in fzf (`amelie` finds `Amélie`; `amélie` finds only
/// `Amélie`); width is always folded (`ｆｕｌｌ` finds `full`).
public struct PickerQuery: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case fuzzy, exact, prefix, suffix, exactWhole }

    public struct Term: Equatable, Sendable {
        public var text: [UInt32]
        public var kind: Kind
        public var inverse: Bool
        public var caseSensitive: Bool
        /// The term has an accented letter: it is matched against the text with its accents.
        public var keepsMarks = false
    }

    /// Every group must match; a group matches when any of its terms does.
    public var groups: [[Term]]

    public var isEmpty: Bool { groups.isEmpty }

    public init(_ query: String) {
        var words: [String] = []
        var current = ""
        var escaped = false
        for character in query {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if character == "\\" {
                escaped = true
                continue
            }
            if character == " " || character == "\t" {
                if !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                continue
            }
            current.append(character)
        }
        if escaped { current.append("\\") }
        if !current.isEmpty { words.append(current) }

        var groups: [[Term]] = []
        var joinNext = false
        for word in words {
            if word == "|" {
                joinNext = !groups.isEmpty
                continue
            }
            guard let term = Self.term(word) else { continue }
            if joinNext, !groups.isEmpty { groups[groups.count - 1].append(term) } else { groups.append([term]) }
            joinNext = false
        }
        self.groups = groups
    }

    private static func term(_ word: String) -> Term? {
        var text = Substring(word)
        var inverse = false, kind = Kind.fuzzy
        if text.hasPrefix("!") {
            inverse = true
            text = text.dropFirst()
        }
        if text.hasPrefix("'") {
            kind = .exact
            text = text.dropFirst()
        } else if text.hasPrefix("^") {
            kind = .prefix
            text = text.dropFirst()
            if text.hasSuffix("$"), text.count > 1 {
                kind = .exactWhole
                text = text.dropLast()
            }
        } else if text.hasSuffix("$"), text.count > 1 {
            kind = .suffix
            text = text.dropLast()
        }
        // An inverse term is never fuzzy, as in fzf: `!abc` means "does not contain abc".
        if inverse, kind == .fuzzy { kind = .exact }
        guard !text.isEmpty else { return nil }
        let caseSensitive = text.unicodeScalars.contains { $0.properties.isUppercase }
        let folded = PickerFold.scalars(String(text), keepCase: caseSensitive)
        let marked = PickerFold.scalars(String(text), keepCase: caseSensitive, keepMarks: true)
        return Term(
            text: marked == folded ? folded : marked, kind: kind, inverse: inverse, caseSensitive: caseSensitive,
            keepsMarks: marked != folded)
    }
}
