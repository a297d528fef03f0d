/// One entry of `SourceRegistry.families`, declared by a source's own file: the names it answers to,
/// the variable that points it elsewhere, its search options, what each name can do and groups by, and
/// how one is built. Everything scout knows of a source by name alone comes from here, so that a new
/// source is its file and one line in that list.
public struct SourceFamily: Sendable {
    /// The names it answers to, in the order `sources` lists them (`songs`, `albums`, … for iTunes).
    public let names: [String]
    /// The `SCOUT_*_URL` variable that points it at another server; when that variable is set to
    /// something other than a URL, every name of the family refuses with the line that says so.
    public let urlVariable: String?
    /// The options its searches take beyond terms and `--in`: the parser, `help search` and Tab read them.
    public let searchOptions: [CommandSpec.Option]
    /// Where its options come in `help search`, lowest first; families of the same rank keep the list's order.
    public let optionsRank: Int
    /// A line its service's terms ask to be shown wherever it is named (`sources`, the man page); nil for none.
    public let notice: String?
    /// What the source of each name can do (see `SourceCapabilities`).
    public let capabilities: @Sendable (String) -> SourceCapabilities
    /// The field a listing of each name is grouped by when the user has not said (`cuisine` for restaurants).
    public let defaultGroup: @Sendable (String) -> String?
    /// The source of a name, from what the registry shares across a run and the settings; nil for a name not its own.
    let make: @MainActor @Sendable (_ name: String, _ registry: SourceRegistry, _ settings: Settings) -> (any Source)?

    init(
        names: [String], urlVariable: String?, searchOptions: [CommandSpec.Option], optionsRank: Int = 0,
        notice: String? = nil, capabilities: @escaping @Sendable (String) -> SourceCapabilities,
        defaultGroup: @escaping @Sendable (String) -> String? = { _ in nil },
        make:
            @escaping @MainActor @Sendable (_ name: String, _ registry: SourceRegistry, _ settings: Settings) -> (
                any Source
            )?
    ) {
        (self.names, self.urlVariable, self.searchOptions, self.optionsRank) = (
            names, urlVariable, searchOptions, optionsRank
        )
        (self.notice, self.capabilities, self.defaultGroup, self.make) = (notice, capabilities, defaultGroup, make)
    }

    /// What `search` takes, for `use` and hints: `search TERMS [--year YYYY]`, with the values of the
    /// options named in `spelled` written out (`[--type movie|series|episode]`); a source without
    /// options takes an empty search too.
    static func searchHint(_ options: [CommandSpec.Option], spelled: [String: [String]] = [:]) -> String {
        let hints = options.map { option in
            "[\(option.name) \(spelled[option.name]?.joined(separator: "|") ?? option.valueName ?? "")]"
        }
        return hints.isEmpty
            ? "search TERMS, or search alone for everything" : (["search TERMS"] + hints).joined(separator: " ")
    }
}
