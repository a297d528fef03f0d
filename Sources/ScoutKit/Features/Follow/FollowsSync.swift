import FoundationEssentials

/// The follows' part in sync: each member followed a register where the last writer wins, `own` or `friend`,
/// none once unfollowed; so every device follows whom one follows. What each device last read of a feed stays
/// on it.
enum FollowsSync: SyncPart {
    static func watched(_ files: SyncFiles) -> [URL] { [files.paths.followsFile] }

    static func read(_ files: SyncFiles, into local: inout SyncLocal) throws {
        for follow in files.follows.all() { local.view.follows[follow.member] = follow.friend ? "friend" : "own" }
    }

    static func changes(of local: SyncLocal, since base: SyncFold, old: SyncView, into changes: inout SyncChanges) {
        let view = local.view
        for member in Set(view.follows.keys).union(old.follows.keys).sorted()
        where view.follows[member] != old.follows[member] {
            changes.small(.follow) { ($0.name, $0.body) = (member, view.follows[member]) }
        }
    }

    static func fold(_ kind: SyncOp.Kind, _ op: SyncOp, into fold: inout SyncFold) -> Bool? {
        guard kind == .follow else { return nil }
        guard let p = SyncPayload.decode(op.payload), let member = p.name else { return false }
        if fold.follows[member].map({ $0.order < op.order }) ?? true {
            fold.follows[member] = SyncFold.Register(order: op.order, value: p.body)
        }
        return true
    }

    static func view(of fold: SyncFold, into view: inout SyncView) {
        for (member, register) in fold.follows { if let how = register.value { view.follows[member] = how } }
    }

    static func canonical(_ fold: SyncFold, _ add: (String, [String]) -> Void) {
        add("lb", fold.follows.compactMap { member, register in register.value.map { "\(member)\t\($0)" } })
    }

    static func apply(
        _ merged: SyncFold, _ new: SyncView, to local: SyncLocal, _ files: SyncFiles, now: Date,
        _ applied: inout Applied
    ) throws {
        let view = local.view
        // Another device's log is untrusted: a member is a username, as follow takes it.
        let changed = Set(new.follows.keys).union(view.follows.keys).filter {
            new.follows[$0] != view.follows[$0] && (try? FollowService.member($0)) == $0
        }
        guard !changed.isEmpty else { return }
        let (added, removed) = try files.follows.modify { follows -> ((Int, Int), changed: Bool) in
            var (added, removed) = (0, 0)
            for member in changed.sorted() {
                let index = follows.firstIndex { $0.member == member }
                guard let how = new.follows[member] else {
                    if let index {
                        follows.remove(at: index)
                        removed += 1
                    }
                    continue
                }
                if let index {
                    follows[index].friend = how == "friend"
                } else {
                    follows.append(Follow(member: member, friend: how == "friend", since: now))
                }
                added += 1
            }
            return ((added, removed), true)
        }
        applied.count("follow", added: added, removed: removed)
    }
}

extension SyncFiles {
    /// `follows.json`, as this part reads and writes it.
    var follows: FollowsStore { FollowsStore(url: paths.followsFile, store: store, warn: warn) }
}
