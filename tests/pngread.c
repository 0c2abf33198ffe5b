/* SPDX-License-Identifier: MIT */
/*
 * pngread.c - `tests/pngread FILE [X,Y ...]`: decode a PNG with libpng (not
 * with lockstar's own code) and print "size W H", then for each pixel X,Y
 * asked for "X,Y RRGGBB" (its colour as 6 hex digits). Any colour type and
 * depth is accepted: libpng expands it to 8-bit RGB. Exit 0, or 1 with a
 * message when the file is not a readable PNG or a pixel is outside it.
 * tests/png.sh checks lockstar's pictures with it.
 */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    png_image image;
    png_bytep rgb;
    int i;

    if (argc < 2) {
        fprintf(stderr, "usage: pngread FILE [X,Y ...]\n");
        return 1;
    }
    image.version = PNG_IMAGE_VERSION;
    image.opaque = NULL;
    if (!png_image_begin_read_from_file(&image, argv[1])) {
        fprintf(stderr, "pngread: %s: %s\n", argv[1], image.message);
        return 1;
    }
    image.format = PNG_FORMAT_RGB;
    rgb = malloc(PNG_IMAGE_SIZE(image));
    if (!rgb || !png_image_finish_read(&image, NULL, rgb, 0, NULL)) {
        fprintf(stderr, "pngread: %s: %s\n", argv[1],
                rgb ? image.message : "out of memory");
        free(rgb);
        png_image_free(&image);
        return 1;
    }
    printf("size %lu %lu\n", (unsigned long)image.width,
           (unsigned long)image.height);
    for (i = 2; i < argc; i++) {
        unsigned long x, y;
        const png_byte *p;
        if (sscanf(argv[i], "%lu,%lu", &x, &y) != 2 || x >= image.width ||
            y >= image.height) {
            fprintf(stderr, "pngread: pixel '%s' is not in the picture\n",
                    argv[i]);
            free(rgb);
            return 1;
        }
        p = rgb + (y * image.width + x) * 3u;
        printf("%lu,%lu %02x%02x%02x\n", x, y, p[0], p[1], p[2]);
    }
    free(rgb);
    return 0;
}
