import Foundation
import ScoutTestSupport
import Testing
@testable import ScoutKit

/// The documents a newcomer reads: the README stays short, every link leads to a file and a heading that
/// are there, and every example marked with its scenario is what scout prints, so the documents cannot
/// drift from scout.
@Suite struct DocsTests {
    static let documents = ["README.md", "docs/GUIDE.md", "docs/DECISIONS.md", "docs/INTERNALS.md", "CONTRIBUTING.md"]

    static func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: ScenarioRunner.repository.appendingPathComponent(path)), as: UTF8.self)
    }

    /// A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                let keep = CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_"
                return keep ? Character(scalar) : nil
            })
    }

    static func anchors(_ text: String) -> Set<String> {
        var inFence = false
        var found: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence, line.hasPrefix("#") else { continue }
            found.insert(anchor(String(line.drop { $0 == "#" }.dropFirst())))
        }
        return found
    }

    /// Every `[text](target)` outside code.
    static func links(_ text: String) -> [String] {
        let pattern = try? NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        let range = NSRange(text.startIndex..., in: text)
        return (pattern?.matches(in: text, range: range) ?? []).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func theReadmeIsAtMost12KB() throws {
        let size = try Self.read("README.md").utf8.count
        #expect(size <= 12 * 1024, "README.md is \(size) bytes")
    }

    @Test func everyLinkLeadsToAFileAndAHeadingThatAreThere() throws {
        for document in Self.documents {
            let text = try Self.read(document)
            let folder = URL(fileURLWithPath: document).deletingLastPathComponent().relativePath
            for link in Self.links(text) where !link.hasPrefix("http") && !link.hasPrefix("mailto:") {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = parts[0].isEmpty ? document : (folder == "." ? "" : folder + "/") + parts[0]
                let target = ScenarioRunner.repository.appendingPathComponent(file).standardized
                #expect(FileManager.default.fileExists(atPath: target.path), "\(document): \(link)")
                guard parts.count == 2, file.hasSuffix(".md") else { continue }
                let headings = Self.anchors(
                    try Self.read(target.path.replacing(ScenarioRunner.repository.path + "/", with: "")))
                #expect(headings.contains(String(parts[1])), "\(document): \(link) names no heading")
            }
        }
    }

    /// A block with no language is a transcript; in the README and the guide each is marked with the
    /// scenario that shows it. Blocks with a language (`sh`, `ini`, `tmux`) are what you type or write.
    @Test func everyTranscriptInTheReadmeAndTheGuideIsMarked() throws {
        for document in ["README.md", "docs/GUIDE.md"] {
            let lines = try Self.read(document).split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
            var inFence = false
            for (index, line) in lines.enumerated() where line.hasPrefix("```") {
                defer { inFence.toggle() }
                guard !inFence, line == "```" else { continue }
                #expect(
                    index > 0 && lines[index - 1].hasPrefix("<!-- scenario: "),
                    "\(document):\(index + 1): a transcript with no scenario above it")
            }
        }
    }

    /// The guide's table of files is the one the man page's FILES is made from.
    @Test func theGuidesFilesAreTheManPages() throws {
        let rows = try Self.read("docs/GUIDE.md").split(separator: "\n").filter { $0.hasPrefix("| `$XDG_") }
        #expect(rows == Paths.described.map { "| `$\($0.folder)/scout/\($0.path)` | \($0.holds) |" })
    }

    /// The guide's commands at a glance name every command (each usage starts with its word, in backticks)
    /// and every setting, so that a new one cannot be left out.
    @Test func theGuidesCommandsNameEveryCommandAndSetting() throws {
        let guide = try Self.read("docs/GUIDE.md")
        let table =
            guide.components(separatedBy: "### The commands at a glance").last?
            .components(separatedBy: "\n### ").first ?? ""
        for spec in CommandTable.specs {
            #expect(table.contains("`\(spec.name)`") || table.contains("`\(spec.name) "), "\(spec.name)")
        }
        let settings = table.split(separator: "\n").first { $0.hasPrefix("| `set ") } ?? ""
        for setting in Settings.table { #expect(settings.contains("`\(setting.key)`"), "set \(setting.key)") }
    }

    /// The guide's environment variables are the ones the man page's ENVIRONMENT is made from.
    @Test func theGuidesEnvironmentIsTheManPages() throws {
        let guide = try Self.read("docs/GUIDE.md").split(separator: "\n").map(String.init)
        let table = guide.drop { $0 != "| variable | meaning |" }.dropFirst(2).prefix { $0.hasPrefix("| ") }
        #expect(
            Array(table)
                == EnvironmentVariables.described.map { variable in
                    "| \(variable.names.map { "`\($0)`" }.joined(separator: ", ")) | \(variable.meaning) |"
                })
    }

    /// Every variable the sources read from the environment (or set for a child) is described for the
    /// man page and the guide, or listed with why it is not; and the unlisted ones are still read.
    @Test func everyEnvironmentVariableReadIsDescribed() throws {
        // A name read (`environment["TERM"]`, `getenv("SCOUT_LIBCURL")`, a source's `urlVariable`), or the names
        // handed to the readers of several (`proxy("https_proxy", "HTTPS_PROXY")`, `base("XDG_DATA_HOME", …)`).
        let one = try NSRegularExpression(pattern: #"(?:environment\[|getenv\(|urlVariable = )"([A-Za-z_]\w*)""#)
        let several = try NSRegularExpression(pattern: #"\b(?:base|proxy|value)\(((?:"[A-Za-z_]\w*"(?:, )?)+)"#)
        let name = try NSRegularExpression(pattern: #""([A-Za-z_]\w*)""#)
        func captured(_ pattern: NSRegularExpression, _ text: String) -> [String] {
            pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
                Range($0.range(at: 1), in: text).map { String(text[$0]) }
            }
        }
        var found: Set<String> = []
        for folder in [
            "Sources/ScoutKit", "Sources/scout", "Sources/CScoutNet", "Sources/CScoutImage", "Sources/CScoutXML",
        ] {
            let root = ScenarioRunner.repository.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard ["swift", "c"].contains(file.pathExtension) else { continue }
                let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
                found.formUnion(captured(one, text))
                for names in captured(several, text) { found.formUnion(captured(name, names)) }
            }
        }
        let described = Set(EnvironmentVariables.described.flatMap(\.names))
        let unlisted = Set(EnvironmentVariables.unlisted.keys)
        #expect(found.subtracting(described).subtracting(unlisted).sorted() == [], "read but not described")
        #expect(unlisted.subtracting(found).sorted() == [], "listed as read but not read")
        #expect(described.intersection(unlisted).sorted() == [])
        #expect(found.contains("SSL_CERT_DIR") && found.contains("no_proxy") && found.contains("SCOUT_ITUNES_URL"))
    }

    /// The guide's exit statuses are the ones the man page's EXIT STATUS is made from.
    @Test func theGuidesExitStatusesAreTheManPages() throws {
        let rows = try Self.read("docs/GUIDE.md").split(separator: "\n").filter { line in
            ExitStatus.described.contains { line.hasPrefix("| \($0.status) | ") }
        }
        #expect(rows == ExitStatus.described.map { "| \($0.status) | \($0.meaning) |" })
    }

    /// What a scenario shows, as a person reads it: each `$` command and what it printed (standard error as
    /// it appears on the terminal, without the exit status), or each screen.
    static func transcript(_ scenario: Scenario) -> [String] {
        scenario.steps.flatMap { step -> [String] in
            guard scenario.terminal == nil else { return step.expected }
            let shown = step.expected.filter { !($0.hasPrefix("[") && $0.hasSuffix("]")) }
                .map { $0.hasPrefix("! ") ? String($0.dropFirst(2)) : $0 }
            if case .shell(let command) = step.kind { return ["$ " + command] + shown }
            return shown
        }
    }

    /// The examples marked `<!-- scenario: NAME -->`: the block under the mark, cut at lines that are `…`,
    /// each part standing line for line in the scenario, in order.
    @Test func everyMarkedExampleIsWhatItsScenarioShows() throws {
        var checked = 0
        for document in Self.documents {
            let lines = try Self.read(document).split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
            for (index, line) in lines.enumerated() where line.hasPrefix("<!-- scenario: ") {
                let name = line.dropFirst("<!-- scenario: ".count).replacing(" -->", with: "")
                let file = ScenarioRunner.folder.appendingPathComponent(name + ".scenario")
                let scenario = try Scenario(text: String(decoding: try Data(contentsOf: file), as: UTF8.self))
                let shown = Self.transcript(scenario).map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(lines[index + 1].hasPrefix("```"), "\(document):\(index + 2): a block under the mark")
                let block = lines[(index + 2)...].prefix { !$0.hasPrefix("```") }
                var from = 0
                for part in block.split(separator: "…").map({ $0.map { $0.trimmingCharacters(in: .whitespaces) } }) {
                    let found = (from...max(from, shown.count - part.count)).first {
                        $0 + part.count <= shown.count && Array(shown[$0..<$0 + part.count]) == part
                    }
                    #expect(
                        found != nil,
                        "\(document):\(index + 1): not what \(name) shows:\n\(part.joined(separator: "\n"))")
                    from = (found ?? from) + part.count
                }
                checked += 1
            }
        }
        #expect(checked >= 3)
    }
}
