/// How the results are shown: what `filter`, `sort`, `group` and the page size make of them.
struct ResultView: Equatable {
    /// What `group` sections results by (`none` undoes it).
    static let groupKeys = ["year", "cuisine", "genre", "kind", "none"]

    var filter: String?
    var sort: SortOrder?
    /// The field rows are grouped by, if any.
    var groupField: String?
    /// Lines a page may use for its rows (and, fitting the window, its group headings).
    var pageLines: Int
    /// Whether a page fits the window, group headings counted: on a terminal with `page-size` not set.
    var pagesFitWindow: Bool
}
