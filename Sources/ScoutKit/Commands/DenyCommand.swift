import FoundationEssentials

/// `deny` and its subcommands: terms never to search, and the searches that found nothing.
struct DenyCommand: ActionCommand, Equatable {
    static let spec = CommandSpec(
        name: "deny", usage: "deny | deny add TERM | deny rm TERM | deny import FILE",
        summary: "terms never to search (a query equal to or starting with one is refused)",
        example: "deny add spoilers", topic: .past,
        subcommands: [.init("add"), .init("rm", [.deniedTerms]), .init("import", [.files])],
        details: .table(
            """
            deny         your terms, then the searches that found nothing (automatic: source, options, date)
            add TERM     refuse every search equal to TERM or starting with it, in every source
            rm TERM      allow TERM again: your term, and any automatic entry with those terms
            import FILE  add the terms of FILE, one a line
            automatic    a remote search that finds nothing refuses only that same search again (set auto-deny off
                         stops it)
            """))

    enum Action: Equatable, Sendable {
        case list
        case add(String)
        case remove(String)
        case importFile(String)
    }

    var action: Action

    static func action(_ args: CommandSpec.Arguments) throws(UsageError) -> Action {
        guard let sub = args.subcommand else { return .list }
        let rest = args.rest.joined(separator: " ")
        switch sub {
        case "add", "rm", "import":
            guard !rest.trimmedSpaces().isEmpty else {
                throw UsageError("usage: deny \(sub) \(sub == "import" ? "FILE" : "TERM")")
            }
            return sub == "add" ? .add(rest) : sub == "rm" ? .remove(rest) : .importFile(rest)
        default: throw args.usage()
        }
    }

    func run(in state: ShellState) async throws -> Output {
        var output = Output()
        switch action {
        case .list:
            let terms = try state.denyList.userTerms()
            let searches = try state.denyList.deniedSearches()
            if terms.isEmpty && searches.isEmpty {
                output.say("No denied terms: deny add TERM keeps a term from ever being searched.")
            }
            for (index, term) in terms.enumerated() { output.say("\(index + 1). \(term)") }
            var formatter = MinuteFormatter(timeZone: state.context.localTime)
            for (index, search) in searches.enumerated() {
                output.say(
                    state.fitted(
                        "\(terms.count + index + 1). \(search.description)  (automatic: found nothing on "
                            + "\(formatter.string(search.time)))"
                    ))
            }
            if !searches.isEmpty {
                output.say("An automatic entry refuses only that same search; deny rm TERM removes it.")
            }
            output.addJSON {
                TypedJSON.listing(
                    .denied,
                    terms.map { .object(["term": .string($0), "automatic": .bool(false)]) }
                        + searches.map { ShellState.json($0, asTerm: true) }, total: terms.count + searches.count)
            }
        case .add(let term):
            let added = try state.denyList.add([term])
            output.say(
                added == 1
                    ? "Denied \"\(term)\": searches equal to it or starting with it are refused."
                    : "\"\(term)\" was already denied.")
        case .remove(let term):
            let removedTerm = try state.denyList.remove(term) > 0
            let removedSearches = try state.denyList.removeSearches(term)
            guard removedTerm || !removedSearches.isEmpty else {
                throw UsageError("\"\(term)\" is not denied (deny lists the terms)")
            }
            if removedTerm { output.say("\"\(term)\" may be searched again.") }
            for search in removedSearches {
                output.say("\(search.description) may be searched again (it was an automatic entry).")
            }
            output.json["removed"] = .object([
                "term": .bool(removedTerm), "automatic": .array(removedSearches.map { ShellState.json($0) }),
            ])
        case .importFile(let path):
            let url = state.context.resolve(path)
            guard let data = try state.context.fileStore.read(url) else {
                throw StoreError.unreadable(path: url.path, reason: "no such file")
            }
            let terms = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
                .map { $0.trimmedSpaces() }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            let added = try state.denyList.add(terms)
            output.say(
                "Imported \(added) new denied term\(added == 1 ? "" : "s") (\(terms.count - added) already there).")
            output.json["imported"] = .int(added)
        }
        return output
    }
}
