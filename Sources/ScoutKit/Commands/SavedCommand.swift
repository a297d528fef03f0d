import FoundationEssentials

/// `saved`, `saved show NAME`, `saved rm NAME`: the saved searches, one, and forgetting one.
struct SavedCommand: ActionCommand, Equatable {
    static let spec = CommandSpec(
        name: "saved", usage: "saved | saved show NAME | saved rm NAME",
        summary: "the saved searches: each as it runs, whether it is watched, its last check",
        example: "saved show newsongs", topic: .saved,
        subcommands: [.init("show", [.savedSearches]), .init("rm", [.savedSearches])])

    enum Action: Equatable, Sendable {
        case list
        case show(String)
        case remove(String)
    }

    var action: Action

    static func action(_ args: CommandSpec.Arguments) throws(UsageError) -> Action {
        guard let sub = args.subcommand else { return .list }
        guard args.rest.count == 1 else { throw args.usage() }
        switch sub {
        case "show": return .show(args.rest[0])
        case "rm": return .remove(args.rest[0])
        default: throw args.usage()
        }
    }

    func run(in state: ShellState) async throws -> Output {
        var output = Output()
        switch action {
        case .list:
            let all = state.savedSearches.all()
            if all.isEmpty {
                output.say("No saved searches: save NAME keeps the last search, and run NAME runs it again.")
            }
            // Names are never cut: one is what run takes.
            let nameWidth = all.map { DisplayWidth.of($0.name) }.max() ?? 0
            let states = all.map(state.watchState)
            let stateWidth = states.map(DisplayWidth.of).max() ?? 0
            let lines = zip(all, states).map { saved, watch in
                DisplayWidth.pad(saved.name, to: nameWidth) + "  " + DisplayWidth.pad(watch, to: stateWidth) + "  "
                    + saved.commandLine
            }
            // Where a line would be cut, each search's commands go under its name, wrapped, never cut.
            if state.context.fitsWidth, lines.contains(where: { DisplayWidth.of($0) > state.width }) {
                for (saved, watch) in zip(all, states) {
                    output.say(saved.name + "  " + watch)
                    output.say(prose: "    " + saved.commandLine, width: state.proseWidth, indent: 4)
                }
            } else {
                for line in lines { output.say(line) }
            }
            let rows = all.map { JSONValue.object(state.savedJSON($0)) }
            output.json.merge(TypedJSON.listing(.saved, rows, total: rows.count)) { $1 }
        case .show(let name):
            let saved = try state.savedSearch(name)
            let time = state.context.localTime
            func when(_ date: Date) -> String {
                "\(RelativeTime.date(date, in: time)) "
                    + "(\(RelativeTime.describe(date, now: state.context.now(), in: time)))"
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
                output.say(prose: "  \(DisplayWidth.pad(term, to: 10))  \(value)", width: state.proseWidth, indent: 14)
            }
            output.json["saved"] = .object(state.savedJSON(saved))
        case .remove(let name):
            _ = try state.savedSearch(name)
            let removed = try state.savedSearches.modify { searches -> (SavedSearch?, changed: Bool) in
                guard let index = searches.firstIndex(where: { $0.name == name }) else { return (nil, false) }
                return (searches.remove(at: index), true)
            }
            guard let removed else { throw UsageError.notFound("no saved search named \(name): saved lists them") }
            output.say(
                "Removed the saved search \(name)"
                    + (removed.watch.map { " and its watch, with the \($0.seen.count) items it had seen" } ?? "")
                    + ".")
            output.json["removed"] = .int(1)
            output.json["saved"] = .object(state.savedJSON(removed))
        }
        return output
    }
}
