import Foundation
@testable import ScoutKit

extension Services {
    /// The services over a fresh home in `folder` at `now`, in UTC, 80 columns wide, with `screen` on the window;
    /// a search is refused; `offline` as `--offline`.
    static func made(in folder: TempFolder, at now: Date, screen: some Screen, offline: Bool = false) -> Services {
        var context = ShellContext(
            environment: ["TZ": "UTC"], home: folder.url.path, workingDirectory: folder.url.path, now: { now },
            localTime: LocalTime(TimeZone(identifier: "UTC") ?? .gmt))
        context.offline = offline
        context.fitsWidth = true
        return Services(
            sources: SourceRegistry(context: context, warnings: WarningLog()),
            wiring: ServiceWiring(
                context: context, settings: { Settings() }, updateSettings: { _, _ in }, warn: { _ in },
                width: { 80 }, height: { nil },
                runSearch: { _ in throw UsageError("these services run no search") }),
            screen: screen)
    }
}

/// A screen that shows `rows` as the results, and notes what a service asked of it: the numbers it gave the
/// screen.
@MainActor final class RowsScreen: Screen {
    let rows: [Item]
    private(set) var numbered: [(listing: String, ids: [String])] = []

    init(_ rows: [Item]) { self.rows = rows }

    func itemsToKeep(_ rows: RangeSpec?) throws -> [Item] {
        guard let rows else { throw UsageError("nothing to add: fav add N keeps row N, or select rows first") }
        return try rows.indices(count: self.rows.count).map { self.rows[$0] }
    }

    func number(_ ids: [String], as listing: String) { numbered.append((listing, ids)) }

    var numbers: RowsOnScreen { numbered.last.map { .films(listing: $0.listing, ids: $0.ids) } ?? .results }

    func item(known id: String) -> Item? { rows.first { $0.id == id } }

    func itemShown(atRow row: Int) async throws -> Item {
        guard row <= rows.count else { throw UsageError.notFound("there is no row \(row): the list has \(rows.count)") }
        return rows[row - 1]
    }

    func showDetail(_ item: Item, under: String) -> Output {
        var output = Output()
        output.say("(the detail of \(item.id))")
        output.say(under)
        return output
    }
}
