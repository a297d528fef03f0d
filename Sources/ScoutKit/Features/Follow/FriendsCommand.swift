/// `friends`: the last entries of each friend's diary followed, newest first, as the last read found them.
struct FriendsCommand: ServiceCommand, Equatable {
    static func service(in services: Services) -> FollowService { services.follow }

    static let spec = CommandSpec(
        name: "friends", summary: "what the friends you follow watched last, newest first",
        example: "friends", topic: .library,
        details: .table(
            """
            friends  the newest entries of each friend's diary (follow letterboxd USER --friend), newest first, \
            as the last read of their feeds found them: nothing is asked of Letterboxd (check reads them)
            """))

    init() {}

    init(_ args: CommandSpec.Arguments) throws(UsageError) {}

    func run(with follow: FollowService) async throws -> Output { follow.friends() }
}
