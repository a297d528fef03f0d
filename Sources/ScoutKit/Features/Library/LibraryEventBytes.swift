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
            // Each key once, its value read whole, or the line is JSONDecoder's.
            let read: Bool
            if Self.same(key, "id") {
                read = once(&id) { $0.string() }
            } else if Self.same(key, "op") {
                read = once(&op) { $0.string().flatMap(LibraryEvent.Operation.init) }
            } else if Self.same(key, "via") {
                read = once(&event.via) { $0.string() }
            } else if Self.same(key, "time") {
                read = once(&time) { $0.date() }
            } else if Self.same(key, "film") {
                read = once(&film) { $0.libraryFilm() }
            } else if Self.same(key, "date") {
                read = once(&event.date) { $0.string() }
            } else if Self.same(key, "tags") {
                read = once(&event.tags) { $0.elements { $0.string() } }
            } else if Self.same(key, "text") {
                read = once(&event.text) { $0.string() }
            } else if Self.same(key, "stars") {
                read = once(&event.stars) { $0.halves() }
            } else if Self.same(key, "device") {
                read = once(&device) { $0.string() }
            } else if Self.same(key, "review") {
                read = once(&event.review) { $0.string() }
            } else if Self.same(key, "rewatch") {
                read = once(&event.rewatch) { $0.bool() }
            } else if Self.same(key, "nth") {
                read = once(&event.nth) { $0.smallInteger() }
            } else if Self.same(key, "removes") {
                read = once(&event.removes) { $0.elements { $0.string() } }
            } else {
                read = false
            }
            guard read else { return nil }
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
            let read: Bool
            if Self.same(key, "id") {
                read = once(&id) { $0.string() }
            } else if Self.same(key, "title") {
                read = once(&title) { $0.string() }
            } else if Self.same(key, "year") {
                read = once(&film.year) { $0.smallInteger() }
            } else if Self.same(key, "genres") {
                read = once(&film.genres) { $0.elements { $0.string() } }
            } else if Self.same(key, "directors") {
                read = once(&film.directors) { $0.elements { $0.string() } }
            } else if Self.same(key, "letterboxd") {
                read = once(&film.letterboxd) { $0.string() }
            } else if Self.same(key, "tmdb") {
                read = once(&film.tmdb) { $0.string() }
            } else if Self.same(key, "kind") {
                read = once(&film.kind) { $0.string() }
            } else {
                read = false
            }
            guard read else { return nil }
            step = member(first: false)
        }
        guard case .end = step, let id, let title else { return nil }
        (film.id, film.title) = (id, title)
        return film
    }

    /// Reads a value into `slot` when it holds none yet; false for a second one, or a value that does not read.
    mutating func once<Value>(_ slot: inout Value?, _ read: (inout JSONBytes) -> Value?) -> Bool {
        guard slot == nil, let value = read(&self) else { return false }
        slot = value
        return true
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

extension LibraryEvent {
    /// An event from its JSON line: read from its bytes, or by `JSONDecoder` where the byte reader does not know
    /// the line's shape (an event another version wrote). Library.jsonl and sync's logs read events with it.
    static func read(_ line: Data) -> LibraryEvent? {
        JSONBytes.whole(line, { $0.libraryEvent() }) ?? (try? JSONDecoder.scout.decode(LibraryEvent.self, from: line))
    }
}
