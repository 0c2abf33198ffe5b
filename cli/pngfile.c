/* SPDX-License-Identifier: MIT */
/*
 * pngfile.c - PNG files through libpng (pngfile.h). libpng reports errors by
 * longjmp to the setjmp in write_rows; nothing set after that setjmp is
 * read after the jump, so no local needs to be volatile.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "output.h"
#include "pngfile.h"

#ifdef CLI_HAVE_PNG
#include <png.h>

int cli_png_supported(void)
{
    return 1;
}

typedef struct png_failure {
    char *why;
    size_t why_size;
} png_failure;

static void on_error(png_structp png, png_const_charp message)
{
    png_failure *f = png_get_error_ptr(png);
    snprintf(f->why, f->why_size, "libpng: %s", message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message)
{
    (void)png;
    (void)message;
}

/* Encode into the open file fp. 0, or -1 with why set. */
static int write_rows(FILE *fp, const uint8_t *rgb, uint32_t width,
                      uint32_t height, png_failure *f)
{
    png_structp png;
    png_infop info;
    uint32_t y;

    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, f, on_error,
                                  on_warning);
    if (!png) {
        snprintf(f->why, f->why_size, "libpng: out of memory");
        return -1;
    }
    info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        snprintf(f->why, f->why_size, "libpng: out of memory");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_init_io(png, fp);
    png_set_compression_level(png, 9);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (y = 0; y < height; y++)
        png_write_row(png, rgb + (size_t)y * width * 3u);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 0;
}

int cli_png_write(const char *path, const uint8_t *rgb, uint32_t width,
                  uint32_t height, char *why, size_t why_size)
{
    png_failure f;
    size_t n = strlen(path);
    char *tmp = malloc(n + 5u);
    FILE *fp;
    int rc;

    f.why = why;
    f.why_size = why_size;
    if (!tmp) {
        snprintf(why, why_size, "out of memory");
        return -1;
    }
    memcpy(tmp, path, n);
    memcpy(tmp + n, ".tmp", 5u);
    fp = fopen(tmp, "wb");
    if (!fp) {
        snprintf(why, why_size, "%s", strerror(errno));
        free(tmp);
        return -1;
    }
    rc = write_rows(fp, rgb, width, height, &f);
    if (fclose(fp) != 0 && rc == 0) {
        snprintf(why, why_size, "%s", strerror(errno));
        rc = -1;
    }
    if (rc == 0 && rename(tmp, path) != 0) {
        snprintf(why, why_size, "%s", strerror(errno));
        rc = -1;
    }
    if (rc != 0)
        remove(tmp);
    free(tmp);
    return rc;
}

#else /* built without libpng */

int cli_png_supported(void)
{
    return 0;
}

int cli_png_write(const char *path, const uint8_t *rgb, uint32_t width,
                  uint32_t height, char *why, size_t why_size)
{
    (void)path;
    (void)rgb;
    (void)width;
    (void)height;
    snprintf(why, why_size, "built without libpng");
    return -1;
}

#endif

int cli_picture_save(const char *command, const cli_picture *p,
                     const char *file)
{
    uint8_t *rgb = NULL;
    uint32_t width = 0, height = 0;
    char why[200];

    if (cli_picture_size(p->grid, p->scale, &width, &height) != 0)
        return cli_fail("%s: --png: the picture would be %lux%lu pixels, "
                        "more than %lu; choose a smaller --scale", command,
                        (unsigned long)width, (unsigned long)height,
                        (unsigned long)CLI_PICTURE_MAX_PIXELS);
    if (cli_picture_render(p, &rgb, &width, &height) != 0)
        return cli_fail("%s: --png: out of memory for a %lux%lu picture",
                        command, (unsigned long)width, (unsigned long)height);
    if (cli_png_write(file, rgb, width, height, why, sizeof why) != 0) {
        free(rgb);
        return cli_fail("%s: cannot write %s: %s", command, file, why);
    }
    free(rgb);
    return CLI_EXIT_DONE;
}
