/// `where N|ID [--country CC]`: where a film is watched in a country (`set country`'s, else the one named):
/// streaming, free, with ads, to rent and to buy, from JustWatch via TMDb.
struct WhereCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "where",
        summary: "where a film streams, and where to rent or buy it, in your country or another",
        example: "where 1 --country US",
        topic: .library,
        positionals: [.init("N|ID", completer: .rows)],
        options: [
            .init(
                "--country", value: "CC", help: "that country's, such as US (default: set country)",
                values: .words(Settings.countries.map { $0.uppercased() }))
        ],
        details: .table(
            """
            N|ID       a row of the listing on screen (results, diary, ratings, watchlist), or an id such as
                       tt0137523, omdb:tt0137523 or tmdb:550; a series too
            each way   stream (a subscription), free, with ads, rent, buy: the services in TMDb's order, then the \
            page that links to them
            data       JustWatch's, through TMDb's API: it needs a key (set tmdb-key KEY, or TMDB_API_KEY); \
            answers are kept a day
            no key     what the iTunes Store asks to rent and to buy the film, labelled iTunes' prices
            """))

    var target: String
    var country: String?

    init(target: String, country: String?) {
        (self.target, self.country) = (target, country)
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        self.init(target: args.text("N|ID"), country: args.last("--country"))
    }

    static func service(in services: Services) -> WhereService { services.whereToWatch }

    func run(with service: WhereService) async throws -> Output {
        try await service.whereToWatch(target, country: country)
    }
}
