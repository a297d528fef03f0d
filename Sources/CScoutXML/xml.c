// scout's XML: libxml2's SAX2 parser, loaded with dlopen on the first document (a Letterboxd feed), as
// libcurl is (http.c): linked in, libxml2 and ICU behind it would cost every start of scout their loading.
// A document is untrusted: no DTD is read (a document that declares one is refused, so no entity is declared,
// let alone expanded: a billion-laughs feed stops at its DOCTYPE), nothing is fetched (XML_PARSE_NONET), no
// error is printed, and what the parse hands back is capped. What comes back is a flat list of events:
// elements opened (namespace and local name), text (characters and CDATA, entities decoded) and elements closed.
#include <dlfcn.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scout_xml.h"

static struct {
    const char *name;
    void (*init_parser)(void);
    xmlParserCtxtPtr (*create_push)(xmlSAXHandlerPtr, void *, const char *, int, const char *);
    int (*use_options)(xmlParserCtxtPtr, int);
    int (*parse_chunk)(xmlParserCtxtPtr, const char *, int, int);
    void (*stop)(xmlParserCtxtPtr);
    void (*free_context)(xmlParserCtxtPtr);
    xmlEntityPtr (*predefined)(const xmlChar *);
    void (*set_generic_error)(void *, xmlGenericErrorFunc);
} xml;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    const char *names[] = {"libxml2.so.2", "libxml2.so"};
    size_t count = sizeof names / sizeof *names;
    const char *chosen = getenv("SCOUT_LIBXML2");
    if (chosen && *chosen) names[0] = chosen, count = 1;
    for (size_t i = 0; i < count; i++) {
        void *library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (!library) continue;
        xml.init_parser = (void (*)(void))dlsym(library, "xmlInitParser");
        xml.create_push = (xmlParserCtxtPtr(*)(xmlSAXHandlerPtr, void *, const char *, int, const char *))dlsym(
            library, "xmlCreatePushParserCtxt");
        xml.use_options = (int (*)(xmlParserCtxtPtr, int))dlsym(library, "xmlCtxtUseOptions");
        xml.parse_chunk = (int (*)(xmlParserCtxtPtr, const char *, int, int))dlsym(library, "xmlParseChunk");
        xml.stop = (void (*)(xmlParserCtxtPtr))dlsym(library, "xmlStopParser");
        xml.free_context = (void (*)(xmlParserCtxtPtr))dlsym(library, "xmlFreeParserCtxt");
        xml.predefined = (xmlEntityPtr(*)(const xmlChar *))dlsym(library, "xmlGetPredefinedEntity");
        xml.set_generic_error = (void (*)(void *, xmlGenericErrorFunc))dlsym(library, "xmlSetGenericErrorFunc");
        if (xml.init_parser && xml.create_push && xml.use_options && xml.parse_chunk &&
            xml.stop && xml.free_context && xml.predefined && xml.set_generic_error) {
            xml.init_parser();
            xml.name = names[i];
            return;
        }
        memset(&xml, 0, sizeof xml);
        dlclose(library);
    }
}

const char *scout_xml_library(void) {
    pthread_once(&loaded, load);
    return xml.name;
}

typedef struct {
    xmlParserCtxtPtr context;
    scout_xml_result *result;
    size_t capacity;
    size_t limit;
} parse;

static void stop(parse *state, int code) {
    if (state->result->code == SCOUT_XML_OK) state->result->code = code;
    xml.stop(state->context);
}

// Appends one event: its kind, the payload's length (4 bytes, little-endian) and the payload: `a`, then (with
// `joined`) a zero byte and `b`.
static void event(parse *state, uint8_t kind, const void *a, size_t a_length, int joined, const void *b,
                  size_t b_length) {
    scout_xml_result *result = state->result;
    if (result->code != SCOUT_XML_OK) return;
    size_t payload = a_length + (joined ? 1 + b_length : 0);
    size_t needed = result->length + 5 + payload;
    if (payload > UINT32_MAX || needed > state->limit) return stop(state, SCOUT_XML_TOO_LARGE);
    if (needed > state->capacity) {
        size_t capacity = state->capacity ? state->capacity : 4096;
        while (capacity < needed) capacity *= 2;
        if (capacity > state->limit) capacity = state->limit;
        unsigned char *grown = realloc(result->events, capacity);
        if (!grown) return stop(state, SCOUT_XML_TOO_LARGE);
        result->events = grown;
        state->capacity = capacity;
    }
    unsigned char *at = result->events + result->length;
    at[0] = kind;
    for (int i = 0; i < 4; i++) at[1 + i] = (unsigned char)(payload >> (8 * i));
    if (a_length) memcpy(at + 5, a, a_length);
    if (joined) {
        at[5 + a_length] = 0;
        if (b_length) memcpy(at + 6 + a_length, b, b_length);
    }
    result->length = needed;
}

// An element opened: its namespace (empty for none), a zero byte, its local name.
static void started(void *context, const xmlChar *local, const xmlChar *prefix, const xmlChar *uri,
                    int namespace_count, const xmlChar **namespaces, int attribute_count, int defaulted,
                    const xmlChar **attributes) {
    (void)prefix, (void)namespace_count, (void)namespaces, (void)attribute_count, (void)defaulted;
    (void)attributes;
    event(context, SCOUT_XML_START, uri, uri ? strlen((const char *)uri) : 0, 1, local, strlen((const char *)local));
}

static void ended(void *context, const xmlChar *local, const xmlChar *prefix, const xmlChar *uri) {
    (void)local, (void)prefix, (void)uri;
    event(context, SCOUT_XML_END, NULL, 0, 0, NULL, 0);
}

static void text(void *context, const xmlChar *characters, int length) {
    if (length > 0) event(context, SCOUT_XML_TEXT, characters, (size_t)length, 0, NULL, 0);
}

// A DOCTYPE: refused before its declarations are read.
static void doctype(void *context, const xmlChar *name, const xmlChar *external, const xmlChar *system) {
    (void)name, (void)external, (void)system;
    stop(context, SCOUT_XML_DOCTYPE);
}

// Only the five entities XML predefines; nothing the document declares (it declares nothing: see doctype).
static xmlEntityPtr entity(void *context, const xmlChar *name) {
    (void)context;
    return xml.predefined(name);
}

static void quiet(void *context, const char *message, ...) { (void)context, (void)message; }

static void failed(void *context, xmlErrorPtr error) {
    parse *state = context;
    scout_xml_result *result = state->result;
    if (!error || error->level < XML_ERR_ERROR || result->code != SCOUT_XML_OK) return;
    result->code = SCOUT_XML_MALFORMED;
    result->line = error->line;
}

int scout_xml_parse(const char *bytes, size_t length, size_t max_events, scout_xml_result *result) {
    memset(result, 0, sizeof *result);
    if (!scout_xml_library()) return result->code = SCOUT_XML_NO_LIBXML2;
    if (length > INT32_MAX) return result->code = SCOUT_XML_TOO_LARGE;
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    // Only these callbacks: libxml2's own (xmlSAXVersion's) would take the state below for a parser context.
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = started;
    handler.endElementNs = ended;
    handler.characters = text;
    handler.ignorableWhitespace = text;
    handler.cdataBlock = text;
    handler.internalSubset = doctype;
    handler.getEntity = entity;
    handler.warning = quiet;
    handler.error = quiet;
    handler.fatalError = quiet;
    handler.serror = failed;
    parse state = {.result = result, .limit = max_events};
    // The generic handler (messages the parser raises outside a context) writes to standard error by default.
    xml.set_generic_error(NULL, quiet);
    state.context = xml.create_push(&handler, &state, NULL, 0, NULL);
    if (!state.context) return result->code = SCOUT_XML_TOO_LARGE;
    xml.use_options(state.context, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    int code = xml.parse_chunk(state.context, bytes, (int)length, 1);
    if (code != 0 && result->code == SCOUT_XML_OK) result->code = SCOUT_XML_MALFORMED;
    if (!state.context->wellFormed && result->code == SCOUT_XML_OK) result->code = SCOUT_XML_MALFORMED;
    xml.free_context(state.context);
    return result->code;
}

void scout_xml_free(scout_xml_result *result) {
    free(result->events);
    result->events = NULL;
    result->length = 0;
}
