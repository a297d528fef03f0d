// JPEG and PNG in and out of RGBA. Remote bytes come here: every failure is reported, never a crash, and
// no image takes more than SCOUT_IMAGE_MAX_PIXELS once decoded (libjpeg's own buffers are capped too).
#include "scout_image.h"

#include <stdio.h> // before jpeglib.h, which names FILE

#include <jpeglib.h>
#include <jerror.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct scout_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
};

static void scout_jpeg_fail(j_common_ptr info) {
    struct scout_jpeg_error *error = (struct scout_jpeg_error *)info->err;
    int code = info->err->msg_code;
    if ((code == JERR_NO_BACKING_STORE || code == JERR_OUT_OF_MEMORY) && !info->is_decompressor) {
        snprintf(error->message, 200, "out of memory");
    } else if (code == JERR_NO_BACKING_STORE || code == JERR_OUT_OF_MEMORY) {
        j_decompress_ptr decompress = (j_decompress_ptr)info;
        snprintf(error->message, 200, "%u x %u pixels%s need more memory than scout gives an image",
                 decompress->image_width, decompress->image_height,
                 decompress->progressive_mode ? ", progressive," : "");
    } else {
        char text[JMSG_LENGTH_MAX];
        (*info->err->format_message)(info, text);
        snprintf(error->message, 200, "%s", text);
    }
    longjmp(error->jump, 1);
}

// A warning (level -1) is damaged data: libjpeg would go on and paint grey; scout says the image is damaged.
static void scout_jpeg_message(j_common_ptr info, int level) {
    if (level < 0) scout_jpeg_fail(info);
}

void scout_jpeg_decode(const uint8_t *bytes, size_t length, int want_width, int want_height, scout_image *out) {
    memset(out, 0, sizeof(*out));
    struct jpeg_decompress_struct info;
    struct scout_jpeg_error error;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = scout_jpeg_fail;
    error.manager.emit_message = scout_jpeg_message;
    error.message = out->message;
    uint8_t *volatile pixels = NULL;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        out->pixels = NULL;
        return;
    }
    jpeg_create_decompress(&info);
    // A progressive 12,000 x 12,000 JPEG would want its coefficients in memory (about 860 MB): over this,
    // libjpeg stops with "Insufficient memory" instead.
    info.mem->max_memory_to_use = 96L * 1024 * 1024;
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_EXT_RGBA;
    info.scale_num = 1;
    info.scale_denom = 1;
    if (want_width > 0 && want_height > 0) {
        for (unsigned int denom = 8; denom > 1; denom /= 2) {
            if (info.image_width / denom >= (unsigned int)want_width
                && info.image_height / denom >= (unsigned int)want_height) {
                info.scale_denom = denom;
                break;
            }
        }
    }
    // Even a large target is not decoded bigger than it needs: the smallest scale that still covers the cap.
    while (info.scale_denom < 8
           && (double)(info.image_width / info.scale_denom) * (info.image_height / info.scale_denom)
                  > SCOUT_IMAGE_MAX_PIXELS) {
        info.scale_denom *= 2;
    }
    jpeg_calc_output_dimensions(&info);
    if ((double)info.output_width * info.output_height > SCOUT_IMAGE_MAX_PIXELS) {
        snprintf(out->message, 200, "the image is too large (%u x %u pixels)", info.image_width, info.image_height);
        jpeg_destroy_decompress(&info);
        return;
    }
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    pixels = malloc(stride * info.output_height);
    if (pixels == NULL) {
        snprintf(out->message, 200, "out of memory");
        jpeg_destroy_decompress(&info);
        return;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    out->width = (int)info.output_width;
    out->height = (int)info.output_height;
    out->pixels = pixels;
    jpeg_destroy_decompress(&info);
}

void scout_png_decode(const uint8_t *bytes, size_t length, scout_image *out) {
    memset(out, 0, sizeof(*out));
    png_image image;
    memset(&image, 0, sizeof(image));
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes, length)) {
        snprintf(out->message, 200, "%s", image.message);
        png_image_free(&image);
        return;
    }
    if ((double)image.width * image.height > SCOUT_IMAGE_MAX_PIXELS) {
        snprintf(out->message, 200, "the image is too large (%u x %u pixels)", image.width, image.height);
        png_image_free(&image);
        return;
    }
    image.format = PNG_FORMAT_RGBA;
    uint8_t *pixels = malloc(PNG_IMAGE_SIZE(image));
    if (pixels == NULL) {
        snprintf(out->message, 200, "out of memory");
        png_image_free(&image);
        return;
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        snprintf(out->message, 200, "%s", image.message);
        free(pixels);
        png_image_free(&image);
        return;
    }
    out->pixels = pixels;
    out->width = (int)image.width;
    out->height = (int)image.height;
}

void scout_image_free(scout_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}

// Encodes `height` rows of `components` samples (3: RGB, 1: grey): row y is `pixels + y * stride` (a stride of
// 0 repeats one row: a flat image of any size without its pixels in memory).
static uint8_t *scout_jpeg_encode_rows(
    const uint8_t *pixels, size_t stride, int width, int height, int components, int quality, int progressive,
    size_t *length) {
    struct jpeg_compress_struct info;
    struct scout_jpeg_error error;
    char message[200];
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = scout_jpeg_fail;
    error.message = message;
    unsigned char *volatile buffer = NULL;
    unsigned long size = 0;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        return NULL;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, (unsigned char **)&buffer, &size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = components;
    info.in_color_space = components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    if (progressive) jpeg_simple_progression(&info);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + stride * info.next_scanline);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *length = size;
    return buffer;
}

uint8_t *scout_jpeg_encode(const uint8_t *rgb, int width, int height, int quality, size_t *length) {
    return scout_jpeg_encode_rows(rgb, (size_t)width * 3, width, height, 3, quality, 0, length);
}

uint8_t *scout_jpeg_encode_flat(int width, int height, int grey, int progressive, size_t *length) {
    uint8_t *row = malloc((size_t)width);
    if (row == NULL) return NULL;
    memset(row, grey, (size_t)width);
    uint8_t *jpeg = scout_jpeg_encode_rows(row, 0, width, height, 1, 50, progressive, length);
    free(row);
    return jpeg;
}

uint8_t *scout_png_encode(const uint8_t *rgba, int width, int height, size_t *length) {
    png_image image;
    memset(&image, 0, sizeof(image));
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, rgba, 0, NULL)) return NULL;
    uint8_t *buffer = malloc(size);
    if (buffer == NULL) return NULL;
    if (!png_image_write_to_memory(&image, buffer, &size, 0, rgba, 0, NULL)) {
        free(buffer);
        return NULL;
    }
    *length = size;
    return buffer;
}
