/// A library command whose one argument names a film: a row of the listing on screen, or an id (`want 4`,
/// `unwant movies:10`).
protocol FilmCommand: ServiceCommand where Service == LibraryService {
    var target: String { get }
    init(target: String)
}

extension FilmCommand {
    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        self.init(target: args.text("N|ID"))
    }

    @MainActor static func service(in services: Services) -> LibraryService { services.library }
}

extension CommandSpec {
    /// The spec of a library command that takes one film: `NAME N|ID`, Tab offering the rows on screen.
    static func film(_ name: String, summary: String, example: String) -> CommandSpec {
        CommandSpec(
            name: name, summary: summary, example: example, topic: .library,
            positionals: [.init("N|ID", completer: .rows)])
    }
}
