/// `unselect RANGES|all`: drops rows from the selection.
struct UnselectCommand: RangesCommand, Equatable {
    static let spec = CommandSpec(
        name: "unselect", usage: "unselect RANGES|all", summary: "drop rows from the selection", example: "unselect 2",
        topic: .choosing, arguments: [.all([.words(["all"]), .rows])])

    var rows: RangeSpec

    func run(in state: ShellState) async throws -> Output {
        if rows == .all || rows == .none {
            state.session.selections = []
            return state.selectionChanged("Selection cleared.")
        }
        try state.requireResults()
        let shown = state.results.displayed
        let ids = Set(try rows.indices(count: shown.count).map { shown[$0].id })
        let before = state.session.selections.count
        state.session.selections.removeAll { ids.contains($0.id) }
        let removed = before - state.session.selections.count
        let left = state.session.selections.count
        if removed == 0 {
            return state.selectionChanged("None of those rows was selected (\(left) selected): selection lists them.")
        }
        return state.selectionChanged("Unselected \(removed) (\(left) left).")
    }
}
