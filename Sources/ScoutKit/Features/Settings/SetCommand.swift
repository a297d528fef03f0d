/// `set [KEY [VALUE]]`: shows the settings, one setting, or changes one, kept in the settings file under
/// its lock. Every key comes from `Settings.table`.
struct SetCommand: ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "set", summary: "show or change settings", example: "set page-size 10",
        topic: .session,
        positionals: [
            .init("KEY", optional: true, completer: .words(Settings.table.map(\.key))),
            .init("VALUE", .text, optional: true, completer: .settingValue),
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
        // One word, but for a list (`set services netflix, mubi`).
        if key != "services", value?.contains(" ") == true {
            throw UsageError("set takes one VALUE: usage: \(Self.spec.usage)")
        }
    }

    /// The settings, through the wiring; a new value may reach any feature (`Setting.onChange`).
    static func service(in services: Services) -> Services { services }

    func run(with services: Services) async throws -> Output {
        var output = try services.set(key, to: value)
        // New services are checked against TMDb's list in the country, where it can be had.
        if key == "services", value != nil,
            let note = await services.whereToWatch.checkServices(
                services.whereToWatch.services)
        {
            output.warn(note)
        }
        return output
    }
}
