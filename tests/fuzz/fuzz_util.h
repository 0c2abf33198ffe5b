/* SPDX-License-Identifier: MIT */
/*
 * fuzz_util.h - what the libFuzzer harnesses of tests/fuzz share: a
 * reader that draws numbers from the fuzzer's bytes (zeros once they run
 * out, so every input is a complete case), and FZ_CHECK, which aborts
 * with a message on a broken invariant so libFuzzer records the input.
 *
 * Each harness defines LLVMFuzzerTestOneInput. Built with clang's
 * -fsanitize=fuzzer by tests/fuzz/run.sh (make fuzz), and with any
 * compiler plus tests/fuzz/standalone.c as plain programs that make check
 * runs on the seed and regression corpora (tests/fuzz/regress.sh).
 */
#ifndef LS_FUZZ_UTIL_H
#define LS_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include "lockstar.h"

typedef struct fz_bytes {
    const uint8_t *data;
    size_t size;
    size_t pos;
} fz_bytes;

void fz_begin(fz_bytes *b, const uint8_t *data, size_t size);
/* The next byte, 0 once the bytes are spent. */
uint8_t fz_u8(fz_bytes *b);
uint16_t fz_u16(fz_bytes *b);
uint32_t fz_u32(fz_bytes *b);
/* A value in [lo, hi] (hi - lo < 2^32 - 1). */
int32_t fz_range(fz_bytes *b, int32_t lo, int32_t hi);
/* Bytes left. */
size_t fz_left(const fz_bytes *b);

/* 1 when status is one of the values lockstar.h's enum names. */
int fz_status_known(ls_status status);

/* Print "fuzz: FILE:LINE: what" and abort(). */
void fz_fail(const char *file, int line, const char *what);
#define FZ_CHECK(cond) \
    do { if (!(cond)) fz_fail(__FILE__, __LINE__, #cond); } while (0)

/* The harness's entry point (libFuzzer's name). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
