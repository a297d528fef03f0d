/// `favourites.json`: `{"version": 1, "favourites": [...]}`, oldest first.
struct FavouritesFile: Codable, Equatable {
    var version = 1
    var favourites: [Favourite] = []

    init(favourites: [Favourite] = []) {
        self.favourites = favourites
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decodeIfPresent(Int.self, forKey: .version) ?? 1
        favourites = try c.decodeIfPresent([Favourite].self, forKey: .favourites) ?? []
    }
}
