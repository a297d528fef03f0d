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

/// What the picker opens over, for `pick`, Ctrl-R and `scripts/bench`.
public enum PickerCandidates {
    /// The history picker's candidates: the lines typed at the prompt, newest first, then the past
    /// searches' lines not among them, each once, newest first (`HistoryLines`).
    public static func history(history: HistoryStore, lineHistory: URL, store: FileStore) throws -> PickerCorpus {
        try HistoryLines.corpus(history: history, store: store).merging(
            typed: LineHistoryStore(url: lineHistory, store: store).load())
    }
}
