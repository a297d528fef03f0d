import FoundationEssentials

/// Where the catalog's two lists come from: the copy inside scout, or a server with the same endpoints.
public enum CatalogOrigin: Sendable {
    case builtin
    case server(URL)
}
