import FoundationEssentials

/// Fetches an image into the art cache: within the timeout and 16 MB, an error page never kept. A value of
/// plain settings, so that favourites' artwork is fetched off the main actor, while scout waits at the
/// prompt.
struct ArtFetcher: Sendable {
    let cache: ArtCache
    let timeout: Int
    let network: NetworkSettings
    /// The variable naming a server that stands in for every image server (the tests' fixture server).
    static let urlVariable = "SCOUT_ART_URL"
    /// That server, when the variable names one.
    let standIn: URL?
    let capBytes: Int
    /// The addresses of favourites' artwork, the last to leave the cache.
    let favourites: Set<String>

    func fetch(_ url: String) async throws -> Data {
        guard var address = URL(string: url), ["http", "https"].contains(address.scheme?.lowercased() ?? ""),
            let host = address.host
        else { throw SourceError.notConfigured("its address is not a web address") }
        if let standIn, let moved = URL(string: standIn.absoluteString + "/art/" + host + address.path) {
            address = moved
        }
        var fetcher = HTTPFetcher(timeout: .seconds(timeout), maxBodyBytes: 16 << 20, network: network)
        fetcher.accept = "image/jpeg, image/png"
        let response: HTTPResponse
        do {
            response = try await fetcher.get(address)
        } catch {
            // Not --offline's hint: an image that was never fetched is not in the cache either.
            guard case .unreachable(let host, let reason, _) = error else { throw error.withoutOfflineAdvice }
            throw SourceError.notConfigured("cannot reach \(host) (\(reason)): check the network, or try again later")
        }
        guard (200..<300).contains(response.status) else { throw SourceError.http(status: response.status, url: url) }
        _ = try ArtFormat.of(response.body)
        cache.keep(response.body, for: url, capBytes: capBytes, favourites: favourites)
        return response.body
    }
}
