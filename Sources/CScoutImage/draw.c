// Pixels to terminal bytes, with libchafa: its symbols (blocks and braille) in 24-bit, 256 or 16 colours,
// or its sixel, kitty and iTerm2 encoders. The terminal is never asked anything: scout chose the mode.
#include "scout_image.h"

#include <chafa.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

void scout_image_fit(int width, int height, int cell_width, int cell_height, int *columns, int *rows) {
    gint fit_columns = *columns, fit_rows = *rows;
    gfloat font_ratio = cell_height > 0 ? (gfloat)cell_width / (gfloat)cell_height : 0.5f;
    chafa_calc_canvas_geometry(width, height, &fit_columns, &fit_rows, font_ratio, TRUE, FALSE);
    *columns = fit_columns < 1 ? 1 : fit_columns;
    *rows = fit_rows < 1 ? 1 : fit_rows;
}

// chafa's kitty image again with its pixels compressed (`o=z`, zlib): the same image in a fraction of the
// bytes (kitty, WezTerm and Ghostty inflate it), which matters on a slow terminal or over ssh. NULL when the
// sequence is not chafa's usual one or does not shrink; the caller keeps chafa's then.
static GString *scout_kitty_compressed(const GString *printed) {
    const char *text = printed->str;
    const char *begin = strstr(text, "\033_Ga=T,f=32,");
    if (begin == NULL) return NULL;
    const char *control_end = strstr(begin, "\033\\");
    if (control_end == NULL) return NULL;
    GString *control = g_string_new_len(begin + 3, control_end - begin - 3); // a=T,f=32,s=…,m=1
    if (control->len < 9 || strcmp(control->str + control->len - 4, ",m=1") != 0) {
        g_string_free(control, TRUE);
        return NULL;
    }
    g_string_truncate(control, control->len - 4);
    g_string_insert(control, 9, "o=z,"); // after "a=T,f=32,"
    // The pixels: each chunk's base64 decoded on its own (chafa pads each).
    GByteArray *pixels = g_byte_array_new();
    const char *at = control_end + 2;
    while ((at = strstr(at, "\033_Gm=1;")) != NULL) {
        at += 7;
        const char *end = strstr(at, "\033\\");
        if (end == NULL) break;
        gchar *chunk = g_strndup(at, end - at);
        gsize length = 0;
        guchar *decoded = g_base64_decode(chunk, &length);
        g_byte_array_append(pixels, decoded, (guint)length);
        g_free(decoded);
        g_free(chunk);
        at = end + 2;
    }
    uLongf packed_length = compressBound(pixels->len);
    Bytef *packed = malloc(packed_length);
    GString *out = NULL;
    if (packed != NULL && pixels->len > 0 && compress2(packed, &packed_length, pixels->data, pixels->len, 6) == Z_OK) {
        gchar *base64 = g_base64_encode(packed, packed_length);
        size_t total = strlen(base64);
        out = g_string_sized_new(total + total / 4096 * 16 + control->len + 32);
        for (size_t offset = 0; offset < total || offset == 0; offset += 4096) {
            size_t piece = total - offset < 4096 ? total - offset : 4096;
            int last = offset + piece >= total;
            if (offset == 0) {
                g_string_append_printf(out, "\033_G%s,m=%d;", control->str, last ? 0 : 1);
            } else {
                g_string_append_printf(out, "\033_Gm=%d;", last ? 0 : 1);
            }
            g_string_append_len(out, base64 + offset, (gssize)piece);
            g_string_append(out, "\033\\");
            if (last) break;
        }
        g_free(base64);
        if (out->len >= printed->len) {
            g_string_free(out, TRUE);
            out = NULL;
        }
    }
    free(packed);
    g_byte_array_free(pixels, TRUE);
    g_string_free(control, TRUE);
    return out;
}

char *scout_image_draw(
    const uint8_t *rgba, int width, int height, int mode, int colours, int columns, int rows, int cell_width,
    int cell_height, size_t *length) {
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_geometry(config, columns, rows);
    chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
    ChafaPixelMode pixel_mode = mode == SCOUT_DRAW_KITTY   ? CHAFA_PIXEL_MODE_KITTY
                                : mode == SCOUT_DRAW_ITERM ? CHAFA_PIXEL_MODE_ITERM2
                                : mode == SCOUT_DRAW_SIXELS ? CHAFA_PIXEL_MODE_SIXELS
                                                            : CHAFA_PIXEL_MODE_SYMBOLS;
    chafa_canvas_config_set_pixel_mode(config, pixel_mode);
    if (pixel_mode == CHAFA_PIXEL_MODE_SYMBOLS) {
        chafa_canvas_config_set_canvas_mode(
            config, colours == SCOUT_COLOURS_24BIT ? CHAFA_CANVAS_MODE_TRUECOLOR
                    : colours == SCOUT_COLOURS_256 ? CHAFA_CANVAS_MODE_INDEXED_240
                                                   : CHAFA_CANVAS_MODE_INDEXED_16);
        ChafaSymbolMap *symbols = chafa_symbol_map_new();
        chafa_symbol_map_add_by_tags(
            symbols, CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_BRAILLE);
        chafa_symbol_map_remove_by_tags(symbols, CHAFA_SYMBOL_TAG_BAD);
        chafa_canvas_config_set_symbol_map(config, symbols);
        chafa_symbol_map_unref(symbols);
    }
    ChafaCanvas *canvas = chafa_canvas_new(config);
    chafa_canvas_config_unref(config);
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height, width * 4);
    // chafa's fallback terminal knows every sequence; the canvas's mode picks which are printed.
    ChafaTermInfo *info = chafa_term_db_get_fallback_info(chafa_term_db_get_default());
    GString *printed = chafa_canvas_print(canvas, info);
    chafa_term_info_unref(info);
    chafa_canvas_unref(canvas);
    if (mode == SCOUT_DRAW_KITTY) {
        GString *compressed = scout_kitty_compressed(printed);
        if (compressed != NULL) {
            g_string_free(printed, TRUE);
            printed = compressed;
        }
    }
    char *bytes = malloc(printed->len + 1);
    if (bytes != NULL) {
        memcpy(bytes, printed->str, printed->len + 1);
        *length = printed->len;
    }
    g_string_free(printed, TRUE);
    return bytes;
}
