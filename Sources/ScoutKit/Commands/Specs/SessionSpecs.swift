import Foundation

extension Command {
    public enum Session: Equatable, Sendable {
        case show
        case save(String)
        case load(String)
        case list
        case remove(String)
        case reset
    }
}

/// The cache, the session, settings, help and leaving.
public enum SessionSpecs {
    static let all = [cache, session, set, help, quit]

    static let cache = CommandSpec(
        name: "cache", usage: "cache | cache clear", summary: "response cache figures; clear it", example: "cache clear", topic: .session,
        subcommands: [.init("clear")],
        parse: { args throws(UsageError) in
            if args.isEmpty { return .cache(clear: false) }
            guard args.words.map({ $0.lowercased() }) == ["clear"] else { throw args.usage() }
            return .cache(clear: true)
        })

    static let session = CommandSpec(
        name: "session", usage: "session | session save NAME | session load NAME | session list | session rm NAME | session reset",
        summary: "the session: last visit, source, query, page, selections, view; named sessions", example: "session save weekend",
        topic: .session,
        subcommands: [.init("save"), .init("load", [.sessions]), .init("list"), .init("rm", [.sessions]), .init("reset")],
        parse: { args throws(UsageError) in
            guard let sub = args.subcommand else { return .session(.show) }
            let rest = args.rest
            func name() throws(UsageError) -> String {
                guard rest.count == 1 else { throw UsageError("usage: session \(sub) NAME") }
                try validateSessionName(rest[0])
                return rest[0]
            }
            switch sub {
            case "save": return .session(.save(try name()))
            case "load": return .session(.load(try name()))
            case "rm": return .session(.remove(try name()))
            case "list": return .session(.list)
            case "reset": return .session(.reset)
            default: throw args.usage()
            }
        })

    /// A session name becomes a file name: letters, digits, `.`, `_` and `-`, not starting with a dot.
    public static func validateSessionName(_ name: String) throws(UsageError) {
        let allowed = name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0) }
        guard (1...64).contains(name.count), allowed, !name.hasPrefix("."), !name.hasPrefix("-") else {
            throw UsageError("a session name is 1 to 64 letters, digits, '.', '_' or '-', not starting with '.' or '-'")
        }
    }

    static let set = CommandSpec(
        name: "set", usage: "set [KEY [VALUE]]", summary: "show or change settings", example: "set page-size 10", topic: .session,
        arguments: [.words(Settings.keys), .settingValue],
        details: [.init("country CC", "the iTunes store: a two-letter ISO 3166-1 code, such as US, GB or JP"),
                  .init("lang L", "the language iTunes answers in: en_us or ja_jp"),
                  .init("page-size N", "rows a page: 1 to 200, or auto to fit the window"),
                  .init("color C", "auto, always or never"),
                  .init("auto-deny on|off", "remember a remote search that found nothing and refuse that same search again"),
                  .init("offline on|off", "answer only from the cache"),
                  .init("cache-ttl T", "how long an answer stays fresh: 3600, 90s, 30m, 12h, 7d"),
                  .init("timeout T", "how long a request may take: 1s to 5m"),
                  .init("omdb-key KEY", "the OMDb key, shown masked with where it comes from; none (or \"\") forgets it; OMDB_API_KEY wins")],
        parse: { args throws(UsageError) in
            guard args.count <= 2 else { throw UsageError("usage: set [KEY [VALUE]]") }
            return .set(key: args.first?.lowercased(), value: args.count == 2 ? args[1] : nil)
        })

    static let help = CommandSpec(
        name: "help", usage: "help [COMMAND]", summary: "this list, or one command in full", example: "help select", topic: .session,
        arguments: [.commands],
        parse: { args throws(UsageError) in
            guard args.count <= 1 else { throw UsageError("usage: help [COMMAND]") }
            return .help(args.first)
        })

    static let quit = CommandSpec(
        name: "quit", aliases: ["exit"], usage: "quit", summary: "save and leave (also exit, or Ctrl-D)", example: "quit", topic: .session,
        parse: { args throws(UsageError) in try args.none(); return .quit })
}
