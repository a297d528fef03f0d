/// What the picker is asked to show: the candidates (newest first), whether several may be marked, and
/// which finder the settings name.
public struct PickerRequest: Sendable {
    public var corpus: PickerCorpus
    public var multiple: Bool
    public var finder: Settings.PickerKind
    /// The line typed so far (Ctrl-R), to start the query with.
    public var query: String
    /// What the list is of, for the prompt line (`history`, `fav`, `results`).
    public var title: String

    public init(corpus: PickerCorpus, multiple: Bool, finder: Settings.PickerKind, query: String = "", title: String) {
        (self.corpus, self.multiple, self.finder, self.query, self.title) = (corpus, multiple, finder, query, title)
    }

    public init(
        candidates: [PickerMatcher.Candidate], multiple: Bool, finder: Settings.PickerKind, query: String = "",
        title: String
    ) {
        self.init(corpus: PickerCorpus(candidates), multiple: multiple, finder: finder, query: query, title: title)
    }
}

/// What came back: the values chosen (one, or those marked), nothing (left with Esc), or why no picker
/// could be shown.
public enum PickerAnswer: Sendable, Equatable {
    case chosen([String])
    case cancelled
    case failed(String)
}
