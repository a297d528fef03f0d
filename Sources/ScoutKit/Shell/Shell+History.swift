import Foundation

extension Shell {
    func historyCommand(_ command: Command.History) async throws -> Output {
        switch command {
        case .list(let n):
            let log = try history.log()
            let shown = Array((1..<(log.count + 1)).suffix(n ?? 20))
            return historyList(shown, in: log, empty: "No searches yet.")
        case .search(let text):
            let log = try history.log()
            return historyList(log.matching(text), in: log, empty: "No past search matches \"\(text)\".")
        case .rerun(let n):
            let log = try history.log()
            guard let entry = try Self.entry(n, in: log) else { throw UsageError("no searches yet: nothing to re-run") }
            var output = Output()
            output.say("Re-running: search \(entry.terms)\(entry.source == session.source ? "" : " --in \(entry.source)")")
            output.merge(try await search(entry.query))
            return output
        case .remove(let n):
            let log = try history.log()
            guard let entry = try Self.entry(n, in: log) else { throw UsageError("no searches yet") }
            try history.remove(ids: [entry.id])
            var output = Output()
            output.say("Removed search \(n) (\(entry.source) \"\(entry.terms)\").")
            return output
        case .clear:
            try history.clear()
            var output = Output()
            output.say("History cleared.")
            return output
        }
    }

    /// Entry `n` (from 1), or the newest for nil.
    static func entry(_ n: Int?, in log: HistoryLog) throws(UsageError) -> HistoryEntry? {
        guard log.count > 0 else { return nil }
        let n = n ?? log.count
        guard n >= 1, n <= log.count else { throw UsageError("there is no search \(n): history has 1 to \(log.count)") }
        guard let entry = log.entry(n) else { throw UsageError("search \(n) could not be read") }
        return entry
    }

    func historyList(_ numbers: [Int], in log: HistoryLog, empty: String) -> Output {
        let shown = numbers.compactMap { n in log.entry(n).map { (offset: n - 1, element: $0) } }
        let total = log.count
        var output = Output()
        if shown.isEmpty { output.say(empty) }
        let width = String(total).count
        var formatter = MinuteFormatter(timeZone: context.calendar.timeZone)
        for (offset, entry) in shown {
            let filters = entry.filters.sorted { $0.key < $1.key }.map { " --\($0.key) \($0.value)" }.joined()
            var line = "\(String(offset + 1).leftPadded(to: width, with: " "))  \(formatter.string(entry.time))  "
                + "\(DisplayWidth.pad(entry.source, to: 11)) \"\(entry.terms)\"\(filters)  \(entry.count) result\(entry.count == 1 ? "" : "s")"
            if !entry.chosen.isEmpty { line += "  → " + entry.chosen.map(\.title).joined(separator: ", ") }
            output.say(fitted(line))
        }
        guard context.json else { return output }
        output.json["history"] = .array(shown.map { offset, entry in
            .object(["n": .int(offset + 1), "time": .string(ISODate.string(entry.time)),
                     "source": .string(entry.source), "terms": .string(entry.terms),
                     "filters": .object(entry.filters.mapValues(JSONValue.string)), "count": .int(entry.count),
                     "chosen": .array(entry.chosen.map { .object(["id": .string($0.id), "title": .string($0.title)]) })])
        })
        return output
    }

    func deny(_ command: Command.Deny) throws -> Output {
        var output = Output()
        switch command {
        case .list:
            let terms = try denyList.terms()
            if terms.isEmpty { output.say("No denied terms: deny add TERM keeps a term from ever being searched.") }
            for (index, term) in terms.enumerated() { output.say("\(index + 1). \(term)") }
            output.json["terms"] = .array(terms.map(JSONValue.string))
        case .add(let term):
            let added = try denyList.add([term])
            output.say(added == 1 ? "Denied \"\(term)\": searches equal to it or starting with it are refused." : "\"\(term)\" was already denied.")
        case .remove(let term):
            guard try denyList.remove(term) > 0 else { throw UsageError("\"\(term)\" is not denied (deny lists the terms)") }
            output.say("\"\(term)\" may be searched again.")
        case .importFile(let path):
            let url = context.resolve(path)
            guard let data = try context.fileStore.read(url) else { throw StoreError.unreadable(path: url.path, reason: "no such file") }
            let terms = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            let added = try denyList.add(terms)
            output.say("Imported \(added) new denied term\(added == 1 ? "" : "s") (\(terms.count - added) already there).")
            output.json["imported"] = .int(added)
        }
        return output
    }
}
