import FoundationEssentials

/// Named sessions' part in sync: each session's file a register where the last writer wins (the session in
/// use stays on the device).
enum SessionsSync: SyncPart {
    /// A named session's file larger than this stays on the device.
    static let limit = 4 << 20

    static func watched(_ files: SyncFiles) -> [URL] { names(files).map(files.paths.namedSession) }

    /// The named sessions whose names are safe to sync.
    static func names(_ files: SyncFiles) -> [String] {
        (files.store.contents(of: files.paths.sessionsFolder) ?? []).filter { $0.hasSuffix(".json") }
            .map { String($0.dropLast(5)) }.filter(SyncLocal.isSafeName).sorted()
    }

    static func read(_ files: SyncFiles, into local: inout SyncLocal) throws {
        for name in names(files) {
            let url = files.paths.namedSession(name)
            guard files.store.size(of: url) <= limit, let data = try files.store.read(url) else { continue }
            local.view.sessions[name] = String(decoding: data, as: UTF8.self)
        }
    }

    static func changes(of local: SyncLocal, since base: SyncFold, old: SyncView, into changes: inout SyncChanges) {
        let view = local.view
        for name in Set(view.sessions.keys).union(old.sessions.keys).sorted()
        where view.sessions[name] != old.sessions[name] {
            changes.small(.session) { ($0.name, $0.body) = (name, view.sessions[name]) }
        }
    }

    static func fold(_ kind: SyncOp.Kind, _ op: SyncOp, into fold: inout SyncFold) -> Bool? {
        guard kind == .session else { return nil }
        guard let p = SyncPayload.decode(op.payload), let name = p.name else { return false }
        if fold.sessions[name].map({ $0.order < op.order }) ?? true {
            fold.sessions[name] = SyncFold.Register(order: op.order, value: p.body)
        }
        return true
    }

    static func view(of fold: SyncFold, into view: inout SyncView) {
        for (name, register) in fold.sessions { if let value = register.value { view.sessions[name] = value } }
    }

    static func canonical(_ fold: SyncFold, _ add: (String, [String]) -> Void) {
        for (name, register) in fold.sessions where register.value != nil {
            add("n", ["\(name)\t\(register.order.time) \(register.order.device) \(register.order.seq)"])
        }
    }

    static func apply(
        _ merged: SyncFold, _ new: SyncView, to local: SyncLocal, _ files: SyncFiles, now: Date,
        _ applied: inout Applied
    ) throws {
        let view = local.view
        for name in Set(new.sessions.keys).union(view.sessions.keys).sorted()
        where new.sessions[name] != view.sessions[name] && SyncLocal.isSafeName(name) {
            let url = files.paths.namedSession(name)
            if let body = new.sessions[name] {
                guard body.utf8.count <= limit else { continue }
                try files.store.write(Data(body.utf8), to: url)
                applied.count("named session", added: 1)
            } else if files.store.remove(url) {
                applied.count("named session", removed: 1)
            }
        }
    }
}
