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
    /// The words read against `options`; a value follows its option (`--tag T`) or is joined to it with `=`
    /// (`--year=1999`). `command` names who takes them in errors (`fav add`); `example` shows a value given
    /// (`fav add 2 --tag weekend`).
    func options(
        _ options: [CommandSpec.Option], command: String, example: String?
    ) throws(UsageError) -> ParsedOptions {
        var parsed = ParsedOptions()
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            var lowered = word.lowercased()
            if lowered == "--" {
                parsed.positional += words[index...]
                break
            }
            var (typed, joined): (Substring, String?) = (word[...], nil)
            if lowered.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                (typed, joined) = (word[..<equals], String(word[word.index(after: equals)...]))
                lowered = typed.lowercased()
            }
            guard let option = options.first(where: { $0.name == lowered || $0.short == lowered }) else {
                guard !lowered.hasPrefix("--") else {
                    let takes = options.map { [$0.name, $0.valueName].compactMap { $0 }.joined(separator: " ") }
                    throw UsageError(
                        "\(command) has no option \(typed.prefix(40)): it takes "
                            + (takes.isEmpty ? "none" : Text.sentence(takes)))
                }
                parsed.positional.append(word)
                continue
            }
            var value = ""
            if option.valueName == nil {
                if joined != nil { throw UsageError("\(option.name) takes no value: \(command) … \(option.name)") }
            } else if let joined {
                value = joined
            } else {
                guard index < words.count else {
                    throw UsageError("\(option.name) needs a value" + (example.map { ": \($0)" } ?? ""))
                }
                value = words[index]
                index += 1
            }
            parsed.values[option.name, default: []].append(value)
        }
        return parsed
    }
}
