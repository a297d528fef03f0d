import FoundationEssentials

/// A Letterboxd member followed: the user's own diary (`follow letterboxd anna`), whose entries join the
/// library, or a friend's (`--friend`), whose entries are only shown.
struct Follow: Codable, Sendable, Equatable {
    /// Their username, in lower case, as their feed's address has it.
    var member: String
    var friend: Bool
    var since: Date
}

/// `follows.json`.
struct FollowsFile: Codable, Sendable, Equatable {
    static let currentVersion = 1
    var schemaVersion = FollowsFile.currentVersion
    /// By member.
    var follows: [Follow] = []
}

/// The members followed, read when a command needs them; every change a read-modify-write under the file's
/// lock.
final class FollowsStore {
    let file: StateFile<FollowsFile>
    let warn: @Sendable (String) -> Void

    init(url: URL, store: FileStore, warn: @escaping @Sendable (String) -> Void) {
        file = StateFile(
            url, label: "follows.json", store: store, recovery: "went on without it (who you follow is in that copy)")
        self.warn = warn
    }

    func all() -> [Follow] { file.load(warn: warn)?.follows ?? [] }

    /// Changes the follows under the lock, from the file as it is now; writes them, by member, when `change`
    /// says it changed something.
    @discardableResult
    func modify<T>(_ change: (inout [Follow]) throws -> (T, changed: Bool)) throws -> T {
        try file.store.withLock(file.url) {
            let read = file.load(warn: warn) ?? FollowsFile()
            guard read.schemaVersion <= FollowsFile.currentVersion else {
                throw UsageError(
                    "follows.json was written by a newer scout (version \(read.schemaVersion)): this one reads it but "
                        + "does not change it; update scout",
                    code: "newer")
            }
            var follows = read.follows
            let (result, changed) = try change(&follows)
            if changed {
                follows.sort { $0.member < $1.member }
                try file.save(FollowsFile(follows: follows))
            }
            return result
        }
    }
}
