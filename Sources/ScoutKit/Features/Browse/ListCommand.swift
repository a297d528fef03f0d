/// `list` (`ls`): the current page again, with its marks.
struct ListCommand: PlainCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "list", aliases: ["ls"],
        summary: "reprint the current page with selection (*) and favourite (♥) marks",
        example: "list", topic: .results)

    var needsResults: Bool { true }

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        browse.session.view = .list
        // The window may have grown since the page was shown: the rows that now fit are fetched first.
        var problem: String?
        do {
            while !browse.results.pageIsFull(browse.session.page) { try await browse.fetchNextPage() }
        } catch SourceError.cancelled {
            throw SourceError.cancelled
        } catch {
            problem = "the rows this page now has room for could not be fetched (\(error)); these are those loaded"
        }
        var output = try browse.listing()
        if let problem { output.warn(problem) }
        return output
    }
}
