/// The fields of a `--json` line, each declared once with the JSON it holds: every command's scalars
/// (`Output.json`) and every view's fields are keyed by these, so that a line can hold no field the schema
/// does not know. `Schemas/scout-output.v1.json` describes each further (its meaning, its range, the shape of
/// an object); `OutputFieldTests` checks that its properties are exactly these, of these kinds.
enum OutputField: String, CaseIterable, Sendable {
    case schema, ok, command, code, error, message, warnings, items, total, page, pages, more, loaded, source,
        added, tagged, changed, removed, ids, exported, imported, file, watchlistFile, rerun, url, item, refused,
        denied, entries, bytes, hits, misses, images, imageBytes, settings, session, listing, stats, diary, ratings,
        watchlist, reviews, seenUndated, skipped, known, repeated, older, note, rewatch, id, library, date, months,
        genres,
        directors, sources, searches, saved, digest, agree, pending, `new`, sent, incoming, deleted, failure,
        transport, location, country, title, credit, found, follows, feeds, friends

    var kind: JSONKind {
        switch self {
        case .schema: .constant(TypedJSON.schema)
        case .ok, .more, .rewatch, .agree, .`new`, .found: .boolean
        case .command, .note, .failure: .stringOrNull
        case .code, .error, .message, .source, .file, .watchlistFile, .rerun, .url, .id, .digest, .location, .country,
            .title,
            .credit:
            .string
        case .warnings, .items, .ids, .months, .genres, .directors, .sources, .searches, .follows, .feeds, .friends:
            .array
        case .total: .integerOrNull
        case .page, .pages, .loaded, .added, .tagged, .changed, .exported, .imported, .entries, .bytes, .hits,
            .misses, .images, .imageBytes, .diary, .watchlist, .reviews, .seenUndated, .skipped, .known, .repeated,
            .older,
            .pending, .sent:
            .integer
        case .removed, .ratings: .either
        case .item: .shape("item")
        case .refused, .denied: .shape("deniedSearch")
        case .settings, .session, .stats, .incoming, .deleted: .object
        case .listing: .words(TypedJSON.Listing.allCases.map(\.rawValue))
        case .library: .shape("libraryFilm")
        case .date: .shape("day")
        case .saved: .shape("savedSearch")
        case .transport: .words(SyncRecord.Kind.allCases.map(\.rawValue))
        }
    }
}
