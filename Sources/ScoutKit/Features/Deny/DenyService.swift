import FoundationEssentials

/// The deny list as a feature: its store (`deny.txt` and the searches that found nothing), its part in
/// every search (refusing a denied one, remembering a remote one that found nothing) and what `deny` does.
@MainActor final class DenyService {
    let store: DenyListStore
    private let wiring: ServiceWiring

    init(wiring: ServiceWiring) {
        self.wiring = wiring
        let paths = wiring.context.paths
        store = DenyListStore(
            url: paths.denyListFile, indexURL: paths.cache.appendingPathComponent("denylist.index"),
            store: wiring.context.fileStore, warn: wiring.warn)
    }

    /// The terms the user denied (Tab's words after `deny rm`).
    func terms() throws -> [String] { try store.terms() }

    // MARK: A search's part

    /// The options a search in `source` runs with: an iTunes search's country and language are the
    /// settings' unless it names them, so that a search in another store is another search.
    func effectiveOptions(of query: SearchQuery, in source: any Source) -> [String: String] {
        source.effectiveOptions(of: query, settings: wiring.settings())
    }

    /// `query` with the options its source runs it with, as the deny list keeps searches.
    func effective(_ query: SearchQuery, in source: any Source) -> SearchQuery {
        SearchQuery(source: source.name, terms: query.terms, options: effectiveOptions(of: query, in: source))
    }

    /// The failure of a refused search, with what refuses it and how to allow it (and `refused` for
    /// `--json`); nil when the search may be sent. Searches that found nothing refuse only the same
    /// search, and never one in the catalog.
    func refusal(of query: SearchQuery, in source: any Source) throws -> Output? {
        guard
            let refusal = try store.refusal(of: effective(query, in: source), automatic: source.remembersEmptySearches)
        else { return nil }
        var output = Output()
        switch refusal {
        case .term(let term):
            output.fail(Self.refusedByTerm(query.terms, term), code: "refused")
            output.json[.refused] = JSONObject<DeniedField>([.term: .string(term), .automatic: .bool(false)]).value
        case .search(let search):
            var formatter = MinuteFormatter(timeZone: wiring.context.localTime)
            output.fail(
                "refused: \(search.description) found nothing on \(formatter.string(search.time)), so it is not "
                    + "sent again (deny rm \(Tokenizer.quoted(search.terms)) allows it); nothing was sent",
                code: "refused")
            output.json[.refused] = Self.json(search, asTerm: true).value
        }
        return output
    }

    /// Why a watched search is not looked at: a denied term it matches (a search that once found nothing
    /// may be watched for the day it finds something, so the automatic entries do not refuse a look).
    func termRefusal(of query: SearchQuery, in source: any Source) throws -> UsageError? {
        guard case .term(let term)? = try store.refusal(of: effective(query, in: source), automatic: false) else {
            return nil
        }
        return UsageError(Self.refusedByTerm(query.terms, term), code: "refused")
    }

    /// Why a search of `terms` is not sent: the denied `term` it matches, and how to allow it.
    nonisolated static func refusedByTerm(_ terms: String, _ term: String) -> String {
        "refused: \"\(Text.brief(terms))\" matches the denied term \"\(term)\" (deny rm \(Tokenizer.quoted(term)) to "
            + "allow it); nothing was sent"
    }

    /// After a search that found nothing: a remote one, answered by the service (not the cache), is
    /// remembered so that the same search is not sent again, unless `set auto-deny off`; says so, and
    /// `denied` for `--json`. A failed write is a warning: the search itself went well.
    func rememberEmptySearch(_ query: SearchQuery, in source: any Source, answer: ResultPage, into output: inout Output)
    {
        guard source.remembersEmptySearches, wiring.settings().autoDeny, answer.note == nil, answer.items.isEmpty
        else { return }
        let search = DeniedSearch(
            source: source.name, terms: query.terms, options: effectiveOptions(of: query, in: source),
            time: wiring.context.now())
        do {
            guard try store.add(search) else { return }
        } catch {
            output.warn("\(error)")
            return
        }
        output.say(
            "Added \(search.description) to the deny list: this same search is not sent again"
                + " (deny rm \(Tokenizer.quoted(search.terms)) undoes it; set auto-deny off stops this).")
        output.json[.denied] = Self.json(search, asTerm: true).value
    }

    /// A watched search that found something is no longer one that found nothing.
    func forgetEmptySearch(_ query: SearchQuery, in source: any Source) throws {
        try store.forgetEmptySearch(effective(query, in: source))
    }

    /// A search that found nothing, for `--json`: with `term` and `automatic` too when it says what was
    /// refused or added, as a denied term does.
    nonisolated static func json(_ search: DeniedSearch, asTerm: Bool = false) -> JSONObject<DeniedField> {
        var object = JSONObject<DeniedField>([
            .source: .string(search.source), .terms: .string(search.terms),
            .options: .object(search.options.mapValues(JSONValue.string)), .time: TypedJSON.date(search.time),
        ])
        if asTerm {
            object[.term] = .string(search.terms)
            object[.automatic] = .bool(true)
        }
        return object
    }

    // MARK: What `deny` does

    /// `deny`: the user's terms, then the searches that found nothing, numbered together.
    func list() throws -> Output {
        let terms = try store.userTerms()
        let searches = try store.deniedSearches()
        var view = ListingView { [terms, searches] in
            TypedJSON.listing(
                terms.map { JSONObject<DeniedField>([.term: .string($0), .automatic: .bool(false)]) }
                    + searches.map { Self.json($0, asTerm: true) }, total: terms.count + searches.count)
        }
        if terms.isEmpty && searches.isEmpty {
            view.say("No denied terms: deny add TERM keeps a term from ever being searched.")
        }
        for (index, term) in terms.enumerated() { view.say("\(index + 1). \(term)") }
        var formatter = MinuteFormatter(timeZone: wiring.context.localTime)
        for (index, search) in searches.enumerated() {
            view.row(
                "\(terms.count + index + 1). \(search.description)  (automatic: found nothing on "
                    + "\(formatter.string(search.time)))")
        }
        if !searches.isEmpty {
            view.say("An automatic entry refuses only that same search; deny rm N or deny rm TERM removes it.")
        }
        return Output(showing: view)
    }

    /// `deny add TERM`.
    func add(_ term: String) throws -> Output {
        let term = DenyListStore.normalized(term)
        var output = Output()
        output.say(
            try store.add([term]) == 1
                ? "Denied \"\(term)\": searches equal to it or starting with it are refused."
                : "\"\(term)\" was already denied.")
        return output
    }

    /// `deny rm TERM`: the user's term, and any automatic entry with those terms; `deny rm N` (`1-3,7`): the
    /// entries as `deny` numbers them, unless those words are a denied term themselves (`deny rm 1917`).
    func remove(_ text: String) throws -> Output {
        let terms = try store.userTerms()
        let searches = try store.deniedSearches()
        let isDenied =
            terms.contains(DenyListStore.normalized(text))
            || searches.contains { Text.fold($0.terms) == Text.fold(text) }
        guard !isDenied, text.allSatisfy({ $0.isASCII && ($0.isNumber || " ,-".contains($0)) }),
            let ranges = try? RangeSpec.parse(text)
        else {
            let removedTerm = try store.remove(text) > 0
            let removedSearches = try store.removeSearches { Text.fold($0.terms) == Text.fold(text) }
            guard removedTerm || !removedSearches.isEmpty else {
                throw UsageError("\"\(text)\" is not denied (deny lists the terms, numbered for deny rm N)")
            }
            return removed(removedTerm ? [DenyListStore.normalized(text)] : [], removedSearches)
        }
        let count = terms.count + searches.count
        guard count > 0, let chosen = try? ranges.indices(count: count) else {
            throw UsageError.notFound(
                count == 0
                    ? "\"\(text)\" is not denied: nothing is (deny add TERM denies a term)"
                    : "there is no entry \(Text.brief(text)): deny lists entries 1 to \(count)")
        }
        var removedTerms: [String] = []
        for index in chosen where index < terms.count {
            if try store.remove(terms[index]) > 0 { removedTerms.append(terms[index]) }
        }
        let keys = Set(chosen.filter { $0 >= terms.count }.map { searches[$0 - terms.count].key })
        return removed(removedTerms, try store.removeSearches { keys.contains($0.key) })
    }

    /// What `deny rm` says: each entry it removed, by name.
    private func removed(_ terms: [String], _ searches: [DeniedSearch]) -> Output {
        var output = Output()
        for term in terms { output.say("\"\(term)\" may be searched again.") }
        for search in searches {
            output.say("\(search.description) may be searched again (it was an automatic entry).")
        }
        output.json[.removed] = .object([
            "term": .bool(!terms.isEmpty), "automatic": .array(searches.map { Self.json($0).value }),
        ])
        return output
    }

    /// `deny import FILE`: the terms of a file, one a line (`#` starts a comment line).
    func importTerms(from path: String) throws -> Output {
        let url = wiring.context.resolve(path)
        guard let data = try wiring.context.fileStore.read(url) else {
            throw StoreError.unreadable(path: url.path, reason: "no such file")
        }
        let terms = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmedSpaces() }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let added = try store.add(terms)
        var output = Output()
        output.say("Imported \(added) new denied term\(added == 1 ? "" : "s") (\(terms.count - added) already there).")
        output.json[.imported] = .int(added)
        return output
    }
}
