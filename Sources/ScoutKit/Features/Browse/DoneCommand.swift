/// `done`: confirms the selection, prints the chosen items and writes them into the search's history record.
struct DoneCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "done", summary: "confirm the selection and print the chosen items", example: "done",
        topic: .choosing,
        details: .table(
            """
            done  prints every item selected, in every source, and writes the picks of the searched source into that \
            search's history record (history shows them after →)
            kept  the selection stays; select none empties it
            """))

    /// The selection, and the history its search's record is in.
    static func service(in services: Services) -> (browse: BrowseService, history: HistoryService) {
        (services.browse, services.history)
    }

    func run(with services: (browse: BrowseService, history: HistoryService)) async throws -> Output {
        try services.browse.done(recordingIn: services.history)
    }
}
