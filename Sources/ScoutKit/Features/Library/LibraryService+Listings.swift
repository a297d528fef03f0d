import FoundationEssentials

/// The library's listings (`diary`, `ratings`, `watchlist`): numbered rows whose numbers `rate`, `seen`,
/// `want`, `unwant` and `note` take next, and their `--json` rows.
extension LibraryService {
    /// A listing of films: the rows (each a film id and its line; a nil id is a heading), remembered as the
    /// rows on screen, with `json` making its `--json` rows when a line is written.
    /// `total` counts the rows the listing has in all, and `more` says how to see those it leaves out.
    func listing<Row: JSONRowShape>(
        name: String, rows: [(film: String?, line: String)], empty: String,
        total: Int? = nil, more: String? = nil, json: @escaping @Sendable () -> [JSONObject<Row>]
    ) -> Output {
        var output = Output()
        let ids = rows.compactMap(\.film)
        // An empty listing leaves the numbers with the last listing that showed rows, still on the screen.
        if ids.isEmpty { output.say(empty) } else { screen.number(ids, as: name) }
        let width = String(ids.count).count
        var n = 0
        for row in rows {
            guard let film = row.film else {
                output.say(StyledLine(row.line, .heading))
                continue
            }
            n += 1
            let line = "\(String(n).leftPadded(to: width, with: " ")). \(row.line)"
            // A row that ends with its id keeps it whole in a narrow window: rate, want and note take it.
            let id = "  [\(film)]"
            output.say(line.hasSuffix(id) ? wiring.fit(String(line.dropLast(id.count)), keeping: id) : wiring.fit(line))
        }
        let total = total ?? ids.count
        if let more, total > ids.count { output.say("(\(more.replacing("TOTAL", with: "\(total)")))") }
        output.addJSON { TypedJSON.listing(json(), total: total) }
        return output
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
    func cards(_ ids: [String], numbered: Bool = true) throws -> Output {
        let library = try store.library()
        var output = Output()
        var shown: [String] = []
        for id in ids where !shown.contains(id) {
            shown.append(id)
            output.say(StyledLine((numbered ? "\(shown.count). " : "") + library.label(id), .title))
            for (label, value) in [("Id", id)] + lines(id, library) {
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
