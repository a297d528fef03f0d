// scout's HTTP: libcurl, loaded with dlopen on the first request. Linked in, libcurl and the twenty libraries
// it needs would cost every start of scout their loading; loaded late, a start that asks nothing of the
// network (most of them: the built-in catalog, the cache, the library) pays nothing.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "scout_http.h"

static struct {
    const char *name;
    CURLcode (*global_init)(long);
    CURL *(*init)(void);
    CURLcode (*setopt)(CURL *, CURLoption, ...);
    CURLcode (*perform)(CURL *);
    CURLcode (*getinfo)(CURL *, CURLINFO, ...);
    void (*cleanup)(CURL *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    // The OpenSSL flavour first (Debian's libcurl4), then the others a distribution may carry instead.
    // SCOUT_LIBCURL names the one to load instead.
    const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4", "libcurl.so"};
    size_t count = sizeof names / sizeof *names;
    const char *chosen = getenv("SCOUT_LIBCURL");
    if (chosen && *chosen) names[0] = chosen, count = 1;
    for (size_t i = 0; i < count; i++) {
        void *library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (!library) continue;
        curl.global_init = (CURLcode(*)(long))dlsym(library, "curl_global_init");
        curl.init = (CURL * (*)(void)) dlsym(library, "curl_easy_init");
        curl.setopt = (CURLcode(*)(CURL *, CURLoption, ...))dlsym(library, "curl_easy_setopt");
        curl.perform = (CURLcode(*)(CURL *))dlsym(library, "curl_easy_perform");
        curl.getinfo = (CURLcode(*)(CURL *, CURLINFO, ...))dlsym(library, "curl_easy_getinfo");
        curl.cleanup = (void (*)(CURL *))dlsym(library, "curl_easy_cleanup");
        curl.slist_append =
            (struct curl_slist * (*)(struct curl_slist *, const char *)) dlsym(library, "curl_slist_append");
        curl.slist_free_all = (void (*)(struct curl_slist *))dlsym(library, "curl_slist_free_all");
        if (curl.global_init && curl.init && curl.setopt && curl.perform && curl.getinfo && curl.cleanup &&
            curl.slist_append && curl.slist_free_all && curl.global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK) {
            curl.name = names[i];
            return;
        }
        memset(&curl, 0, sizeof curl);
        dlclose(library);
    }
}

void scout_http_cancel(scout_http_request *request) { __atomic_store_n(&request->cancel, 1, __ATOMIC_RELAXED); }

const char *scout_http_library(void) {
    pthread_once(&loaded, load);
    return curl.name;
}

typedef struct {
    const scout_http_request *request;
    scout_http_result *result;
    size_t capacity;
} transfer;

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    transfer *t = context;
    size_t length = size * count;
    scout_http_result *r = t->result;
    if (length > t->request->max_body - r->body_length) {
        r->too_large = 1;
        return 0;
    }
    if (r->body_length + length > t->capacity) {
        size_t capacity = t->capacity ? t->capacity : 16384;
        while (capacity < r->body_length + length) capacity *= 2;
        if (capacity > t->request->max_body) capacity = t->request->max_body;
        char *body = realloc(r->body, capacity);
        if (!body) return 0;
        r->body = body;
        t->capacity = capacity;
    }
    memcpy(r->body + r->body_length, data, length);
    r->body_length += length;
    return length;
}

/// A header's value when the line names it: the text after the colon, spaces and the line end trimmed.
static char *value_of(const char *name, const char *line, size_t length) {
    size_t name_length = strlen(name);
    if (length <= name_length || strncasecmp(line, name, name_length) != 0 || line[name_length] != ':') return NULL;
    const char *start = line + name_length + 1, *end = line + length;
    while (start < end && (*start == ' ' || *start == '\t')) start++;
    while (end > start && (end[-1] == '\r' || end[-1] == '\n' || end[-1] == ' ' || end[-1] == '\t')) end--;
    return strndup(start, (size_t)(end - start));
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    transfer *t = context;
    scout_http_take_header(t->result, data, size * count);
    return size * count;
}

void scout_http_take_header(scout_http_result *r, const char *data, size_t length) {
    if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) {
        // A new answer (after a redirect, or the proxy's to CONNECT): only the last one's headers count.
        free(r->retry_after);
        free(r->cache_control);
        free(r->etag);
        free(r->last_modified);
        r->retry_after = r->cache_control = r->etag = r->last_modified = NULL;
        return;
    }
    if (length > 4096) return; // no header scout reads is that long
    char *value = value_of("Retry-After", data, length);
    if (value) {
        free(r->retry_after);
        r->retry_after = value;
    } else if ((value = value_of("ETag", data, length))) {
        free(r->etag);
        r->etag = value;
    } else if ((value = value_of("Last-Modified", data, length))) {
        free(r->last_modified);
        r->last_modified = value;
    } else if ((value = value_of("Cache-Control", data, length))) {
        if (r->cache_control && strlen(r->cache_control) < 4096) {
            size_t joined_length = strlen(r->cache_control) + 1 + strlen(value) + 1;
            char *joined = malloc(joined_length);
            if (joined) {
                strcpy(joined, r->cache_control);
                strcat(joined, ",");
                strcat(joined, value);
                free(r->cache_control);
                r->cache_control = joined;
            }
            free(value);
        } else if (!r->cache_control) {
            r->cache_control = value;
        } else {
            free(value);
        }
    }
}

static int on_progress(void *context, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d) {
    (void)a, (void)b, (void)c, (void)d;
    transfer *t = context;
    if (__atomic_load_n(&t->request->cancel, __ATOMIC_RELAXED)) {
        t->result->was_cancelled = 1;
        return 1;
    }
    return 0;
}

/// The first certificate's fields, one "Name:value" a line.
static char *first_certificate(CURL *handle) {
    struct curl_certinfo *info = NULL;
    if (curl.getinfo(handle, CURLINFO_CERTINFO, &info) != CURLE_OK || !info || info->num_of_certs < 1) return NULL;
    size_t length = 1;
    for (struct curl_slist *field = info->certinfo[0]; field; field = field->next) {
        if (strncmp(field->data, "Cert:", 5) != 0) length += strlen(field->data) + 1;
    }
    char *text = malloc(length);
    if (!text) return NULL;
    text[0] = 0;
    for (struct curl_slist *field = info->certinfo[0]; field; field = field->next) {
        if (strncmp(field->data, "Cert:", 5) == 0) continue; // the PEM itself, not read
        strcat(text, field->data);
        strcat(text, "\n");
    }
    return text;
}

void scout_http_get(const scout_http_request *request, scout_http_result *result) {
    memset(result, 0, sizeof *result);
    pthread_once(&loaded, load);
    if (!curl.name) {
        result->code = SCOUT_HTTP_NO_LIBCURL;
        return;
    }
    CURL *handle = curl.init();
    if (!handle) {
        result->code = CURLE_OUT_OF_MEMORY;
        return;
    }
    transfer t = {request, result, 0};
    struct curl_slist *headers = NULL;
    for (int i = 0; i < request->header_count; i++) headers = curl.slist_append(headers, request->headers[i]);
    curl.setopt(handle, CURLOPT_URL, request->url);
    curl.setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    curl.setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl.setopt(handle, CURLOPT_HTTPHEADER, headers);
    curl.setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl.setopt(handle, CURLOPT_ERRORBUFFER, result->error);
    curl.setopt(handle, CURLOPT_TIMEOUT_MS, request->timeout_ms);
    curl.setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    curl.setopt(handle, CURLOPT_FOLLOWLOCATION, request->max_redirects > 0 ? 1L : 0L);
    curl.setopt(handle, CURLOPT_MAXREDIRS, request->max_redirects);
    // The proxy scout chose, or none: libcurl must not read the environment's variables on its own.
    curl.setopt(handle, CURLOPT_PROXY, request->proxy ? request->proxy : "");
    if (request->proxy_user) curl.setopt(handle, CURLOPT_PROXYUSERNAME, request->proxy_user);
    if (request->proxy_password) curl.setopt(handle, CURLOPT_PROXYPASSWORD, request->proxy_password);
    if (request->replaces_trust) {
        curl.setopt(handle, CURLOPT_CAINFO, request->ca_file);
        curl.setopt(handle, CURLOPT_CAPATH, request->ca_path);
    }
    if (request->replaces_trust && request->ca_text) {
        struct curl_blob blob = {(void *)request->ca_text, request->ca_text_length, CURL_BLOB_COPY};
        curl.setopt(handle, CURLOPT_CAINFO_BLOB, &blob);
    }
    curl.setopt(handle, CURLOPT_WRITEFUNCTION, on_body);
    curl.setopt(handle, CURLOPT_WRITEDATA, &t);
    curl.setopt(handle, CURLOPT_HEADERFUNCTION, on_header);
    curl.setopt(handle, CURLOPT_HEADERDATA, &t);
    curl.setopt(handle, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl.setopt(handle, CURLOPT_XFERINFODATA, &t);
    curl.setopt(handle, CURLOPT_NOPROGRESS, 0L);
    if (request->certificate_only) {
        curl.setopt(handle, CURLOPT_CONNECT_ONLY, 1L);
        curl.setopt(handle, CURLOPT_SSL_VERIFYPEER, 0L);
        curl.setopt(handle, CURLOPT_SSL_VERIFYHOST, 0L);
        curl.setopt(handle, CURLOPT_CERTINFO, 1L);
    }
    result->code = curl.perform(handle);
    curl.getinfo(handle, CURLINFO_RESPONSE_CODE, &result->status);
    curl.getinfo(handle, CURLINFO_HTTP_CONNECTCODE, &result->connect_status);
    curl.getinfo(handle, CURLINFO_OS_ERRNO, &result->os_errno);
    if (request->certificate_only && result->code == CURLE_OK) result->certificate = first_certificate(handle);
    curl.cleanup(handle);
    curl.slist_free_all(headers);
}

void scout_http_result_free(scout_http_result *result) {
    free(result->body);
    free(result->retry_after);
    free(result->cache_control);
    free(result->etag);
    free(result->last_modified);
    free(result->certificate);
    result->body = result->retry_after = result->cache_control = result->certificate = NULL;
    result->etag = result->last_modified = NULL;
}

typedef struct {
    const scout_http_request *request;
    void (*done)(void *, scout_http_result *);
    void *context;
} job;

static void *run(void *argument) {
    job *j = argument;
    scout_http_result result;
    scout_http_get(j->request, &result);
    j->done(j->context, &result);
    scout_http_result_free(&result);
    free(j);
    return NULL;
}

int scout_http_start(const scout_http_request *request, void (*done)(void *, scout_http_result *), void *context) {
    job *j = malloc(sizeof *j);
    if (!j) return ENOMEM;
    *j = (job){request, done, context};
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    int failed = pthread_create(&thread, &attributes, run, j);
    pthread_attr_destroy(&attributes);
    if (failed) free(j);
    return failed;
}
