import FoundationEssentials

/// `saved`, `saved show NAME`, `saved rm NAME`: the saved searches, one, and forgetting one.
struct SavedCommand: SubcommandsCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "saved", usage: usage("saved", alone: nil, subcommands),
        summary: "the saved searches: each as it runs, whether it is watched, its last check",
        example: "saved show newsongs", topic: .saved, subcommands: subcommands.map(\.declared))

    enum Action: Equatable, Sendable {
        case list
        case show(String)
        case remove(String)
    }

    var action: Action

    static let bare: Action? = .list

    static let subcommands: [Subcommand<Action>] = [
        Subcommand("show", "NAME", completers: [.savedSearches]) { args throws(UsageError) in .show(try args.one()) },
        Subcommand("rm", "NAME", completers: [.savedSearches]) { args throws(UsageError) in .remove(try args.one()) },
    ]

    static func service(in services: Services) -> SavedService { services.saved }

    func run(with saved: SavedService) async throws -> Output {
        switch action {
        case .list: saved.list()
        case .show(let name): try saved.show(name)
        case .remove(let name): try saved.remove(name)
        }
    }
}
