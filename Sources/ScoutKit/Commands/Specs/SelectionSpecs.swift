/// Commands that pick rows and confirm them.
enum SelectionSpecs {
    static let all = [select, unselect, selection, done]

    static let select = CommandSpec(
        name: "select", usage: "select RANGES|all|none", summary: "pick rows: 3, 1,4, 2-5, 5-, -3, 1-3,7", example: "select 1-3,7",
        topic: .choosing, arguments: [.all([.words(["all", "none"]), .rows])],
        parse: { args throws(UsageError) in .select(try ranges(args)) })

    static let unselect = CommandSpec(
        name: "unselect", usage: "unselect RANGES|all", summary: "drop rows from the selection", example: "unselect 2", topic: .choosing,
        arguments: [.all([.words(["all"]), .rows])],
        parse: { args throws(UsageError) in .unselect(try ranges(args)) })

    static let selection = CommandSpec(
        name: "selection", usage: "selection", summary: "the selected items", example: "selection", topic: .choosing,
        parse: { args throws(UsageError) in try args.none(); return .selection })

    static let done = CommandSpec(
        name: "done", usage: "done", summary: "confirm the selection and print the chosen items", example: "done", topic: .choosing,
        parse: { args throws(UsageError) in try args.none(); return .done })

    static func ranges(_ args: CommandSpec.Arguments) throws(UsageError) -> RangeSpec {
        guard !args.isEmpty else { throw args.usage() }
        return try RangeSpec.parse(args.joined)
    }
}
