import FoundationEssentials

/// The library's listings as `diary`, `ratings`, `watchlist`, `stats` and `pick` read them: the films, the
/// diary newest first, the ratings highest first and the watchlist oldest first, already folded from
/// `library.jsonl` and sorted. Kept in the cache folder (`library.index`) under the stamp (inode, size,
/// modification time) of the `library.jsonl` it was made from, so that a listing of ten thousand entries
/// reads one small file instead of folding every event again; any change to the library makes it anew.
/// Derived data: written without fsync, and a damaged or stale file is made again.
///
/// Numbers are kept in runs of 32-bit integers, read whole; text (ids, titles, tags, reviews, names) in one
/// blob, made into strings only for the rows shown. A day is `yyyymmdd`; a rating is stars times two, 0
/// for none.
struct LibraryShelf: Sendable {
    /// A film's seven numbers: its id and title (offset and length in `text`), year (`Int32.min`: none),
    /// origin (an index into the names), rating.
    static let filmFields = 7
    /// An entry's eight: film, day, rating, rewatch (0 or 1), tags and review (offset and length in `text`;
    /// tags joined with U+001F, a review's length -1 for none).
    static let entryFields = 8

    private(set) var filmNumbers: [Int32] = []
    /// Genres, directors and origins, each once, as text references (offset, length).
    private(set) var nameRefs: [Int32] = []
    /// Film N's genres are `genres[genreStarts[N]..<genreStarts[N + 1]]`, indices into the names; so too
    /// the directors.
    private(set) var genreStarts: [Int32] = [0]
    private(set) var genres: [Int32] = []
    private(set) var directorStarts: [Int32] = [0]
    private(set) var directors: [Int32] = []
    /// Newest first (by day; the same day, the one logged last first).
    private(set) var diaryNumbers: [Int32] = []
    /// Films, highest rated first, ties by title.
    private(set) var ratings: [Int32] = []
    /// Film and day added, oldest first.
    private(set) var watchNumbers: [Int32] = []
    private(set) var text = Data()

    var filmCount: Int { filmNumbers.count / Self.filmFields }
    var nameCount: Int { nameRefs.count / 2 }
    var diaryCount: Int { diaryNumbers.count / Self.entryFields }
    var watchCount: Int { watchNumbers.count / 2 }

    init() {}

    // MARK: Reading

    private func string(_ offset: Int32, _ length: Int32) -> String {
        let start = text.startIndex + Int(offset)
        return String(decoding: text[start..<start + Int(length)], as: UTF8.self)
    }

    private func film(_ n: Int, _ field: Int) -> Int32 { filmNumbers[n * Self.filmFields + field] }
    func id(_ film: Int) -> String { string(self.film(film, 0), self.film(film, 1)) }
    func title(_ film: Int) -> String { string(self.film(film, 2), self.film(film, 3)) }
    func year(_ film: Int) -> Int? { self.film(film, 4) == Int32.min ? nil : Int(self.film(film, 4)) }
    func origin(_ film: Int) -> Int32 { self.film(film, 5) }
    func halves(_ film: Int) -> Int { Int(self.film(film, 6)) }
    func stars(_ film: Int) -> Double? { halves(film) == 0 ? nil : Double(halves(film)) / 2 }
    func label(_ film: Int) -> String { year(film).map { "\(title(film)) (\($0))" } ?? title(film) }
    func name(_ n: Int32) -> String { string(nameRefs[Int(n) * 2], nameRefs[Int(n) * 2 + 1]) }
    func genres(of film: Int) -> ArraySlice<Int32> { genres[Int(genreStarts[film])..<Int(genreStarts[film + 1])] }
    func directors(of film: Int) -> ArraySlice<Int32> {
        directors[Int(directorStarts[film])..<Int(directorStarts[film + 1])]
    }

    private func entry(_ n: Int, _ field: Int) -> Int32 { diaryNumbers[n * Self.entryFields + field] }
    func entryFilm(_ entry: Int) -> Int { Int(self.entry(entry, 0)) }
    func entryDay(_ entry: Int) -> Int32 { self.entry(entry, 1) }
    func entryDate(_ entry: Int) -> String { Self.date(entryDay(entry)) }
    func entryStars(_ entry: Int) -> Double? { self.entry(entry, 2) == 0 ? nil : Double(self.entry(entry, 2)) / 2 }
    func entryRewatch(_ entry: Int) -> Bool { self.entry(entry, 3) != 0 }
    func entryTags(_ entry: Int) -> [String] {
        let length = self.entry(entry, 5)
        guard length > 0 else { return [] }
        return string(self.entry(entry, 4), length).split(separator: "\u{1F}").map(String.init)
    }
    func entryReview(_ entry: Int) -> String? {
        self.entry(entry, 7) < 0 ? nil : string(self.entry(entry, 6), self.entry(entry, 7))
    }
    func hasReview(_ entry: Int) -> Bool { self.entry(entry, 7) >= 0 }
    func wanted(_ n: Int) -> (film: Int, added: String) {
        (Int(watchNumbers[n * 2]), Self.date(watchNumbers[n * 2 + 1]))
    }

    /// `yyyymmdd` as `YYYY-MM-DD`, and back (0 for a day that does not read).
    static func date(_ day: Int32) -> String {
        Day.format(year: Int(day / 10_000), month: Int(day / 100 % 100), day: Int(day % 100))
    }
    static func day(_ date: String) -> Int32 {
        let parts = date.split(separator: "-").compactMap { Int32($0) }
        return parts.count == 3 ? parts[0] * 10_000 + parts[1] * 100 + parts[2] : 0
    }

    // MARK: Making it from the library

    init(_ library: Library) {
        var index: [String: Int32] = [:]
        var names: [String: Int32] = [:]
        func add(_ string: String) -> (Int32, Int32) {
            let offset = Int32(text.count)
            text.append(contentsOf: string.utf8)
            return (offset, Int32(text.count) - offset)
        }
        func name(_ string: String) -> Int32 {
            if let known = names[string] { return known }
            let (offset, length) = add(string)
            nameRefs += [offset, length]
            names[string] = Int32(nameRefs.count / 2 - 1)
            return names[string] ?? 0
        }
        for (id, film) in library.films.sorted(by: { $0.key < $1.key }) {
            index[id] = Int32(filmCount)
            let (idOffset, idLength) = add(id)
            let (titleOffset, titleLength) = add(film.title)
            filmNumbers += [
                idOffset, idLength, titleOffset, titleLength, film.year.map { Int32(clamping: $0) } ?? Int32.min,
                name(library.origins[id] ?? film.source), library.ratings[id].map { Int32($0.stars * 2) } ?? 0,
            ]
            genres += (film.genres ?? []).map(name)
            genreStarts.append(Int32(genres.count))
            directors += (film.directors ?? []).map(name)
            directorStarts.append(Int32(directors.count))
        }
        let newestFirst = library.diary.enumerated().sorted {
            ($0.element.date, $0.offset) > ($1.element.date, $1.offset)
        }
        for (_, entry) in newestFirst {
            guard let film = index[entry.film] else { continue }
            let (tagsOffset, tagsLength) = add(entry.tags.joined(separator: "\u{1F}"))
            let (reviewOffset, reviewLength) = entry.review.map(add) ?? (0, -1)
            diaryNumbers += [
                film, Self.day(entry.date), entry.stars.map { Int32($0 * 2) } ?? 0, entry.rewatch ? 1 : 0, tagsOffset,
                tagsLength, reviewOffset, reviewLength,
            ]
        }
        let rated = (0..<filmCount).filter { halves($0) > 0 }.map { (film: $0, title: title($0), id: id($0)) }
        ratings = rated.sorted { (halves($1.film), $0.title, $0.id) < (halves($0.film), $1.title, $1.id) }
            .map { Int32($0.film) }
        // Oldest first by the day each was added (an export's own day), the order they came in among a day's.
        let byDay = library.watchlist.enumerated().sorted {
            ($0.element.added, $0.offset) < ($1.element.added, $1.offset)
        }
        for (_, wanted) in byDay {
            if let film = index[wanted.film] { watchNumbers += [film, Self.day(wanted.added)] }
        }
    }

    // MARK: The file

    static let magic: UInt64 = 0x3330_464C_4548_5353 // "SSHELF03": its watchlist sorted by day
    static let fileName = "library.index"

    func encoded(stamp: FileStamp) -> Data {
        var writer = ByteWriter(capacity: text.count + (filmNumbers.count + diaryNumbers.count) * 4 + 1_024)
        writer.write([Self.magic] + stamp.words)
        let runs = [
            filmNumbers, nameRefs, genreStarts, genres, directorStarts, directors, diaryNumbers, ratings, watchNumbers,
        ]
        writer.write(runs.map { UInt64($0.count) } + [UInt64(text.count)])
        for run in runs { writer.write(run) }
        writer.write(bytes: text)
        return writer.data
    }

    /// The shelf a kept file holds, when it was made from the library as `stamp` says it is now; nil for a
    /// file that is stale, cut short or damaged (scripts/fuzz's `shelf` target).
    static func decoded(_ data: Data, stamp: FileStamp) -> LibraryShelf? {
        decoded(data, header: [magic] + stamp.words)
    }

    static func decoded(_ data: Data, header expected: [UInt64]) -> LibraryShelf? {
        let read: (LibraryShelf, Int)? = data.withByteReader { reader in
            guard let header = reader.words(expected.count), header == expected, let counts = reader.words(10),
                counts.allSatisfy({ $0 <= UInt64(Int32.max) })
            else { return nil }
            var shelf = LibraryShelf()
            func run(_ n: UInt64) -> [Int32]? { reader.read(Int(n), of: Int32.self) }
            guard let films = run(counts[0]), let names = run(counts[1]), let genreStarts = run(counts[2]),
                let genres = run(counts[3]), let directorStarts = run(counts[4]), let directors = run(counts[5]),
                let diary = run(counts[6]), let ratings = run(counts[7]), let watch = run(counts[8]),
                Int(counts[9]) == reader.remaining
            else { return nil }
            (shelf.filmNumbers, shelf.nameRefs, shelf.genreStarts, shelf.genres) = (films, names, genreStarts, genres)
            (shelf.directorStarts, shelf.directors, shelf.diaryNumbers) = (directorStarts, directors, diary)
            (shelf.ratings, shelf.watchNumbers) = (ratings, watch)
            return (shelf, reader.offset)
        }
        guard let read else { return nil }
        var shelf = read.0
        // The text stays where it is read from (a mapped file: only the pages of the rows shown are read).
        shelf.text = data[(data.startIndex + read.1)...]
        return shelf.isWhole ? shelf : nil
    }

    /// Whether every number points where it may: counts that divide into records, references inside the
    /// text, indices inside their lists, lists in order. Checked once, so that reading never traps.
    private var isWhole: Bool {
        let films = filmCount, names = nameCount, size = Int32(text.count)
        func ref(_ offset: Int32, _ length: Int32) -> Bool { offset >= 0 && length >= 0 && offset <= size - length }
        func starts(_ list: [Int32], _ values: [Int32]) -> Bool {
            list.count == films + 1 && list.first == 0 && list.last == Int32(values.count)
                && zip(list, list.dropFirst()).allSatisfy { $0 <= $1 } && values.allSatisfy { $0 >= 0 && $0 < names }
        }
        guard filmNumbers.count % Self.filmFields == 0, nameRefs.count % 2 == 0,
            diaryNumbers.count % Self.entryFields == 0, watchNumbers.count % 2 == 0,
            starts(genreStarts, genres), starts(directorStarts, directors),
            stride(from: 0, to: nameRefs.count, by: 2).allSatisfy({ ref(nameRefs[$0], nameRefs[$0 + 1]) }),
            ratings.allSatisfy({ $0 >= 0 && $0 < films }),
            stride(from: 0, to: watchNumbers.count, by: 2).allSatisfy({
                watchNumbers[$0] >= 0 && watchNumbers[$0] < films
            })
        else { return false }
        for n in 0..<films {
            let base = n * Self.filmFields
            guard ref(filmNumbers[base], filmNumbers[base + 1]), ref(filmNumbers[base + 2], filmNumbers[base + 3]),
                filmNumbers[base + 5] >= 0, filmNumbers[base + 5] < names, (0...10).contains(filmNumbers[base + 6])
            else { return false }
        }
        for n in 0..<diaryCount {
            let base = n * Self.entryFields
            guard diaryNumbers[base] >= 0, diaryNumbers[base] < films, (0...10).contains(diaryNumbers[base + 2]),
                ref(diaryNumbers[base + 4], diaryNumbers[base + 5]),
                diaryNumbers[base + 7] == -1 || ref(diaryNumbers[base + 6], diaryNumbers[base + 7])
            else { return false }
        }
        return true
    }
}
