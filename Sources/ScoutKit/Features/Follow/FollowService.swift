import FoundationEssentials
import Glibc

/// Following Letterboxd members through their public feeds (`https://letterboxd.com/USER/rss/`): the members
/// followed (`follows.json`), reading a feed (a conditional GET; the last answer kept in the cache) and what
/// becomes of it: the user's own diary joins the library; a friend's is only shown.
@MainActor final class FollowService {
    nonisolated static let urlVariable = "SCOUT_LETTERBOXD_URL"
    static let defaultBase = "https://letterboxd.com"

    private let store: FollowsStore
    private let wiring: ServiceWiring
    private let library: LibraryService

    init(wiring: ServiceWiring, library: LibraryService) {
        self.wiring = wiring
        self.library = library
        store = FollowsStore(
            url: wiring.context.paths.followsFile, store: wiring.context.fileStore, warn: wiring.warn)
    }

    /// Every member followed, by name.
    func all() -> [Follow] { store.all() }

    /// `follow`: who is followed, and how: one row a member, and the same members as `--json`'s `follows`.
    func list() -> Output {
        let follows = store.all()
        var output = Output()
        guard !follows.isEmpty else {
            output.say("You follow no one: follow letterboxd USER reads your diary's feed into the library.")
            return output
        }
        var view = ListingView(json: {
            [.follows: .array(follows.map { .object(["member": .string($0.member), "friend": .bool($0.friend)]) })]
        })
        for follow in follows {
            view.row(
                "letterboxd \(follow.member)  "
                    + (follow.friend
                        ? "a friend's diary: check lists their new entries" : "your diary: joins the library"))
        }
        output.show(view)
        return output
    }

    /// `friends`: the friends' newest entries, newest first, from the copy of each feed the last read kept (no
    /// request): a row an entry, `ben  21 Nov  Past Lives (2023) ★★★★½`.
    func friends() -> Output {
        let friends = store.all().filter(\.friend)
        var output = Output()
        guard !friends.isEmpty else {
            output.say("You follow no friend's diary: follow letterboxd USER --friend follows one.")
            return output
        }
        let context = wiring.context
        var entries: [(member: String, entry: LetterboxdFeed.Entry)] = []
        for friend in friends {
            let kept = FeedCache(folder: context.paths.cache, store: context.fileStore, member: friend.member).load()
            guard let body = kept?.body, let feed = try? LetterboxdFeed.read(body) else { continue }
            entries += feed.entries.filter { $0.day != nil }.prefix(Self.friendsShown).map { (friend.member, $0) }
        }
        entries.sort { $0.entry.isNewer(than: $1.entry) }
        guard !entries.isEmpty else {
            output.say("Nothing read of your friends' feeds yet: check reads them.")
            return output
        }
        let rows = entries.map { FeedLook.json(of: $0.entry, by: $0.member) }
        var view = ListingView(json: { [.friends: .array(rows)] })
        for (member, entry) in entries { view.row(watched(entry, by: member)) }
        output.show(view)
        return output
    }

    /// Each friend's newest entries `friends` lists.
    static let friendsShown = 10

    /// `follow letterboxd USER [--friend]`: the feed read now (a name that is no member's is refused before it
    /// is kept), then the member kept; your own diary's entries join the library.
    func follow(_ word: String, friend: Bool) async throws -> Output {
        let member = try Self.member(word)
        let feed = try await read(member)
        let (added, changed) = try store.modify { follows -> ((Bool, Bool), changed: Bool) in
            if let index = follows.firstIndex(where: { $0.member == member }) {
                guard follows[index].friend != friend else { return ((false, false), false) }
                follows[index].friend = friend
                return ((false, true), true)
            }
            follows.append(Follow(member: member, friend: friend, since: wiring.context.now()))
            return ((true, false), true)
        }
        var output = Output()
        let how = friend ? "as a friend's diary" : "as your own diary"
        output.say(
            added
                ? "Following \(member) on Letterboxd, \(how)."
                : changed ? "Now following \(member) \(how)." : "Already following \(member) \(how): read again.")
        if friend {
            // Remembered, so that what they log next is what is new.
            FeedMemory(of: feed).save(
                FeedMemory.url(in: wiring.context.paths, member: member), store: wiring.context.fileStore)
            output.say("Their entries stay out of your library: check lists the new ones.")
        } else {
            output.merge(try taken(feed))
        }
        return output
    }

    /// `unfollow letterboxd USER`: stops reading the feed; what it added to the library stays.
    func unfollow(_ word: String) throws -> Output {
        let member = try Self.member(word)
        let removed = try store.modify { follows -> (Bool, changed: Bool) in
            let before = follows.count
            follows.removeAll { $0.member == member }
            return (follows.count < before, follows.count < before)
        }
        guard removed else {
            let followed = store.all().map(\.member)
            throw UsageError.notFound(
                "you do not follow \(member)"
                    + (followed.isEmpty ? "" : ": follow lists whom you do (\(Text.sentence(followed)))"))
        }
        var output = Output()
        output.say("No longer following \(member); what their feed added to your library stays.")
        return output
    }

    /// What a feed of your own diary added to the library and changed in it: an entry edited on Letterboxd since
    /// the last read is said (`Letterboxd: Mercy (2026) ★★★ → ★★★½`), and so, once, is an entry read last time
    /// that the feed no longer holds, the newest then: entries logged since may have gone through its window.
    private func taken(_ feed: LetterboxdFeed) throws -> Output {
        let (added, rest, warnings, taken) = try take(feed)
        var output = Output()
        for warning in warnings { output.warn(warning) }
        for edit in taken.edits { output.say("Letterboxd: \(edit)") }
        output.say((added.map { "From the feed: added \($0)" } ?? "Nothing new in the feed") + rest + ".")
        output.json[.diary] = .int(taken.diary)
        output.json[.ratings] = .int(taken.ratings)
        output.json[.reviews] = .int(taken.reviews)
        output.json[.known] = .int(taken.known)
        output.json[.skipped] = .int(feed.lists + feed.shows + feed.problems.count)
        return output
    }

    /// Your own feed into the library: what it added, in words (`2 diary entries and 2 ratings`; none when
    /// nothing), what it left (`; 3 already in the library`), the warnings (bad items, the window), and what it
    /// added and edited.
    private func take(_ feed: LetterboxdFeed) throws -> (
        added: String?, rest: String, warnings: [String], taken: LibraryService.FeedTaken
    ) {
        let context = wiring.context
        let memoryURL = FeedMemory.url(in: context.paths, member: feed.member)
        let memory = FeedMemory.load(memoryURL, store: context.fileStore)
        var edited: [LetterboxdFeed.Entry] = []
        var warnings = feed.problems.map { "\(feed.member)'s feed: \($0)" }
        if let memory {
            edited = feed.entries.filter { entry in
                memory.seen(entry, in: feed).map { $0.stars != entry.stars || $0.review != entry.review } ?? false
            }
            if let newest = memory.newest, let was = memory.entries[newest],
                !feed.entries.contains(where: {
                    $0.guid == newest || ($0.title == was.title && $0.year == was.year && $0.day == was.day)
                })
            {
                let label = was.year.map { "\(was.title) (\($0))" } ?? was.title
                warnings.append(
                    "\(feed.member)'s feed no longer holds \(label)\(was.day.map { " of \($0)" } ?? ""), the newest "
                        + "entry it held last time: entries logged since may have gone through its window of 50 "
                        + "unread; import letterboxd a new export to fill any gap")
            }
        }
        let taken = try library.takeFeed(feed, edited: edited)
        FeedMemory(of: feed).save(memoryURL, store: context.fileStore)
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        var added: [String] = []
        if taken.diary > 0 { added.append(count(taken.diary, "diary entry", "diary entries")) }
        if taken.ratings > 0 {
            added.append(
                count(taken.ratings, "rating", "ratings")
                    + (taken.unlogged > 0 ? " (\(taken.unlogged) from a review never logged)" : ""))
        }
        if taken.reviews > 0 { added.append(count(taken.reviews, "review", "reviews")) }
        var rest = ""
        if taken.known > 0 { rest += "; \(taken.known) already in the library" }
        var passed: [String] = []
        if feed.lists > 0 { passed.append(count(feed.lists, "list", "lists")) }
        if feed.shows > 0 { passed.append(count(feed.shows, "TV series", "TV series")) }
        if !passed.isEmpty { rest += "; passed over \(Text.sentence(passed)) (scout keeps films)" }
        return (added.isEmpty ? nil : Text.sentence(added), rest, warnings, taken)
    }

    // MARK: What check reads

    /// Every followed feed (your own only, without `friends`: what `sync` reads), read at once, as `check` says
    /// them: your own diary's new entries join the library; a friend's entries that no read showed before are
    /// listed (the first read only remembers them).
    func look(friends: Bool = true) async -> [FeedLook] {
        let follows = store.all().filter { friends || !$0.friend }
        guard !follows.isEmpty else { return [] }
        // Each feed asked at once (the tasks wait on the network side by side), or why it could not be read.
        let reads = follows.map { follow in
            Task { @MainActor () -> (feed: LetterboxdFeed?, failure: String) in
                do { return (try await self.read(follow.member, waiting: false), "") } catch {
                    return (nil, SafeText.clean("\(error)"))
                }
            }
        }
        var read: [(feed: LetterboxdFeed?, failure: String)] = []
        for task in reads {
            read.append(
                await withTaskCancellationHandler {
                    await task.value
                } onCancel: {
                    task.cancel()
                })
        }
        var looks: [FeedLook] = []
        for (follow, (feed, failure)) in zip(follows, read) {
            var look = FeedLook(member: follow.member, friend: follow.friend)
            do {
                guard let feed else { throw UsageError(failure) }
                if follow.friend {
                    look.entries = friendsNew(feed)
                    look.new = look.entries.count
                    look.lines =
                        look.entries.isEmpty
                        ? ["\(follow.member): nothing new"] : look.entries.map { watched($0, by: follow.member) }
                } else {
                    let (added, rest, warnings, taken) = try take(feed)
                    look.warnings = warnings
                    look.lines =
                        ["\(follow.member), your diary: \(added.map { "added \($0)" } ?? "nothing new")\(rest)"]
                        + taken.edits.map { "  edited on Letterboxd: \($0)" }
                    look.new = taken.diary + taken.ratings + taken.edits.count
                }
            } catch {
                look.failure = SafeText.clean("\(error)")
            }
            looks.append(look)
        }
        return looks
    }

    /// A friend's entries no read showed before, newest watched first; the feed remembered for the next read.
    private func friendsNew(_ feed: LetterboxdFeed) -> [LetterboxdFeed.Entry] {
        let context = wiring.context
        let url = FeedMemory.url(in: context.paths, member: feed.member)
        let memory = FeedMemory.load(url, store: context.fileStore)
        FeedMemory(of: feed).save(url, store: context.fileStore)
        guard let memory else { return [] }
        return feed.entries.filter { $0.day != nil && memory.seen($0, in: feed) == nil }.sorted { $0.isNewer(than: $1) }
    }

    /// `anna watched Past Lives (2023) ★★★★½ on 12 Nov`.
    private func watched(_ entry: LetterboxdFeed.Entry, by member: String) -> String {
        var line = "\(member) \(entry.rewatch ? "rewatched" : "watched") \(entry.label)"
        if let stars = entry.stars { line += " \(library.starText(stars))" }
        if let day = entry.day, let month = Int(day.dropFirst(5).prefix(2)), let date = Int(day.suffix(2)),
            (1...12).contains(month)
        {
            // The year, when it is not this one.
            let year = day.prefix(4) == Day.of(wiring.context.now()).prefix(4) ? "" : " \(day.prefix(4))"
            line += " on \(date) \(Day.monthNames[month - 1].prefix(3))\(year)"
        }
        return SafeText.clean(line)
    }

    // MARK: Reading a feed

    /// A member's username as typed, or from their profile's address (`https://letterboxd.com/anna/`).
    nonisolated static func member(_ word: String) throws(UsageError) -> String {
        var name = word
        if let match = word.firstMatch(of: /letterboxd\.com\/([^\/?#]+)/) { name = String(match.1) }
        name = name.lowercased()
        guard !name.isEmpty, name.count <= 40,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else {
            throw UsageError(
                "\"\(Text.brief(word))\" is not a Letterboxd username: give the name in your profile's address "
                    + "(letterboxd.com/NAME/)")
        }
        return name
    }

    /// The feed's address: `SCOUT_LETTERBOXD_URL` in place of Letterboxd's, for a stand-in server.
    private func address(of member: String) throws(UsageError) -> URL {
        let context = wiring.context
        if let problem = context.urlProblem(Self.urlVariable) { throw UsageError(problem) }
        let base = context.serviceURL(Self.urlVariable)?.absoluteString ?? Self.defaultBase
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        guard let url = URL(string: "\(trimmed)/\(member)/rss/") else {
            throw UsageError(
                "\(Self.urlVariable) does not make a feed's address: set it to one such as http://127.0.0.1:8080")
        }
        return url
    }

    /// The member's feed now: asked with the last answer's ETag and date, so that an unchanged feed comes back
    /// as "not modified" and is read from the cache. Every failure is one line that says what to do; nothing is
    /// changed by it.
    func read(_ member: String, waiting: Bool = true) async throws -> LetterboxdFeed {
        let context = wiring.context
        let settings = wiring.settings()
        if context.offline || settings.offline {
            throw UsageError(
                "reading \(member)'s feed asks Letterboxd, and scout is offline: leave --offline out, or set offline "
                    + "off",
                code: "offline")
        }
        let url = try address(of: member)
        let cache = FeedCache(folder: context.paths.cache, store: context.fileStore, member: member)
        let kept = cache.load()
        var fetcher = HTTPFetcher(
            timeout: .seconds(settings.timeout), maxBodyBytes: LetterboxdFeed.maxBytes, network: context.network)
        fetcher.accept = "application/rss+xml, application/xml;q=0.9, text/xml;q=0.8"
        var headers: [String] = []
        if kept?.body != nil {
            if let etag = kept?.etag { headers.append("If-None-Match: \(etag)") }
            if let modified = kept?.lastModified { headers.append("If-Modified-Since: \(modified)") }
        }
        let response: HTTPResponse
        do {
            response =
                waiting
                ? try await wiring.waiting("reading \(member)'s Letterboxd feed") {
                    try await fetcher.get(url, headers: headers)
                } : try await fetcher.get(url, headers: headers)
        } catch {
            throw UsageError("could not read \(member)'s Letterboxd feed: \(error)", code: "unreachable")
        }
        let body: Data
        switch response.status {
        case 200: body = response.body
        case 304:
            // Not modified since the copy kept; a server that says so unasked leaves nothing to read.
            guard let cached = kept?.body else {
                throw UsageError(
                    "Letterboxd answered \"not modified\" for \(member)'s feed, of which scout keeps no copy: try "
                        + "again later",
                    code: "unreachable")
            }
            body = cached
        case 404, 410:
            throw UsageError.notFound(
                "Letterboxd has no member \(member), or their profile is private: check the name in letterboxd.com/"
                    + "\(member)/")
        case 403:
            throw UsageError(
                "Letterboxd refused \(member)'s feed (HTTP 403): the profile may be private, or Letterboxd is "
                    + "turning requests away; try again later",
                code: "refused")
        default:
            throw UsageError(
                "Letterboxd answered HTTP \(response.status) for \(member)'s feed: try again later", code: "unreachable"
            )
        }
        let feed: LetterboxdFeed
        do {
            feed = try LetterboxdFeed.read(body)
        } catch {
            throw UsageError(Self.problem(error, member: member), code: "feed")
        }
        guard feed.member == member else {
            throw UsageError(
                "\(url.absoluteString) is \(feed.member)'s feed, not \(member)'s: check the name"
                    + (context.serviceURL(Self.urlVariable) == nil ? "" : " and \(Self.urlVariable)"),
                code: "feed")
        }
        if response.status == 200 {
            cache.save(body: body, etag: response.etag, lastModified: response.lastModified)
        }
        return feed
    }

    /// What went wrong with a feed's body, in words: what happened and what to do.
    static func problem(_ problem: LetterboxdFeed.Problem, member: String) -> String {
        switch problem {
        case .empty: "Letterboxd sent an empty answer for \(member)'s feed: try again later"
        case .webPage:
            "Letterboxd sent a web page, not \(member)'s feed (it may be taking a short break): try again later"
        case .notAFeed: "what came for \(member) is not a Letterboxd member's feed: check the name"
        case .malformed(let line):
            "\(member)'s feed is not well-formed XML (line \(line)): try again later"
        case .declaresDTD: "\(member)'s feed declares a DTD, which scout never reads: it was not read"
        case .tooLarge:
            "\(member)'s feed is larger than \(LetterboxdFeed.maxBytes / 1_048_576) MB, more than any feed holds: it "
                + "was not read"
        case .noParser:
            getenv("SCOUT_LIBXML2").map { _ in "SCOUT_LIBXML2 names no libxml2 scout can load: unset it" }
                ?? "reading a feed needs libxml2: run  sudo apt-get install libxml2"
        }
    }
}
