/// `note N|ID TEXT`: a note on the film; `note N` shows it, `note N --clear` drops it.
struct NoteCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "note",
        usage: "note N|ID [TEXT | --clear]",
        summary: "keep a note on a film; without TEXT, show it",
        example: "note 2 \"watch the director's cut\"",
        topic: .library,
        arguments: [.rows],
        options: [.init("--clear", help: "drop the note")],
        details: .table(
            """
            note N TEXT  keep TEXT on that film (one note a film; a new one replaces it)
            note N  show the note; show N shows it too
            --clear  drop the note
            """))

    var target: String
    var change: LibraryService.NoteChange

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        guard let first = args.first else { throw args.usage() }
        target = first
        let rest = args.rest
        if rest.isEmpty {
            change = .show
        } else if rest.count == 1, rest[0].lowercased() == "--clear" {
            change = .clear
        } else {
            let text = rest.joined(separator: " ").trimmedSpaces()
            guard text.count <= 10_000 else { throw UsageError("a note is at most 10,000 characters: shorten it") }
            change = text.isEmpty ? .show : .set(text)
        }
    }

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        try await library.note(target, change)
    }
}
