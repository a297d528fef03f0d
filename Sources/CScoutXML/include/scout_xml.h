#ifndef SCOUT_XML_H
#define SCOUT_XML_H

#include <stddef.h>

/// What one parse hands back: the events (each a kind byte, a 4-byte little-endian length and that many bytes)
/// and, when it failed, why and where.
typedef struct scout_xml_result {
    int code;
    /// The line of the first error, when the document is not well-formed.
    int line;
    unsigned char *events;
    size_t length;
} scout_xml_result;

enum {
    SCOUT_XML_OK = 0,
    /// libxml2 could not be loaded.
    SCOUT_XML_NO_LIBXML2 = -1,
    SCOUT_XML_MALFORMED = 1,
    /// The document declares a DTD, which scout never reads.
    SCOUT_XML_DOCTYPE = 2,
    /// The events would pass the limit.
    SCOUT_XML_TOO_LARGE = 3,
};

enum {
    /// An element opened: its namespace (empty for none), a zero byte, its local name.
    SCOUT_XML_START = 1,
    /// Text: characters or CDATA, entities decoded.
    SCOUT_XML_TEXT = 2,
    /// The element opened last closed.
    SCOUT_XML_END = 3,
};

/// The name of the libxml2 loaded (loading it the first time), or NULL when none could be.
const char *scout_xml_library(void);

/// Parses `length` bytes into `result`'s events, at most `max_events` bytes of them; returns `result->code`.
/// Free the events with scout_xml_free.
int scout_xml_parse(const char *bytes, size_t length, size_t max_events, scout_xml_result *result);

void scout_xml_free(scout_xml_result *result);

#endif
