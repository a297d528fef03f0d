import FoundationEssentials

/// A member's Letterboxd feed (`https://letterboxd.com/USER/rss/`) as scout reads it: the diary entries and
/// the reviews never logged, newest first as the feed lists them; the list and TV items counted, not kept.
///
/// The feed is untrusted: read by libxml2 with no DTD and nothing fetched (`XMLTree`), capped in size, its
/// review text HTML taken down to plain text (the poster and the tags gone, entities read), a bad item named
/// and skipped.
struct LetterboxdFeed: Equatable, Sendable {
    static let letterboxd = "https://letterboxd.com"
    static let tmdb = "https://themoviedb.org"
    /// The largest feed read: a real one of 50 diary items and the lists above them is about 100 KB.
    static let maxBytes = 4 << 20

    /// The member whose feed it is: the username in the channel's link (`https://letterboxd.com/anna/`).
    var member = ""
    /// Their name as the channel's title gives it (`Letterboxd - Anna K.`).
    var name = ""
    var entries: [Entry] = []
    /// Items that are lists (`letterboxd-list-`): counted, not kept.
    var lists = 0
    /// Items about a TV series (`tmdb:tvId`): counted, not kept.
    var shows = 0
    /// The items that could not be read, each named: `item 7 (Mercy): "six" is not 0.5 to 5 stars`.
    var problems: [String] = []

    /// A diary entry (a film watched on a day) or a review never logged (no day).
    struct Entry: Equatable, Sendable {
        /// `letterboxd-watch-N` or `letterboxd-review-N`: a watch's guid becomes a review's when a review is
        /// added to it, so an entry is known by its film and day as well.
        var guid: String
        var title: String
        var year: Int?
        /// The day watched (`YYYY-MM-DD`); nil for a review never logged.
        var day: String?
        /// Half stars from 0.5 to 5; nil when unrated (not zero).
        var stars: Double?
        var rewatch = false
        var liked = false
        /// TMDb's id of the film, in feeds since 2022.
        var tmdb: String?
        /// The entry's page: `https://letterboxd.com/USER/film/SLUG/` (`…/SLUG/1/` for a rewatch).
        var link: String
        /// The review as plain text, paragraphs on lines of their own; nil when there is none.
        var review: String?
        /// When the entry was logged (`pubDate`).
        var published: Date?

        var isReview: Bool { day == nil }

        /// `Past Lives (2023)`.
        var label: String { year.map { "\(title) (\($0))" } ?? title }

        /// Whether this entry was watched after `other`: by its day, then by when it was logged.
        func isNewer(than other: Entry) -> Bool {
            (day ?? "", published ?? .distantPast) > (other.day ?? "", other.published ?? .distantPast)
        }
    }

    /// Why a feed could not be read: each said in one line with what to do.
    enum Problem: Error, Equatable {
        case empty
        /// A web page where the feed should be: Letterboxd's "short break" page, or a sign-in page.
        case webPage
        /// XML, but not a Letterboxd member's RSS channel.
        case notAFeed
        case malformed(line: Int)
        case declaresDTD
        case tooLarge
        case noParser
    }

    /// The feed in `bytes`.
    static func read(_ bytes: Data) throws(Problem) -> LetterboxdFeed {
        guard bytes.count <= maxBytes else { throw .tooLarge }
        let start = bytes.prefix(512).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF }
        guard !start.isEmpty else { throw .empty }
        let opening = String(decoding: start.prefix(64), as: UTF8.self).lowercased()
        if opening.hasPrefix("<!doctype html") || opening.hasPrefix("<html") { throw .webPage }
        let root: XMLTree
        do {
            // The events hold each element's name once more: twice the feed is ample.
            root = try XMLTree.read(bytes, limit: 2 * bytes.count + 4096)
        } catch {
            switch error {
            case .noParser: throw .noParser
            case .malformed(let line): throw .malformed(line: line)
            case .declaresDTD: throw .declaresDTD
            case .tooLarge: throw .tooLarge
            }
        }
        guard root.name == "rss", let channel = root.child("channel") else {
            throw root.name == "html" ? .webPage : .notAFeed
        }
        var feed = LetterboxdFeed()
        guard let title = channel.field("title"), title.hasPrefix("Letterboxd - "),
            let link = channel.field("link"), let member = link.firstMatch(of: /letterboxd\.com\/([^\/?#]+)/)?.1,
            !member.isEmpty
        else { throw .notAFeed }
        feed.member = String(member)
        feed.name = String(title.dropFirst("Letterboxd - ".count)).trimmed()
        for (index, item) in channel.children("item").enumerated() {
            feed.take(item, number: index + 1)
        }
        return feed
    }

    private mutating func take(_ item: XMLTree, number: Int) {
        let guid = item.field("guid") ?? ""
        if guid.hasPrefix("letterboxd-list-") { return lists += 1 }
        if item.field("tvId", in: Self.tmdb) != nil { return shows += 1 }
        let heading = item.field("title") ?? ""
        let title = item.field("filmTitle", in: Self.letterboxd) ?? Self.filmTitle(in: heading)
        func problem(_ why: String) {
            problems.append("item \(number)\(title.isEmpty ? "" : " (\(Text.brief(title)))"): \(why)")
        }
        guard !title.isEmpty else { return problem("no film title") }
        guard guid.hasPrefix("letterboxd-watch-") || guid.hasPrefix("letterboxd-review-") else {
            return problem(guid.isEmpty ? "no guid" : "\"\(Text.brief(guid))\" is neither a diary entry nor a review")
        }
        var entry = Entry(guid: guid, title: title, link: item.field("link") ?? "")
        if let yearText = item.field("filmYear", in: Self.letterboxd) {
            guard let year = Int(yearText), (1870...2200).contains(year) else {
                return problem("\"\(Text.brief(yearText))\" is not a year")
            }
            entry.year = year
        }
        if let dayText = item.field("watchedDate", in: Self.letterboxd) {
            guard let day = Day.parse(dayText), dayText.count == 10 else {
                return problem("\"\(Text.brief(dayText))\" is not a date (YYYY-MM-DD)")
            }
            entry.day = day
        } else if guid.hasPrefix("letterboxd-watch-") {
            return problem("a diary entry without its day")
        }
        if let rating = item.field("memberRating", in: Self.letterboxd) {
            guard let stars = LibraryImport.letterboxdStars(rating), let stars else {
                return problem("rating \"\(Text.brief(rating))\" is not 0.5 to 5 stars")
            }
            entry.stars = stars
        }
        entry.rewatch = item.field("rewatch", in: Self.letterboxd)?.lowercased() == "yes"
        entry.liked = item.field("memberLike", in: Self.letterboxd)?.lowercased() == "yes"
        if let tmdb = item.field("movieId", in: Self.tmdb) {
            guard tmdb.count <= 12, tmdb.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return problem("TMDb id \"\(Text.brief(tmdb))\" is not a number")
            }
            entry.tmdb = tmdb
        }
        entry.review = Self.review(in: item.field("description") ?? "")
        entry.published = item.field("pubDate").flatMap(Self.date)
        entries.append(entry)
    }

    /// The film's title from an item's heading (`Mercy, 2026 - ★★★`), for a feed without `filmTitle`.
    static func filmTitle(in heading: String) -> String {
        guard let match = heading.firstMatch(of: /^(.+), [0-9]{4}(?: - .*)?$/) else { return heading }
        return String(match.1)
    }

    /// The review in an item's description: its paragraphs as plain text, without the poster's paragraph and
    /// the `Watched on Saturday April 18, 2026.` that stands in for no review; nil when nothing else is there.
    static func review(in html: String) -> String? {
        var paragraphs: [String] = []
        var html = html
        for lineBreak in ["<br />", "<br/>", "<br>", "<BR>"] { html = html.replacing(lineBreak, with: "</p>") }
        for part in html.split(separator: "</p>") {
            let text = Text.plain(String(part)).trimmed()
            if text.isEmpty || isWatchedOn(text) { continue }
            paragraphs.append(text)
        }
        return paragraphs.isEmpty ? nil : paragraphs.joined(separator: "\n")
    }

    /// Whether a paragraph is Letterboxd's `Watched on Saturday April 18, 2026.`, and no review that starts so.
    static func isWatchedOn(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        return words.count == 6 && words[0] == "Watched" && words[1] == "on" && weekdays.contains(String(words[2]))
            && Day.monthNames.contains(String(words[3])) && words[4].hasSuffix(",") && words[5].count == 5
            && words[5].hasSuffix(".") && Int(words[4].dropLast()) != nil && Int(words[5].dropLast()) != nil
    }

    /// An RFC 822 date as RSS writes it: `Sat, 18 Apr 2026 09:12:33 +1200`; nil for anything else.
    static func date(_ text: String) -> Date? {
        var parts = text.split(separator: " ")
        if parts.first?.hasSuffix(",") == true { parts.removeFirst() }
        guard parts.count == 5, let day = Int(parts[0]), let year = Int(parts[2]),
            let month = Day.months.firstIndex(of: parts[1].lowercased()).map({ $0 + 1 })
        else { return nil }
        let clock = parts[3].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard clock.count == 2 || clock.count == 3, let hour = clock[0], let minute = clock[1],
            let second = clock.count == 3 ? clock[2] : 0,
            year >= 1970, day >= 1, day <= Calendar.daysIn(month: month, year: year), hour < 24, minute < 60,
            second < 60
        else { return nil }
        let zone = parts[4]
        var offset = 0
        if let sign = zone.first, sign == "+" || sign == "-" {
            guard zone.count == 5, let value = Int(zone.dropFirst()) else { return nil }
            offset = (value / 100 * 60 + value % 100) * 60 * (sign == "-" ? -1 : 1)
        } else if !["GMT", "UTC", "Z"].contains(zone) {
            return nil
        }
        let days = Calendar.daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(((days * 24 + hour) * 60 + minute) * 60 + second - offset))
    }
}
