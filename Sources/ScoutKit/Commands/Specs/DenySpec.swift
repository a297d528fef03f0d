import Foundation

extension Command {
    public enum Deny: Equatable, Sendable {
        case list
        case add(String)
        case remove(String)
        case importFile(String)
    }
}

/// `deny` and its subcommands.
enum DenySpec {
    static let deny = CommandSpec(
        name: "deny", usage: "deny | deny add TERM | deny rm TERM | deny import FILE",
        summary: "terms never to search (a query equal to or starting with one is refused)", example: "deny add spoilers", topic: .past,
        subcommands: [.init("add"), .init("rm", [.deniedTerms]), .init("import", [.files])],
        details: [.init("deny", "your terms, then the searches that found nothing (automatic: source, options, date)"),
                  .init("add TERM", "refuse every search equal to TERM or starting with it, in every source"),
                  .init("rm TERM", "allow TERM again: your term, and any automatic entry with those terms"),
                  .init("import FILE", "add the terms of FILE, one a line"),
                  .init("automatic", "a remote search that finds nothing refuses only that same search again (set auto-deny off stops it)")],
        parse: { args throws(UsageError) in
            guard let sub = args.subcommand else { return .deny(.list) }
            let rest = args.rest.joined(separator: " ")
            switch sub {
            case "add", "rm", "import":
                guard !rest.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw UsageError("usage: deny \(sub) \(sub == "import" ? "FILE" : "TERM")")
                }
                return .deny(sub == "add" ? .add(rest) : sub == "rm" ? .remove(rest) : .importFile(rest))
            default: throw args.usage()
            }
        })
}
