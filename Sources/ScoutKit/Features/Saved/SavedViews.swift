import FoundationEssentials

/// What `saved`, `saved show` and `saved rm` say, and a saved search as `--json` gives it.
extension SavedService {
    /// `saved`: each search's name, its watch and its command line; under its name where a line would be cut.
    func list() -> Output {
        let all = store.all()
        let rows = all.map(json)
        var view = ListingView { TypedJSON.listing(rows, total: rows.count) }
        if all.isEmpty {
            view.say("No saved searches: save NAME keeps the last search, and run NAME runs it again.")
        }
        // Names are never cut: one is what run takes.
        let nameWidth = all.map { DisplayWidth.of($0.name) }.max() ?? 0
        let states = all.map(watchState)
        let stateWidth = states.map(DisplayWidth.of).max() ?? 0
        let lines = zip(all, states).map { saved, watch in
            DisplayWidth.pad(saved.name, to: nameWidth) + "  " + DisplayWidth.pad(watch, to: stateWidth) + "  "
                + saved.commandLine
        }
        // Where a line would be cut, each search's commands go under its name, wrapped, never cut.
        let stacked = zip(all, states).flatMap { saved, watch -> [ListingView.Line] in
            [.plain(StyledLine(saved.name + "  " + watch)), .prose("    " + saved.commandLine, indent: 4)]
        }
        view.parts.append(
            .either(
                wide: lines.map { .plain(StyledLine($0)) }, narrow: stacked,
                below: lines.map(DisplayWidth.of).max() ?? 0))
        return Output(showing: view)
    }

    /// `saved show NAME`: the search, its arguments, when it was saved, and its watch.
    func show(_ name: String) throws -> Output {
        var output = Output()
        let saved = try savedSearch(name)
        let time = wiring.context.localTime
        func when(_ date: Date) -> String {
            "\(RelativeTime.date(date, in: time)) "
                + "(\(RelativeTime.describe(date, now: wiring.context.now(), in: time)))"
        }
        let parameters = saved.parameterCount
        var lines = [
            ("search", saved.commandLine),
            (
                "arguments",
                parameters == 0
                    ? "none"
                    : "\(parameters), for $1\(parameters > 1 ? " to $\(parameters)" : ""): \(saved.runUsage)"
            ),
            ("saved", when(saved.savedAt)),
        ]
        if let watch = saved.watch {
            lines.append(("watched", "since \(when(watch.since)), \(watch.seen.count) items seen"))
            if let last = watch.lastCheck {
                let new = max(0, watch.newAtLastCheck ?? 0)
                lines.append(("last check", "\(when(last)): \(new == 0 ? "nothing" : String(new)) new"))
            }
            if let failed = watch.failedAt {
                lines.append(("failed", "\(when(failed)): \(watch.failure ?? "")"))
            }
        } else if parameters > 0 {
            lines.append(("watched", "no: a search that takes arguments cannot be; save one with them in it"))
        } else {
            lines.append(("watched", "no: watch \(saved.name) lists what is new at each check"))
        }
        output.say(saved.name)
        for (term, value) in lines {
            output.prose("  \(DisplayWidth.pad(term, to: 10))  \(value)", indent: 14)
        }
        output.json[.saved] = json(saved).value
        return output
    }

    /// `saved rm NAME`: the search and its watch.
    func remove(_ name: String) throws -> Output {
        var output = Output()
        _ = try savedSearch(name)
        let removed = try store.modify { searches -> (SavedSearch?, changed: Bool) in
            guard let index = searches.firstIndex(where: { $0.name == name }) else { return (nil, false) }
            return (searches.remove(at: index), true)
        }
        guard let removed else { throw UsageError.notFound("no saved search named \(name): saved lists them") }
        output.say(
            "Removed the saved search \(name)"
                + (removed.watch.map { " and its watch, with the \($0.seen.count) items it had seen" } ?? "")
                + ".")
        output.json[.removed] = .int(1)
        output.json[.saved] = json(removed).value
        return output
    }

    /// Whether `saved` is watched and what its last check found, as `saved` lists it.
    func watchState(_ saved: SavedSearch) -> String {
        guard let watch = saved.watch else { return saved.parameterCount > 0 ? "takes arguments" : "not watched" }
        if let failed = watch.failedAt {
            return "failed \(RelativeTime.describe(failed, now: wiring.context.now(), in: wiring.context.localTime))"
        }
        guard let last = watch.lastCheck, let new = watch.newAtLastCheck else { return "watched" }
        let when = RelativeTime.describe(last, now: wiring.context.now(), in: wiring.context.localTime)
        return "\(new <= 0 ? "none" : String(new)) new \(when)"
    }

    /// A saved search for `--json`: its search typed, and its watch.
    func json(_ saved: SavedSearch) -> JSONObject<SavedSearchField> {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        let watch = saved.watch
        return JSONObject([
            .name: .string(saved.name), .source: .string(saved.query.source), .terms: .string(saved.query.terms),
            .options: .object(saved.query.options.mapValues(JSONValue.string)), .filter: text(saved.filter),
            .sort: text(saved.sort?.description), .group: text(saved.group),
            .parameters: .int(saved.parameterCount), .command: .string(saved.commandLine),
            .savedAt: TypedJSON.date(saved.savedAt), .watched: .bool(watch != nil),
            .watchedSince: watch.map { TypedJSON.date($0.since) } ?? .null,
            .lastCheck: watch?.lastCheck.map(TypedJSON.date) ?? .null,
            .newAtLastCheck: watch?.newAtLastCheck.map(JSONValue.int) ?? .null,
            .seen: .int(watch?.seen.count ?? 0),
            .lastFailure: watch.flatMap { watch in
                watch.failedAt.map { .object(["at": TypedJSON.date($0), "error": .string(watch.failure ?? "")]) }
            } ?? .null,
        ])
    }
}
