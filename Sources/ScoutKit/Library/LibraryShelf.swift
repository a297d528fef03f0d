import FoundationEssentials

/// The library's listings as `diary`, `ratings`, `watchlist`, `stats` and `pick` read them: the films, the
/// diary newest first, the ratings highest first and the watchlist oldest first, already folded from
/// `library.jsonl` and sorted. Kept in the cache folder (`library.index`) under the stamp (inode, size,
/// modification time) of the `library.jsonl` it was made from, so that a listing of ten thousand entries
/// reads one small file instead of folding every event again; any change to the library makes it anew.
/// Derived data: written without fsync, and a damaged or stale file is made again.
struct LibraryShelf: Sendable {
    struct Film: Sendable {
        var id: String
        var title: String
        var year: Int?
        /// Where it came from (`letterboxd`, `imdb`, `omdb`), an index into `names`.
        var origin: Int
        /// Its rating times two (0: none).
        var halves: Int

        var label: String { year.map { "\(title) (\($0))" } ?? title }
        var stars: Double? { halves == 0 ? nil : Double(halves) / 2 }
    }

    struct Entry: Sendable {
        var film: Int
        var date: String
        var stars: Double?
        var rewatch: Bool
        var review: String?
        var tags: [String]
    }

    var films: [Film] = []
    /// Genres, directors and origins, each once.
    var names: [String] = []
    /// Each film's genres and directors, as indices into `names`: film N's are `genres[genreStarts[N]..<genreStarts[N + 1]]`.
    var genres: [Int32] = []
    var genreStarts: [Int32] = [0]
    var directors: [Int32] = []
    var directorStarts: [Int32] = [0]
    /// Newest first (by day; the same day, the one logged last first).
    var diary: [Entry] = []
    /// Films, highest rated first, ties by title.
    var ratings: [Int] = []
    /// Oldest first.
    var watchlist: [(film: Int, added: String)] = []

    init() {}

    init(_ library: Library) {
        var index: [String: Int] = [:]
        var nameIndex: [String: Int32] = [:]
        func name(_ text: String) -> Int32 {
            if let known = nameIndex[text] { return known }
            names.append(text)
            nameIndex[text] = Int32(names.count - 1)
            return Int32(names.count - 1)
        }
        for (id, film) in library.films.sorted(by: { $0.key < $1.key }) {
            index[id] = films.count
            films.append(
                Film(
                    id: id, title: film.title, year: film.year, origin: Int(name(library.origins[id] ?? film.source)),
                    halves: library.ratings[id].map { Int($0.stars * 2) } ?? 0))
            genres += (film.genres ?? []).map(name)
            genreStarts.append(Int32(genres.count))
            directors += (film.directors ?? []).map(name)
            directorStarts.append(Int32(directors.count))
        }
        diary = library.diary.enumerated().sorted { ($0.element.date, $0.offset) > ($1.element.date, $1.offset) }
            .compactMap { _, entry in
                index[entry.film].map {
                    Entry(
                        film: $0, date: entry.date, stars: entry.stars, rewatch: entry.rewatch, review: entry.review,
                        tags: entry.tags)
                }
            }
        ratings = films.indices.filter { films[$0].halves > 0 }
            .sorted { (films[$1].halves, films[$0].title, films[$0].id) < (films[$0].halves, films[$1].title, films[$1].id) }
        watchlist = library.watchlist.compactMap { wanted in index[wanted.film].map { ($0, wanted.added) } }
    }

    func genres(of film: Int) -> ArraySlice<Int32> { genres[Int(genreStarts[film])..<Int(genreStarts[film + 1])] }
    func directors(of film: Int) -> ArraySlice<Int32> {
        directors[Int(directorStarts[film])..<Int(directorStarts[film + 1])]
    }

    // MARK: The file

    static let magic: UInt64 = 0x3130_464C_4548_5353  // "SSHELF01"
    static let fileName = "library.index"

    func encoded(stamp: FileStamp) -> Data {
        var writer = ByteWriter(capacity: films.count * 64 + diary.count * 32)
        writer.write([Self.magic] + stamp.words)
        writer.write([UInt64(films.count), UInt64(names.count), UInt64(diary.count), UInt64(ratings.count),
            UInt64(watchlist.count)])
        func string(_ text: String) {
            writer.write(UInt32(text.utf8.count))
            writer.write(bytes: text.utf8)
        }
        for name in names { string(name) }
        for film in films {
            string(film.id)
            string(film.title)
            writer.write([Int32(film.year ?? Int(Int32.min)), Int32(film.origin), Int32(film.halves)])
        }
        writer.write(genreStarts)
        writer.write(genres)
        writer.write(directorStarts)
        writer.write(directors)
        for entry in diary {
            writer.write([
                Int32(entry.film), Int32(entry.stars.map { Int($0 * 2) } ?? 0), entry.rewatch ? 1 : 0,
                Int32(entry.tags.count), entry.review == nil ? 0 : 1,
            ])
            string(entry.date)
            for tag in entry.tags { string(tag) }
            if let review = entry.review { string(review) }
        }
        writer.write(ratings.map(Int32.init))
        for wanted in watchlist {
            writer.write(Int32(wanted.film))
            string(wanted.added)
        }
        return writer.data
    }

    /// The shelf a kept file holds, when it was made from the library as `stamp` says it is now; nil for a
    /// file that is stale, cut short or damaged (scripts/fuzz's `shelf` target).
    static func decoded(_ data: Data, stamp: FileStamp) -> LibraryShelf? {
        data.withByteReader { reader in
            guard let header = reader.words(1 + stamp.words.count), header == [magic] + stamp.words,
                let counts = reader.words(5), counts.allSatisfy({ $0 <= 10_000_000 })
            else { return nil }
            let (filmCount, nameCount, diaryCount, ratingCount, wantedCount) =
                (Int(counts[0]), Int(counts[1]), Int(counts[2]), Int(counts[3]), Int(counts[4]))
            func string() -> String? {
                guard let length = reader.read(UInt32.self), let bytes = reader.bytes(Int(length)) else { return nil }
                return String(validating: bytes, as: UTF8.self)
            }
            var shelf = LibraryShelf()
            shelf.names.reserveCapacity(nameCount)
            for _ in 0..<nameCount {
                guard let name = string() else { return nil }
                shelf.names.append(name)
            }
            shelf.films.reserveCapacity(filmCount)
            for _ in 0..<filmCount {
                guard let id = string(), let title = string(), let numbers = reader.read(3, of: Int32.self),
                    (0..<max(1, nameCount)).contains(Int(numbers[1])), (0...10).contains(numbers[2])
                else { return nil }
                shelf.films.append(
                    Film(
                        id: id, title: title, year: numbers[0] == Int32.min ? nil : Int(numbers[0]),
                        origin: Int(numbers[1]), halves: Int(numbers[2])))
            }
            func list(_ starts: inout [Int32], _ values: inout [Int32]) -> Bool {
                guard let read = reader.read(filmCount + 1, of: Int32.self), read.first == 0,
                    zip(read, read.dropFirst()).allSatisfy({ $0 <= $1 }), let total = read.last,
                    let items = reader.read(Int(total), of: Int32.self),
                    items.allSatisfy({ (0..<Int32(nameCount)).contains($0) })
                else { return false }
                (starts, values) = (read, items)
                return true
            }
            guard list(&shelf.genreStarts, &shelf.genres), list(&shelf.directorStarts, &shelf.directors) else {
                return nil
            }
            shelf.diary.reserveCapacity(diaryCount)
            for _ in 0..<diaryCount {
                guard let numbers = reader.read(5, of: Int32.self), (0..<filmCount).contains(Int(numbers[0])),
                    (0...10).contains(numbers[1]), (0...1_000).contains(numbers[3]), let date = string()
                else { return nil }
                var tags: [String] = []
                for _ in 0..<numbers[3] {
                    guard let tag = string() else { return nil }
                    tags.append(tag)
                }
                var review: String?
                if numbers[4] != 0 {
                    guard let text = string() else { return nil }
                    review = text
                }
                shelf.diary.append(
                    Entry(
                        film: Int(numbers[0]), date: date, stars: numbers[1] == 0 ? nil : Double(numbers[1]) / 2,
                        rewatch: numbers[2] != 0, review: review, tags: tags))
            }
            guard let ratings = reader.read(ratingCount, of: Int32.self),
                ratings.allSatisfy({ (0..<Int32(filmCount)).contains($0) })
            else { return nil }
            shelf.ratings = ratings.map(Int.init)
            for _ in 0..<wantedCount {
                guard let film = reader.read(Int32.self), (0..<Int32(filmCount)).contains(film), let added = string()
                else { return nil }
                shelf.watchlist.append((Int(film), added))
            }
            return reader.isAtEnd ? shelf : nil
        }
    }
}
