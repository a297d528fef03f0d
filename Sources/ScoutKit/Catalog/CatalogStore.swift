import FoundationEssentials
import Synchronization

/// Loads each catalog list once per process, from inside scout or from `SCOUT_CATALOG_URL`.
///
/// Not an actor: a call to an actor goes through a thread of Swift's pool, which a search of the built-in
/// catalog would start for nothing. Two searches asking at once for a list not loaded yet both load it.
public final class CatalogStore: Sendable {
    let origin: CatalogOrigin
    let fetcher: HTTPFetcher
    let offline: Bool
    private let loaded = Mutex<[CatalogKind: [Item]]>([:])

    public init(origin: CatalogOrigin, offline: Bool = false, fetcher: HTTPFetcher = HTTPFetcher()) {
        self.origin = origin
        self.offline = offline
        self.fetcher = fetcher
    }

    func items(_ kind: CatalogKind) async throws(SourceError) -> [Item] {
        if let items = loaded.withLock({ $0[kind] }) { return items }
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
        loaded.withLock { $0[kind] = items }
        return items
    }
}
