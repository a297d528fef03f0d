/// The streaming services a user has (`set services`), matched against TMDb's names as a person types them:
/// case, spaces and punctuation do not matter, `+` is `plus` (`disney+` is Disney Plus), and a name is a
/// service's first words (`netflix` is Netflix and Netflix basic with Ads; `max` is not maxdome).
struct StreamingServices: Sendable, Equatable {
    /// The names as the user gave them, in order, each once.
    var names: [String]

    init(_ names: [String]) {
        var seen: Set<String> = []
        self.names = names.map { $0.trimmedSpaces() }.filter { !$0.isEmpty && seen.insert(Self.key($0)).inserted }
    }

    /// `set services`'s value: names separated by commas (`netflix, mubi`); `none` or nothing is none.
    init(list: String) {
        let text = list.trimmedSpaces()
        self.init(text.lowercased() == "none" ? [] : text.split(separator: ",").map(String.init))
    }

    /// As `set` shows them: `netflix, mubi`.
    var list: String { names.joined(separator: ", ") }

    /// A name's words, lower case, `+` read as `plus`: `Disney+` and `disney plus` are `disney`, `plus`.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else {
                if !word.isEmpty { words.append(word) }
                word = ""
                if character == "+" { words.append("plus") }
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// A name with its spaces and punctuation gone: what two names are compared by.
    static func key(_ name: String) -> String { words(name).joined() }

    /// Whether the service TMDb calls `service` is the one a user named `name`: the name is the service's first
    /// words, spaced or not.
    static func matches(_ name: String, _ service: String) -> Bool {
        let wanted = key(name)
        guard !wanted.isEmpty else { return false }
        var joined = ""
        for word in words(service) {
            joined += word
            if joined == wanted { return true }
            if joined.count >= wanted.count { return false }
        }
        return false
    }

    /// Which of `services` (TMDb's names, in order) are the user's: for each name the first that matches it
    /// (`netflix` is Netflix, not also Netflix basic with Ads), in `services`' order.
    func theirs(among services: [String]) -> [String] {
        let first = Set(names.compactMap { name in services.first { Self.matches(name, $0) } })
        return services.filter(first.contains)
    }

    /// The names that match none of `services` (TMDb's names in the user's country), each with the nearest.
    func unknown(among services: [String]) -> [(name: String, nearest: String?)] {
        names.filter { name in !services.contains { Self.matches(name, $0) } }.map { name in
            (
                name,
                Nearest.word(to: Self.key(name), among: services.map(Self.key)).flatMap { key in
                    services.first { Self.key($0) == key }
                }
            )
        }
    }
}
