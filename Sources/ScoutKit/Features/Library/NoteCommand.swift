/// `note N|ID TEXT`: a note on the film; `note N` shows it, `note N --clear` drops it.
struct NoteCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "note",
        summary: "keep a note on a film; without TEXT, show it",
        example: "note 2 \"watch the director's cut\"",
        topic: .library,
        positionals: [.init("N|ID", completer: .rows), .init("TEXT", .text, optional: true)],
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
        target = args.text("N|ID")
        let text = args.text("TEXT").trimmedSpaces()
        if args.has("--clear") {
            guard text.isEmpty else { throw UsageError("a note is kept or cleared: give TEXT or --clear, not both") }
            change = .clear
        } else {
            guard text.count <= 10_000 else { throw UsageError("a note is at most 10,000 characters: shorten it") }
            change = text.isEmpty ? .show : .set(text)
        }
    }

    static func service(in services: Services) -> LibraryService { services.library }

    func run(with library: LibraryService) async throws -> Output {
        try await library.note(target, change)
    }
}
