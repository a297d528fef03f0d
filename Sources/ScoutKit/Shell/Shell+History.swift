import Foundation

extension Shell {
    func historyCommand(_ command: Command.History) async throws -> Output {
        switch command {
        case .list(let n):
            let log = try history.log()
            let shown = Array((1..<(log.count + 1)).suffix(n ?? 20))
            var output = historyList(shown, in: log, empty: "No searches yet.")
            if shown.count < log.count {
                output.say("(the last \(shown.count) of \(log.count): history N shows more, history search TEXT finds one)")
            }
            output.json["total"] = .int(log.count)
            return output
        case .search(let text):
            let log = try history.log()
            return historyList(log.matching(text), in: log, empty: "No past search matches \"\(text)\".")
        case .rerun(let n):
            let log = try history.log()
            guard let entry = try Self.entry(n, in: log) else { throw UsageError("no searches yet: nothing to re-run") }
            var output = Output()
            // Exactly what runs, options included, quoted so that it can be pasted back.
            let line = Tokenizer.searchLine(entry.query)
            output.say("Re-running: \(line)")
            output.json["rerun"] = .string(line)
            output.merge(try await search(entry.query))
            return output
        case .remove(let n):
            let log = try history.log()
            guard let entry = try Self.entry(n, in: log) else { throw UsageError("no searches yet") }
            try history.remove(ids: [entry.id])
            var output = Output()
            output.say("Removed search \(n) (\(entry.source) \(Self.describe(terms: entry.terms))).")
            return output
        case .clear:
            try history.clear()
            var output = Output()
            output.say("History cleared.")
            return output
        }
    }

    /// Search terms as listings show them: quoted, or `everything` for a search without terms.
    static func describe(terms: String) -> String {
        terms.isEmpty ? "everything" : "\"\(terms)\""
    }

    /// Entry `n` (from 1), or the newest for nil.
    static func entry(_ n: Int?, in log: HistoryLog) throws(UsageError) -> HistoryEntry? {
        guard log.count > 0 else { return nil }
        let n = n ?? log.count
        guard n >= 1, n <= log.count else { throw UsageError("there is no search \(n): history has 1 to \(log.count)") }
        guard let entry = log.entry(n) else { throw UsageError("search \(n) could not be read") }
        return entry
    }

    func historyList(_ numbers: [Int], in log: HistoryLog, empty: String) -> Output {
        let shown = numbers.compactMap { n in log.entry(n).map { (offset: n - 1, element: $0) } }
        let total = log.count
        var output = Output()
        if shown.isEmpty { output.say(empty) }
        let width = String(total).count
        var formatter = MinuteFormatter(timeZone: context.calendar.timeZone)
        for (offset, entry) in shown {
            let filters = entry.filters.sorted { $0.key < $1.key }.map { " --\($0.key) \($0.value)" }.joined()
            var line = "\(String(offset + 1).leftPadded(to: width, with: " "))  \(formatter.string(entry.time))  "
                + "\(DisplayWidth.pad(entry.source, to: 11)) \(Self.describe(terms: entry.terms))\(filters)  \(entry.count) result\(entry.count == 1 ? "" : "s")"
            if !entry.chosen.isEmpty { line += "  → " + entry.chosen.map(\.title).joined(separator: ", ") }
            output.say(fitted(line))
        }
        guard context.json else { return output }
        output.json["history"] = .array(shown.map { offset, entry in
            .object(["n": .int(offset + 1), "time": .string(ISODate.string(entry.time)),
                     "source": .string(entry.source), "terms": .string(entry.terms),
                     "filters": .object(entry.filters.mapValues(JSONValue.string)), "count": .int(entry.count),
                     "chosen": .array(entry.chosen.map { .object(["id": .string($0.id), "title": .string($0.title)]) })])
        })
        return output
    }

    func deny(_ command: Command.Deny) throws -> Output {
        var output = Output()
        switch command {
        case .list:
            let terms = try denyList.userTerms()
            let searches = try denyList.deniedSearches()
            if terms.isEmpty && searches.isEmpty {
                output.say("No denied terms: deny add TERM keeps a term from ever being searched.")
            }
            for (index, term) in terms.enumerated() { output.say("\(index + 1). \(term)") }
            var formatter = MinuteFormatter(timeZone: context.calendar.timeZone)
            for (index, search) in searches.enumerated() {
                output.say(fitted("\(terms.count + index + 1). \(search.description)  (automatic: found nothing on \(formatter.string(search.time)))"))
            }
            if !searches.isEmpty {
                output.say("An automatic entry refuses only that same search; deny rm TERM removes it.")
            }
            output.json["terms"] = .array(terms.map(JSONValue.string))
            output.json["automatic"] = .array(searches.map { Self.json($0) })
        case .add(let term):
            let added = try denyList.add([term])
            output.say(added == 1 ? "Denied \"\(term)\": searches equal to it or starting with it are refused." : "\"\(term)\" was already denied.")
        case .remove(let term):
            let removedTerm = try denyList.remove(term) > 0
            let removedSearches = try denyList.removeSearches(term)
            guard removedTerm || !removedSearches.isEmpty else { throw UsageError("\"\(term)\" is not denied (deny lists the terms)") }
            if removedTerm { output.say("\"\(term)\" may be searched again.") }
            for search in removedSearches { output.say("\(search.description) may be searched again (it was an automatic entry).") }
            output.json["removed"] = .object(["term": .bool(removedTerm), "automatic": .array(removedSearches.map { Self.json($0) })])
        case .importFile(let path):
            let url = context.resolve(path)
            guard let data = try context.fileStore.read(url) else { throw StoreError.unreadable(path: url.path, reason: "no such file") }
            let terms = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            let added = try denyList.add(terms)
            output.say("Imported \(added) new denied term\(added == 1 ? "" : "s") (\(terms.count - added) already there).")
            output.json["imported"] = .int(added)
        }
        return output
    }

    /// A search that found nothing, for `--json`: with `term` and `automatic` too when it says what was
    /// refused or added, as a denied term does.
    static func json(_ search: DeniedSearch, asTerm: Bool = false) -> JSONValue {
        var fields: [String: JSONValue] = ["source": .string(search.source), "terms": .string(search.terms),
                                           "options": .object(search.options.mapValues(JSONValue.string)), "time": .string(ISODate.string(search.time))]
        if asTerm {
            fields["term"] = .string(search.terms)
            fields["automatic"] = .bool(true)
        }
        return .object(fields)
    }

    // MARK: Refusing searches, and remembering those that found nothing

    /// The options a search in `source` runs with: an iTunes search's country and language are the
    /// settings' unless it names them, so that a search in another store is another search.
    func effectiveOptions(of query: SearchQuery, in source: any Source) -> [String: String] {
        var options = query.options
        if source is ITunesSource {
            options["country"] = options["country"] ?? settings.country
            options["lang"] = options["lang"] ?? settings.lang
        }
        return options
    }

    /// The failure of a refused search, with what refuses it and how to allow it (and `refused` for
    /// `--json`); nil when the search may be sent. Searches that found nothing refuse only the same
    /// search, and never one in the catalog.
    func refusal(of query: SearchQuery, in source: any Source) throws -> Output? {
        let effective = SearchQuery(source: source.name, terms: query.terms, options: effectiveOptions(of: query, in: source))
        guard let refusal = try denyList.refusal(of: effective, automatic: !(source is CatalogSource)) else { return nil }
        var output = Output()
        switch refusal {
        case .term(let term):
            output.fail("refused: \"\(Text.brief(query.terms))\" matches the denied term \"\(term)\" (deny rm \(term) to allow it); nothing was sent")
            output.json["refused"] = .object(["term": .string(term), "automatic": .bool(false)])
        case .search(let search):
            var formatter = MinuteFormatter(timeZone: context.calendar.timeZone)
            output.fail("refused: \(search.description) found nothing on \(formatter.string(search.time)), so it is not sent again"
                        + " (deny rm \(search.terms) allows it); nothing was sent")
            output.json["refused"] = Self.json(search, asTerm: true)
        }
        return output
    }

    /// After a search that found nothing: a remote one, answered by the service (not the cache), is
    /// remembered so that the same search is not sent again, unless `set auto-deny off`; says so, and
    /// `denied` for `--json`. A failed write is a warning: the search itself went well.
    func rememberEmptySearch(_ query: SearchQuery, in source: any Source, answer: ResultPage, into output: inout Output) {
        guard !(source is CatalogSource), settings.autoDeny, answer.note == nil, answer.items.isEmpty else { return }
        let search = DeniedSearch(source: source.name, terms: query.terms, options: effectiveOptions(of: query, in: source), time: context.now())
        do {
            guard try denyList.add(search) else { return }
        } catch {
            output.warn("\(error)")
            return
        }
        output.say("Added \(search.description) to the deny list: this same search is not sent again"
                   + " (deny rm \(search.terms) undoes it; set auto-deny off stops this).")
        output.json["denied"] = Self.json(search, asTerm: true)
    }
}
