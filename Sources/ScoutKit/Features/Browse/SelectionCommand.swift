/// `selection`: the selected items, from every search.
struct SelectionCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "selection", usage: "selection", summary: "the selected items", example: "selection", topic: .choosing)

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        var output = Output()
        if browse.session.selections.isEmpty {
            output.say("Nothing selected: select RANGES picks rows.")
        }
        for (index, item) in browse.session.selections.enumerated() {
            output.say(browse.wiring.fit("\(index + 1). \(Renderer.summary(item))", keeping: "  [\(item.id)]"))
        }
        output.addJSON(browse.itemRows(browse.session.selections))
        return output
    }
}
