/// `selection`: the selected items, from every search.
struct SelectionCommand: PlainCommand, Equatable {
    static let spec = CommandSpec(
        name: "selection", usage: "selection", summary: "the selected items", example: "selection", topic: .choosing)

    func run(in state: ShellState) async throws -> Output {
        var output = Output()
        if state.session.selections.isEmpty {
            output.say("Nothing selected: select RANGES picks rows.")
        }
        for (index, item) in state.session.selections.enumerated() {
            output.say(state.fitted("\(index + 1). \(Renderer.summary(item))  [\(item.id)]"))
        }
        output.addJSON(state.itemRows(state.session.selections))
        return output
    }
}
