/* SPDX-License-Identifier: MIT */
/*
 * fuzz_util.c - the harnesses' byte reader and invariant failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include "fuzz_util.h"

void fz_begin(fz_bytes *b, const uint8_t *data, size_t size)
{
    b->data = data;
    b->size = size;
    b->pos = 0;
}

uint8_t fz_u8(fz_bytes *b)
{
    return b->pos < b->size ? b->data[b->pos++] : 0;
}

uint16_t fz_u16(fz_bytes *b)
{
    uint16_t lo = fz_u8(b);
    return (uint16_t)(lo | (uint16_t)fz_u8(b) << 8);
}

uint32_t fz_u32(fz_bytes *b)
{
    uint32_t lo = fz_u16(b);
    return lo | (uint32_t)fz_u16(b) << 16;
}

int32_t fz_range(fz_bytes *b, int32_t lo, int32_t hi)
{
    uint32_t span = (uint32_t)((int64_t)hi - lo) + 1u;
    uint32_t raw = span <= 256u ? fz_u8(b) : span <= 65536u ? fz_u16(b)
                                                            : fz_u32(b);
    return (int32_t)((int64_t)lo + raw % span);
}

size_t fz_left(const fz_bytes *b)
{
    return b->size - b->pos;
}

int fz_status_known(ls_status status)
{
    return status >= LS_ERR_NOT_PREPARED && status <= LS_EXPANSION_LIMIT;
}

void fz_fail(const char *file, int line, const char *what)
{
    fprintf(stderr, "fuzz: %s:%d: invariant broken: %s\n", file, line, what);
    fflush(stderr);
    abort();
}
