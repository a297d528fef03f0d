import FoundationEssentials
import Testing

@testable import ScoutKit

/// XML as scout reads a remote document: libxml2 with no DTD, nothing fetched, XML's five entities and
/// character references read, CDATA as text, and nothing printed.
@Suite struct XMLTreeTests {
    static func read(_ text: String, limit: Int = 1 << 20) throws(XMLTree.Problem) -> XMLTree {
        try XMLTree.read(Data(text.utf8), limit: limit)
    }

    @Test func elementsTheirNamespacesAndTheirText() throws {
        let root = try Self.read(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <rss xmlns:letterboxd="https://letterboxd.com"><channel>
            <title>Letterboxd - anna &amp; co &#039;s &#x263A;</title>
            <item><letterboxd:filmTitle>Don&#039;t Look Up</letterboxd:filmTitle>
            <description><![CDATA[<p><img src="x.jpg"/></p> <p>Good &amp; long.</p>]]></description></item>
            </channel></rss>
            """)
        #expect(root.name == "rss" && root.namespace == "")
        let channel = try #require(root.child("channel"))
        #expect(channel.field("title") == "Letterboxd - anna & co 's ☺")
        let item = try #require(channel.child("item"))
        #expect(item.field("filmTitle", in: "https://letterboxd.com") == "Don't Look Up")
        #expect(item.field("filmTitle") == nil)
        #expect(item.field("description") == #"<p><img src="x.jpg"/></p> <p>Good &amp; long.</p>"#)
    }

    /// A billion laughs, an external entity and an external DTD all stop at the DOCTYPE: nothing declared is
    /// read, so nothing is expanded or fetched.
    @Test func aDocumentThatDeclaresADTDIsRefused() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
             <!ENTITY lol "lol">
             <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
             <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
             <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
            ]>
            <rss><channel><title>&lol4;</title></channel></rss>
            """
        #expect(throws: XMLTree.Problem.declaresDTD) { try Self.read(laughs) }
        let file = "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><r>&x;</r>"
        #expect(throws: XMLTree.Problem.declaresDTD) { try Self.read(file) }
        let remote = "<?xml version=\"1.0\"?><!DOCTYPE r SYSTEM \"http://127.0.0.1:9/x.dtd\"><r/>"
        #expect(throws: XMLTree.Problem.declaresDTD) { try Self.read(remote) }
    }

    @Test func anEntityNeverDeclaredIsAnError() {
        #expect(throws: XMLTree.Problem.malformed(line: 2)) { try Self.read("<rss>\n<title>a &nbsp; b</title></rss>") }
    }

    @Test func malformedXMLSaysItsLine() {
        #expect(throws: XMLTree.Problem.malformed(line: 3)) { try Self.read("<rss>\n<channel>\n</chanel></rss>") }
        #expect(throws: XMLTree.Problem.malformed(line: 1)) { try Self.read("") }
        #expect(throws: XMLTree.Problem.malformed(line: 1)) { try Self.read("<rss><channel>") }
    }

    /// The events are capped: a document whose names repeat a long namespace cannot make them grow past it.
    @Test func theEventsAreCapped() throws {
        let namespace = String(repeating: "n", count: 10_000)
        let body = String(repeating: "<a:b/>", count: 1_000)
        let text = "<r xmlns:a=\"\(namespace)\">\(body)</r>"
        #expect(throws: XMLTree.Problem.tooLarge) { try Self.read(text, limit: 2 * text.utf8.count) }
        #expect(try Self.read("<r><a/></r>", limit: 64).children.map(\.name) == ["a"])
    }
}
