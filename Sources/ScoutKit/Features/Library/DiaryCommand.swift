import FoundationEssentials

/// `diary [YEAR]`: what you watched, newest first, under a heading for each month; `diary rm N` and
/// `diary edit N …` take an entry back or change it.
struct DiaryCommand: SubcommandsCommand, ServiceCommand, Equatable {
    static let allOption = CommandSpec.Option("--all", help: "every entry; without it (or a YEAR), the newest 100")
    static let editOptions: [CommandSpec.Option] = [
        .init("--stars", value: "S", help: "diary edit: the entry's stars, 0.5 to 5 (none: no stars)"),
        .init("--rewatch", help: "diary edit: a rewatch"),
        .init("--first", help: "diary edit: not a rewatch"),
        .init("--review", value: "TEXT", help: "diary edit: the review ('' takes it out)"),
        .init("--tag", short: "-t", value: "T", help: "diary edit: the entry's tags are these (repeat for more)"),
        .init("--no-tags", help: "diary edit: no tags"),
    ]

    static let spec = CommandSpec(
        name: "diary",
        usage: "diary [YEAR] [--all] | diary rm N | diary edit N [DATE] [--stars S] [--rewatch|--first] "
            + "[--review TEXT] [--tag T|--no-tags]",
        summary: "the films you logged, newest first, by month; rm and edit mend an entry",
        example: "diary 2025; diary edit 2 yesterday --stars 4",
        topic: .library,
        subcommands: subcommands.map(\.declared), options: [allOption],
        details: .table(
            """
            diary  the newest 100 entries under a heading a month, and how many there are when there are more
            diary YEAR  every entry of that year
            marks  ↻ a rewatch, ✎ a review, #tags; N of a row names that film for rate, seen, want, note and show
            rm N   take entry N out of the diary (N as the last diary listing numbers it; none yet: as diary does)
            edit N  change entry N: DATE (2026-11-22, today or yesterday), --stars S|none, --rewatch or --first,
                   --review TEXT ('' takes it out), --tag T (repeat; they replace its tags) or --no-tags
            """))

    enum Action: Equatable, Sendable {
        case list(year: Int?, all: Bool)
        case remove(Int)
        case edit(Int, LibraryService.EntryChange)
    }

    var action: Action

    init(action: Action) { self.action = action }
    init(year: Int?, all: Bool = false) { action = .list(year: year, all: all) }

    static let bare: Action? = .list(year: nil, all: false)

    static let subcommands: [Subcommand<Action>] = [
        Subcommand("rm", "N") { rest throws(UsageError) in .remove(try row(rest.count == 1 ? rest[0] : nil, "rm")) },
        Subcommand(
            "edit", "N [DATE] [--stars S] [--rewatch|--first] [--review TEXT] [--tag T|--no-tags]",
            options: editOptions
        ) { rest throws(UsageError) in
            let read = try rest.options(editOptions, command: "diary edit", example: "diary edit 2 --stars 4")
            let words = read.positional
            guard (1...2).contains(words.count) else { throw rest.usage() }
            let n = try row(words[0], "edit")
            var change = LibraryService.EntryChange()
            if words.count == 2 { change.day = try Day.word(words[1]) }
            if let stars = read.last("--stars") {
                change.stars = .some(stars.lowercased() == "none" ? nil : try Stars.parse(stars))
            }
            if read.has("--rewatch") && read.has("--first") {
                throw UsageError("an entry is a rewatch or not: give --rewatch or --first, not both")
            }
            if read.has("--rewatch") { change.rewatch = true }
            if read.has("--first") { change.rewatch = false }
            if let review = read.last("--review") { change.review = .some(review.isEmpty ? nil : review) }
            if read.has("--no-tags") && read.has("--tag") {
                throw UsageError("give --tag T for the entry's tags, or --no-tags for none, not both")
            }
            if read.has("--no-tags") { change.tags = [] }
            if read.has("--tag") {
                var tags: [String] = []
                for word in read.all("--tag") { tags.append(try FavCommand.tag(word)) }
                change.tags = FavCommand.unique(tags)
            }
            guard !change.isEmpty else {
                throw UsageError(
                    "diary edit \(n) changes nothing: give a DATE, --stars, --rewatch, --first, --review, --tag or "
                        + "--no-tags")
            }
            return .edit(n, change)
        },
    ]

    /// `diary 2025 --all`: a listing.
    static func unnamed(_ args: CommandSpec.Arguments) throws(UsageError) -> Action? {
        let parsed = try args.options([allOption], command: "diary", example: nil)
        let year = try CommandSpec.Arguments(spec: args.spec, words: parsed.positional).year()
        return .list(year: year, all: parsed.has("--all"))
    }

    /// The row `diary rm` and `diary edit` take: one number.
    private static func row(_ word: String?, _ sub: String) throws(UsageError) -> Int {
        guard let n = word.flatMap({ Int($0) }), n >= 1 else {
            throw UsageError("usage: diary \(sub) N (N a row as the diary lists it, such as diary \(sub) 2)")
        }
        return n
    }

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        switch action {
        case .list(let year, let all): try library.diary(year: year, all: all)
        case .remove(let n): try library.removeEntry(atRow: n)
        case .edit(let n, let change): try library.editEntry(atRow: n, change)
        }
    }
}
