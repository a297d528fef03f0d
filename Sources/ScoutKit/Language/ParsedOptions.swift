/// A command's words read against the options it declares (`--tag T`, `-t T`, `--force`), in any case and
/// anywhere among the other words; `--` ends them (what follows is taken as it is, as git reads it). The
/// errors come from the declarations: an option no declaration names, and one whose value is missing.
struct ParsedOptions: Equatable, Sendable {
    /// The words that are not options, in order.
    var positional: [String] = []
    /// Each option's values by its long name, in order; a flag has one "" each time it is given.
    var values: [String: [String]] = [:]

    /// Whether the flag `name` was given.
    func has(_ name: String) -> Bool { values[name] != nil }
    /// Every value given to `name`, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }
    /// The last value given to `name`.
    func last(_ name: String) -> String? { values[name]?.last }
}

extension CommandSpec.Arguments {
    /// The words read against `options`. `command` names who takes them in errors (`fav add`); `example` shows
    /// a value given (`fav add 2 --tag weekend`).
    func options(
        _ options: [CommandSpec.Option], command: String, example: String
    ) throws(UsageError) -> ParsedOptions {
        var parsed = ParsedOptions()
        var index = 0
        while index < words.count {
            let word = words[index]
            let lowered = word.lowercased()
            if lowered == "--" {
                parsed.positional += words[(index + 1)...]
                break
            }
            if let option = options.first(where: { $0.name == lowered || $0.short == lowered }) {
                var value = ""
                if option.valueName != nil {
                    index += 1
                    guard index < words.count else { throw UsageError("\(option.name) needs a value: \(example)") }
                    value = words[index]
                }
                parsed.values[option.name, default: []].append(value)
            } else if lowered.hasPrefix("--") {
                let takes = options.map { [$0.name, $0.valueName].compactMap { $0 }.joined(separator: " ") }
                let list =
                    takes.count < 2
                    ? takes.first ?? "none" : takes.dropLast().joined(separator: ", ") + " and " + (takes.last ?? "")
                throw UsageError("\(command) has no option \(word.prefix(40)): it takes \(list)")
            } else {
                parsed.positional.append(word)
            }
            index += 1
        }
        return parsed
    }
}
