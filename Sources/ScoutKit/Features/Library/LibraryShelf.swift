import FoundationEssentials

/// The library's listings as `diary`, `ratings`, `watchlist`, `stats` and `pick` read them: the films, the
/// diary newest first, the ratings highest first and the watchlist oldest first, already folded from
/// `library.jsonl` and sorted. Kept in the cache folder (`library.index`) under the stamp (inode, size,
/// modification time) of the `library.jsonl` it was made from, so that a listing of ten thousand entries
/// reads one small file instead of folding every event again; any change to the library makes it anew.
/// Derived data: written without fsync, and a damaged or stale file is made again.
///
/// Numbers are kept in runs of 32-bit integers, read where they lie in the mapped file (`Int32Run`); text
/// (ids, titles, tags, reviews, names) in one blob, made into strings only for the rows shown. A day is
/// `yyyymmdd`; a rating is stars times two, 0 for none.
struct LibraryShelf: Sendable {
    /// A film's seven numbers: its id and title (offset and length in `text`), year (`Int32.min`: none),
    /// origin (an index into the names), rating.
    static let filmFields = 7
    /// An entry's ten: film, day, rating, rewatch (0 or 1), tags, review and its event's id (offset and length
    /// in `text`; tags joined with U+001F, a review's length -1 for none).
    static let entryFields = 10

    let filmNumbers: Int32Run
    /// Genres, directors and origins, each once, as text references (offset, length).
    let nameRefs: Int32Run
    /// Film N's genres are `genres[genreStarts[N]..<genreStarts[N + 1]]`, indices into the names; so too
    /// the directors.
    let genreStarts: Int32Run
    let genres: Int32Run
    let directorStarts: Int32Run
    let directors: Int32Run
    /// Newest first (by day; the same day, the one logged last first).
    let diaryNumbers: Int32Run
    /// Films, highest rated first, ties by title.
    let ratings: Int32Run
    /// Film and day added, oldest first.
    let watchNumbers: Int32Run
    /// The bytes the runs and the text are read from, where they lie: the kept file, mapped, or the fold's.
    private let held: HeldBytes
    private let textStart: Int
    private let textCount: Int

    var filmCount: Int { filmNumbers.count / Self.filmFields }
    var nameCount: Int { nameRefs.count / 2 }
    var diaryCount: Int { diaryNumbers.count / Self.entryFields }
    var watchCount: Int { watchNumbers.count / 2 }

    /// An empty library's.
    init() { self = Self.made(Library(), header: [Self.magic]).shelf }

    /// The shelf laid out in `held` from byte `start`: the nine runs of `counts`, then the text (`counts[9]`).
    private init(_ held: HeldBytes, counts: [Int], at start: Int) {
        var offset = start
        func run(_ n: Int) -> Int32Run {
            defer { offset += counts[n] * 4 }
            return Int32Run(held, offset: offset, count: counts[n])
        }
        (filmNumbers, nameRefs, genreStarts, genres) = (run(0), run(1), run(2), run(3))
        (directorStarts, directors, diaryNumbers, ratings, watchNumbers) = (run(4), run(5), run(6), run(7), run(8))
        precondition(offset + counts[9] <= held.bytes.count, "a shelf's text outside its bytes")
        (self.held, textStart, textCount) = (held, offset, counts[9])
    }

    // MARK: Reading

    private func string(_ offset: Int32, _ length: Int32) -> String {
        let start = textStart + Int(offset)
        return String(
            decoding: UnsafeRawBufferPointer(rebasing: held.bytes[start..<start + Int(length)]), as: UTF8.self)
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
    func genres(of film: Int) -> Slice<Int32Run> { genres[Int(genreStarts[film])..<Int(genreStarts[film + 1])] }
    func directors(of film: Int) -> Slice<Int32Run> {
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
    /// The id of the `seen` event that logged it, which `diary rm` and `diary edit` name it by.
    func entryID(_ entry: Int) -> String { string(self.entry(entry, 8), self.entry(entry, 9)) }
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

    /// The shelf folded from `library`, and the file that keeps it under `stamp`.
    static func made(_ library: Library, stamp: FileStamp) -> (shelf: LibraryShelf, file: Data) {
        made(library, header: [magic] + stamp.words)
    }

    private static func made(_ library: Library, header: [UInt64]) -> (shelf: LibraryShelf, file: Data) {
        var (filmNumbers, nameRefs, genreStarts, genres) = ([Int32](), [Int32](), [Int32(0)], [Int32]())
        var (directorStarts, directors, diaryNumbers, watchNumbers) = ([Int32(0)], [Int32](), [Int32](), [Int32]())
        var text = Data()
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
        var rated: [(film: Int32, halves: Int32, title: String, id: String)] = []
        for (id, film) in library.films.sorted(by: { $0.key < $1.key }) {
            let number = Int32(index.count)
            index[id] = number
            let (idOffset, idLength) = add(id)
            let (titleOffset, titleLength) = add(film.title)
            let halves = library.ratings[id].map { Int32($0.stars * 2) } ?? 0
            filmNumbers += [
                idOffset, idLength, titleOffset, titleLength, film.year.map { Int32(clamping: $0) } ?? Int32.min,
                name(library.origins[id] ?? film.source), halves,
            ]
            if halves > 0 { rated.append((number, halves, film.title, id)) }
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
            let (idOffset, idLength) = add(entry.id)
            diaryNumbers += [
                film, Self.day(entry.date), entry.stars.map { Int32($0 * 2) } ?? 0, entry.rewatch ? 1 : 0, tagsOffset,
                tagsLength, reviewOffset, reviewLength, idOffset, idLength,
            ]
        }
        let ratings = rated.sorted { ($1.halves, $0.title, $0.id) < ($0.halves, $1.title, $1.id) }.map(\.film)
        // Oldest first by the day each was added (an export's own day), the order they came in among a day's.
        let byDay = library.watchlist.enumerated().sorted {
            ($0.element.added, $0.offset) < ($1.element.added, $1.offset)
        }
        for (_, wanted) in byDay {
            if let film = index[wanted.film] { watchNumbers += [film, Self.day(wanted.added)] }
        }
        let runs = [
            filmNumbers, nameRefs, genreStarts, genres, directorStarts, directors, diaryNumbers, ratings, watchNumbers,
        ]
        var writer = ByteWriter(capacity: text.count + runs.reduce(0) { $0 + $1.count } * 4 + 1_024)
        writer.write(header)
        writer.write(runs.map { UInt64($0.count) } + [UInt64(text.count)])
        for run in runs { writer.write(run) }
        writer.write(bytes: text)
        let shelf = LibraryShelf(
            HeldBytes(copying: writer.data), counts: runs.map(\.count) + [text.count], at: (header.count + 10) * 8)
        return (shelf, writer.data)
    }

    // MARK: The file

    static let magic: UInt64 = 0x3430_464C_4548_5353 // "SSHELF04": its entries' ids
    static let fileName = "library.index"

    /// The shelf a kept file holds, read where it lies, when it was made from the library as `stamp` says it
    /// is now; nil for a file that is stale, cut short or damaged (scripts/fuzz's `shelf` target).
    static func decoded(_ held: HeldBytes, stamp: FileStamp) -> LibraryShelf? {
        decoded(held, header: [magic] + stamp.words)
    }

    static func decoded(_ data: Data, header expected: [UInt64]) -> LibraryShelf? {
        decoded(HeldBytes(copying: data), header: expected)
    }

    static func decoded(_ held: HeldBytes, header expected: [UInt64]) -> LibraryShelf? {
        var reader = ByteReader(held.bytes)
        guard let header = reader.words(expected.count), header == expected, let counts = reader.words(10),
            counts.allSatisfy({ $0 <= UInt64(Int32.max) }),
            counts.prefix(9).reduce(0, { $0 + Int($1) }) * 4 + Int(counts[9]) == reader.remaining
        else { return nil }
        let shelf = LibraryShelf(held, counts: counts.map { Int($0) }, at: reader.offset)
        return shelf.isWhole ? shelf : nil
    }

    /// Whether every number points where it may: counts that divide into records, references inside the
    /// text, indices inside their lists, lists in order. Checked once, so that reading never traps.
    private var isWhole: Bool {
        let films = filmCount, names = nameCount, size = Int32(textCount)
        func ref(_ offset: Int32, _ length: Int32) -> Bool { offset >= 0 && length >= 0 && offset <= size - length }
        func starts(_ list: Int32Run, _ values: Int32Run) -> Bool {
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
                ref(diaryNumbers[base + 8], diaryNumbers[base + 9]),
                diaryNumbers[base + 7] == -1 || ref(diaryNumbers[base + 6], diaryNumbers[base + 7])
            else { return false }
        }
        return true
    }
}
