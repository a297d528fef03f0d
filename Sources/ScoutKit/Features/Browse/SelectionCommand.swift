/// `selection`: the selected items, from every search.
struct SelectionCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "selection", summary: "the selected items", example: "selection", topic: .choosing)

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        let selections = browse.session.selections
        var view = ListingView { [rows = browse.itemRows(selections)] in rows.json }
        if selections.isEmpty { view.say("Nothing selected: select RANGES picks rows.") }
        for (index, item) in selections.enumerated() {
            view.row("\(index + 1). \(Renderer.summary(item))", keeping: "  [\(item.id)]")
        }
        return Output(showing: view)
    }
}
