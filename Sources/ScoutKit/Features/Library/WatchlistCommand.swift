/// `watchlist [--streaming|--where]`: the films you want to see, oldest first; those that stream on your
/// services now, or every film with where it streams.
struct WatchlistCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "watchlist",

        summary: "the films you want to see, oldest first",
        example: "watchlist --streaming",
        topic: .library,
        options: [
            .init("--streaming", help: "those that stream now on your services (set services)", group: "where"),
            .init("--where", help: "every film, with where it streams or is rented", group: "where"),
        ],
        details: .table(
            """
            watchlist  every film on it, oldest first, with the day it was put there
            off  seen N (a diary entry) or unwant N takes a film off, as on Letterboxd
            --streaming  the films that stream now (a subscription, free or with ads) on one of your services \
            in your country, with them; set services names yours (none: any service)
            --where  every film, with where it streams, else where it is rented or bought
            data  JustWatch's, through TMDb (TMDB_API_KEY): each film asked once a day, 8 at a time
            """))

    var streaming = false
    var whereTo = false

    init(streaming: Bool = false, whereTo: Bool = false) {
        (self.streaming, self.whereTo) = (streaming, whereTo)
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        self.init(streaming: args.has("--streaming"), whereTo: args.has("--where"))
        if streaming, whereTo {
            throw UsageError("watchlist takes --streaming or --where, not both: usage: \(Self.spec.usage)")
        }
    }

    static func service(in services: Services) -> Services { services }

    func run(with services: Services) async throws -> Output {
        guard streaming || whereTo else { return try services.library.watchlist() }
        return try await services.whereToWatch.watchlist(streamingOnly: streaming)
    }
}
