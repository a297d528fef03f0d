/// `sync`, `sync init git URL`, `sync init folder PATH`, `sync status`, `sync off`: the same favourites,
/// history, deny list, library, saved searches and named sessions on every device, through the user's
/// git or a synced folder.
struct SyncCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "sync",
        summary: "sync favourites, history, deny list, library, saved searches, sessions and follows through git "
            + "or a folder",
        example: "sync init git git@github.com:me/scout-sync.git", topic: .session,
        subcommands: [Init.self, Status.self, Off.self],
        options: [.init("--background", help: "sync quietly, as scout does when it starts", hidden: true)],
        details: .table(
            """
            sync  now: this device's changes out, the others' in; nothing new writes nothing; first your own \
            followed diary's feed is read (follow), so what you logged on Letterboxd goes out too
            sync init git URL  through a remote your git reaches (ssh, https, a path): a private one, as it holds \
            your favourites and history
            sync init folder PATH  through a folder Syncthing, Dropbox, NFS or rsync keeps in step
            sync status  every device, its last change and sync, its digest, and whether they agree (--json)
            sync off  stops syncing here; nothing is removed
            exit status  2 when a sync failed (nothing here changed; the next sync tries again); 1 when sync is \
            not set up
            """))

    var background: Bool

    init(background: Bool) { self.background = background }

    init(_ args: CommandSpec.Arguments) throws(UsageError) { background = args.has("--background") }

    static func service(in services: Services) -> SyncService { services.sync }

    func run(with sync: SyncService) async throws -> Output { try await sync.syncNow(background: background) }

    /// `sync init git URL`, `sync init folder PATH`: where this device syncs through.
    struct Init: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "init", summary: "sync through git or a folder",
            example: "sync init git git@host:me/scout.git, or sync init folder ~/Sync/scout", topic: .session,
            positionals: [
                .choice(SyncRecord.Kind.allCases.map(\.rawValue), noun: "way to sync"),
                .init("URL|PATH", .file, completer: .files),
            ])

        var kind: SyncRecord.Kind
        var location: String

        init(_ args: CommandSpec.Arguments) throws(UsageError) {
            (kind, location) = (SyncRecord.Kind(rawValue: args.text(0)) ?? .git, args.text("URL|PATH"))
            guard !location.isEmpty else {
                throw UsageError("sync init \(kind.rawValue) needs the \(kind == .git ? "remote's URL" : "folder")")
            }
        }

        static func service(in services: Services) -> SyncService { services.sync }

        func run(with sync: SyncService) async throws -> Output { try await sync.setUpSync(kind, location) }
    }

    /// `sync status [--json]`: every device and whether they agree.
    struct Status: ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "status", summary: "every device and whether they agree", example: "sync status", topic: .session,
            options: [.init("--json", help: "the devices and the digest as a --json line")])

        var json: Bool

        init(_ args: CommandSpec.Arguments) throws(UsageError) { json = args.has("--json") }

        static func service(in services: Services) -> SyncService { services.sync }

        func run(with sync: SyncService) async throws -> Output {
            var output = try sync.syncStatus()
            output.asJSON = json
            return output
        }
    }

    /// `sync off`: no more syncing here.
    struct Off: PlainCommand, ServiceCommand, Equatable {
        static let spec = CommandSpec(name: "off", summary: "stop syncing here", example: "sync off", topic: .session)

        static func service(in services: Services) -> SyncService { services.sync }

        func run(with sync: SyncService) async throws -> Output { try sync.syncOff() }
    }
}
