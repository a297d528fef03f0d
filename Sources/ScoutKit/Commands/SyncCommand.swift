/// `sync`, `sync init git URL`, `sync init folder PATH`, `sync status`, `sync off`: the same favourites,
/// history, deny list, library, saved searches and named sessions on every device, through the user's
/// git or a synced folder.
struct SyncCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "sync", usage: "sync | sync init git URL | sync init folder PATH | sync status [--json] | sync off",
        summary: "sync favourites, history, library and saved searches through git or a synced folder",
        example: "sync init git git@github.com:me/scout-sync.git", topic: .session,
        subcommands: [
            .init("init", [.words(["git", "folder"]), .files]),
            .init("status", options: [.init("--json", help: "the devices and the digest as a --json line")]),
            .init("off"),
        ],
        details: .table(
            """
            sync  now: this device's changes out, the others' in; nothing new writes nothing
            sync init git URL  through a remote your git reaches (ssh, https, a path): a private one, as it holds \
            your favourites and history
            sync init folder PATH  through a folder Syncthing, Dropbox, NFS or rsync keeps in step
            sync status  every device, its last change and sync, its digest, and whether they agree (--json)
            sync off  stops syncing here; nothing is removed
            exit status  2 when a sync failed (nothing here changed; the next sync tries again)
            """))

    enum Action: Equatable {
        case now(background: Bool)
        case setUp(SyncRecord.Kind, String)
        case status(json: Bool)
        case off
    }

    var action: Action

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        let words = args.words
        switch words.first?.lowercased() {
        case nil: action = .now(background: false)
        case "--background" where words.count == 1: action = .now(background: true)
        case "status" where words.count == 1: action = .status(json: false)
        case "status" where words.count == 2 && words[1] == "--json": action = .status(json: true)
        case "off" where words.count == 1: action = .off
        case "init":
            let example = "sync init git git@host:me/scout.git, or sync init folder ~/Sync/scout"
            guard words.count >= 2 else { throw UsageError("sync init takes git URL or folder PATH: \(example)") }
            guard let kind = SyncRecord.Kind(rawValue: words[1].lowercased()) else {
                throw UsageError("sync init takes git or folder, not \"\(words[1].prefix(40))\": \(example)")
            }
            guard words.count == 3, !words[2].isEmpty else {
                let (what, word) = kind == .git ? ("remote's URL", "URL") : ("folder", "PATH")
                throw UsageError(
                    words.count < 3
                        ? "sync init \(kind.rawValue) needs the \(what): \(example)"
                        : "sync init \(kind.rawValue) takes one \(word) (quote one with spaces)")
            }
            action = .setUp(kind, words[2])
        default: throw args.usage()
        }
    }

    static var service: KeyPath<Services, SyncService> { \.sync }

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
