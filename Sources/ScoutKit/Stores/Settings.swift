import Foundation

/// The user's settings, kept in `$XDG_CONFIG_HOME/scout/config.json`.
public struct Settings: Codable, Sendable, Equatable {
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
    /// Which finder `pick` and Ctrl-R open: scout's own, or the user's fzf.
    public var picker: PickerKind = .builtin

    public enum PickerKind: String, Codable, Sendable, CaseIterable {
        case builtin, fzf
    }

    public enum ColorMode: String, Codable, Sendable, CaseIterable {
        case auto, always, never
    }

    public init() {}

    enum CodingKeys: String, CodingKey {
        case country, lang, pageSize = "page-size", color, autoDeny = "auto-deny", offline, cacheTTL = "cache-ttl", timeout, omdbKey = "omdb-key", picker
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = Settings()
        country = try c.decodeIfPresent(String.self, forKey: .country) ?? d.country
        lang = try c.decodeIfPresent(String.self, forKey: .lang) ?? d.lang
        pageSize = try c.decodeIfPresent(Int.self, forKey: .pageSize).map { min(max($0, 1), 200) }
        color = try c.decodeIfPresent(ColorMode.self, forKey: .color) ?? d.color
        autoDeny = try c.decodeIfPresent(Bool.self, forKey: .autoDeny) ?? d.autoDeny
        offline = try c.decodeIfPresent(Bool.self, forKey: .offline) ?? d.offline
        cacheTTL = try c.decodeIfPresent(Int.self, forKey: .cacheTTL) ?? d.cacheTTL
        timeout = try c.decodeIfPresent(Int.self, forKey: .timeout).map { min(max($0, 1), 300) } ?? d.timeout
        omdbKey = try c.decodeIfPresent(String.self, forKey: .omdbKey)
        picker = (try? c.decodeIfPresent(PickerKind.self, forKey: .picker)) ?? d.picker
    }

    /// The setting names `set` knows, in the order it lists them.
    public static let keys = ["country", "lang", "page-size", "color", "auto-deny", "offline", "cache-ttl", "timeout", "omdb-key", "picker"]

    /// The values `set KEY` completes to, where they form a closed set (or, for a country, the common ones).
    public static func values(for key: String) -> [String] {
        switch key {
        case "color": ColorMode.allCases.map(\.rawValue)
        case "picker": PickerKind.allCases.map(\.rawValue)
        case "auto-deny", "offline": ["on", "off"]
        case "country": countries
        case "lang": languages
        default: []
        }
    }

    /// The countries with an iTunes Store, by their ISO 3166-1 alpha-2 codes (lower case): the one list
    /// `set country` checks against (Apple's affiliate appendix of store countries and its App Store
    /// storefronts, together).
    public static let storeCountries: Set<String> = Set("""
        ae ag ai am ao ar at au az bb bd be bg bh bm bn bo br bs bw by bz ca ch ci cl cn co cr cy cz de dk dm do dz ec ee eg es fi fr gb gd gh
        gr gt gy hk hn hr hu id ie il in is it jm jo jp ke kn kr kw ky kz lb lc li lk lt lu lv md mg mk ml mo ms mt mu mv mx my ne ng ni nl no
        np nz om pa pe ph pk pl pt py qa ro rs ru sa se sg si sk sn sr sv tc th tn tr tt tw tz ua ug us uy uz vc ve vg vn ye za
        """.split(whereSeparator: \.isWhitespace).map(String.init))
    /// The common store countries Tab offers (all of them in `storeCountries`).
    public static let countries = ["au", "br", "ca", "de", "es", "fr", "gb", "ie", "in", "it", "jp", "kr", "mx", "nl", "nz", "se", "us"]
    /// The languages the iTunes Search API answers in.
    public static let languages = ["en_us", "ja_jp"]

    /// `text` as a store country code (upper case), or an error naming what is accepted.
    public static func storeCountry(_ text: String) throws(UsageError) -> String {
        let code = text.trimmingCharacters(in: .whitespaces).lowercased()
        if storeCountries.contains(code) { return code.uppercased() }
        if code == "uk" { throw UsageError("the United Kingdom's code is GB (ISO 3166-1): use GB") }
        throw UsageError("\"\(text.prefix(40))\" is not the country of an iTunes store: use its two-letter ISO 3166-1 code, such as US, GB, DE, FR or JP")
    }

    /// `text` as a language iTunes answers in (`en_us`, `ja_jp`; `EN-US` reads as `en_us`), or an error naming them.
    public static func storeLanguage(_ text: String) throws(UsageError) -> String {
        let code = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "-", with: "_")
        guard languages.contains(code) else {
            throw UsageError("iTunes answers in \(languages.joined(separator: " or ")) only: \"\(text.prefix(40))\" is not one of them")
        }
        return code
    }

    /// The words `set omdb-key` takes to forget the key: `none`, or nothing (`set omdb-key ""`).
    public static func clearsKey(_ text: String) -> Bool {
        ["", "none"].contains(text.trimmingCharacters(in: .whitespaces).lowercased())
    }

    public func value(of key: String) -> String? {
        switch key {
        case "country": country
        case "lang": lang
        case "page-size": pageSize.map(String.init) ?? "auto (fits the window; 20 in a script)"
        case "color": color.rawValue
        case "auto-deny": autoDeny ? "on" : "off"
        case "offline": offline ? "on" : "off"
        case "cache-ttl": "\(cacheTTL)s"
        case "timeout": "\(timeout)s"
        case "omdb-key": omdbKey.map(Self.mask) ?? "(not set)"
        case "picker": picker.rawValue
        default: nil
        }
    }

    /// Changes one setting from the text a user typed; the error says what is accepted.
    public mutating func set(_ key: String, to text: String) throws(UsageError) {
        func onOff() throws(UsageError) -> Bool {
            switch text.lowercased() {
            case "on", "yes", "true", "1": return true
            case "off", "no", "false", "0": return false
            default: throw UsageError("\(key) takes on or off")
            }
        }
        switch key {
        case "country": country = try Self.storeCountry(text)
        case "lang": lang = try Self.storeLanguage(text)
        case "page-size":
            if text.lowercased() == "auto" {
                pageSize = nil
                return
            }
            guard let size = Int(text), (1...200).contains(size) else { throw UsageError("page-size takes a number from 1 to 200, or auto to fit the window") }
            pageSize = size
        case "color":
            guard let mode = ColorMode(rawValue: text.lowercased()) else { throw UsageError("color takes auto, always or never") }
            color = mode
        case "picker":
            guard let kind = PickerKind(rawValue: text.lowercased()) else { throw UsageError("picker takes builtin (scout's own) or fzf (yours, from PATH)") }
            picker = kind
        case "auto-deny": autoDeny = try onOff()
        case "offline": offline = try onOff()
        case "cache-ttl":
            guard let seconds = Self.seconds(text) else { throw UsageError("cache-ttl takes a duration such as 3600, 90s, 30m, 12h or 7d") }
            cacheTTL = seconds
        case "timeout":
            guard let seconds = Self.seconds(text), (1...300).contains(seconds) else { throw UsageError("timeout takes a duration from 1s to 5m, such as 15 or 30s") }
            timeout = seconds
        case "omdb-key":
            if Self.clearsKey(text) {
                omdbKey = nil
                return
            }
            guard text.allSatisfy({ $0.isLetter || $0.isNumber }) else {
                throw UsageError("omdb-key takes the key OMDb sent you (letters and digits), or none to forget it")
            }
            omdbKey = text
        default:
            throw UsageError("no setting \"\(key)\"; settings are \(Self.keys.joined(separator: ", "))")
        }
    }

    static func seconds(_ text: String) -> Int? {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        if let last = text.last, let unit = units[last], let n = Int(text.dropLast()), n >= 0 { return n * unit }
        if let n = Int(text), n >= 0 { return n }
        return nil
    }

    static func mask(_ key: String) -> String {
        key.count <= 4 ? String(repeating: "•", count: key.count) : String(repeating: "•", count: key.count - 2) + key.suffix(2)
    }
}
