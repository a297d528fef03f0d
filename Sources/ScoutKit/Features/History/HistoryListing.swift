import Dispatch
import FoundationEssentials
import Synchronization

/// `history`, and a history search under `--json` or that found nothing: the searches numbered, a line each,
/// fitted to the window when printed; and for `--json` their fields.
struct HistoryView: OutputView {
    var entries: [(n: Int, entry: HistoryEntry)]
    /// The searches in the whole history, which the numbers' width is made for.
    var total: Int
    /// The listing's total for `--json`: the whole history for `history`, what was found for a search.
    var listed: Int
    var localTime: LocalTime
    var empty: String

    func lines(fitting width: Int?) -> [StyledLine] {
        guard !entries.isEmpty else { return [StyledLine(empty)] }
        let (entries, total, localTime) = (entries, total, localTime)
        return HistoryListing.inHalves(Array(entries.indices)) { indices in
            HistoryListing.texts(indices.map { entries[$0] }, total: total, localTime: localTime, fit: width)
        }.map { StyledLine($0) }
    }

    var json: [OutputField: JSONValue] {
        TypedJSON.listing(
            entries.map { n, entry in
                JSONObject<HistoryEntryField>([
                    .n: .int(n), .time: TypedJSON.date(entry.time),
                    .source: .string(entry.source), .terms: .string(entry.terms),
                    .filters: .object(entry.filters.mapValues(JSONValue.string)), .count: .int(entry.count),
                    .chosen: .array(entry.chosen.map { .object(["id": .string($0.id), "title": .string($0.title)]) }),
                ])
            }, total: listed)
    }
}

/// History's lines, made off the main actor: a history search lists tens of thousands of past searches.
enum HistoryListing {
    /// History's lines for these entries: number, time, source, terms, filters, count and what was chosen,
    /// cut to `fit` cells when given.
    static func texts(
        _ entries: [(n: Int, entry: HistoryEntry)], total: Int, localTime: LocalTime, fit: Int?
    ) -> [String] {
        let width = String(total).count
        var formatter = MinuteFormatter(timeZone: localTime)
        // In a window under 60 columns the terms come first: the year and the source's padded column go, so that
        // what was searched is read before the line is cut.
        let narrow = (fit ?? .max) < 60
        // Each line's bytes appended into one buffer, then made a String once: a history search lists tens of
        // thousands of these, and interpolating or appending Strings cost more than reading the records.
        // Texts are copied in whole (their bytes where they lie), numbers written digit by digit, and padding
        // added as spaces: no String is made for a part of a line (a tenth of a search's instructions).
        var line: [UInt8] = []
        func add(_ text: String) {
            var text = text
            text.withUTF8 { line.append(contentsOf: $0) }
        }
        func spaces(_ count: Int) { line.append(contentsOf: repeatElement(0x20, count: max(0, count))) }
        return entries.map { n, entry in
            line.removeAll(keepingCapacity: true)
            spaces(width - Text.digitCount(n))
            Text.appendDigits(n, to: &line)
            add("  ")
            let time = formatter.string(entry.time)
            add(narrow ? String(time.dropFirst(5)) : time)
            add("  ")
            if narrow {
                add(entry.source)
            } else if case let cells = DisplayWidth.of(entry.source), cells <= 11 {
                add(entry.source)
                spaces(11 - cells)
            } else {
                add(DisplayWidth.pad(entry.source, to: 11))
            }
            add(" ")
            if entry.terms.isEmpty {
                add(BrowseService.describe(terms: ""))
            } else {
                line.append(0x22)
                add(entry.terms)
                line.append(0x22)
            }
            for (name, value) in entry.filters.sorted(by: { $0.key < $1.key }) {
                add(" --")
                add(name)
                add(" ")
                add(value)
            }
            let head = line.count
            add("  ")
            Text.appendDigits(entry.count, to: &line)
            add(entry.count == 1 ? " result" : " results")
            for (index, choice) in entry.chosen.enumerated() {
                add(index == 0 ? "  → " : ", ")
                add(choice.title)
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let fit, DisplayWidth.of(text) > fit else { return text }
            // Cut inside its digits, a count would read as another number (`5…` of 50): cut before it instead.
            let terms = String(decoding: line[..<head], as: UTF8.self)
            let whole = DisplayWidth.of(terms) + 2 + Text.digitCount(entry.count) < fit
            return DisplayWidth.truncate(whole ? text : terms + "  …", to: fit)
        }
    }

    /// The lines of the searches numbered `numbers` in `log`, made a part of 16,384 at a time (on two threads, in
    /// halves) while the part before is printed: a history search of a million records in bounded memory.
    struct Stream: LineStream {
        let log: HistoryLog
        let numbers: [Int]
        let localTime: LocalTime
        static let part = 16_384

        func parts(fitting fit: Int?, _ emit: ([StyledLine]) -> Void) {
            let (log, total, localTime) = (log, log.count, localTime)
            // What each search chose, looked up once for all the parts: a pass over every `done` record a part cost
            // a tenth of the search.
            let done = log.doneLines(of: numbers)
            for start in stride(from: 0, to: numbers.count, by: Self.part) {
                let part = Array(numbers[start..<min(start + Self.part, numbers.count)])
                let lines = HistoryListing.inHalves(part) { half in
                    HistoryListing.texts(log.entries(half, done: done), total: total, localTime: localTime, fit: fit)
                }
                emit(lines.map { StyledLine($0) })
            }
        }
    }

    /// `work` over `numbers` cut in two halves, run on two threads, the results in order; on this thread alone
    /// below 4,096 numbers. A search of a long history lists tens of thousands of past searches, and reading
    /// and lining them up is most of its time; the machines scout runs on have two cores or more.
    static func inHalves<Result: Sendable>(
        _ numbers: [Int], _ work: @Sendable ([Int]) -> [Result]
    ) -> [Result] {
        guard numbers.count >= 4_096 else { return work(numbers) }
        let middle = numbers.count / 2
        let halves = [Array(numbers[..<middle]), Array(numbers[middle...])]
        let results = Mutex<[[Result]]>([[], []])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let part = work(halves[index])
            results.withLock { $0[index] = part }
        }
        return results.withLock { $0[0] + $0[1] }
    }
}
