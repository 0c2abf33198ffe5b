/* SPDX-License-Identifier: MIT */
/*
 * fuzz_scen.c - the Moving AI scenario reader (movingai/scen.c) on any
 * bytes. The first four bytes choose the map size it checks rows against
 * (1..LS_MAX_DIMENSION each); the rest is the scenario text.
 *
 * Invariants: a refusal is one line "(fuzz):LINE: reason" or
 * "(fuzz): reason" with the scenario left empty; an accepted scenario's
 * queries all lie inside the map, in file order (line numbers rising,
 * each within the text's lines), each row written back as a canonical
 * row reads again to the same query.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz_util.h"
#include "movingai.h"

static uint32_t count_lines(const char *text, size_t length)
{
    uint32_t n = 0;
    size_t i;
    for (i = 0; i < length; i++)
        if (text[i] == '\n')
            n++;
    return n + (length > 0 && text[length - 1] != '\n');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b;
    int32_t width, height;
    const char *text;
    size_t length, i;
    mai_scen scen, again;
    mai_error err;
    uint32_t lines, previous = 0;
    char *out, *p;

    fz_begin(&b, data, size);
    width = fz_range(&b, 1, LS_MAX_DIMENSION);
    height = fz_range(&b, 1, LS_MAX_DIMENSION);
    text = (const char *)data + b.pos;
    length = fz_left(&b);

    memset(&scen, 0x5a, sizeof scen);
    if (mai_scen_parse("(fuzz)", text, length, width, height, &scen,
                       &err) != 0) {
        FZ_CHECK(strncmp(err.message, "(fuzz):", 7) == 0);
        FZ_CHECK(strchr(err.message, '\n') == NULL);
        FZ_CHECK(scen.queries == NULL && scen.count == 0);
        return 0;
    }
    lines = count_lines(text, length);
    FZ_CHECK(scen.count == 0 || scen.count < lines);
    for (i = 0; i < scen.count; i++) {
        const mai_query *q = &scen.queries[i];
        FZ_CHECK(q->sx >= 0 && q->sx < width && q->sy >= 0 && q->sy < height);
        FZ_CHECK(q->gx >= 0 && q->gx < width && q->gy >= 0 && q->gy < height);
        FZ_CHECK(q->bucket >= 0);
        FZ_CHECK(q->line > previous && q->line <= lines);
        previous = q->line;
    }

    /* The canonical text of the same queries reads back to them. */
    out = malloc(16 + (size_t)scen.count * 96);
    if (out) {
        p = out + sprintf(out, "version 1\n");
        for (i = 0; i < scen.count; i++) {
            const mai_query *q = &scen.queries[i];
            p += sprintf(p, "%d\tm.map\t%d\t%d\t%d\t%d\t%d\t%d\t1.5\n",
                         (int)q->bucket, (int)width, (int)height, (int)q->sx,
                         (int)q->sy, (int)q->gx, (int)q->gy);
        }
        FZ_CHECK(mai_scen_parse("(fuzz)", out, (size_t)(p - out), width,
                                height, &again, &err) == 0);
        FZ_CHECK(again.count == scen.count);
        for (i = 0; i < scen.count; i++) {
            FZ_CHECK(again.queries[i].bucket == scen.queries[i].bucket);
            FZ_CHECK(again.queries[i].sx == scen.queries[i].sx);
            FZ_CHECK(again.queries[i].sy == scen.queries[i].sy);
            FZ_CHECK(again.queries[i].gx == scen.queries[i].gx);
            FZ_CHECK(again.queries[i].gy == scen.queries[i].gy);
            FZ_CHECK(again.queries[i].line == i + 2);
        }
        mai_scen_free(&again);
        free(out);
    }
    mai_scen_free(&scen);
    return 0;
}
