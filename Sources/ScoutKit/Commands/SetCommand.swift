/// `set [KEY [VALUE]]`: shows the settings, one setting, or changes one, kept in the settings file under
/// its lock. Every key comes from `Settings.table`.
struct SetCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "set", summary: "show or change settings", example: "set page-size 10",
        topic: .session,
        positionals: [
            .init("KEY", optional: true, completer: .words(Settings.table.map(\.key))),
            .init("VALUE", optional: true, completer: .settingValue),
        ],
        details: Settings.table.map { CommandSpec.Detail($0.term, "\($0.help); default \($0.defaultValue)") })

    var key: String?
    var value: String?

    init(key: String?, value: String?) {
        self.key = key
        self.value = value
    }

    init(_ args: CommandSpec.Arguments) throws(UsageError) {
        (key, value) = (args.given("KEY")?.lowercased(), args.given("VALUE"))
    }

    /// The settings, through the wiring; a new value may reach any feature (`Setting.onChange`).
    static func service(in services: Services) -> Services { services }

    func run(with services: Services) async throws -> Output {
        var output = Output()
        let wiring = services.wiring
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
        if setting.resetsPage { services.browse.session.page = 1 }
        let consequence = setting.onChange?(services)
        output.say(
            setting.confirm?(wiring.settings(), context) ?? "\(key) is now \(setting.show(wiring.settings(), context))."
        )
        if let consequence { output.say(consequence) }
        output.addJSON { [settings = wiring.settings()] in [.settings: .object([key: setting.json(settings, context)])]
        }
        return output
    }
}
