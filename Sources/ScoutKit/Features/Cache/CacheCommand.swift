/// `cache` and `cache clear`: the caches' figures, and emptying them.
struct CacheCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "cache", summary: "response and art cache figures; clear them", example: "cache clear",
        topic: .session, subcommands: [Clear.self])

    static func service(in services: Services) -> CacheService { services.cache }

    func run(with cache: CacheService) async throws -> Output { cache.figures() }

    /// `cache clear`: both caches emptied.
    struct Clear: PlainCommand, ServiceCommand, Equatable {
        static let spec = CommandSpec(
            name: "clear", summary: "empty both caches", example: "cache clear", topic: .session)

        static func service(in services: Services) -> CacheService { services.cache }

        func run(with cache: CacheService) async throws -> Output { cache.clear() }
    }
}
