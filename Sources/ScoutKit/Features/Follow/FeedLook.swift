import FoundationEssentials

/// One followed feed as `check` read it: a friend's entries that no read showed before, what your own diary's
/// added to the library, or why it could not be read; its lines and its `--json` made once, here.
struct FeedLook: Sendable {
    var member: String
    var friend: Bool
    /// Its lines under check's searches: `anna watched Past Lives (2023) ★★★★½ on 12 Nov`, or what your diary added.
    var lines: [String] = []
    /// A friend's new entries, newest watched first.
    var entries: [LetterboxdFeed.Entry] = []
    /// A friend's new entries, or what your diary added: what makes check's status 0.
    var new = 0
    /// Why it could not be read, as its warning says it.
    var failure: String?
    /// What its read warns of (a bad item, entries gone through the window), said on standard error.
    var warnings: [String] = []

    var json: JSONValue {
        var object: [String: JSONValue] = ["member": .string(member), "friend": .bool(friend)]
        if let failure {
            object["error"] = .string(failure)
            return .object(object)
        }
        object["new"] = .int(new)
        if friend { object["entries"] = .array(entries.map { Self.json(of: $0, by: member) }) }
        return .object(object)
    }

    /// A friend's entry as `--json` has it: whose, its film, day, stars and whether it was a rewatch.
    static func json(of entry: LetterboxdFeed.Entry, by member: String) -> JSONValue {
        .object([
            "member": .string(member), "title": .string(entry.title), "year": entry.year.map(JSONValue.int) ?? .null,
            "day": entry.day.map(JSONValue.string) ?? .null, "stars": entry.stars.map(JSONValue.double) ?? .null,
            "rewatch": .bool(entry.rewatch),
        ])
    }
}
