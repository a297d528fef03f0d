import FoundationEssentials

/// `set`: shows and changes the settings, kept in the settings file under its lock.
@MainActor
struct SettingsHandler {
    let state: ShellState

    func set(_ key: String?, _ value: String?) throws -> Output {
        var output = Output()
        guard let key else {
            for name in Settings.keys { output.say("\(DisplayWidth.pad(name, to: 10)) \(shownSetting(name))") }
            output.json["settings"] = .object(Dictionary(uniqueKeysWithValues: Settings.keys.map { ($0, typed($0)) }))
            return output
        }
        guard Settings.keys.contains(key) else {
            let near = Settings.keys.first { CommandTable.editDistance(key, $0) <= 2 }
            throw UsageError("no setting \"\(key.prefix(40))\"; \(near.map { "did you mean \($0)? " } ?? "")settings are \(Settings.keys.joined(separator: ", "))")
        }
        guard let value else {
            output.say("\(key) \(shownSetting(key))")
            output.json["settings"] = .object([key: typed(key)])
            return output
        }
        var changed = state.settings
        try changed.set(key, to: value)
        // Read-modify-write under the lock, so that a setting changed by another scout is kept.
        try state.context.fileStore.withLock(state.configFile.url) {
            var onDisk = state.configFile.load { output.warn($0) } ?? Settings()
            try onDisk.set(key, to: value)
            try state.configFile.save(onDisk)
            state.settings = onDisk
        }
        if key == "page-size" {
            state.session.page = 1
        }
        if key == "omdb-key" {
            switch (state.settings.omdbKey, state.context.omdbKey) {
            case (nil, nil): output.say("Forgot the OMDb key: set omdb-key KEY (or OMDB_API_KEY) gives it one again.")
            case (nil, _?): output.say("Forgot the saved OMDb key; the one in use is \(shownSetting(key)).")
            case (let saved?, nil): output.say("omdb-key is now \(Settings.mask(saved)).")
            case (let saved?, let environment?):
                output.say("Saved the OMDb key \(Settings.mask(saved)); OMDB_API_KEY (\(Settings.mask(environment))) is used while it is set.")
            }
        } else {
            output.say("\(key) is now \(state.settings.value(of: key) ?? value).")
        }
        output.json["settings"] = .object([key: typed(key)])
        return output
    }

    /// A setting's value for `--json`: typed, the OMDb key masked.
    func typed(_ key: String) -> JSONValue {
        // The OMDb key in use, masked (the environment's wins), or null: no sentence.
        if key == "omdb-key" { return (state.context.omdbKey ?? state.settings.omdbKey).map { .string(Settings.mask($0)) } ?? .null }
        return TypedJSON.setting(key, in: state.settings, shown: shownSetting(key))
    }

    /// A setting as `set` shows it; for the OMDb key, masked, with where the key in use comes from.
    func shownSetting(_ name: String) -> String {
        guard name == "omdb-key" else { return state.settings.value(of: name) ?? "" }
        let saved = state.settings.omdbKey.map(Settings.mask)
        if let environment = state.context.omdbKey.map(Settings.mask) {
            return "\(environment) from OMDB_API_KEY" + (saved.map { ", which wins over set omdb-key \($0)" } ?? "")
        }
        return saved.map { "\($0) from set omdb-key" } ?? "(not set: set omdb-key KEY, or OMDB_API_KEY)"
    }
}
