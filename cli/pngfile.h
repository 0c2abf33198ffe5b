/* SPDX-License-Identifier: MIT */
/*
 * pngfile.h - writing an RGB raster (picture.h) as a PNG file through libpng,
 * the only file of lockstar that calls it. A lockstar configured without
 * libpng (configure --without-png, as the cross-platform matrix builds it)
 * keeps these two calls: cli_png_supported says 0 and the commands refuse
 * --png with one line.
 */
#ifndef CLI_PNGFILE_H
#define CLI_PNGFILE_H

#include <stddef.h>
#include <stdint.h>
#include "picture.h"

/* 1 when this lockstar was built with libpng, else 0. */
int cli_png_supported(void);

/* Write rgb (width x height pixels, 3 bytes each, rows top first) to path
 * as an 8-bit RGB PNG. It is written to "path.tmp", then renamed to path,
 * so a failure leaves no partial file (and an older path as it was).
 * Returns 0, or -1 with the reason (strerror or libpng's) in why. */
int cli_png_write(const char *path, const uint8_t *rgb, uint32_t width,
                  uint32_t height, char *why, size_t why_size);

/* Render p (picture.h) and write it to file; on any failure report one
 * line ("COMMAND: ...": too many pixels, out of memory, cannot write) and
 * return CLI_EXIT_BAD_INPUT, else return CLI_EXIT_DONE. */
int cli_picture_save(const char *command, const cli_picture *p,
                     const char *file);

#endif
