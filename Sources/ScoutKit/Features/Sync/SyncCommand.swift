/// `sync`, `sync init git URL`, `sync init folder PATH`, `sync status`, `sync off`: the same favourites,
/// history, deny list, library, saved searches and named sessions on every device, through the user's
/// git or a synced folder.
struct SyncCommand: SubcommandsCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "sync", usage: usage("sync", alone: nil, subcommands),
        summary: "sync favourites, history, deny list, library, saved searches and sessions through git or a folder",
        example: "sync init git git@github.com:me/scout-sync.git", topic: .session,
        subcommands: subcommands.map(\.declared),
        details: .table(
            """
            sync  now: this device's changes out, the others' in; nothing new writes nothing
            sync init git URL  through a remote your git reaches (ssh, https, a path): a private one, as it holds \
            your favourites and history
            sync init folder PATH  through a folder Syncthing, Dropbox, NFS or rsync keeps in step
            sync status  every device, its last change and sync, its digest, and whether they agree (--json)
            sync off  stops syncing here; nothing is removed
            exit status  2 when a sync failed (nothing here changed; the next sync tries again); 1 when sync is \
            not set up
            """))

    enum Action: Equatable {
        case now(background: Bool)
        case setUp(SyncRecord.Kind, String)
        case status(json: Bool)
        case off
    }

    var action: Action

    static let bare: Action? = .now(background: false)

    static let subcommands: [Subcommand<Action>] = [
        Subcommand("init", forms: ["git URL", "folder PATH"], completers: [.words(["git", "folder"]), .files]) {
            rest throws(UsageError) in
            let words = rest.words
            let example = "sync init git git@host:me/scout.git, or sync init folder ~/Sync/scout"
            guard let first = words.first else {
                throw UsageError("sync init takes git URL or folder PATH: \(example)")
            }
            guard let kind = SyncRecord.Kind(rawValue: first.lowercased()) else {
                throw UsageError("sync init takes git or folder, not \"\(first.prefix(40))\": \(example)")
            }
            guard words.count == 2, !words[1].isEmpty else {
                let (what, word) = kind == .git ? ("remote's URL", "URL") : ("folder", "PATH")
                throw UsageError(
                    words.count < 2
                        ? "sync init \(kind.rawValue) needs the \(what): \(example)"
                        : "sync init \(kind.rawValue) takes one \(word) (quote one with spaces)")
            }
            return .setUp(kind, words[1])
        },
        Subcommand(
            "status", "[--json]", options: [.init("--json", help: "the devices and the digest as a --json line")]
        ) { rest throws(UsageError) in
            switch rest.words {
            case []: .status(json: false)
            case ["--json"]: .status(json: true)
            default: throw rest.usage()
            }
        },
        Subcommand("off", .off),
    ]

    /// `sync --background`: what scout runs after a command that changed something, with `sync-auto on`.
    static func unnamed(_ args: CommandSpec.Arguments) throws(UsageError) -> Action? {
        args.words == ["--background"] ? .now(background: true) : nil
    }

    static func service(in services: Services) -> SyncService { services.sync }

    func run(with sync: SyncService) async throws -> Output {
        switch action {
        case .now(let background): return try await sync.syncNow(background: background)
        case .setUp(let kind, let location): return try await sync.setUpSync(kind, location)
        case .status(let json):
            var output = try sync.syncStatus()
            output.asJSON = json
            return output
        case .off: return try sync.syncOff()
        }
    }
}
