// Image decoding (libjpeg-turbo, libpng) and drawing (libchafa) for scout's artwork, behind a small C
// interface: libjpeg reports errors by longjmp, which Swift cannot catch, and chafa's headers bring glib.
#ifndef SCOUT_IMAGE_H
#define SCOUT_IMAGE_H

#include <stddef.h>
#include <stdint.h>

/// Decoded pixels: RGBA, 8 bits a channel, rows of `width * 4` bytes; `pixels` is malloc'd (free with
/// scout_image_free). On failure `pixels` is NULL and `message` says why, in libjpeg's or libpng's words.
typedef struct {
    uint8_t *pixels;
    int width;
    int height;
    char message[200];
} scout_image;

/// The largest image scout decodes, in pixels once decoded (a JPEG is first scaled down while decoding).
#define SCOUT_IMAGE_MAX_PIXELS (4096 * 4096)

/// Decodes a JPEG, letting libjpeg scale it down by 1/2, 1/4 or 1/8 while it decodes as long as the result
/// still covers `want_width` x `want_height` (0 for full size). Damaged data is a failure, not a grey patch.
void scout_jpeg_decode(const uint8_t *bytes, size_t length, int want_width, int want_height, scout_image *out);

/// Decodes a PNG (any colour type, with libpng's simplified API) to RGBA.
void scout_png_decode(const uint8_t *bytes, size_t length, scout_image *out);

void scout_image_free(scout_image *image);

/// Encodes RGB pixels as a baseline JPEG (quality 90), for tests, fuzz seeds and the fixture server. Returns a
/// malloc'd buffer (free with free) and its length, or NULL.
uint8_t *scout_jpeg_encode(const uint8_t *rgb, int width, int height, int quality, size_t *length);

/// Encodes a flat grey image of any size a row at a time (never whole in memory), baseline or progressive: the
/// huge JPEGs the tests and the fuzzer's seeds need. Returns a malloc'd buffer and its length, or NULL.
uint8_t *scout_jpeg_encode_flat(int width, int height, int grey, int progressive, size_t *length);

/// Encodes RGBA pixels as a PNG, for tests. Returns a malloc'd buffer and its length, or NULL.
uint8_t *scout_png_encode(const uint8_t *rgba, int width, int height, size_t *length);

/// How chafa draws: the pixel modes, and for symbols the colours.
enum {
    SCOUT_DRAW_SYMBOLS = 0,
    SCOUT_DRAW_SIXELS = 1,
    SCOUT_DRAW_KITTY = 2,
    SCOUT_DRAW_ITERM = 3,
};
enum {
    SCOUT_COLOURS_24BIT = 0,
    SCOUT_COLOURS_256 = 1,
    SCOUT_COLOURS_16 = 2,
};

/// The box an image of `width` x `height` pixels fills within `columns` x `rows` cells, keeping its shape
/// for cells of `cell_width` x `cell_height` pixels.
void scout_image_fit(int width, int height, int cell_width, int cell_height, int *columns, int *rows);

/// Draws RGBA pixels into `columns` x `rows` cells with libchafa, in `mode` (SCOUT_DRAW_*) and, for symbols,
/// `colours` (SCOUT_COLOURS_*). Returns the terminal's bytes (malloc'd, free with free) and their length:
/// symbols as `rows` lines joined by "\n", a pixel mode as the one sequence chafa prints (kitty's with its
/// pixels zlib-compressed, `o=z`).
char *scout_image_draw(
    const uint8_t *rgba, int width, int height, int mode, int colours, int columns, int rows, int cell_width,
    int cell_height, size_t *length);

#endif

/// SHA-256 through glib's GChecksum (glib comes with libchafa): a digest begun, fed, and finished as 64
/// lowercase hex digits into `hex` (65 bytes with its NUL), which also frees it.
void *scout_sha256_begin(void);
void scout_sha256_update(void *digest, const uint8_t *bytes, size_t length);
void scout_sha256_finish(void *digest, char *hex);
