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
 *    g + k * cost(d) exactly as A* offers a neighbour (ls__relax): same
 *    key order, same "strictly smaller g" rule.
 * Expansions count expanded jump points. The path is rebuilt cell by cell
 * from the runs stored in each jump point's tag.
 */
#include "internal.h"
#include "bits.h"

/* Directions by their (dx, dy) components: index = (dy + 1) * 3 + (dx + 1). */
static const int8_t dir_of_delta[9] = { 7, 0, 4, 3, -1, 1, 6, 2, 5 };

static int dir_index(int dx, int dy)
{
    return dir_of_delta[(dy + 1) * 3 + (dx + 1)];
}

static int is_free(const uint8_t *cells, uint32_t cell)
{
    return cells[cell] != LS_CELL_BLOCKED;
}

/* First event after position p (exclusive) going up a line of words: a
 * blocked cell, or a cell whose side line a or b is free there and blocked
 * one position before (a forced neighbour). The line ends in a blocked
 * border cell, so an event is always found. */
LS_HOT_INLINE uint32_t scan_up(const uint64_t *line, const uint64_t *a,
                        const uint64_t *b, uint32_t p)
{
    uint32_t start = p + 1u, k = start >> 6;
    uint64_t skip = ((uint64_t)1 << (start & 63u)) - 1u;
    for (;; k++, skip = 0) {
        uint64_t before_a = (a[k] << 1) | (k ? a[k - 1] >> 63 : 0);
        uint64_t before_b = (b[k] << 1) | (k ? b[k - 1] >> 63 : 0);
        uint64_t forced = (a[k] & ~before_a) | (b[k] & ~before_b);
        uint64_t events = (~line[k] | forced) & ~skip;
        if (events)
            return (k << 6) + ls__lowest_bit(events);
    }
}

/* The same going down from p (exclusive); "before" is then position + 1.
 * Position 0 is a blocked border cell. */
LS_HOT_INLINE uint32_t scan_down(const uint64_t *line, const uint64_t *a,
                          const uint64_t *b, uint32_t words, uint32_t p)
{
    uint32_t start = p - 1u, k = start >> 6;
    uint64_t keep = ((uint64_t)2 << (start & 63u)) - 1u;
    for (;; k--, keep = ~(uint64_t)0) {
        uint64_t after_a = (a[k] >> 1) | (k + 1u < words ? a[k + 1] << 63 : 0);
        uint64_t after_b = (b[k] >> 1) | (k + 1u < words ? b[k + 1] << 63 : 0);
        uint64_t forced = (a[k] & ~after_a) | (b[k] & ~after_b);
        uint64_t events = (~line[k] | forced) & keep;
        if (events)
            return (k << 6) + ls__highest_bit(events);
    }
}

/* Jump straight from bordered (c, r) in direction d (N, E, S or W): the
 * first cell that is the goal or has a forced neighbour, found 64 cells at
 * a time in the grid's bitsets. Stores the cell and the run; 0 if a
 * blocked cell comes first. */
LS_HOT_INLINE int jump_straight(const ls_search *s, uint32_t c, uint32_t r,
                         uint32_t d, uint32_t *found, uint32_t *run)
{
    const ls_grid *g = s->grid;
    const uint32_t gc = (uint32_t)s->plan.goal_x + 1u;
    const uint32_t gr = (uint32_t)s->plan.goal_y + 1u;
    const uint64_t *line, *a, *b;
    uint32_t from, goal_at, p;
    int goal_on_line;

    if (d == 1 || d == 3) { /* along row r */
        const uint32_t n = g->row_words;
        line = g->row_bits + (size_t)r * n;
        a = line - n;
        b = line + n;
        from = c;
        goal_on_line = gr == r;
        goal_at = gc;
        p = d == 1 ? scan_up(line, a, b, c) : scan_down(line, a, b, n, c);
    } else { /* along column c */
        const uint32_t n = g->col_words;
        line = g->col_bits + (size_t)c * n;
        a = line - n;
        b = line + n;
        from = r;
        goal_on_line = gc == c;
        goal_at = gr;
        p = d == 2 ? scan_up(line, a, b, r) : scan_down(line, a, b, n, r);
    }
    /* The cells strictly between from and p are free and unforced: the
     * goal among them (or at p) ends the jump there. */
    if (goal_on_line && (p > from ? goal_at > from && goal_at <= p
                                  : goal_at < from && goal_at >= p))
        p = goal_at;
    else if (!ls__line_bit(line, p))
        return 0;
    *run = p > from ? p - from : from - p;
    *found = d == 1 || d == 3 ? r * s->stride + p : p * s->stride + c;
    return 1;
}

LS_HOT_INLINE int jump_diagonal(const ls_search *s, const uint8_t *cells,
                         uint32_t c, uint32_t r, uint32_t d, uint32_t *found,
                         uint32_t *run)
{
    const int dx = ls__dir_dx[d], dy = ls__dir_dy[d];
    const uint32_t hx = (uint32_t)dir_index(dx, 0), vy = (uint32_t)dir_index(0, dy);
    uint32_t cell = r * s->stride + c, k = 0, ignored_cell, ignored_run;
    for (;;) {
        if (!is_free(cells, cell + (uint32_t)s->offset[hx]) ||
            !is_free(cells, cell + (uint32_t)s->offset[vy]))
            return 0; /* no corner cutting */
        cell += (uint32_t)s->offset[d];
        c += (uint32_t)dx;
        r += (uint32_t)dy;
        k++;
        if (!is_free(cells, cell))
            return 0;
        if (cell == s->plan.goal ||
            jump_straight(s, c, r, hx, &ignored_cell, &ignored_run) ||
            jump_straight(s, c, r, vy, &ignored_cell, &ignored_run)) {
            *found = cell;
            *run = k;
            return 1;
        }
    }
}

/* Bit d set: try direction d from cell, reached from its parent by arrival
 * direction `from`. */
static uint32_t successor_mask(const ls_search *s, const uint8_t *cells,
                               uint32_t cell, uint32_t tag)
{
    uint32_t from, mask, side;
    if (!(tag & LS_TAG_HAS_PARENT))
        return 0xFFu;
    from = ls__tag_dir(tag);
    if (from >= 4) {
        int dx = ls__dir_dx[from], dy = ls__dir_dy[from];
        return (1u << from) | (1u << (uint32_t)dir_index(dx, 0)) |
               (1u << (uint32_t)dir_index(0, dy));
    }
    mask = 1u << from;
    for (side = 0; side < 4; side++) {
        uint32_t side_cell;
        if ((side & 1u) == (from & 1u))
            continue; /* parallel to the move */
        side_cell = cell + (uint32_t)s->offset[side];
        if (is_free(cells, side_cell) &&
            !is_free(cells, side_cell - (uint32_t)s->offset[from])) {
            mask |= 1u << side;
            mask |= 1u << (uint32_t)dir_index(ls__dir_dx[from] + ls__dir_dx[side],
                                              ls__dir_dy[from] + ls__dir_dy[side]);
        }
    }
    return mask;
}

ls_status ls__jps_expand(ls_search *s, uint32_t cell, ls_point at)
{
    const uint8_t *cells = s->grid->cells;
    const uint32_t g = s->nodes[cell].g;
    const uint32_t mask = successor_mask(s, cells, cell, s->nodes[cell].tag);
    const uint32_t c = (uint32_t)at.x + 1u, r = (uint32_t)at.y + 1u;
    uint32_t d;

    for (d = 0; d < 8; d++) {
        uint32_t found, run, cost;
        int ok;
        ls_status st;
        if (!(mask & (1u << d)))
            continue;
        /* Constant directions let the compiler specialise each jump. */
        switch (d) {
        case 0: ok = jump_straight(s, c, r, 0, &found, &run); break;
        case 1: ok = jump_straight(s, c, r, 1, &found, &run); break;
        case 2: ok = jump_straight(s, c, r, 2, &found, &run); break;
        case 3: ok = jump_straight(s, c, r, 3, &found, &run); break;
        case 4: ok = jump_diagonal(s, cells, c, r, 4, &found, &run); break;
        case 5: ok = jump_diagonal(s, cells, c, r, 5, &found, &run); break;
        case 6: ok = jump_diagonal(s, cells, c, r, 6, &found, &run); break;
        default: ok = jump_diagonal(s, cells, c, r, 7, &found, &run); break;
        }
        if (!ok)
            continue;
        cost = d < 4 ? s->plan.straight : s->plan.diagonal;
        /* run <= 16383 and cost <= 131070: the product is below 2^31. */
        if ((uint64_t)g + (uint64_t)run * cost > LS_COST_MAX)
            return LS_ERR_COST_OVERFLOW;
        st = ls__relax(s, found, g + run * cost, d, run,
                       at.x + (int32_t)run * ls__dir_dx[d],
                       at.y + (int32_t)run * ls__dir_dy[d]);
        if (st != LS_OK)
            return st;
    }
    return LS_OK;
}
