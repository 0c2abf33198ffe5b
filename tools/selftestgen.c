/* SPDX-License-Identifier: MIT */
/*
 * selftestgen.c - writes src/selftest_data.c, the cases ls_selftest runs
 * on the device, from the golden vectors (make selftest-regen; make check
 * proves the checked-in file is what this program writes).
 *
 * Usage: selftestgen VECTORS_DIR OUT.c
 *
 * It records golden values only: every expected outcome is copied from a
 * vector file, every map is built with the vector code (tools/vecfile.h)
 * and checked against its file's cell digest, and the map digest the
 * device must see (lockstar.h, ls_grid_digest) is computed from the cells
 * by the oracle library (tests/oracle/oracle.h), not by the library. The
 * combined digest
 * every device must give is the golden values folded in the order the
 * runner observes them (src/selftest.c, src/selftest_script.c).
 *
 * Which vectors: from each file of the table below, a quota of those whose
 * map fits (sg_map_fits), spread over the file's kinds of vector
 * (status, connectivity, corner rule, algorithm, sliced or not, limited or
 * not, sized (clearance above 1) or not): every status gets two, then
 * every kind gets one before any gets two, and so on; within a kind they
 * are evenly spaced. The choice depends on the files alone.
 *
 * The output is written byte for byte the same on every platform: numbers
 * are formatted here, the file is written in binary mode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecfile.h"
#include "selftestgen.h"
#include "../tests/oracle/oracle.h"


static const struct quota {
    const char *file;
    uint32_t count;
} quotas[] = {
    { "empty.vec", 20 },   { "random.vec", 24 }, { "maze.vec", 18 },
    { "rooms.vec", 14 },   { "corridors.vec", 14 }, { "corners.vec", 36 },
    { "terrain.vec", 24 }, { "edges.vec", 22 },  { "limits.vec", 30 },
    { "errors.vec", 36 },  { "slicing.vec", 30 }, { "files.vec", 8 },
    { "jps.vec", 64 },     { "clearance.vec", 48 },
};

/* ------------------------------------------------------------------------
 * Text
 * --------------------------------------------------------------------- */

void sg_put(vf_text *t, const char *s)
{
    vf_text_put(t, s, strlen(s));
}

void sg_u64(vf_text *t, uint64_t v)
{
    char buf[24];
    sg_put(t, vf_fmt_u64(buf, v));
}

void sg_u32(vf_text *t, uint32_t v)
{
    sg_u64(t, v);
    if (v > 0x7fffffffu)
        sg_put(t, "u");
}

void sg_i32(vf_text *t, int32_t v)
{
    if (v == INT32_MIN) {
        sg_put(t, "(-2147483647 - 1)");
    } else if (v < 0) {
        sg_put(t, "-");
        sg_u64(t, (uint64_t)(-(int64_t)v));
    } else {
        sg_u64(t, (uint64_t)v);
    }
}

void sg_hex64(vf_text *t, uint64_t v)
{
    char buf[24];
    sg_put(t, "0x");
    sg_put(t, vf_fmt_hex64(buf, v));
    sg_put(t, "ull");
}

void sg_query_options(vf_text *t, const ls_query *q)
{
    sg_i32(t, q->connectivity); sg_put(t, ",");
    sg_i32(t, q->corner_rule); sg_put(t, ",");
    sg_i32(t, q->heuristic); sg_put(t, ",");
    sg_i32(t, q->tie_break); sg_put(t, ",");
    sg_i32(t, q->algorithm); sg_put(t, ",");
    sg_u32(t, q->straight_cost); sg_put(t, ",");
    sg_u32(t, q->diagonal_cost); sg_put(t, ",");
    sg_i32(t, q->weight); sg_put(t, ",");
    sg_u32(t, q->max_expansions); sg_put(t, ",");
    sg_u32(t, q->clearance); sg_put(t, ",");
}

/* Start a new line when this one has grown long. */
void sg_wrap(vf_text *t, size_t *line_start, size_t width)
{
    if (t->length - *line_start >= width) {
        sg_put(t, "\n");
        *line_start = t->length;
    }
}

size_t sg_array_open(vf_text *t, const char *decl)
{
    sg_put(t, decl);
    sg_put(t, " = {\n");
    return t->length;
}

void sg_array_u32(vf_text *t, uint32_t v, size_t *line_start)
{
    sg_u32(t, v);
    sg_put(t, ",");
    sg_wrap(t, line_start, 1000);
}

void sg_array_close(vf_text *t, size_t line_start)
{
    if (t->length != line_start)
        sg_put(t, "\n");
    sg_put(t, "};\n\n");
}

/* ------------------------------------------------------------------------
 * The fold (the runner's, on golden values)
 * --------------------------------------------------------------------- */

void sg_fold32(uint64_t *h, uint32_t v)
{
    *h = or_fnv32(*h, v);
}

void sg_fold64(uint64_t *h, uint64_t v)
{
    *h = or_fnv64(*h, v);
}

void sg_fold_i32(uint64_t *h, int32_t v)
{
    sg_fold32(h, (uint32_t)v);
}

/* The golden outcome as src/selftest.c's expect_outcome observes it. */
static void fold_outcome(uint64_t *h, const vf_outcome *o)
{
    sg_fold_i32(h, o->cost);
    sg_fold32(h, o->expansions);
    sg_fold32(h, o->length);
    sg_fold64(h, o->digest);
    sg_fold64(h, o->digest);
    if (o->status == LS_OK) {
        sg_fold_i32(h, LS_ERR_NO_PARTIAL);
        return;
    }
    sg_fold_i32(h, LS_OK);
    sg_fold32(h, o->partial_length);
    sg_fold64(h, o->partial_digest);
}

/* As run_search observes a search case. */
static void fold_search(uint64_t *h, const vf_vector *v, int map_built,
                        uint64_t map_digest)
{
    const vf_outcome *o = &v->expect;
    if (map_built)
        sg_fold64(h, map_digest);
    sg_fold_i32(h, o->status);
    if (o->status >= 0)
        fold_outcome(h, o);
    if (v->budget == 0)
        return;
    sg_fold_i32(h, o->status);
    sg_fold32(h, o->slices);
    if (o->slices == 0)
        return;
    sg_fold_i32(h, o->status);
    if (o->status >= 0)
        fold_outcome(h, o);
}

/* ------------------------------------------------------------------------
 * Maps
 * --------------------------------------------------------------------- */

int sg_map_fits(const vf_map *m)
{
    return m->width <= SG_MAX_WIDTH && m->height <= SG_MAX_HEIGHT &&
           m->width * m->height <= SG_MAX_CELLS;
}


/* Append b to the byte table. */
static int put_byte(sg_data *d, uint8_t b)
{
    if (d->byte_count == d->byte_capacity) {
        uint32_t cap = d->byte_capacity ? d->byte_capacity * 2u : 65536u;
        uint8_t *p = realloc(d->bytes, cap);
        if (!p)
            return -1;
        d->bytes = p;
        d->byte_capacity = cap;
    }
    d->bytes[d->byte_count++] = b;
    return 0;
}

static uint32_t rle_size(const uint8_t *cells, uint32_t n)
{
    uint32_t i = 0, size = 0;
    while (i < n) {
        uint32_t run = 1, r;
        while (i + run < n && cells[i + run] == cells[i])
            run++;
        size++;
        r = run;
        do {
            size++;
            r >>= 7;
        } while (r);
        i += run;
    }
    return size;
}

/* Encode cells (the smaller of RLE and one bit per cell, which needs
 * every cell 0 or 1) into the byte table. 0, or -1 out of memory. */
static int encode_map(sg_data *d, sg_map *m, const uint8_t *cells)
{
    uint32_t n = (uint32_t)m->width * (uint32_t)m->height, i;
    int bits_ok = 1;
    for (i = 0; i < n; i++)
        if (cells[i] > 1)
            bits_ok = 0;
    m->offset = d->byte_count;
    if (bits_ok && (n + 7u) / 8u < rle_size(cells, n)) {
        m->encoding = 1;
        for (i = 0; i < n; i += 8) {
            uint32_t k;
            uint8_t b = 0;
            for (k = 0; k < 8 && i + k < n; k++)
                b = (uint8_t)(b | (cells[i + k] << k));
            if (put_byte(d, b) != 0)
                return -1;
        }
    } else {
        m->encoding = 0;
        i = 0;
        while (i < n) {
            uint32_t run = 1, r;
            while (i + run < n && cells[i + run] == cells[i])
                run++;
            if (put_byte(d, cells[i]) != 0)
                return -1;
            r = run;
            do {
                if (put_byte(d, (uint8_t)((r & 0x7fu) | (r > 0x7fu ? 0x80u : 0u))) != 0)
                    return -1;
                r >>= 7;
            } while (r);
            i += run;
        }
    }
    m->size = d->byte_count - m->offset;
    return 0;
}

/* The map's cells as the vector code builds them, checked against the
 * file's cell digest; malloc'd, or NULL with a message. */
static uint8_t *sg_map_cells(const vf_map *vm, const char *dir, const char *file)
{
    char err[256];
    ls_grid *grid = NULL;
    uint8_t *cells;
    int32_t x, y;

    if (vf_build_grid(vm, dir, &grid, err, sizeof err) != 0) {
        fprintf(stderr, "selftestgen: %s: %s\n", file, err);
        return NULL;
    }
    if (vf_grid_digest(grid) != vm->digest) {
        fprintf(stderr, "selftestgen: %s: map %s: digest differs from the "
                "file's\n", file, vm->name);
        ls_grid_destroy(grid);
        return NULL;
    }
    cells = malloc((size_t)vm->width * (size_t)vm->height);
    if (!cells) {
        ls_grid_destroy(grid);
        return NULL;
    }
    for (y = 0; y < vm->height; y++)
        for (x = 0; x < vm->width; x++)
            ls_grid_get(grid, x, y, &cells[(size_t)y * (size_t)vm->width +
                                           (size_t)x]);
    ls_grid_destroy(grid);
    return cells;
}

/* The index of vf map `index` of file f in d's maps, adding it (built,
 * checked, encoded) if it is new; -1 on failure. */
int32_t sg_add_map(sg_data *d, const vf_file *f, uint32_t index,
                   const char *dir, const char *file)
{
    const vf_map *vm = &f->maps[index];
    uint32_t i;
    sg_map *m;
    uint8_t *cells;

    for (i = 0; i < d->map_count; i++)
        if (d->maps[i].file == f && d->maps[i].vf_index == index)
            return (int32_t)i;
    if (!sg_map_fits(vm)) {
        fprintf(stderr, "selftestgen: %s: map %s is too large\n", file,
                vm->name);
        return -1;
    }
    if (d->map_count == SG_MAX_MAPS) {
        fprintf(stderr, "selftestgen: more than %d maps\n", SG_MAX_MAPS);
        return -1;
    }
    cells = sg_map_cells(vm, dir, file);
    if (!cells)
        return -1;
    m = &d->maps[d->map_count];
    memset(m, 0, sizeof *m);
    m->file = f;
    m->vf_index = index;
    m->width = vm->width;
    m->height = vm->height;
    m->digest = or_map_digest(cells, vm->width, vm->height);
    if (encode_map(d, m, cells) != 0) {
        free(cells);
        return -1;
    }
    free(cells);
    return (int32_t)d->map_count++;
}

int32_t sg_add_cells_map(sg_data *d, const uint8_t *cells, int32_t width,
                         int32_t height)
{
    sg_map *m;
    if (d->map_count == SG_MAX_MAPS) {
        fprintf(stderr, "selftestgen: more than %d maps\n", SG_MAX_MAPS);
        return -1;
    }
    m = &d->maps[d->map_count];
    memset(m, 0, sizeof *m);
    m->width = width;
    m->height = height;
    m->digest = or_map_digest(cells, width, height);
    if (encode_map(d, m, cells) != 0)
        return -1;
    return (int32_t)d->map_count++;
}

/* ------------------------------------------------------------------------
 * Choosing search vectors
 * --------------------------------------------------------------------- */

static int same_kind(const vf_vector *a, const vf_vector *b)
{
    return a->expect.status == b->expect.status &&
           a->query.connectivity == b->query.connectivity &&
           a->query.corner_rule == b->query.corner_rule &&
           a->query.algorithm == b->query.algorithm &&
           (a->budget > 0) == (b->budget > 0) &&
           (a->query.max_expansions > 0) == (b->query.max_expansions > 0) &&
           /* sized or not: only clearance.vec has sized queries, so the
            * other files' kinds are as before */
           (a->query.clearance > 1) == (b->query.clearance > 1);
}

/* Mark quota vectors of f in chosen[]; returns how many. */
static uint32_t choose(const vf_file *f, uint32_t quota, uint8_t *chosen)
{
    uint32_t n = f->vector_count, i, k, g, groups = 0, taken = 0;
    uint32_t *group = malloc((size_t)n * sizeof *group);
    uint32_t *size = calloc((size_t)n + 1, sizeof *size);
    uint32_t *take = calloc((size_t)n + 1, sizeof *take);
    uint32_t *first = malloc(((size_t)n + 1) * sizeof *first);
    int more = 1;

    memset(chosen, 0, n);
    if (!group || !size || !take || !first) {
        free(group); free(size); free(take); free(first);
        return 0;
    }
    for (i = 0; i < n; i++) {
        const vf_vector *v = &f->vectors[i];
        const vf_map *m = &f->maps[v->map];
        group[i] = UINT32_MAX;
        if (!sg_map_fits(m))
            continue;
        for (g = 0; g < groups; g++)
            if (same_kind(&f->vectors[first[g]], v))
                break;
        if (g == groups)
            first[groups++] = i;
        group[i] = g;
        size[g]++;
    }
    /* First two of each status (from the first kind that has it), so that
     * no status of a file is left out when it has more kinds than quota. */
    for (g = 0; g < groups && taken < quota; g++) {
        uint32_t h;
        for (h = 0; h < g; h++)
            if (f->vectors[first[h]].expect.status ==
                f->vectors[first[g]].expect.status)
                break;
        if (h == g) {
            take[g] = size[g] > 1 && taken + 1 < quota ? 2 : 1;
            taken += take[g];
        }
    }
    while (more && taken < quota) {
        more = 0;
        for (g = 0; g < groups && taken < quota; g++) {
            if (take[g] < size[g]) {
                take[g]++;
                taken++;
                more = 1;
            }
        }
    }
    for (g = 0; g < groups; g++) {
        /* the (2j+1) * size / (2 * take)-th member, j < take */
        uint32_t member = 0, j = 0;
        for (i = 0; i < n && j < take[g]; i++) {
            if (group[i] != g)
                continue;
            k = (uint32_t)(((uint64_t)2 * j + 1) * size[g] / (2u * (uint64_t)take[g]));
            if (member == k) {
                chosen[i] = 1;
                j++;
            }
            member++;
        }
    }
    free(group); free(size); free(take); free(first);
    return taken;
}

/* ------------------------------------------------------------------------
 * Reading and writing
 * --------------------------------------------------------------------- */

int sg_load(const char *dir, const char *name, vf_file *f)
{
    char path[1024], err[512];
    char *text = NULL;
    size_t length = 0;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    vf_file_init(f);
    if (vf_read_file(path, &text, &length) != 0) {
        fprintf(stderr, "selftestgen: cannot read %s\n", path);
        return -1;
    }
    if (vf_parse(name, text, length, f, err, sizeof err) != 0) {
        fprintf(stderr, "selftestgen: %s\n", err);
        free(text);
        return -1;
    }
    free(text);
    return 0;
}

static int add_searches(sg_data *d, const char *dir)
{
    size_t q;
    uint32_t prev_map = UINT32_MAX;
    for (q = 0; q < sizeof quotas / sizeof quotas[0]; q++) {
        vf_file *f = &d->files[d->file_count];
        uint8_t *chosen;
        uint32_t i, got;
        if (sg_load(dir, quotas[q].file, f) != 0)
            return -1;
        d->file_names[d->file_count++] = quotas[q].file;
        chosen = malloc(f->vector_count ? f->vector_count : 1);
        if (!chosen)
            return -1;
        got = choose(f, quotas[q].count, chosen);
        if (got < quotas[q].count) {
            fprintf(stderr, "selftestgen: %s: only %u vectors fit\n",
                    quotas[q].file, (unsigned)got);
            free(chosen);
            return -1;
        }
        for (i = 0; i < f->vector_count; i++) {
            sg_search *s;
            int32_t m;
            if (!chosen[i])
                continue;
            m = sg_add_map(d, f, f->vectors[i].map, dir, quotas[q].file);
            if (m < 0 || d->search_count == SG_MAX_SEARCHES) {
                free(chosen);
                return -1;
            }
            s = &d->searches[d->search_count++];
            s->v = &f->vectors[i];
            s->map = (uint32_t)m;
            fold_search(&d->digest, s->v, (uint32_t)m != prev_map,
                        d->maps[m].digest);
            prev_map = (uint32_t)m;
        }
        d->per_file[d->file_count - 1] = got;
        free(chosen);
    }
    return 0;
}

static void write_searches(vf_text *t, const sg_data *d)
{
    uint32_t i;
    sg_array_open(t, "static const ls__st_search searches[]");
    for (i = 0; i < d->search_count; i++) {
        const vf_vector *v = d->searches[i].v;
        const ls_query *q = &v->query;
        const vf_outcome *o = &v->expect;
        sg_put(t, "{\"");
        sg_put(t, v->id);
        sg_put(t, "\",");
        sg_u32(t, d->searches[i].map); sg_put(t, ",");
        sg_i32(t, q->start_x); sg_put(t, ",");
        sg_i32(t, q->start_y); sg_put(t, ",");
        sg_i32(t, q->goal_x); sg_put(t, ",");
        sg_i32(t, q->goal_y); sg_put(t, ",");
        sg_query_options(t, q);
        sg_u32(t, v->budget); sg_put(t, ",");
        sg_i32(t, o->status); sg_put(t, ",");
        sg_u32(t, o->slices); sg_put(t, ",");
        sg_i32(t, o->cost); sg_put(t, ",");
        sg_u32(t, o->expansions); sg_put(t, ",");
        sg_u32(t, o->length); sg_put(t, ",");
        sg_hex64(t, o->digest); sg_put(t, ",");
        sg_u32(t, o->partial_length); sg_put(t, ",");
        sg_hex64(t, o->partial_digest);
        sg_put(t, i % 2 == 1 || i + 1 == d->search_count ? "},\n" : "}, ");
    }
    sg_put(t, "};\n\n");
}

static void write_maps(vf_text *t, const sg_data *d)
{
    uint32_t i;
    size_t line = sg_array_open(t, "static const uint8_t bytes[]");
    for (i = 0; i < d->byte_count; i++)
        sg_array_u32(t, d->bytes[i], &line);
    sg_array_close(t, line);
    line = sg_array_open(t, "static const ls__st_map maps[]");
    for (i = 0; i < d->map_count; i++) {
        const sg_map *m = &d->maps[i];
        sg_put(t, "{");
        sg_i32(t, m->width); sg_put(t, ",");
        sg_i32(t, m->height); sg_put(t, ",");
        sg_u32(t, m->encoding); sg_put(t, ",");
        sg_u32(t, m->offset); sg_put(t, ",");
        sg_u32(t, m->size); sg_put(t, ",");
        sg_hex64(t, m->digest);
        sg_put(t, "},");
        sg_wrap(t, &line, 200);
    }
    sg_array_close(t, line);
}

static int write_file(const char *path, const vf_text *t)
{
    FILE *fp = fopen(path, "wb");
    int ok;
    if (!fp) {
        fprintf(stderr, "selftestgen: cannot write %s\n", path);
        return -1;
    }
    ok = fwrite(t->data, 1, t->length, fp) == t->length;
    ok = (fclose(fp) == 0) && ok;
    if (!ok)
        fprintf(stderr, "selftestgen: cannot write %s\n", path);
    return ok ? 0 : -1;
}

static void write_all(vf_text *t, const sg_data *d)
{
    char hex[17];
    uint32_t i;
    vf_fmt_hex64(hex, d->digest);
    sg_put(t, "/* SPDX-License-Identifier: MIT */\n"
              "/* src/selftest_data.c - GENERATED by tools/selftestgen from "
              "vectors/ (make selftest-regen): do not edit. */\n/*\n"
              " * The cases of ls_selftest (src/selftest.h), by file:");
    for (i = 0; i < d->file_count; i++) {
        sg_put(t, i % 4 == 0 ? "\n *  " : " ");
        sg_put(t, d->file_names[i]);
        sg_put(t, " ");
        sg_u32(t, d->per_file[i]);
        sg_put(t, i + 1 < d->file_count ? "," : ".");
    }
    sg_put(t, "\n * ");
    sg_u32(t, d->search_count);
    sg_put(t, " searches, ");
    sg_u32(t, d->script_count);
    sg_put(t, " scripts, ");
    sg_u32(t, sg_crowd_count());
    sg_put(t, " crowd replays, ");
    sg_u32(t, d->map_count);
    sg_put(t, " maps in ");
    sg_u32(t, d->byte_count);
    sg_put(t, " bytes.\n * Combined digest of the golden values: ");
    sg_put(t, hex);
    sg_put(t, "\n */\n#include \"selftest.h\"\n\n");
    write_maps(t, d);
    write_searches(t, d);
    sg_write_scripts(t, d);
    sg_write_crowds(t);
    sg_put(t, "const ls__selftest_data ls__selftest_builtin = {\n"
              "    maps, ");
    sg_u32(t, d->map_count);
    sg_put(t, ", bytes, ");
    sg_u32(t, d->byte_count);
    sg_put(t, ", searches, ");
    sg_u32(t, d->search_count);
    sg_put(t, d->script_count ? ",\n    scripts, " : ",\n    NULL, ");
    sg_u32(t, d->script_count);
    sg_put(t, d->word_count ? ", words, " : ", NULL, ");
    sg_u32(t, d->word_count);
    sg_put(t, ",\n    ");
    sg_write_crowd_fields(t);
    sg_put(t, ",\n    ");
    sg_hex64(t, d->digest);
    sg_put(t, "\n};\n");
}

int main(int argc, char **argv)
{
    static sg_data d;
    vf_text t = { NULL, 0, 0, 0 };
    char hex[17];
    uint32_t i;
    int rc = 1;

    if (argc != 3) {
        fprintf(stderr, "usage: selftestgen VECTORS_DIR OUT.c\n");
        return 2;
    }
    d.digest = OR_FNV_BASIS; /* the fold starts from FNV-1a's basis */
    if (add_searches(&d, argv[1]) == 0 && sg_add_scripts(&d, argv[1]) == 0 &&
        sg_add_crowds(&d, argv[1]) == 0) {
        write_all(&t, &d);
        if (!t.failed && write_file(argv[2], &t) == 0) {
            vf_fmt_hex64(hex, d.digest);
            printf("selftestgen: %u searches, %u scripts, %u crowd replays "
                   "(%u cases), %u maps, %u bytes of cells, digest %s\n",
                   (unsigned)d.search_count, (unsigned)d.script_count,
                   (unsigned)sg_crowd_count(),
                   (unsigned)(d.search_count + d.script_count +
                              sg_crowd_count()),
                   (unsigned)d.map_count, (unsigned)d.byte_count, hex);
            sg_print_script_summary(&d);
            sg_print_crowd_summary();
            rc = 0;
        }
    }
    for (i = 0; i < d.file_count; i++)
        vf_file_free(&d.files[i]);
    sg_free_scripts(&d);
    sg_free_crowds();
    free(d.bytes);
    vf_text_free(&t);
    return rc;
}
