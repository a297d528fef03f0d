#ifndef SCOUT_HTTP_H
#define SCOUT_HTTP_H

#include <stddef.h>

/// One GET through libcurl, which scout loads on its first request (never at start-up).
typedef struct scout_http_request {
    const char *url;
    /// "Name: value" lines.
    const char *const *headers;
    int header_count;
    /// "http://host:port" or "socks5h://host:port", or NULL to go straight (the environment is not read).
    const char *proxy;
    const char *proxy_user;
    const char *proxy_password;
    /// Whether the trust below replaces libcurl's own (else the three are not read): a bundle file, a folder of
    /// hashed certificates, and PEM text added to them (any may be NULL).
    int replaces_trust;
    const char *ca_file;
    const char *ca_path;
    const char *ca_text;
    size_t ca_text_length;
    long timeout_ms;
    long connect_timeout_ms;
    size_t max_body;
    /// Redirects followed, at most.
    long max_redirects;
    /// Set by scout_http_cancel (from another thread) to stop the transfer.
    int cancel;
    /// The diagnosis: connect and shake hands only, accepting any certificate, and keep the server's.
    int certificate_only;
} scout_http_request;

typedef struct scout_http_result {
    /// libcurl's CURLcode; SCOUT_HTTP_NO_LIBCURL when libcurl could not be loaded.
    int code;
    long status;
    /// The proxy's answer to CONNECT (0 when there was none).
    long connect_status;
    long os_errno;
    /// The body was larger than max_body.
    int too_large;
    /// The transfer was stopped by `cancelled`.
    int was_cancelled;
    char *body;
    size_t body_length;
    char *retry_after;
    char *cache_control;
    /// `ETag` and `Last-Modified`, for a conditional GET next time.
    char *etag;
    char *last_modified;
    /// In certificate_only mode, the first certificate's fields as libcurl gives them, one "Name:value" a line.
    char *certificate;
    char error[256];
} scout_http_result;

enum {
    SCOUT_HTTP_NO_LIBCURL = -1,
    SCOUT_CURLE_UNSUPPORTED_PROTOCOL = 1,
    SCOUT_CURLE_COULDNT_RESOLVE_PROXY = 5,
    SCOUT_CURLE_COULDNT_RESOLVE_HOST = 6,
    SCOUT_CURLE_COULDNT_CONNECT = 7,
    SCOUT_CURLE_PARTIAL_FILE = 18,
    SCOUT_CURLE_WRITE_ERROR = 23,
    SCOUT_CURLE_OPERATION_TIMEDOUT = 28,
    SCOUT_CURLE_ABORTED_BY_CALLBACK = 42,
    SCOUT_CURLE_TOO_MANY_REDIRECTS = 47,
    SCOUT_CURLE_GOT_NOTHING = 52,
    SCOUT_CURLE_SEND_ERROR = 55,
    SCOUT_CURLE_RECV_ERROR = 56,
    SCOUT_CURLE_PEER_FAILED_VERIFICATION = 60,
    SCOUT_CURLE_SSL_CACERT_BADFILE = 77,
    SCOUT_CURLE_PROXY = 97,
};

/// Performs the request (blocking); the result's strings are freed by scout_http_result_free.
void scout_http_get(const scout_http_request *request, scout_http_result *result);
void scout_http_result_free(scout_http_result *result);
/// Runs scout_http_get on a thread of its own and calls `done` there with the result; the request must
/// live until then. Returns 0, or an errno when no thread could be started (then `done` is never called).
int scout_http_start(const scout_http_request *request, void (*done)(void *context, scout_http_result *result),
                     void *context);
/// Reads one header line of an answer (`Name: value\r\n`, or a status line, which starts the headers anew)
/// into the result's Retry-After and Cache-Control (scripts/fuzz's `headers` target).
void scout_http_take_header(scout_http_result *result, const char *line, size_t length);
/// Stops the request's transfer at libcurl's next progress call.
void scout_http_cancel(scout_http_request *request);
/// The libcurl that was loaded, or NULL: "libcurl.so.4" or another name tried.
const char *scout_http_library(void);

#endif
