import FoundationEssentials
/// Bringing the files to the merged state: each part changes its feature's files, under their own locks, by
/// what differs only.
extension SyncLocal {
    /// What the merged state brought: counts of what came in and went, for the message.
    struct Applied: Equatable {
        var added: [String: Int] = [:]
        var removed: [String: Int] = [:]
    }

    /// Applies to the files what `merged` holds and this snapshot does not (and removes what it lost).
    func apply(_ merged: SyncFold, to files: SyncFiles, now: Date) throws -> Applied {
        let new = merged.view
        var applied = Applied()
        for part in SyncParts.all { try part.apply(merged, new, to: self, files, now: now, &applied) }
        return applied
    }
}
