/// The settings, as `set` shows and changes them: each through its row of `Settings.table`.
extension Services {
    /// Every setting (no `key`), one (no `value`), or that one changed to `value`, said as it now is.
    func set(_ key: String?, to value: String?) throws -> Output {
        var output = Output()
        let context = wiring.context
        guard let key else {
            let width = (Settings.table.map(\.key.count).max() ?? 0) + 1
            for setting in Settings.table {
                output.say("\(DisplayWidth.pad(setting.key, to: width)) \(setting.show(wiring.settings(), context))")
            }
            output.addJSON { [settings = wiring.settings()] in
                [
                    .settings: .object(
                        Dictionary(uniqueKeysWithValues: Settings.table.map { ($0.key, $0.json(settings, context)) }))
                ]
            }
            return output
        }
        let setting = try Settings.require(key)
        guard let value else {
            output.say("\(key) \(setting.show(wiring.settings(), context))")
            output.addJSON { [settings = wiring.settings()] in
                [.settings: .object([key: setting.json(settings, context)])]
            }
            return output
        }
        var changed = wiring.settings()
        try setting.parse(&changed, value)
        try wiring.updateSettings(
            { settings in
                try setting.parse(&settings, value)
                return true
            }, { output.warn($0) })
        if setting.resetsPage { browse.session.page = 1 }
        let consequence = setting.onChange?(self)
        output.say(
            setting.confirm?(wiring.settings(), context) ?? "\(key) is now \(setting.show(wiring.settings(), context))."
        )
        if let consequence { output.say(consequence) }
        output.addJSON { [settings = wiring.settings()] in
            [.settings: .object([key: setting.json(settings, context)])]
        }
        return output
    }
}
