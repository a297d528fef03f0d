/// The user's settings, kept in `$XDG_CONFIG_HOME/scout/config.json`; `Settings.table` describes each
/// one to the settings file, `set`, `help set`, completion, the man page and `--json`.
public struct Settings: Sendable, Equatable {
    public var country: String = "US"
    public var lang: String = "en_us"
    /// Rows a listing page holds; nil (`auto`): as many as fit the window, 20 on a pipe.
    public var pageSize: Int?
    public var color: ColorMode = .auto
    public var autoDeny: Bool = true
    public var offline: Bool = false
    /// How long a cached response is fresh, in seconds.
    public var cacheTTL: Int = 3600
    /// How long a request may take, whole answer included, in seconds.
    public var timeout: Int = 15
    public var omdbKey: String?
    /// TMDb's v3 key or v4 read access token (`set tmdb-key`); `TMDB_API_KEY` and `TMDB_READ_ACCESS_TOKEN` win.
    public var tmdbKey: String?
    /// Which finder `pick` and Ctrl-R open: scout's own, or the user's fzf.
    public var picker: PickerKind = .builtin
    /// How many of a source's pages `watch` and `check` read of each watched search.
    public var watchPages: Int = 3
    /// Whether scout syncs in the background at start and, bounded by `syncTimeout`, at exit (where sync is
    /// set up: `sync init` turns it on).
    public var syncAuto: Bool = true
    /// How long the sync at exit may take, in seconds.
    public var syncTimeout: Int = 3
    /// How artwork is drawn on a terminal: chosen from the environment (`auto`), a protocol, or not at all.
    public var images: ImagesMode = .auto
    /// The art cache's size cap, in megabytes.
    public var artCacheMB: Int = 100
    /// The streaming services the user has, as they named them (`set services`).
    public var services: [String] = []
    /// Keys of the settings file this scout does not know (a later scout's), as the file holds their values
    /// (JSON text), written back as they were.
    var kept: [String: String] = [:]
    /// Not a setting and never written: a run's demand (`check`, `watch`) that every answer come from the
    /// source itself, never from the response cache, so a source built for it is another source.
    var networkOnly = false

    public enum PickerKind: String, Codable, Sendable, CaseIterable {
        case builtin, fzf
    }

    public enum ColorMode: String, Codable, Sendable, CaseIterable {
        case auto, always, never
    }

    public enum ImagesMode: String, Codable, Sendable, CaseIterable {
        case auto, kitty, iterm, sixel, symbols, off
    }

    public init() {}

    /// The countries with an iTunes Store, by their ISO 3166-1 alpha-2 codes (lower case): the one list
    /// `set country` checks against (Apple's affiliate appendix of store countries and its App Store
    /// storefronts, together). Two letters a code and one space between: read in place, as a set built
    /// from it cost every start that reads a settings file half again its instructions.
    static let storeCountries = """
        ae ag ai am ao ar at au az bb bd be bg bh bm bn bo br bs bw by bz ca ch ci cl cn co cr cy cz de dk dm do \
        dz ec ee eg es fi fr gb gd gh gr gt gy hk hn hr hu id ie il in is it jm jo jp ke kn kr kw ky kz lb lc li \
        lk lt lu lv md mg mk ml mo ms mt mu mv mx my ne ng ni nl no np nz om pa pe ph pk pl pt py qa ro rs ru sa \
        se sg si sk sn sr sv tc th tn tr tt tw tz ua ug us uy uz vc ve vg vn ye za
        """

    /// Whether `code` (lower case) is in `storeCountries`.
    static func isStoreCountry(_ code: String) -> Bool {
        let code = Array(code.utf8), list = Array(storeCountries.utf8)
        guard code.count == 2 else { return false }
        return stride(from: 0, to: list.count - 1, by: 3).contains { list[$0] == code[0] && list[$0 + 1] == code[1] }
    }
    /// The common store countries Tab offers (all of them in `storeCountries`).
    public static let countries = [
        "au", "br", "ca", "de", "es", "fr", "gb", "ie", "in", "it", "jp", "kr", "mx", "nl", "nz", "se", "us",
    ]
    /// The languages the iTunes Search API answers in.
    public static let languages = ["en_us", "ja_jp"]

    /// `text` as a store country code (upper case), or an error naming what is accepted.
    public static func storeCountry(_ text: String) throws(UsageError) -> String {
        let code = text.trimmedSpaces().lowercased()
        if isStoreCountry(code) { return code.uppercased() }
        if code == "uk" { throw UsageError("the United Kingdom's code is GB (ISO 3166-1): use GB") }
        throw UsageError(
            "\"\(text.prefix(40))\" is not the country of an iTunes store: use its two-letter ISO 3166-1 code, such as "
                + "US, GB, DE, FR or JP"
        )
    }

    /// `text` as a language iTunes answers in (`en_us`, `ja_jp`; `EN-US` reads as `en_us`), or an error naming them.
    public static func storeLanguage(_ text: String) throws(UsageError) -> String {
        let code = text.trimmedSpaces().lowercased().replacing("-", with: "_")
        guard languages.contains(code) else {
            throw UsageError(
                "iTunes answers in \(languages.joined(separator: " or ")) only: \"\(text.prefix(40))\" is not one "
                    + "of them"
            )
        }
        return code
    }

    /// The words `set omdb-key` takes to forget the key: `none`, or nothing (`set omdb-key ""`).
    public static func clearsKey(_ text: String) -> Bool {
        ["", "none"].contains(text.trimmedSpaces().lowercased())
    }

    static func seconds(_ text: String) -> Int? {
        let unit: Int? =
            switch text.last {
            case "s": 1
            case "m": 60
            case "h": 3600
            case "d": 86400
            default: nil
            }
        if let unit, let n = Int(text.dropLast()), n >= 0 {
            return n.multipliedReportingOverflow(by: unit).overflow ? nil : n * unit
        }
        if let n = Int(text), n >= 0 { return n }
        return nil
    }

    static func mask(_ key: String) -> String {
        key.count <= 4
            ? String(repeating: "•", count: key.count) : String(repeating: "•", count: key.count - 2) + key.suffix(2)
    }
}
