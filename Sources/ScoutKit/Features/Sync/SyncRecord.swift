import FoundationEssentials
/// What this device keeps of sync (`$XDG_STATE_HOME/scout/sync/state.json`): where it syncs, how far it has
/// read each log (the state at that point is what the files were brought to), the files' stamps then, and
/// what it has reported and published.
struct SyncRecord: Codable, Equatable {
    enum Kind: String, Codable, CaseIterable { case git, folder }
    var kind: Kind
    var location: String
    /// Bytes of each log folded at the last sync, by file name (`own` for this device's).
    var consumed: [String: Int] = [:]
    /// The synced files' stamps after the last sync.
    var stamps: [String: String] = [:]
    /// How much of this device's log the transport has.
    var published = 0
    var lastSync: Date?
    /// The digest and host name this device last published.
    var digest: String?
    var host: String?
    /// Whether every device had published that digest, and how many devices there were.
    var agreed = false
    var devices = 0
    /// Damaged lines (`file@offset`) and unknown kinds already reported, each said once.
    var reported: [String] = []
    /// Why the last sync failed, and when; nil once one went well.
    var failure: String?
    var failedAt: Date?

    init(kind: Kind, location: String) {
        (self.kind, self.location) = (kind, location)
    }

    /// `git /srv/scout.git` or `folder ~/Sync/scout`, as messages name it.
    var label: String { "\(kind.rawValue) \(location)" }

    /// The label with where the logs are in it: a git remote's branch (a remote's default branch may be another,
    /// `GitTransport` says when), or the folder.
    var place: String { kind == .git ? "\(label), branch \(GitTransport.branch)" : label }
}

/// What a sync did, for its message and `--json`.
public struct SyncReport: Sendable {
    public var nothingNew = false
    /// What came in from other devices, by what it is (`favourite`: 3).
    public var added: [String: Int] = [:]
    public var removed: [String: Int] = [:]
    /// This device's operations written to its log.
    public var sent = 0
    public var digest = ""
    public var devices: [SyncDevice] = []
    /// How many devices have logs (known without folding when nothing is new).
    public var deviceCount = 0
    public var agree = false
    public var warnings: [String] = []
    /// `sync status`: the changes made here since the last sync, which the next sync sends (the digest and
    /// `agree` count them in).
    public var pending = 0
}
