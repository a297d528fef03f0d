/// What a look at the watchlist's streaming finds (`watch streaming`, `check`): an item for each film and
/// service it streams on now, and each film's label, to name one that has gone since.
struct StreamingLook: Sendable {
    /// The saved search's source that marks a streaming watch (no source answers to it).
    static let source = "streaming"
    /// The name `watch streaming` saves it under.
    static let name = "streaming"

    var country: String
    /// The services it looked for (`set services`, as it lists them; empty: any).
    var services: String
    var items: [Item]
    /// Each watchlist film, by id: to name one that has gone.
    var films: [String: LibraryFilm]

    /// What it looked at, as a watch keeps it among its search's options: a check under other services or in
    /// another country compares nothing (what streams there is remembered anew).
    var scope: [String: String] { ["country": country, "services": services] }

    /// The id of a film on a service: `omdb:tt0137523@Netflix`.
    static func id(film: String, service: String) -> String { film + "@" + service }

    /// The film and the service of an id `id(film:service:)` made.
    static func parts(of id: String) -> (film: String, service: String) {
        let parts = id.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        return (parts.first.map(String.init) ?? id, parts.dropFirst().first.map(String.init) ?? "")
    }

    /// The item a remembered id stands for, once it is no longer found: the film's label, and the service it was on.
    func gone(_ id: String) -> Item {
        let (film, service) = Self.parts(of: id)
        var item = Item(id: id, title: films[film]?.title ?? film)
        item.add("year", films[film]?.year.map(String.init))
        item.add("was on", service)
        return item
    }
}
