/* SPDX-License-Identifier: MIT */
/*
 * standalone.c - a main() for a harness built without libFuzzer: each
 * file named on the command line is read
 * and given once to LLVMFuzzerTestOneInput. make check runs the harnesses
 * this way on their seed and regression corpora (tests/fuzz/regress.sh),
 * so every input that once broke an invariant stays a test under every
 * compiler and sanitizer of tools/test.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include "fuzz_util.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *data = NULL;
    size_t size = 0, room = 0, got;
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return 1;
    }
    for (;;) {
        if (room - size < 4096) {
            uint8_t *grown = realloc(data, room + 65536);
            if (!grown) {
                fclose(f);
                free(data);
                fprintf(stderr, "%s: out of memory\n", path);
                return 1;
            }
            data = grown;
            room += 65536;
        }
        got = fread(data + size, 1, room - size, f);
        size += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        fclose(f);
        free(data);
        fprintf(stderr, "%s: cannot read\n", path);
        return 1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    return 0;
}

int main(int argc, char **argv)
{
    int i, failed = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE...\n", argv[0]);
        return 2;
    }
    for (i = 1; i < argc; i++)
        failed |= run_file(argv[i]);
    if (!failed)
        printf("%d inputs passed\n", argc - 1);
    return failed;
}
