import FoundationEssentials

/// The session a user finds again on the next launch: what they searched, how they narrowed and ordered
/// it, the page, what they picked and what they were looking at.
///
/// Versioned Codable: every field decodes with a default, so `{}` and files of earlier versions load.
public struct SessionModel: Codable, Sendable, Equatable {
    public static let currentVersion = 1

    public var schemaVersion: Int = SessionModel.currentVersion
    public var lastVisited: Date?
    public var source: String = SourceRegistry.defaultSource
    public var query: SearchQuery?
    public var filter: String?
    public var sort: SortOrder?
    public var group: String?
    public var page: Int = 1
    public var selections: [Item] = []
    public var view: View = .list
    /// The history record of the current search, so `done` can say what was chosen in it.
    public var searchID: String?

    public enum View: Codable, Sendable, Equatable {
        case list
        case detail(id: String)
    }

    public init() {}

    /// A session file, read and written through `SessionCodec` where it can be. The current session's file
    /// (`often: true`) is written after every command that changes it, through its spare, and does not wait
    /// for its folder: after a power cut it may be one command older, the history holding that command
    /// (docs/DECISIONS.md, "What a search waits on the disk for"). A named session waits.
    public static func file(
        _ url: URL, label: String, store: FileStore, often: Bool = false
    ) -> StateFile<SessionModel> {
        StateFile(
            url, label: label, store: store, fastDecode: SessionCodec.decode, fastEncode: SessionCodec.encode,
            often: often)
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion, lastVisited, source, query, filter, sort, group, page, selections, view, searchID
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = SessionModel()
        schemaVersion = try c.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? defaults.schemaVersion
        lastVisited = try c.decodeIfPresent(Date.self, forKey: .lastVisited)
        source = try c.decodeIfPresent(String.self, forKey: .source) ?? defaults.source
        query = try c.decodeIfPresent(SearchQuery.self, forKey: .query)
        filter = try c.decodeIfPresent(String.self, forKey: .filter)
        sort = try c.decodeIfPresent(SortOrder.self, forKey: .sort)
        group = try c.decodeIfPresent(String.self, forKey: .group)
        page = max(1, try c.decodeIfPresent(Int.self, forKey: .page) ?? defaults.page)
        selections = try c.decodeIfPresent([Item].self, forKey: .selections) ?? []
        view = try c.decodeIfPresent(View.self, forKey: .view) ?? .list
        searchID = try c.decodeIfPresent(String.self, forKey: .searchID)
    }
}
