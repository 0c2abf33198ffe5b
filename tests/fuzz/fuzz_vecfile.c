/* SPDX-License-Identifier: MIT */
/*
 * fuzz_vecfile.c - the vector file reader (tools/vecfile_parse.c,
 * tools/vecfile_script_parse.c; format in vectors/README.md) and the
 * index reader, on any bytes.
 *
 * Invariants: a refusal is one line naming "(fuzz)" and nothing is left
 * allocated; an accepted file that the writer can express writes a
 * canonical text that reads again, and writes back byte for byte (the
 * canonical form is a fixed point); an accepted index lists names that
 * the index writer writes back and the reader reads to the same list.
 */
#include <stdlib.h>
#include <string.h>
#include "fuzz_util.h"
#include "vecfile.h"

static void check_index(const char *text, size_t size)
{
    char err[512], **names = NULL, **again = NULL;
    uint32_t *counts = NULL, *again_counts = NULL;
    vf_text out;
    char *copy = malloc(size + 1);
    int n, m, i;

    if (!copy)
        return;
    memcpy(copy, text, size);
    copy[size] = '\0';
    n = vf_parse_index("(fuzz)", copy, &names, &counts, err, sizeof err);
    free(copy);
    if (n < 0) {
        FZ_CHECK(strncmp(err, "(fuzz)", 6) == 0);
        return;
    }
    memset(&out, 0, sizeof out);
    if (vf_write_index(names, counts, n, &out) == 0 && !out.failed) {
        m = vf_parse_index("(fuzz)", out.data ? out.data : "", &again,
                           &again_counts, err, sizeof err);
        FZ_CHECK(m == n);
        for (i = 0; i < n; i++) {
            FZ_CHECK(strcmp(names[i], again[i]) == 0);
            FZ_CHECK(counts[i] == again_counts[i]);
            free(again[i]);
        }
        free(again);
        free(again_counts);
    }
    vf_text_free(&out);
    for (i = 0; i < n; i++)
        free(names[i]);
    free(names);
    free(counts);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    vf_file f, g;
    vf_text one, two;
    char err[512];
    const char *text = (const char *)data;

    check_index(text, size);
    vf_file_init(&f);
    if (vf_parse("(fuzz)", text, size, &f, err, sizeof err) != 0) {
        FZ_CHECK(strncmp(err, "(fuzz)", 6) == 0);
        FZ_CHECK(strchr(err, '\n') == NULL);
        vf_file_free(&f);
        return 0;
    }
    memset(&one, 0, sizeof one);
    memset(&two, 0, sizeof two);
    if (vf_write(&f, &one, err, sizeof err) == 0 && !one.failed) {
        vf_file_init(&g);
        if (vf_parse("(fuzz)", one.data, one.length, &g, err, sizeof err) != 0)
            fz_fail(__FILE__, __LINE__, err);
        FZ_CHECK(vf_write(&g, &two, err, sizeof err) == 0 && !two.failed);
        FZ_CHECK(two.length == one.length);
        FZ_CHECK(memcmp(one.data, two.data, one.length) == 0);
        vf_file_free(&g);
    }
    vf_text_free(&one);
    vf_text_free(&two);
    vf_file_free(&f);
    return 0;
}
