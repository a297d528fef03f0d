import FoundationEssentials
extension Settings {
    /// The rows a page may hold, where `page-size` is set.
    static let pageSizes = 1...200

    /// Every setting, in the order `set` lists them.
    public static let table: [Setting] = [
        Setting(
            key: "country", kind: .text, term: "country CC",
            help:
                "your country, for the iTunes store and where to watch: a two-letter ISO 3166-1 code, such as US, GB "
                + "or JP",
            values: countries,
            stored: { settings in .string(settings.country) }, show: { settings, _ in settings.country },
            parse: { settings, text throws(UsageError) in settings.country = try storeCountry(text) }),
        Setting(
            key: "lang", kind: .text, term: "lang L", help: "the language iTunes answers in: en_us or ja_jp",
            values: languages, stored: { settings in .string(settings.lang) }, show: { settings, _ in settings.lang },
            parse: { settings, text throws(UsageError) in settings.lang = try storeLanguage(text) }),
        Setting(
            key: "page-size", kind: .number, term: "page-size N",
            help: "rows a page: 1 to 200, or auto to fit the window", range: pageSizes,
            stored: { settings in settings.pageSize.map(JSONValue.int) ?? .null },
            show: { settings, _ in settings.pageSize.map(String.init) ?? "auto (fits the window; 20 in a script)" },
            parse: { settings, text throws(UsageError) in
                if text.lowercased() == "auto" {
                    settings.pageSize = nil
                    return
                }
                guard let size = Int(text), pageSizes.contains(size) else {
                    throw UsageError("page-size takes a number from 1 to 200, or auto to fit the window")
                }
                settings.pageSize = size
            }, resetsPage: true),
        .choice(
            "color", \.color, term: "color C", help: "auto, always or never", error: "color takes auto, always or never"
        ),
        .onOff(
            "auto-deny", \.autoDeny,
            help: "remember a remote search that found nothing and refuse that same search again"),
        .onOff("offline", \.offline, help: "answer only from the cache"),
        .duration(
            "cache-ttl", \.cacheTTL, term: "cache-ttl T",
            help: "how long an answer stays fresh: 3600, 90s, 30m, 12h, 7d",
            range: 0...Int.max, error: "cache-ttl takes a duration such as 3600, 90s, 30m, 12h or 7d"),
        .duration(
            "timeout", \.timeout, term: "timeout T", help: "how long a request may take: 1s to 5m", range: 1...300,
            error: "timeout takes a duration from 1s to 5m, such as 15 or 30s"),
        serviceKey(
            "omdb-key", service: "OMDb", variable: "OMDB_API_KEY", \.omdbKey, inUse: \.omdbKey,
            takes: "the key OMDb sent you (letters and digits)", allowed: { $0.isLetter || $0.isNumber }),
        serviceKey(
            "tmdb-key", service: "TMDb", variable: "TMDB_API_KEY", \.tmdbKey, inUse: \.tmdbKey,
            takes: "TMDb's API key or read access token (themoviedb.org/settings/api)",
            allowed: { $0.isLetter || $0.isNumber || "._-".contains($0) }),
        Setting(
            key: "services", kind: .text, term: "services NAME, …",
            help: "the streaming services you have, for watchlist --streaming: names as TMDb has them, comma-separated "
                + "(case, spaces and + do not matter: disney+ is Disney Plus); none forgets them",
            stored: { settings in settings.services.isEmpty ? .null : .string(StreamingServices(settings.services).list)
            },
            show: { settings, _ in settings.services.isEmpty ? "none" : StreamingServices(settings.services).list },
            parse: { settings, text throws(UsageError) in
                let services = StreamingServices(list: text)
                guard services.names.allSatisfy({ !StreamingServices.key($0).isEmpty }) else {
                    throw UsageError("services takes names such as netflix, mubi (letters and digits), or none")
                }
                settings.services = services.names
            }),
        .choice(
            "picker", \.picker,
            help: "the finder pick and Ctrl-R open: builtin (scout's own) or fzf (yours, from PATH)",
            error: "picker takes builtin (scout's own) or fzf (yours, from PATH)", lenient: true),
        .number(
            "watch-pages", \.watchPages, term: "watch-pages N",
            help: "pages of each watched search that watch and check read from its source: 1 to 10", range: 1...10,
            error: "watch-pages takes a number of pages from 1 to 10, such as 3"),
        {
            var setting = Setting.onOff(
                "sync-auto", \.syncAuto, help: "sync in the background at start and at exit, where sync init set it up")
            // On before sync is set up says so: it does nothing until sync init has run.
            setting.show = { settings, context in
                !settings.syncAuto
                    ? "off"
                    : context.fileStore.exists(SyncEngine.recordFile(in: context.paths))
                        ? "on" : "on (once sync init has set sync up)"
            }
            return setting
        }(),
        .duration(
            "sync-timeout", \.syncTimeout, term: "sync-timeout T",
            help: "how long the sync at exit may take before scout leaves anyway: 1s to 60s", range: 1...60,
            error: "sync-timeout takes a duration from 1s to 60s, such as 3 or 10s"),
        {
            var setting = Setting.choice(
                "images", \.images,
                help: "how show and art draw artwork: auto (from the terminal's environment), kitty, iterm, sixel, "
                    + "symbols (coloured blocks, any terminal) or off",
                error: "images takes auto, kitty, iterm, sixel, symbols or off", lenient: true)
            setting.confirm = { settings, context in
                let drawing = ArtTerminal.describe(settings.images, context.environment)
                return "images is now \(settings.images.rawValue): \(drawing)."
            }
            // Worked out again at the next image (tmux's passthrough asked anew).
            setting.onChange = { services in
                services.art.forgetTerminal()
                return nil
            }
            return setting
        }(),
        {
            var setting = Setting.number(
                "art-cache-mb", \.artCacheMB, term: "art-cache-mb N",
                help: "megabytes the artwork cache may hold (0 to 10000); the least recently drawn go first, "
                    + "favourites' last",
                range: 0...10_000, values: ["0", "50", "100", "500"],
                error: "art-cache-mb takes a number of megabytes from 0 to 10000, such as 100")
            // A lower cap holds at once.
            setting.onChange = { services in
                let trimmed = services.art.trim()
                guard trimmed > 0 else { return nil }
                return
                    "Removed \(trimmed) image\(trimmed == 1 ? "" : "s") from the art cache to hold it under the new cap"
                    + (services.wiring.settings().artCacheMB == 0 ? " (favourites' too: none is kept now)." : ".")
            }
            return setting
        }(),
    ]

    /// A service's key (`omdb-key`, `tmdb-key`), kept in the settings file, shown masked with where the key in
    /// use comes from: `variable` wins over it. `inUse` is the variable's value, from the context.
    static func serviceKey(
        _ key: String, service: String, variable: String, _ saved: WritableKeyPath<Settings, String?> & Sendable,
        inUse environmentKey: KeyPath<ShellContext, String?> & Sendable, takes: String,
        allowed: @escaping @Sendable (Character) -> Bool
    ) -> Setting {
        Setting(
            key: key, kind: .secret, term: "\(key) KEY",
            help: "the \(service) key, shown masked with where it comes from; none (or \"\") forgets it; "
                + "\(variable) wins",
            stored: { settings in settings[keyPath: saved].map(JSONValue.string) ?? .null },
            show: { settings, context in
                let mine = settings[keyPath: saved].map(mask)
                if let environment = context[keyPath: environmentKey].map(mask) {
                    return "\(environment) from \(variable)" + (mine.map { ", which wins over set \(key) \($0)" } ?? "")
                }
                return mine.map { "\($0) from set \(key)" } ?? "(not set: set \(key) KEY, or \(variable))"
            },
            parse: { settings, text throws(UsageError) in
                if clearsKey(text) {
                    settings[keyPath: saved] = nil
                    return
                }
                guard text.allSatisfy(allowed) else { throw UsageError("\(key) takes \(takes), or none to forget it") }
                settings[keyPath: saved] = text
            },
            // The key in use, masked (the environment's wins), or null: no sentence.
            jsonValue: { settings, context in
                (context[keyPath: environmentKey] ?? settings[keyPath: saved]).map { .string(mask($0)) } ?? .null
            },
            confirm: { settings, context in
                switch (settings[keyPath: saved], context[keyPath: environmentKey]) {
                case (nil, nil): "Forgot the \(service) key: set \(key) KEY (or \(variable)) gives it one again."
                case (nil, let environment?):
                    "Forgot the saved \(service) key; the one in use is \(mask(environment)) from \(variable)."
                case (let mine?, nil): "\(key) is now \(mask(mine))."
                case (let mine?, let environment?):
                    "Saved the \(service) key \(mask(mine)); \(variable) (\(mask(environment))) is used while it is "
                        + "set."
                }
            })
    }

    /// The setting named `key` (lower case).
    public static func setting(_ key: String) -> Setting? {
        table.first { $0.key == key }
    }

    /// The setting `key`, or an error naming the nearest and every key.
    static func require(_ key: String) throws(UsageError) -> Setting {
        if let setting = setting(key) { return setting }
        let keys = table.map(\.key)
        let near = Nearest.word(to: key, among: keys, limit: 2)
        throw UsageError(
            "no setting \"\(key.prefix(40))\"; \(near.map { "did you mean \($0)? " } ?? "")settings are "
                + "\(keys.joined(separator: ", "))"
        )
    }

    /// Changes one setting from the text a user typed; the error says what is accepted.
    public mutating func set(_ key: String, to text: String) throws(UsageError) {
        try Self.require(key).parse(&self, text)
    }
}
