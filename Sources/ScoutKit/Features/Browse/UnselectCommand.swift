/// `unselect RANGES|all`: drops rows from the selection.
struct UnselectCommand: RangesCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "unselect", usage: "unselect RANGES|all", summary: "drop rows from the selection", example: "unselect 2",
        topic: .choosing, arguments: [.all([.words(["all"]), .rows])])

    var rows: RangeSpec

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        if rows == .all || rows == .none {
            browse.session.selections = []
            return browse.selectionChanged("Selection cleared.")
        }
        try browse.requireResults()
        let shown = browse.results.displayed
        let ids = Set(try rows.indices(count: shown.count).map { shown[$0].id })
        let before = browse.session.selections.count
        browse.session.selections.removeAll { ids.contains($0.id) }
        let removed = before - browse.session.selections.count
        let left = browse.session.selections.count
        if removed == 0 {
            return browse.selectionChanged("None of those rows was selected (\(left) selected): selection lists them.")
        }
        return browse.selectionChanged("Unselected \(removed) (\(left) left).")
    }
}
