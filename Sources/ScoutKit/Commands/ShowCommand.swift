import FoundationEssentials

/// `show N`: row N in full, with what its source adds; what the list knows when that fails.
struct ShowCommand: RowCommand, Equatable {
    static let spec = CommandSpec(
        name: "show", usage: "show N", summary: "the detail view of row N", example: "show 3", topic: .results,
        arguments: [.rows])

    var row: Int

    func run(in state: ShellState) async throws -> Output {
        let item = try state.item(atRow: row)
        var problem: String?
        var detailed = item
        do {
            if let source = state.currentSource { detailed = try await source.details(of: item) }
        } catch SourceError.cancelled {
            throw SourceError.cancelled
        } catch {
            // What the list already knows is worth showing; the failure is said beside it.
            problem = "the full details could not be fetched (\(error)); this is what the list holds"
        }
        state.session.view = .detail(id: item.id)
        var output = state.detail(detailed)
        if let problem { output.warn(problem) }
        return output
    }
}
