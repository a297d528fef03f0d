import FoundationEssentials

/// `open N`: row N's web page in the browser, or its URL printed.
struct OpenCommand: RowCommand, ServiceCommand, Equatable {
    static let spec = CommandSpec(
        name: "open", summary: "open row N's web page, or print its URL", example: "open 3",
        topic: .results, positionals: [.row],
        details: .table(
            """
            on a terminal  the page opens in $BROWSER, else xdg-open
            in a script  the URL is printed; an item with no web page (the catalog's) says so
            """))

    var row: Int

    static func service(in services: Services) -> BrowseService { services.browse }

    func run(with browse: BrowseService) async throws -> Output {
        let item = try browse.item(atRow: row)
        guard let url = item.url else { throw UsageError.notFound("\(item.title) has no web page") }
        var output = Output()
        // Only web pages go to a browser: a remote catalog's file: or javascript: link is printed, not opened.
        let web = ["http", "https"].contains(URL(string: url)?.scheme?.lowercased() ?? "")
        if web, let openURL = browse.context.openURL {
            output.say(openURL(url) ? "Opened \(url)" : "No browser could be started (set BROWSER to one): \(url)")
        } else {
            output.say(url)
        }
        output.json[.url] = .string(url)
        return output
    }
}
