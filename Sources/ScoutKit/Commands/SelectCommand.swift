import FoundationEssentials

/// `select RANGES|all|none`: picks rows of the list.
struct SelectCommand: Command, Equatable {
    static let spec = CommandSpec(
        name: "select", usage: "select RANGES|all|none", summary: "pick rows: 3, 1,4, 2-5, 5-, -3, 1-3,7", example: "select 1-3,7",
        topic: .choosing, arguments: [.all([.words(["all", "none"]), .rows])])

    var rows: RangeSpec

    init(rows: RangeSpec) {
        self.rows = rows
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        guard !args.isEmpty else { throw args.usage() }
        rows = try RangeSpec.parse(args.joined)
    }

    var needsResults: Bool { true }
    var highestRow: Int? { rows.highestRow }

    func run(in state: ShellState) async throws -> Output {
        try state.select(rows)
    }
}
