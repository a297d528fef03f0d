import FoundationEssentials

/// The library's listings (`diary`, `ratings`, `watchlist`): numbered rows whose numbers `rate`, `seen`,
/// `want`, `unwant` and `note` take next, and their `--json` rows.
extension LibraryService {
    /// A row of the library's listings: a film's id and its line (and the line a window narrower than 60 columns
    /// shows, where it differs), or a heading between them (`November 2026`) without an id.
    struct FilmRow {
        var film: String?
        var line: String
        var narrow: String?

        static func heading(_ text: String) -> FilmRow { FilmRow(film: nil, line: text) }
    }

    /// A listing of films: the rows, remembered as the rows on screen, with `json` making its `--json` rows when
    /// a line is written.
    /// `total` counts the rows the listing has in all, and `more` says how to see those it leaves out.
    func listing<Row: NumberedShape>(
        name: String, rows: [FilmRow], empty: String,
        total: Int? = nil, more: String? = nil, json: @escaping @Sendable () -> [JSONObject<Row>]
    ) -> Output {
        let ids = rows.compactMap(\.film)
        let total = total ?? ids.count
        var view = ListingView {
            // Numbered as the listing numbers its rows.
            TypedJSON.listing(
                json().enumerated().map { index, row in
                    var row = row
                    row[Row.n] = .int(index + 1)
                    return row
                }, total: total)
        }
        // An empty listing leaves the numbers with the last listing that showed rows, still on the screen.
        if ids.isEmpty { view.say(empty) } else { screen.number(ids, as: name) }
        let width = String(ids.count).count
        var n = 0
        for row in rows {
            guard let film = row.film else {
                view.heading(row.line)
                continue
            }
            n += 1
            // A row that ends with its id keeps it whole in a narrow window: rate, want and note take it.
            let (number, id) = ("\(String(n).leftPadded(to: width, with: " ")). ", "  [\(film)]")
            func fitted(_ line: String) -> ListingView.Line {
                line.hasSuffix(id) ? .row(number + line.dropLast(id.count), keeping: id) : .row(number + line)
            }
            let wide = fitted(row.line)
            view.parts.append(row.narrow.map { .either(wide: [wide], narrow: [fitted($0)], below: 60) } ?? wide)
        }
        if let more, total > ids.count { view.say("(\(more.replacing("TOTAL", with: "\(total)")))") }
        return Output(showing: view)
    }

    /// `ratings [--min STARS] [--all]`: the top 100 ratings, highest first (every one with `--all`, those rated
    /// `minimum` or more with it).
    func ratings(minimum: Double?, all: Bool) throws -> Output {
        let shelf = try store.shelf()
        let floor = Int((minimum ?? 0) * 2)
        let matching = shelf.ratings.filter { floor == 0 || shelf.halves(Int($0)) >= floor }
        let shown = (all || minimum != nil ? matching : Array(matching.prefix(Self.page))).map(Int.init)
        let rows = shown.map {
            FilmRow(film: shelf.id($0), line: "\(starColumn(shelf.stars($0)))  \(shelf.label($0))  [\(shelf.id($0))]")
        }
        return listing(
            name: "ratings", rows: rows,
            empty: minimum.map { "No film is rated \(starText($0)) or more." }
                ?? "No ratings yet: rate N STARS rates a film.",
            total: matching.count,
            more: "the top \(shown.count) of TOTAL: ratings --min STARS lists those rated that or more, "
                + "ratings --all every one"
        ) {
            shown.map {
                var object: JSONObject<RatingRowField> = LibraryJSON.film(shelf, $0)
                object[.rating] = LibraryJSON.stars(shelf.stars($0))
                return object
            }
        }
    }

    /// `watchlist`: the films wanted, oldest first, with the day each was added.
    /// `watchlist`; with `column`, each film's text (where it streams) after its day; with `only`, those films
    /// alone (`empty` said when none is); `streaming` gives `--json` each film's services.
    func watchlist(
        column: [String: String] = [:], streaming: [String: [String]]? = nil, only: Set<String>? = nil,
        empty: String = "The watchlist is empty: want N adds a film."
    ) throws -> Output {
        let shelf = try store.shelf()
        let wanted = (0..<shelf.watchCount).map(shelf.wanted).filter { only?.contains(shelf.id($0.film)) ?? true }
        let rows = wanted.map {
            let id = shelf.id($0.film)
            let extra = column[id].map { "  \($0)" } ?? ""
            // In a narrow window a column (where it streams) keeps its room: the day it was added goes.
            return FilmRow(
                film: id, line: "\(shelf.label($0.film))  added \($0.added)\(extra)  [\(id)]",
                narrow: extra.isEmpty ? nil : "\(shelf.label($0.film))\(extra)  [\(id)]")
        }
        return listing(name: "the watchlist", rows: rows, empty: empty) {
            wanted.map {
                var object: JSONObject<WantedRowField> = LibraryJSON.film(shelf, $0.film)
                object[.added] = .string($0.added)
                if let services = streaming?[shelf.id($0.film)] {
                    object[.streaming] = .array(services.map(JSONValue.string))
                }
                return object
            }
        }
    }

    /// How many rows `diary` and `ratings` list unless asked for all (`--all`, a year, `--min`): as `history`
    /// lists the last 20, a page that reads at a glance, and quick whatever the library holds.
    static let page = 100

    /// The lines `show` adds for a film the library knows: its rating, viewings, watchlist and note.
    func lines(_ id: String, _ library: Library) -> [(label: String, value: String)] {
        var lines: [(label: String, value: String)] = []
        if let rating = library.ratings[id] { lines.append(("You rated", starText(rating.stars))) }
        let entries = library.entries(of: id)
        if let last = entries.last {
            lines.append(
                ("Seen", entries.count == 1 ? "on \(last.date)" : "\(entries.count) times, last on \(last.date)"))
        } else if library.watched.contains(id) {
            lines.append(("Seen", "on a day not known"))
        }
        if let wanted = library.watchlist.first(where: { $0.film == id }) {
            lines.append(("Wanted", "on the watchlist since \(wanted.added)"))
        }
        if let note = library.notes[id] { lines.append(("Note", note)) }
        // The latest review, as text (Letterboxd's carry HTML).
        if let review = entries.last(where: { $0.review != nil })?.review {
            lines.append(("Review", Text.plain(review)))
        }
        return lines
    }

    /// The picker's candidates over the diary (newest first), the ratings (highest first) or the watchlist
    /// (oldest first): each a film's id and its line.
    func pickerCorpus(_ over: PickCommand.Over) throws -> PickerCorpus {
        let shelf = try store.shelf()
        let rows: [(id: String, text: String)]
        switch over {
        case .diary:
            // Newest first, as `diary` lists them; the title first, so that ^ anchors a query to it.
            rows = (0..<shelf.diaryCount).map { entry in
                let tags = shelf.entryTags(entry).map { " " + Tokenizer.hashtag($0) }.joined()
                let film = shelf.entryFilm(entry)
                let stars = starColumn(shelf.entryStars(entry))
                return (shelf.id(film), "\(shelf.label(film))  \(shelf.entryDate(entry))  \(stars)\(tags)")
            }
        case .ratings:
            rows = shelf.ratings.map { Int($0) }.map {
                (shelf.id($0), "\(shelf.label($0))  \(starColumn(shelf.stars($0)))")
            }
        default:
            rows = (0..<shelf.watchCount).map(shelf.wanted).map {
                (shelf.id($0.film), "\(shelf.label($0.film))  added \($0.added)")
            }
        }
        return PickerCorpus(
            rows.enumerated().map { offset, row in
                .init(value: row.id, text: SafeText.clean(row.text), recency: rows.count - offset)
            }, earlierMatchFirst: true)
    }

    /// What the library holds of each film picked, numbered so that `rate 1 4` names the first.
    /// With `numbered` (the films picked), the numbers become the rows on screen; `show N` of a library
    /// listing keeps that listing's.
    func cards(_ ids: [String], numbered: Bool = true, more: [(label: String, value: String)] = []) throws -> Output {
        let library = try store.library()
        var output = Output()
        var shown: [String] = []
        for id in ids where !shown.contains(id) {
            shown.append(id)
            output.say(StyledLine((numbered ? "\(shown.count). " : "") + library.label(id), .title))
            for (label, value) in [("Id", id)] + lines(id, library) + more {
                output.say("   " + DisplayWidth.pad(label + ":", to: 10) + " " + value)
            }
        }
        if numbered { screen.number(shown, as: "the films picked") }
        return output
    }

    /// `★★★★½`, padded to the five stars' width so that titles line up; blank without a rating.
    func starColumn(_ stars: Double?) -> String {
        let text = stars.map(starText) ?? ""
        let width = plainGlyphs ? 3 : 5
        return text + String(repeating: " ", count: max(0, width - text.count))
    }
}
