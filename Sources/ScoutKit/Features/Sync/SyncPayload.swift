import FoundationEssentials
/// The keys of the synced state, as the local files hold it or the fold does.
struct SyncView: Equatable {
    var favourites: Set<String> = []
    /// Tag key (see `SyncFold.tagKey`) → the tag as typed.
    var tags: [String: String] = [:]
    /// Folded term → the term.
    var deny: [String: String] = [:]
    var history: Set<String> = []
    var library: Set<String> = []
    /// Name → the definition's bytes (`SavedDefinition`).
    var saved: [String: Data] = [:]
    var seen: [String: Set<String>] = [:]
    /// Name → the session file's text.
    var sessions: [String: String] = [:]
    /// Member → `own` or `friend`.
    var follows: [String: String] = [:]
}

/// The payload of the small kinds, one shape for all: each kind fills what it needs.
struct SyncPayload: Codable {
    var id: String?
    var obs: [String]?
    var fav: String?
    var tag: String?
    var term: String?
    var ids: [String]?
    var name: String?
    var def: Data?
    var body: String?
    var host: String?
    var digest: String?

    init() {}

    enum CodingKeys: String, CodingKey { case id, obs, fav, tag, term, ids, name, def, body, host, digest }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        obs = try c.decodeIfPresent([String].self, forKey: .obs)
        fav = try c.decodeIfPresent(String.self, forKey: .fav)
        tag = try c.decodeIfPresent(String.self, forKey: .tag)
        term = try c.decodeIfPresent(String.self, forKey: .term)
        ids = try c.decodeIfPresent([String].self, forKey: .ids)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        // A definition is kept as the JSON it was written as: compared and written back whole.
        def = try c.decodeIfPresent(SavedDefinition.self, forKey: .def).map(SavedDefinition.encode)
        body = try c.decodeIfPresent(String.self, forKey: .body)
        host = try c.decodeIfPresent(String.self, forKey: .host)
        digest = try c.decodeIfPresent(String.self, forKey: .digest)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(obs, forKey: .obs)
        try c.encodeIfPresent(fav, forKey: .fav)
        try c.encodeIfPresent(tag, forKey: .tag)
        try c.encodeIfPresent(term, forKey: .term)
        try c.encodeIfPresent(ids, forKey: .ids)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(def.flatMap(SavedDefinition.decode), forKey: .def)
        try c.encodeIfPresent(body, forKey: .body)
        try c.encodeIfPresent(host, forKey: .host)
        try c.encodeIfPresent(digest, forKey: .digest)
    }

    static func decode(_ data: Data) -> SyncPayload? {
        try? JSONDecoder.scout.decode(SyncPayload.self, from: data)
    }

    var encoded: Data {
        (try? JSONEncoder.scoutLine.encode(self)) ?? Data("{}".utf8)
    }
}
