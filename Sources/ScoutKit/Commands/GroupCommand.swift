/// `group KEY`: sections the results, once every page is here; `group none` undoes it.
struct GroupCommand: Command, Equatable {
    static let spec = CommandSpec(
        name: "group", usage: "group year|cuisine|genre|kind|none", summary: "section the results",
        example: "group genre",
        topic: .results, arguments: [.words(ResultView.groupKeys)])

    var key: String

    init(key: String) {
        self.key = key
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        key = try args.one().lowercased()
        guard ResultView.groupKeys.contains(key) else { throw args.usage() }
    }

    var needsResults: Bool { true }

    func run(in state: ShellState) async throws -> Output {
        try state.requireResults()
        try await state.applyGroup(key)
        // Rows move: page 3 of the old order is nothing in the new one, so the list starts again.
        state.session.page = 1
        state.session.view = .list
        return try state.listing()
    }
}
