/// `use SOURCE`: switches the current source, leaving the search behind.
struct UseCommand: Command, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "use", summary: "switch the current source", example: "use restaurants",
        topic: .searching,
        positionals: [.init("SOURCE", completer: .sources)],
        details: .table(
            """
            use SOURCE  switch the current source and say what its search takes (sources lists them)
            kept  the selection stays whole; each source starts in its own order
            """))

    /// The source's name, in lower case: names are matched as typed, whatever the case.
    var source: String

    init(source: String) {
        self.source = source
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        source = args.text("SOURCE").lowercased()
    }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        try browse.use(source)
    }
}
