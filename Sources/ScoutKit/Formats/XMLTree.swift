import CScoutXML
import FoundationEssentials

/// An element of an XML document: its namespace and local name, its own text (characters and CDATA, entities
/// decoded) and the elements inside it.
struct XMLTree: Equatable, Sendable {
    var namespace: String
    var name: String
    var text: String
    var children: [XMLTree]

    /// The first child called `name` in `namespace` (none for RSS's own elements).
    func child(_ name: String, in namespace: String = "") -> XMLTree? {
        children.first { $0.name == name && $0.namespace == namespace }
    }

    /// Every child called `name` in `namespace`.
    func children(_ name: String, in namespace: String = "") -> [XMLTree] {
        children.filter { $0.name == name && $0.namespace == namespace }
    }

    /// The text of the first child called `name`, trimmed; nil when there is no such child or it is empty.
    func field(_ name: String, in namespace: String = "") -> String? {
        guard let text = child(name, in: namespace)?.text.trimmed(), !text.isEmpty else { return nil }
        return text
    }

    /// Why a document could not be read.
    enum Problem: Error, Equatable {
        /// libxml2 could not be loaded (`apt-get install libxml2`).
        case noParser
        case malformed(line: Int)
        /// The document declares a DTD, which scout never reads (no entity of a remote document is expanded).
        case declaresDTD
        case tooLarge
    }

    /// The document in `bytes`, read by libxml2 (loaded the first time), as its root element; its events are
    /// capped at `limit` bytes (about the document's size: an element's name is counted each time it opens).
    static func read(_ bytes: Data, limit: Int) throws(Problem) -> XMLTree {
        var result = scout_xml_result()
        defer { scout_xml_free(&result) }
        let code = bytes.withUnsafeBytes { buffer in
            scout_xml_parse(buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count, limit, &result)
        }
        switch code {
        case Int32(SCOUT_XML_OK): break
        case Int32(SCOUT_XML_NO_LIBXML2): throw .noParser
        case Int32(SCOUT_XML_DOCTYPE): throw .declaresDTD
        case Int32(SCOUT_XML_TOO_LARGE): throw .tooLarge
        default: throw .malformed(line: Int(result.line))
        }
        let events = UnsafeBufferPointer(start: result.events, count: result.length)
        var open: [XMLTree] = []
        var root: XMLTree?
        var at = 0
        while at + 5 <= events.count {
            let kind = events[at]
            var length = 0
            for shift in 0..<4 { length |= Int(events[at + 1 + shift]) << (8 * shift) }
            let payload = UnsafeBufferPointer(rebasing: events[(at + 5)..<min(events.count, at + 5 + length)])
            at += 5 + length
            switch Int32(kind) {
            case Int32(SCOUT_XML_START):
                let zero = payload.firstIndex(of: 0) ?? payload.endIndex
                open.append(
                    XMLTree(
                        namespace: String(decoding: payload[..<zero], as: UTF8.self),
                        name: String(decoding: payload[min(zero + 1, payload.endIndex)...], as: UTF8.self), text: "",
                        children: []))
            case Int32(SCOUT_XML_TEXT):
                guard !open.isEmpty else { continue }
                open[open.count - 1].text += String(decoding: payload, as: UTF8.self)
            default:
                guard let closed = open.popLast() else { continue }
                if open.isEmpty { root = closed } else { open[open.count - 1].children.append(closed) }
            }
        }
        guard let root else { throw .malformed(line: 0) }
        return root
    }
}
