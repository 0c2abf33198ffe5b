/* SPDX-License-Identifier: MIT */
/*
 * jps.c - jump point search for uniform-cost, 8-connected grids without
 * corner cutting.
 *
 * A* on such grids wastes most of its work on symmetric paths. JPS expands
 * only "jump points": cells where an optimal path may have to turn. It
 * returns the same optimal cost as A* (the grid's passable cells must all
 * cost 1; the query check enforces it) while touching the heap far less.
 *
 * Deterministic rules (a port must follow them exactly):
 *  - Successor directions of a cell are tried in the documented neighbour
 *    order N, E, S, W, NE, SE, SW, NW, skipping pruned ones:
 *      the start: every direction;
 *      reached by a straight step d: d itself, plus each forced
 *        neighbour: for a side s perpendicular to d, if the side cell
 *        (cell + s) is free and the cell behind it (cell - d + s) is
 *        blocked, then s and the diagonal d+s;
 *      reached by a diagonal step (dx, dy): (dx, 0), (0, dy), (dx, dy).
 *    A diagonal step always needs both cells it passes to be free.
 *  - jump(cell, d) walks from cell in direction d and returns the first
 *    cell that is the goal, has a forced neighbour (straight d), or from
 *    which a straight jump along either component of d finds a jump point
 *    (diagonal d); it returns nothing at a blocked cell or a corner that
 *    may not be cut.
 *  - The jump point found at run k is offered to the open list with
 *    g + k * cost(d) exactly as A* offers a neighbour (astar.c's try_move): same
 *    key order, same "strictly smaller g" rule.
 * Expansions count expanded jump points. The path is rebuilt cell by cell
 * from the runs stored in each jump point's tag.
 * The successor rules and the offer live in src/jps_successors.h, shared
 * with JPS+ (src/jps_plus.c); this file is how JPS finds a jump: by
 * scanning the grid's bitsets (or its cells on a compact grid).
 */
#include "bits.h"
#include "compiler.h"
#include "direction.h"
#include "heuristic.h"
#include "openlist.h"
#include "search.h"

/* What a JPS expansion reads, copied out of the context once per
 * ls_search_step: stores into the node array could otherwise alias these
 * fields and force reloads in the jump loops. */
typedef struct jps_view {
    const uint8_t *cells;
    const uint64_t *row_bits, *col_bits;
    uint32_t row_words, col_words, stride;
    uint32_t goal, goal_c, goal_r;   /* bordered index, column, row */
    int32_t offset[8];
    ls_loop_kind loop;               /* the expansion's copy: a fast one
                                        only with the octile estimate */
    int32_t bytes;                   /* the grid has no bitsets: scan cells */
} jps_view;

/* The search loop's locals (src/loop.h). */
typedef jps_view loop_locals;

static void loop_locals_init(const ls_search *s, jps_view *v)
{
    const ls_grid *g = s->grid;
    uint32_t d;
    v->cells = g->cells;
    v->row_bits = g->row_bits;
    v->col_bits = g->col_bits;
    v->row_words = g->row_words;
    v->col_words = g->col_words;
    v->stride = s->stride;
    v->goal = s->plan.goal;
    v->goal_c = (uint32_t)s->plan.goal_x + 1u;
    v->goal_r = (uint32_t)s->plan.goal_y + 1u;
    for (d = 0; d < 8; d++)
        v->offset[d] = s->offset[d];
    /* A grid without bitsets (LS_GRID_COMPACT) is scanned a cell at a
     * time, by the checked copy only: the fast copies stay as they are. */
    v->bytes = g->row_bits == NULL;
    v->loop = s->plan.heuristic == LS_HEURISTIC_OCTILE && !v->bytes
                  ? s->loop
                  : LS_LOOP_CHECKED;
}

#define LS_JPS_RUN ls__jps_run
#include "jps_successors.h"

/* First event after position p (exclusive) going up a line of words: a
 * blocked cell (then *wall is set), or a cell whose side line a or b is
 * free there and blocked one position before (a forced neighbour). The
 * line ends in a blocked border cell, so an event is always found.
 * a[-1] and b[-1] are the last word of the line before (or the bitset's
 * pad word): their top bit is always 0, just what position -1 should read
 * (bits.h). */
LS_HOT_INLINE uint32_t scan_up(const uint64_t *line, const uint64_t *a,
                               const uint64_t *b, uint32_t p, int *wall)
{
    uint32_t start = p + 1u, k = start >> 6;
    uint64_t keep = ~(uint64_t)0 << (start & 63u);
    for (;; k++, keep = ~(uint64_t)0) {
        uint64_t before_a = (a[k] << 1) | (a[(int32_t)k - 1] >> 63);
        uint64_t before_b = (b[k] << 1) | (b[(int32_t)k - 1] >> 63);
        uint64_t forced = (a[k] & ~before_a) | (b[k] & ~before_b);
        uint64_t walls = ~line[k];
        uint64_t events = (walls | forced) & keep;
        if (events) {
            uint32_t i = ls__lowest_bit(events);
            *wall = (int)((walls >> i) & 1u);
            return (k << 6) + i;
        }
    }
}

/* The same going down from p (exclusive); "before" is then position + 1,
 * and a[words], b[words] (the next line's first word, or the pad) have
 * bit 0 clear. Position 0 is a blocked border cell. */
LS_HOT_INLINE uint32_t scan_down(const uint64_t *line, const uint64_t *a,
                                 const uint64_t *b, uint32_t p, int *wall)
{
    uint32_t start = p - 1u, k = start >> 6;
    uint64_t keep = ~(uint64_t)0 >> (63u - (start & 63u));
    for (;; k--, keep = ~(uint64_t)0) {
        uint64_t after_a = (a[k] >> 1) | (a[k + 1] << 63);
        uint64_t after_b = (b[k] >> 1) | (b[k + 1] << 63);
        uint64_t forced = (a[k] & ~after_a) | (b[k] & ~after_b);
        uint64_t walls = ~line[k];
        uint64_t events = (walls | forced) & keep;
        if (events) {
            uint32_t i = ls__highest_bit(events);
            *wall = (int)((walls >> i) & 1u);
            return (k << 6) + i;
        }
    }
}

/* What a line scan from `from` that stopped at p (on a blocked cell when
 * wall) gives: the cells strictly between from and p are free and
 * unforced, so the goal among them (or at p) ends the jump there; else p,
 * or 0 after a wall. */
LS_HOT_INLINE uint32_t line_outcome(uint32_t from, uint32_t p, int wall,
                                    int up, int goal_on_line, uint32_t goal_at)
{
    if (goal_on_line &&
        (up ? goal_at > from && goal_at <= p : goal_at < from && goal_at >= p))
        return goal_at;
    return wall ? 0u : p;
}

/* Jump along one line of n words from position `from`, up (towards larger
 * positions) or down: the position of the first cell that is the goal or
 * has a forced neighbour, or 0 if a blocked cell comes first (position 0 is
 * always the blocked border). The goal is on this line when goal_on_line,
 * at position goal_at. */
LS_HOT_INLINE uint32_t jump_line(const uint64_t *line, uint32_t n,
                                 uint32_t from, int up, int goal_on_line,
                                 uint32_t goal_at)
{
    const uint64_t *a = line - n, *b = line + n;
    int wall;
    uint32_t p = up ? scan_up(line, a, b, from, &wall)
                    : scan_down(line, a, b, from, &wall);
    return line_outcome(from, p, wall, up, goal_on_line, goal_at);
}

/* jump_line for a grid without bitsets, one cell at a time: the line's
 * position p is cell first + p * along, its side lines are the cells
 * `side` before and after. Gives exactly what jump_line gives: the same
 * events (a blocked cell; a side cell free whose predecessor on its line
 * is blocked) in the same order. The border ends every line, and the side
 * lines of a line next to the border are the border itself, so every
 * cell read is inside the array. */
static uint32_t jump_line_bytes(const uint8_t *cells, uint32_t first,
                                uint32_t along, uint32_t side, uint32_t from,
                                int up, int goal_on_line, uint32_t goal_at)
{
    const uint32_t step = up ? along : 0u - along;
    uint32_t p = from, cell = first + from * along;
    int wall;
    for (;;) {
        p = up ? p + 1u : p - 1u;
        cell += step;
        if (!is_free(cells, cell)) {
            wall = 1;
            break;
        }
        if ((is_free(cells, cell - side) && !is_free(cells, cell - side - step)) ||
            (is_free(cells, cell + side) && !is_free(cells, cell + side - step))) {
            wall = 0;
            break;
        }
    }
    return line_outcome(from, p, wall, up, goal_on_line, goal_at);
}

/* Jump along row r (E, W; positions are columns) or column c (N, S;
 * positions are rows) from bordered (c, r): 64 cells at a time in the
 * grid's bitsets, or a cell at a time when bytes (a grid without them). */
LS_HOT_INLINE uint32_t jump_row(const jps_view *v, uint32_t c, uint32_t r,
                                int east, int bytes)
{
    if (bytes)
        return jump_line_bytes(v->cells, r * v->stride, 1u, v->stride, c, east,
                               v->goal_r == r, v->goal_c);
    return jump_line(v->row_bits + (size_t)r * v->row_words, v->row_words, c,
                     east, v->goal_r == r, v->goal_c);
}

LS_HOT_INLINE uint32_t jump_column(const jps_view *v, uint32_t c,
                                   uint32_t r, int south, int bytes)
{
    if (bytes)
        return jump_line_bytes(v->cells, c, v->stride, 1u, r, south,
                               v->goal_c == c, v->goal_r);
    return jump_line(v->col_bits + (size_t)c * v->col_words, v->col_words, r,
                     south, v->goal_c == c, v->goal_r);
}

/* Jump straight from bordered (c, r) in direction d (N, E, S or W): the
 * column (E, W) or row (N, S) of the jump point, or 0 if none. */
LS_HOT_INLINE uint32_t jump_straight(const jps_view *v, uint32_t c,
                                     uint32_t r, uint32_t d, int bytes)
{
    if (d == 1 || d == 3)
        return jump_row(v, c, r, d == 1, bytes);
    return jump_column(v, c, r, d == 2, bytes);
}

/* Jump diagonally from bordered (c, r) in direction d (NE, SE, SW or NW):
 * the first cell that is the goal or starts a straight jump (along either
 * component) that finds something. Returns the run, 0 if none. The row and
 * column lines of the current cell move along with it. */
LS_HOT_INLINE uint32_t jump_diagonal(const jps_view *v, uint32_t c,
                                     uint32_t r, uint32_t d, int bytes)
{
    const int dx = ls__dir_dx(d), dy = ls__dir_dy(d);
    const uint32_t hx = straight_dir(dx, 0), vy = straight_dir(0, dy);
    const uint32_t side_x = (uint32_t)v->offset[hx], side_y = (uint32_t)v->offset[vy];
    const uint32_t step = (uint32_t)v->offset[d], goal = v->goal;
    const uint32_t rn = v->row_words, cn = v->col_words;
    const uint32_t goal_c = v->goal_c, goal_r = v->goal_r;
    const uint8_t *cells = v->cells;
    /* The bitset lines (none when bytes: the grid has no bitsets). */
    const uint64_t *row = bytes ? NULL : v->row_bits + (size_t)r * rn;
    const uint64_t *col = bytes ? NULL : v->col_bits + (size_t)c * cn;
    uint32_t cell = r * v->stride + c, k = 0;
    int free_x = is_free(cells, cell + side_x), free_y = is_free(cells, cell + side_y);
    for (;;) {
        if (!free_x || !free_y)
            return 0; /* no corner cutting */
        cell += step;
        c += (uint32_t)dx;
        r += (uint32_t)dy;
        if (!bytes) {
            row = dy > 0 ? row + rn : row - rn;
            col = dx > 0 ? col + cn : col - cn;
        }
        k++;
        if (!is_free(cells, cell))
            return 0;
        if (cell == goal)
            return k;
        /* A straight jump whose first cell is blocked finds nothing, and
         * the same two cells decide whether the diagonal may go on. */
        free_x = is_free(cells, cell + side_x);
        free_y = is_free(cells, cell + side_y);
        if (bytes) {
            if ((free_x && jump_row(v, c, r, hx == 1, 1)) ||
                (free_y && jump_column(v, c, r, vy == 2, 1)))
                return k;
        } else if ((free_x && jump_line(row, rn, c, hx == 1, r == goal_r, goal_c)) ||
                   (free_y && jump_line(col, cn, r, vy == 2, c == goal_c, goal_r))) {
            return k;
        }
    }
}

/* Jump in direction d (a constant) and offer what is found. */
LS_HOT_INLINE ls_status jump_and_offer(ls_search *s, const jps_view *v,
                                       const jump_origin *o, uint32_t d,
                                       ls_loop_kind loop)
{
    const uint32_t c = o->c, r = o->r;
    /* Only the checked copy scans bytes (loop_locals_init). */
    const int bytes = loop == LS_LOOP_CHECKED && v->bytes;
    uint32_t run, found;
    if (d < 4) {
        uint32_t p;
        if (!is_free(v->cells, o->cell + (uint32_t)v->offset[d]))
            return LS_OK; /* a wall next door: no need to scan the line */
        p = jump_straight(v, c, r, d, bytes);
        if (p == 0)
            return LS_OK;
        if (d == 1 || d == 3) {
            run = d == 1 ? p - c : c - p;
            found = r * v->stride + p;
        } else {
            run = d == 2 ? p - r : r - p;
            found = p * v->stride + c;
        }
    } else {
        run = jump_diagonal(v, c, r, d, bytes);
        if (run == 0)
            return LS_OK;
        found = o->cell + run * (uint32_t)v->offset[d];
    }
    /* run <= 16383 and a step <= 131070: no 64-bit overflow. */
    return offer_jump_point(
        s, found,
        (uint64_t)o->g +
            (uint64_t)run * (d < 4 ? s->plan.straight : s->plan.diagonal),
        d, run, o->at.x + (int32_t)run * ls__dir_dx(d),
        o->at.y + (int32_t)run * ls__dir_dy(d), loop);
}
