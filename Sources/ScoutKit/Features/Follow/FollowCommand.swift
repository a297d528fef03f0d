/// `follow [letterboxd USER [--friend]]`: follows a Letterboxd member's diary through its public feed; alone,
/// lists whom you follow.
struct FollowCommand: ServiceCommand, Equatable {
    static func service(in services: Services) -> FollowService { services.follow }

    static let spec = CommandSpec(
        name: "follow", summary: "follow a Letterboxd diary through its public feed; yours joins the library",
        example: "follow letterboxd anna", topic: .library,
        positionals: [.choice(["letterboxd"], optional: true, noun: "service"), .init("USER", optional: true)],
        options: [.init("--friend", help: "a friend's diary: never added to your library")],
        details: .table(
            """
            follow  whom you follow, and how
            follow letterboxd USER  read USER's feed (letterboxd.com/USER/rss/) now: your diary's entries join the \
            library, each once however often it is read (an export of the same diary too), joined to its film by \
            TMDb's id, else title and year; given again, it reads the feed again
            edits  an entry edited on Letterboxd since the last read (its stars, its review) is edited here and said; \
            one taken out here stays out
            --friend  follow a friend's diary instead: their entries never join your library; check lists their new \
            ones (anna watched Past Lives (2023) ★★★★½ on 12 Nov)
            the feed  holds the newest 50 entries: import letterboxd an export for what came before (scout says when \
            entries may have gone through unread); lists and TV series in it are passed over, and a review never \
            logged gives the film its rating, not a viewing
            """))

    var member: String?
    var friend = false

    init(member: String?, friend: Bool) {
        (self.member, self.friend) = (member, friend)
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        member = args.given("USER")
        friend = args.has("--friend")
        if args.given("letterboxd") != nil, member == nil { throw args.usage() }
        if friend, member == nil { throw args.usage() }
    }

    func run(with follow: FollowService) async throws -> Output {
        guard let member else { return follow.list() }
        return try await follow.follow(member, friend: friend)
    }
}

/// `unfollow letterboxd USER`: stops reading a member's feed; what it added to the library stays.
struct UnfollowCommand: ServiceCommand, Equatable {
    static func service(in services: Services) -> FollowService { services.follow }

    static let spec = CommandSpec(
        name: "unfollow", summary: "stop following a Letterboxd diary (what it added stays)",
        example: "unfollow letterboxd anna", topic: .library,
        positionals: [.choice(["letterboxd"], noun: "service"), .init("USER", completer: .followed)])

    var member: String

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        member = args.text("USER")
    }

    func run(with follow: FollowService) async throws -> Output {
        try follow.unfollow(member)
    }
}
