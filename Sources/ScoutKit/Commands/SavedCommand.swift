import FoundationEssentials

/// `saved`, `saved show NAME`, `saved rm NAME`: the saved searches, one, and forgetting one.
struct SavedCommand: ActionCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "saved", usage: "saved | saved show NAME | saved rm NAME",
        summary: "the saved searches: each as it runs, whether it is watched, its last check",
        example: "saved show newsongs", topic: .saved,
        subcommands: [.init("show", [.savedSearches]), .init("rm", [.savedSearches])])

    enum Action: Equatable, Sendable {
        case list
        case show(String)
        case remove(String)
    }

    var action: Action

    static func action(_ args: CommandSpec.Arguments) throws(UsageError) -> Action {
        guard let sub = args.subcommand else { return .list }
        guard args.rest.count == 1 else { throw args.usage() }
        switch sub {
        case "show": return .show(args.rest[0])
        case "rm": return .remove(args.rest[0])
        default: throw args.usage()
        }
    }

    static var service: KeyPath<Services, SavedService> { \.saved }

    func run(with saved: SavedService) async throws -> Output {
        switch action {
        case .list: saved.list()
        case .show(let name): try saved.show(name)
        case .remove(let name): try saved.remove(name)
        }
    }
}
