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

    enum Change: Equatable { case show, set(String), clear }

    var target: String
    var change: Change

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
        let film = try await library.film(target)
        var output = Output()
        output.json[.id] = .string(film.id)
        switch change {
        case .show:
            let note = try library.store.library().notes[film.id]
            output.say(note.map { "\(film.label): \($0)" } ?? "No note on \(film.label): note N TEXT keeps one.")
            output.json[.note] = note.map(JSONValue.string) ?? .null
        case .set(let text):
            try library.record(.note, film) { library, event in
                event.text = text
                return library.notes[film.id] != text
            }
            output.say("Noted on \(film.label).")
            output.json[.note] = .string(text)
        case .clear:
            var had = false
            try library.record(.note, film) { library, _ in
                had = library.notes[film.id] != nil
                return had
            }
            output.say(had ? "Dropped the note on \(film.label)." : "\(film.label) has no note.")
            output.json[.note] = .null
        }
        return output
    }
}
