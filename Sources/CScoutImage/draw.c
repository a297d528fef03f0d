// Pixels to terminal bytes, with libchafa: its symbols (blocks and braille) in 24-bit, 256 or 16 colours,
// or its sixel, kitty and iTerm2 encoders. The terminal is never asked anything: scout chose the mode.
#include "scout_image.h"

#include <chafa.h>
#include <stdlib.h>
#include <string.h>

void scout_image_fit(int width, int height, int cell_width, int cell_height, int *columns, int *rows) {
    gint fit_columns = *columns, fit_rows = *rows;
    gfloat font_ratio = cell_height > 0 ? (gfloat)cell_width / (gfloat)cell_height : 0.5f;
    chafa_calc_canvas_geometry(width, height, &fit_columns, &fit_rows, font_ratio, TRUE, FALSE);
    *columns = fit_columns < 1 ? 1 : fit_columns;
    *rows = fit_rows < 1 ? 1 : fit_rows;
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
    char *bytes = malloc(printed->len + 1);
    if (bytes != NULL) {
        memcpy(bytes, printed->str, printed->len + 1);
        *length = printed->len;
    }
    g_string_free(printed, TRUE);
    return bytes;
}
