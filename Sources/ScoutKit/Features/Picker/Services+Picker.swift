import FoundationEssentials

/// The candidates the picker opens over, for `pick`, Ctrl-R and `scripts/bench`.
extension Services {
    /// The candidates, newest first.
    func pickerCorpus(_ over: PickCommand.Over) throws -> PickerCorpus {
        switch over {
        case .history:
            return try history.pickerCorpus()
        case .fav:
            return favourites.pickerCorpus()
        case .results:
            try browse.requireResults()
            let rows = browse.results.displayed
            return PickerCorpus(
                rows.enumerated().map { offset, item in
                    .init(
                        value: String(offset + 1), text: SafeText.clean("\(offset + 1)  \(Renderer.summary(item))"),
                        recency: rows.count - offset)
                }, earlierMatchFirst: true)
        case .diary, .ratings, .watchlist:
            return try library.pickerCorpus(over)
        }
    }
}

extension Services {
    /// `pick`: with a filter, the candidates ranked and printed; else the picker chooses, and the choice is acted on.
    func pick(_ over: PickCommand.Over, filter: String?) async throws -> Output {
        let corpus = try pickerCorpus(over)
        var output = Output()
        if let query = filter {
            let ranked = PickerMatcher(corpus).rank(PickerQuery(query)).matches
            // fzf --filter's habit: the matches, best first, a line each; nothing matched prints nothing and
            // exits 1, so that a script can test it.
            for match in ranked { output.say(corpus.text(match.index)) }
            output.pageable = false
            if ranked.isEmpty { output.status = ExitStatus.failure.rawValue }
            if wiring.context.json {
                output.json = TypedJSON.listing(
                    ranked.map { match in
                        JSONObject<PickedField>([
                            .value: .string(corpus.value(match.index)), .text: .string(corpus.text(match.index)),
                            .score: .int(match.score),
                        ])
                    }, total: ranked.count)
            }
            return output
        }
        guard let picker = wiring.context.picker else {
            throw UsageError(
                "pick needs a terminal: in a script, history search TEXT finds past searches, and pick "
                    + "\(over.rawValue) --filter QUERY prints the ranked matches"
            )
        }
        guard corpus.count > 0 else {
            let empty =
                switch over {
                case .history: "No searches yet."
                case .fav: "No favourites yet."
                case .results: "No rows to pick from."
                case .diary: "The diary is empty."
                case .ratings: "No ratings yet."
                case .watchlist: "The watchlist is empty."
                }
            output.say(empty)
            return output
        }
        let request = PickerRequest(
            corpus: corpus, multiple: over != .history, finder: wiring.settings().picker, title: over.rawValue)
        switch await picker(request) {
        case .cancelled:
            return output
        case .failed(let problem):
            throw UsageError(problem)
        case .chosen(let values):
            return try await act(on: values, over: over)
        }
    }

    /// History: the line goes to the prompt; favourites: shown; results: selected.
    private func act(on values: [String], over: PickCommand.Over) async throws -> Output {
        var output = Output()
        switch over {
        case .history:
            output.prefill = values.first
        case .fav:
            output.merge(try favourites.show(ids: values))
        case .results:
            let rows = values.compactMap(Int.init).sorted()
            guard !rows.isEmpty else { return output }
            output.merge(try browse.select(try RangeSpec.parse(rows.map(String.init).joined(separator: ","))))
        case .diary, .ratings, .watchlist:
            output.merge(try library.cards(values))
        }
        return output
    }
}
