import FoundationEssentials

/// Loads each catalog list once per process, from inside scout or from `SCOUT_CATALOG_URL`.
public actor CatalogStore {
    let origin: CatalogOrigin
    let fetcher: HTTPFetcher
    let offline: Bool
    var loaded: [CatalogKind: [Item]] = [:]

    public init(origin: CatalogOrigin, offline: Bool = false, fetcher: HTTPFetcher = HTTPFetcher()) {
        self.origin = origin
        self.offline = offline
        self.fetcher = fetcher
    }

    func items(_ kind: CatalogKind) async throws(SourceError) -> [Item] {
        if let items = loaded[kind] { return items }
        let data: Data
        switch origin {
        case .builtin:
            data = Data((kind == .movies ? BuiltinCatalog.moviesJSON : BuiltinCatalog.restaurantsJSON).utf8)
        case .server(let base):
            if offline {
                throw .notConfigured(
                    "offline: the catalog at \(base.absoluteString) is not asked; leave --offline out, or unset "
                        + "SCOUT_CATALOG_URL for the built-in catalog"
                )
            }
            let url = base.appendingPathComponent(kind.rawValue)
            let response = try await fetcher.get(url)
            guard response.status == 200 else { throw .http(status: response.status, url: url.absoluteString) }
            data = response.body
        }
        let items = try CatalogDecoder.decode(kind, from: data)
        loaded[kind] = items
        return items
    }
}
