// SHA-256 for sync's state digest, through glib (linked in for libchafa): scout needs no other hash
// library for it.
#include <glib.h>
#include <string.h>
#include "scout_image.h"

void *scout_sha256_begin(void) { return g_checksum_new(G_CHECKSUM_SHA256); }

void scout_sha256_update(void *digest, const uint8_t *bytes, size_t length) {
    // g_checksum_update takes a gssize: a length past its range goes in pieces.
    while (length > 0) {
        size_t piece = length > (size_t)G_MAXSSIZE ? (size_t)G_MAXSSIZE : length;
        g_checksum_update((GChecksum *)digest, bytes, (gssize)piece);
        bytes += piece;
        length -= piece;
    }
}

void scout_sha256_finish(void *digest, char *hex) {
    const gchar *text = g_checksum_get_string((GChecksum *)digest);
    strncpy(hex, text, 64);
    hex[64] = '\0';
    g_checksum_free((GChecksum *)digest);
}
