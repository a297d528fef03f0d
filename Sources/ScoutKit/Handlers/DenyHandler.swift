import Foundation

/// `deny`, and the deny list's part in every search: refusing a denied one, remembering one that found nothing.
@MainActor
struct DenyHandler {
    let state: ShellState

    func deny(_ command: Command.Deny) throws -> Output {
        var output = Output()
        switch command {
        case .list:
            let terms = try state.denyList.userTerms()
            let searches = try state.denyList.deniedSearches()
            if terms.isEmpty && searches.isEmpty {
                output.say("No denied terms: deny add TERM keeps a term from ever being searched.")
            }
            for (index, term) in terms.enumerated() { output.say("\(index + 1). \(term)") }
            var formatter = MinuteFormatter(timeZone: state.context.calendar.timeZone)
            for (index, search) in searches.enumerated() {
                output.say(state.fitted("\(terms.count + index + 1). \(search.description)  (automatic: found nothing on \(formatter.string(search.time)))"))
            }
            if !searches.isEmpty {
                output.say("An automatic entry refuses only that same search; deny rm TERM removes it.")
            }
            output.json = TypedJSON.listing(.denied, terms.map { .object(["term": .string($0), "automatic": .bool(false)]) }
                                            + searches.map { Self.json($0, asTerm: true) }, total: terms.count + searches.count)
        case .add(let term):
            let added = try state.denyList.add([term])
            output.say(added == 1 ? "Denied \"\(term)\": searches equal to it or starting with it are refused." : "\"\(term)\" was already denied.")
        case .remove(let term):
            let removedTerm = try state.denyList.remove(term) > 0
            let removedSearches = try state.denyList.removeSearches(term)
            guard removedTerm || !removedSearches.isEmpty else { throw UsageError("\"\(term)\" is not denied (deny lists the terms)") }
            if removedTerm { output.say("\"\(term)\" may be searched again.") }
            for search in removedSearches { output.say("\(search.description) may be searched again (it was an automatic entry).") }
            output.json["removed"] = .object(["term": .bool(removedTerm), "automatic": .array(removedSearches.map { Self.json($0) })])
        case .importFile(let path):
            let url = state.context.resolve(path)
            guard let data = try state.context.fileStore.read(url) else { throw StoreError.unreadable(path: url.path, reason: "no such file") }
            let terms = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            let added = try state.denyList.add(terms)
            output.say("Imported \(added) new denied term\(added == 1 ? "" : "s") (\(terms.count - added) already there).")
            output.json["imported"] = .int(added)
        }
        return output
    }

    /// A search that found nothing, for `--json`: with `term` and `automatic` too when it says what was
    /// refused or added, as a denied term does.
    static func json(_ search: DeniedSearch, asTerm: Bool = false) -> JSONValue {
        var fields: [String: JSONValue] = ["source": .string(search.source), "terms": .string(search.terms),
                                           "options": .object(search.options.mapValues(JSONValue.string)), "time": TypedJSON.date(search.time)]
        if asTerm {
            fields["term"] = .string(search.terms)
            fields["automatic"] = .bool(true)
        }
        return .object(fields)
    }

    /// The options a search in `source` runs with: an iTunes search's country and language are the
    /// settings' unless it names them, so that a search in another store is another search.
    func effectiveOptions(of query: SearchQuery, in source: any Source) -> [String: String] {
        source.effectiveOptions(of: query, settings: state.settings)
    }

    /// The failure of a refused search, with what refuses it and how to allow it (and `refused` for
    /// `--json`); nil when the search may be sent. Searches that found nothing refuse only the same
    /// search, and never one in the catalog.
    func refusal(of query: SearchQuery, in source: any Source) throws -> Output? {
        let effective = SearchQuery(source: source.name, terms: query.terms, options: effectiveOptions(of: query, in: source))
        guard let refusal = try state.denyList.refusal(of: effective, automatic: source.remembersEmptySearches) else { return nil }
        var output = Output()
        switch refusal {
        case .term(let term):
            output.fail("refused: \"\(Text.brief(query.terms))\" matches the denied term \"\(term)\" (deny rm \(term) to allow it); nothing was sent", code: "refused")
            output.json["refused"] = .object(["term": .string(term), "automatic": .bool(false)])
        case .search(let search):
            var formatter = MinuteFormatter(timeZone: state.context.calendar.timeZone)
            output.fail("refused: \(search.description) found nothing on \(formatter.string(search.time)), so it is not sent again"
                        + " (deny rm \(search.terms) allows it); nothing was sent", code: "refused")
            output.json["refused"] = Self.json(search, asTerm: true)
        }
        return output
    }

    /// After a search that found nothing: a remote one, answered by the service (not the cache), is
    /// remembered so that the same search is not sent again, unless `set auto-deny off`; says so, and
    /// `denied` for `--json`. A failed write is a warning: the search itself went well.
    func rememberEmptySearch(_ query: SearchQuery, in source: any Source, answer: ResultPage, into output: inout Output) {
        guard source.remembersEmptySearches, state.settings.autoDeny, answer.note == nil, answer.items.isEmpty else { return }
        let search = DeniedSearch(source: source.name, terms: query.terms, options: effectiveOptions(of: query, in: source), time: state.context.now())
        do {
            guard try state.denyList.add(search) else { return }
        } catch {
            output.warn("\(error)")
            return
        }
        output.say("Added \(search.description) to the deny list: this same search is not sent again"
                   + " (deny rm \(search.terms) undoes it; set auto-deny off stops this).")
        output.json["denied"] = Self.json(search, asTerm: true)
    }
}
