/// What a feature service asks of the screen: the rows the list shows, what the numbers on screen name,
/// and the detail view. The browse service keeps these (the session's results and views) and is handed
/// to the other services as this, so that a service sees the screen and nothing else of the session.
@MainActor protocol Screen: AnyObject {
    /// What `fav add` keeps: those rows of the list; without rows, what the screen shows (the item of the
    /// detail view, else the selected rows of the list).
    func itemsToKeep(_ rows: RangeSpec?) throws -> [Item]
    /// From now on the numbers on screen name `ids`, as `listing` showed them (`rate 3 4` after `fav`).
    func number(_ ids: [String], as listing: String)
    /// `item` in full, `under` beneath it, with its artwork where the terminal draws it.
    func showDetail(_ item: Item, under: String) -> Output
    /// What the numbers on screen name: the rows of the results, or the films of the last listing.
    var numbers: RowsOnScreen { get }
    /// The item of the results or the selection whose id is `id`.
    func item(known id: String) -> Item?
    /// Row `row` of the results, loading them again (and the pages up to it) when they are not in memory.
    func itemShown(atRow row: Int) async throws -> Item
}
