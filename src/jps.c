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
#include "heuristic.h"

/* The neighbour order's steps, here as well as in query.c so that with a
 * constant direction they fold into constants. */
static const int8_t step_dx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
static const int8_t step_dy[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };

/* The straight direction of a horizontal (dy = 0) or vertical (dx = 0)
 * component: N 0, E 1, S 2, W 3. */
static uint32_t straight_dir(int dx, int dy)
{
    return dx > 0 ? 1u : dx < 0 ? 3u : dy > 0 ? 2u : 0u;
}

/* The diagonal direction with components dx, dy (both non-zero). */
static uint32_t diagonal_dir(int dx, int dy)
{
    return dx > 0 ? (dy < 0 ? 4u : 5u) : (dy > 0 ? 6u : 7u);
}

void ls__jps_view_init(const ls_search *s, ls_jps_view *v)
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
    v->fast = s->fast_loop && s->plan.heuristic == LS_HEURISTIC_OCTILE;
}

static int is_free(const uint8_t *cells, uint32_t cell)
{
    return cells[cell] != LS_CELL_BLOCKED;
}

/* First event after position p (exclusive) going up a line of words: a
 * blocked cell, or a cell whose side line a or b is free there and blocked
 * one position before (a forced neighbour). The line ends in a blocked
 * border cell, so an event is always found. a[-1] and b[-1] are the last
 * word of the line before (or the bitset's pad word): their top bit is
 * always 0, just what position -1 should read (bits.h). */
LS_HOT_INLINE uint32_t scan_up(const uint64_t *line, const uint64_t *a,
                        const uint64_t *b, uint32_t p)
{
    uint32_t start = p + 1u, k = start >> 6;
    uint64_t skip = ((uint64_t)1 << (start & 63u)) - 1u;
    for (;; k++, skip = 0) {
        uint64_t before_a = (a[k] << 1) | (a[(int32_t)k - 1] >> 63);
        uint64_t before_b = (b[k] << 1) | (b[(int32_t)k - 1] >> 63);
        uint64_t forced = (a[k] & ~before_a) | (b[k] & ~before_b);
        uint64_t events = (~line[k] | forced) & ~skip;
        if (events)
            return (k << 6) + ls__lowest_bit(events);
    }
}

/* The same going down from p (exclusive); "before" is then position + 1,
 * and a[words], b[words] (the next line's first word, or the pad) have
 * bit 0 clear. Position 0 is a blocked border cell. */
LS_HOT_INLINE uint32_t scan_down(const uint64_t *line, const uint64_t *a,
                          const uint64_t *b, uint32_t p)
{
    uint32_t start = p - 1u, k = start >> 6;
    uint64_t keep = ((uint64_t)2 << (start & 63u)) - 1u;
    for (;; k--, keep = ~(uint64_t)0) {
        uint64_t after_a = (a[k] >> 1) | (a[k + 1] << 63);
        uint64_t after_b = (b[k] >> 1) | (b[k + 1] << 63);
        uint64_t forced = (a[k] & ~after_a) | (b[k] & ~after_b);
        uint64_t events = (~line[k] | forced) & keep;
        if (events)
            return (k << 6) + ls__highest_bit(events);
    }
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
    uint32_t p = up ? scan_up(line, a, b, from) : scan_down(line, a, b, from);
    /* The cells strictly between from and p are free and unforced: the
     * goal among them (or at p) ends the jump there. */
    if (goal_on_line &&
        (up ? goal_at > from && goal_at <= p : goal_at < from && goal_at >= p))
        return goal_at;
    return ls__line_bit(line, p) ? p : 0u;
}

/* Jump straight from bordered (c, r) in direction d (N, E, S or W), 64
 * cells at a time in the grid's bitsets: the column (E, W) or row (N, S)
 * of the jump point, or 0 if none. */
LS_HOT_INLINE uint32_t jump_straight(const ls_jps_view *v, uint32_t c,
                                     uint32_t r, uint32_t d)
{
    if (d == 1 || d == 3)
        return jump_line(v->row_bits + (size_t)r * v->row_words,
                         v->row_words, c, d == 1, v->goal_r == r, v->goal_c);
    return jump_line(v->col_bits + (size_t)c * v->col_words, v->col_words, r,
                     d == 2, v->goal_c == c, v->goal_r);
}

/* Jump diagonally from bordered (c, r) in direction d (NE, SE, SW or NW):
 * the first cell that is the goal or starts a straight jump (along either
 * component) that finds something. Returns the run, 0 if none. The row and
 * column lines of the current cell move along with it. */
LS_HOT_INLINE uint32_t jump_diagonal(const ls_jps_view *v, uint32_t c,
                                     uint32_t r, uint32_t d)
{
    const int dx = step_dx[d], dy = step_dy[d];
    const uint32_t hx = straight_dir(dx, 0), vy = straight_dir(0, dy);
    const uint32_t side_x = (uint32_t)v->offset[hx], side_y = (uint32_t)v->offset[vy];
    const uint32_t step = (uint32_t)v->offset[d], goal = v->goal;
    const uint32_t rn = v->row_words, cn = v->col_words;
    const uint32_t goal_c = v->goal_c, goal_r = v->goal_r;
    const uint8_t *cells = v->cells;
    const uint64_t *row = v->row_bits + (size_t)r * rn;
    const uint64_t *col = v->col_bits + (size_t)c * cn;
    uint32_t cell = r * v->stride + c, k = 0;
    int free_x = is_free(cells, cell + side_x), free_y = is_free(cells, cell + side_y);
    for (;;) {
        if (!free_x || !free_y)
            return 0; /* no corner cutting */
        cell += step;
        c += (uint32_t)dx;
        r += (uint32_t)dy;
        row = dy > 0 ? row + rn : row - rn;
        col = dx > 0 ? col + cn : col - cn;
        k++;
        if (!is_free(cells, cell))
            return 0;
        if (cell == goal)
            return k;
        /* A straight jump whose first cell is blocked finds nothing, and
         * the same two cells decide whether the diagonal may go on. */
        free_x = is_free(cells, cell + side_x);
        free_y = is_free(cells, cell + side_y);
        if ((free_x && jump_line(row, rn, c, hx == 1, r == goal_r, goal_c)) ||
            (free_y && jump_line(col, cn, r, vy == 2, c == goal_c, goal_r)))
            return k;
    }
}

/* Bit d set: try direction d from cell, reached from its parent by arrival
 * direction `from`. */
LS_HOT_INLINE uint32_t successor_mask(const ls_jps_view *v, uint32_t cell,
                                      uint32_t tag)
{
    uint32_t from, mask, side;
    if (!(tag & LS_TAG_HAS_PARENT))
        return 0xFFu;
    from = ls__tag_dir(tag);
    if (from >= 4) {
        int dx = step_dx[from], dy = step_dy[from];
        return (1u << from) | (1u << straight_dir(dx, 0)) |
               (1u << straight_dir(0, dy));
    }
    mask = 1u << from;
    for (side = (from + 1u) & 1u; side < 4; side += 2) { /* perpendicular */
        uint32_t side_cell = cell + (uint32_t)v->offset[side];
        if (is_free(v->cells, side_cell) &&
            !is_free(v->cells, side_cell - (uint32_t)v->offset[from])) {
            mask |= 1u << side;
            mask |= 1u << diagonal_dir(step_dx[from] + step_dx[side],
                                       step_dy[from] + step_dy[side]);
        }
    }
    return mask;
}

/* Offer the jump point next (at x, y), reached by run steps in direction
 * dir, the cost ng: the rule of astar.c's try_move (skip closed cells;
 * change only on a strictly smaller g). fast: the fast loop's promises
 * (bucket form, octile estimate, no overflow possible) hold. */
LS_HOT_INLINE ls_status offer_jump_point(ls_search *s, uint32_t next,
                                         uint64_t ng, uint32_t dir,
                                         uint32_t run, int32_t x, int32_t y,
                                         int fast)
{
    ls_node *n = &s->nodes[next];
    const uint32_t tag = n->tag;
    const int fresh = (tag >> LS_TAG_GEN_SHIFT) != s->generation;
    uint64_t f;

    if (!fresh && ((tag & LS_TAG_CLOSED) || ng >= n->g))
        return LS_OK;
    if (!fast && ng > LS_COST_MAX)
        return LS_ERR_COST_OVERFLOW;
    f = ls__f_value_with(&s->plan, (uint32_t)ng, x, y,
                         fast ? LS_HEURISTIC_OCTILE : s->plan.heuristic);
    if (!fast && f > LS_COST_MAX)
        return LS_ERR_COST_OVERFLOW;
    n->g = (uint32_t)ng;
    n->tag = ls__tag_parent(s->generation, dir, run);
    if (fast)
        ls__bucket_offer(&s->open, s->nodes, next, (uint32_t)f, !fresh, 1);
    else
        ls__open_offer(&s->open, s->nodes, next, (uint32_t)f, !fresh);
    return LS_OK;
}

/* Jump in direction d (a constant) and offer what is found. */
LS_HOT_INLINE ls_status jump_and_offer(ls_search *s, const ls_jps_view *v,
                                       uint32_t cell, ls_point at, uint32_t g,
                                       uint32_t d, int fast)
{
    const uint32_t c = (uint32_t)at.x + 1u, r = (uint32_t)at.y + 1u;
    uint32_t run, found;
    if (d < 4) {
        uint32_t p;
        if (!is_free(v->cells, cell + (uint32_t)v->offset[d]))
            return LS_OK; /* a wall next door: no need to scan the line */
        p = jump_straight(v, c, r, d);
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
        run = jump_diagonal(v, c, r, d);
        if (run == 0)
            return LS_OK;
        found = cell + run * (uint32_t)v->offset[d];
    }
    /* run <= 16383 and a step <= 131070: no 64-bit overflow. */
    return offer_jump_point(
        s, found,
        (uint64_t)g + (uint64_t)run * (d < 4 ? s->plan.straight : s->plan.diagonal),
        d, run, at.x + (int32_t)run * step_dx[d],
        at.y + (int32_t)run * step_dy[d], fast);
}

LS_HOT_INLINE ls_status expand_with(ls_search *s, const ls_jps_view *v,
                                    uint32_t cell, ls_point at, int fast)
{
    const uint32_t g = s->nodes[cell].g;
    const uint32_t mask = successor_mask(v, cell, s->nodes[cell].tag);
    ls_status st;

    /* In the documented direction order; constant directions let the
     * compiler specialise each jump. */
#define LS_JUMP(d)                                                    \
    if ((mask & (1u << d)) &&                                         \
        (st = jump_and_offer(s, v, cell, at, g, d, fast)) != LS_OK)   \
        return st;
    LS_JUMP(0) LS_JUMP(1) LS_JUMP(2) LS_JUMP(3)
    LS_JUMP(4) LS_JUMP(5) LS_JUMP(6) LS_JUMP(7)
#undef LS_JUMP
    return LS_OK;
}

ls_status ls__jps_expand(ls_search *s, const ls_jps_view *v, uint32_t cell,
                         ls_point at)
{
    return v->fast ? expand_with(s, v, cell, at, 1)
                   : expand_with(s, v, cell, at, 0);
}
