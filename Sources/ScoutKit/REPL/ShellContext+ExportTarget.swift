import FoundationEssentials

extension ShellContext {
    /// Where `fav export` and `export letterboxd` write `path`: in a folder that exists, and over a file only
    /// with `--force` (`again` is the command as the user would type it again, `--force` aside: for the
    /// watchlist file beside an export, the export's own).
    func exportTarget(_ path: String, force: Bool, again: String) throws(UsageError) -> URL {
        let url = resolve(path)
        let folder = url.deletingLastPathComponent()
        let shownFolder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) + "/" : "./"
        let files = fileStore
        guard files.exists(folder) else {
            throw UsageError(
                "there is no folder \(shownFolder): make it first (mkdir -p \(shownFolder)); nothing was written")
        }
        guard files.isFolder(folder) else { throw UsageError("\(shownFolder) is not a folder; nothing was written") }
        if files.exists(url) {
            guard !files.isFolder(url) else {
                throw UsageError("\(path) is a folder: name a file in it; nothing was written")
            }
            guard force else {
                throw UsageError("\(path) already exists: \(again) --force replaces it; nothing was written")
            }
        } else if files.kind(of: url) == .link, !force {
            throw UsageError(
                "\(path) already exists (a link to nothing): \(again) --force replaces it; nothing was "
                    + "written"
            )
        }
        return url
    }
}
