import FoundationEssentials

/// `library.jsonl`'s lines read straight from their bytes, as scout writes them, for a library of ten
/// thousand entries to be read in milliseconds (JSONDecoder took 300 ms). A line this reader does not
/// take (another writer's spacing, a field it does not know) is read by JSONDecoder instead, so the two
/// must agree on every line both read: scripts/fuzz's `library` target checks that they do.
extension JSONBytes {
    mutating func libraryEvent() -> LibraryEvent? {
        guard take(0x7B) else { return nil }
        var id: String?, device: String?, time: Date?, op: LibraryEvent.Operation?, film: LibraryFilm?
        var event = LibraryEvent(
            id: "", device: "", time: Date(timeIntervalSince1970: 0), op: .rate, film: .init(id: "", title: ""))
        var step = member(first: true)
        while case .key(let key) = step {
            switch key.count {
            case 2 where Self.same(key, "id") && id == nil:
                guard let text = string() else { return nil }
                id = text
            case 2 where Self.same(key, "op") && op == nil:
                guard let text = string().flatMap(LibraryEvent.Operation.init) else { return nil }
                op = text
            case 3 where Self.same(key, "via") && event.via == nil:
                guard let text = string() else { return nil }
                event.via = text
            case 4 where Self.same(key, "time") && time == nil:
                guard let value = date() else { return nil }
                time = value
            case 4 where Self.same(key, "film") && film == nil:
                guard let value = libraryFilm() else { return nil }
                film = value
            case 4 where Self.same(key, "date") && event.date == nil:
                guard let text = string() else { return nil }
                event.date = text
            case 4 where Self.same(key, "tags") && event.tags == nil:
                guard let tags = elements({ $0.string() }) else { return nil }
                event.tags = tags
            case 4 where Self.same(key, "text") && event.text == nil:
                guard let text = string() else { return nil }
                event.text = text
            case 5 where Self.same(key, "stars") && event.stars == nil:
                guard let stars = halves() else { return nil }
                event.stars = stars
            case 6 where Self.same(key, "device") && device == nil:
                guard let text = string() else { return nil }
                device = text
            case 6 where Self.same(key, "review") && event.review == nil:
                guard let text = string() else { return nil }
                event.review = text
            case 7 where Self.same(key, "rewatch") && event.rewatch == nil:
                guard let flag = bool() else { return nil }
                event.rewatch = flag
            default: return nil
            }
            step = member(first: false)
        }
        guard case .end = step, let id, let device, let time, let op, let film else { return nil }
        (event.id, event.device, event.time, event.op, event.film) = (id, device, time, op, film)
        return event
    }

    mutating func libraryFilm() -> LibraryFilm? {
        guard take(0x7B) else { return nil }
        var id: String?, title: String?
        var film = LibraryFilm(id: "", title: "")
        var step = member(first: true)
        while case .key(let key) = step {
            switch key.count {
            case 2 where Self.same(key, "id") && id == nil:
                guard let text = string() else { return nil }
                id = text
            case 4 where Self.same(key, "year") && film.year == nil:
                guard let year = smallInteger() else { return nil }
                film.year = year
            case 5 where Self.same(key, "title") && title == nil:
                guard let text = string() else { return nil }
                title = text
            case 6 where Self.same(key, "genres") && film.genres == nil:
                guard let list = elements({ $0.string() }) else { return nil }
                film.genres = list
            case 9 where Self.same(key, "directors") && film.directors == nil:
                guard let list = elements({ $0.string() }) else { return nil }
                film.directors = list
            case 10 where Self.same(key, "letterboxd") && film.letterboxd == nil:
                guard let text = string() else { return nil }
                film.letterboxd = text
            default: return nil
            }
            step = member(first: false)
        }
        guard case .end = step, let id, let title else { return nil }
        (film.id, film.title) = (id, title)
        return film
    }

    /// Stars as JSONEncoder writes them: `4` or `4.5`, from 0.5 to 5 (any other number is JSONDecoder's).
    mutating func halves() -> Double? {
        space()
        guard at < bytes.count, (0x30...0x35).contains(bytes[at]) else { return nil }
        var value = Double(bytes[at] - 0x30)
        at += 1
        if at + 1 < bytes.count, bytes[at] == 0x2E {
            guard bytes[at + 1] == 0x35 else { return nil }
            value += 0.5
            at += 2
        }
        guard at < bytes.count, bytes[at] == 0x2C || bytes[at] == 0x7D, value >= 0.5, value <= 5 else { return nil }
        return value
    }

    mutating func bool() -> Bool? {
        space()
        if at + 4 <= bytes.count, bytes[at] == 0x74, bytes[at + 1] == 0x72, bytes[at + 2] == 0x75, bytes[at + 3] == 0x65
        {
            at += 4
            return true
        }
        if at + 5 <= bytes.count, bytes[at] == 0x66, bytes[at + 1] == 0x61, bytes[at + 2] == 0x6C,
            bytes[at + 3] == 0x73, bytes[at + 4] == 0x65
        {
            at += 5
            return false
        }
        return nil
    }
}
