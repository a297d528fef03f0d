import FoundationEssentials

/// One line of `history.jsonl`. A search is written when it runs; `done` later writes a record that
/// names the search it completes, so the file is only ever appended to.
struct HistoryRecord: Codable {
    enum Kind: String, Codable { case search, done }
    var kind: Kind
    var id: String
    var time: Date
    var source: String?
    var terms: String?
    var filters: [String: String]?
    var count: Int?
    /// For `done`: the search it completes.
    var search: String?
    var chosen: [HistoryEntry.Chosen]?
}
