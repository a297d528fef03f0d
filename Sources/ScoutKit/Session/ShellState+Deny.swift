import FoundationEssentials

/// The deny list's part in every search: refusing a denied one, remembering one that found nothing.
extension ShellState {
    /// The options a search in `source` runs with: an iTunes search's country and language are the
    /// settings' unless it names them, so that a search in another store is another search.
    func effectiveOptions(of query: SearchQuery, in source: any Source) -> [String: String] {
        source.effectiveOptions(of: query, settings: settings)
    }

    /// The failure of a refused search, with what refuses it and how to allow it (and `refused` for
    /// `--json`); nil when the search may be sent. Searches that found nothing refuse only the same
    /// search, and never one in the catalog.
    func refusal(of query: SearchQuery, in source: any Source) throws -> Output? {
        let effective = SearchQuery(
            source: source.name, terms: query.terms, options: effectiveOptions(of: query, in: source))
        guard let refusal = try denyList.refusal(of: effective, automatic: source.remembersEmptySearches) else {
            return nil
        }
        var output = Output()
        switch refusal {
        case .term(let term):
            output.fail(Self.refusedByTerm(query.terms, term), code: "refused")
            output.json["refused"] = .object(["term": .string(term), "automatic": .bool(false)])
        case .search(let search):
            var formatter = MinuteFormatter(timeZone: context.localTime)
            output.fail(
                "refused: \(search.description) found nothing on \(formatter.string(search.time)), so it is not "
                    + "sent again"
                    + " (deny rm \(Tokenizer.quoted(search.terms)) allows it); nothing was sent", code: "refused")
            output.json["refused"] = Self.json(search, asTerm: true)
        }
        return output
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
        guard source.remembersEmptySearches, settings.autoDeny, answer.note == nil, answer.items.isEmpty else { return }
        let search = DeniedSearch(
            source: source.name, terms: query.terms, options: effectiveOptions(of: query, in: source),
            time: context.now())
        do {
            guard try denyList.add(search) else { return }
        } catch {
            output.warn("\(error)")
            return
        }
        output.say(
            "Added \(search.description) to the deny list: this same search is not sent again"
                + " (deny rm \(Tokenizer.quoted(search.terms)) undoes it; set auto-deny off stops this).")
        output.json["denied"] = Self.json(search, asTerm: true)
    }

    /// A search that found nothing, for `--json`: with `term` and `automatic` too when it says what was
    /// refused or added, as a denied term does.
    nonisolated static func json(_ search: DeniedSearch, asTerm: Bool = false) -> JSONValue {
        var fields: [String: JSONValue] = [
            "source": .string(search.source), "terms": .string(search.terms),
            "options": .object(search.options.mapValues(JSONValue.string)), "time": TypedJSON.date(search.time),
        ]
        if asTerm {
            fields["term"] = .string(search.terms)
            fields["automatic"] = .bool(true)
        }
        return .object(fields)
    }
}
