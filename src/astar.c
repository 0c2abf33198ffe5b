/*
 * astar.c - the A* expansion loop, resumable under an expansion budget.
 *
 * Everything that decides the result lives here and in openlist.h: the key
 * order, the neighbour order and the "strictly smaller g" rule. The loop
 * keeps all of its state in the context, so stopping after any expansion
 * and resuming later gives the same sequence as one uninterrupted run.
 */
#include <string.h>
#include "internal.h"
#include "heuristic.h"

/* The distance used to pick the partial path's end (see the header). */
static uint64_t closeness(const ls_plan *p, int32_t x, int32_t y)
{
    return ls__estimate(p, p->dir_count == 8 ? LS_HEURISTIC_OCTILE
                                         : LS_HEURISTIC_MANHATTAN, x, y);
}

static ls_status finish(ls_search *s, ls_status status)
{
    s->phase = LS_PHASE_DONE;
    s->final_status = status;
    return status;
}

/* The goal was reached: record the path so that ls_search_path can read
 * it start first, and digest it. One walk back from the goal:
 *   - a full context writes the cells into its heap array, which the
 *     finished query no longer needs, then reverses them in place;
 *   - a compact context has no such array: it threads the path forward
 *     through the link fields of its cells (the open list, whose links
 *     they were, is finished with; a cell inside a JPS jump that the
 *     search never touched has a free link too). That needs every cell to
 *     appear once, which holds for the queries a compact context runs:
 *     A* chains never repeat a cell, and the path of an optimal search
 *     (JPS with a consistent heuristic and weight 1.0) cannot either. A
 *     weighted JPS path can cross itself, which is why the full context
 *     keeps the array. */
static ls_status finish_found(ls_search *s)
{
    ls_node *nodes = s->nodes;
    uint32_t *array = s->open.heap;
    uint32_t length = 0, next = LS_NO_CELL, cell, i, j;
    uint64_t digest = LS_DIGEST_EMPTY;
    ls_chain_walk w;

    ls__chain_start(&w, s->plan.goal);
    do {
        if (array)
            array[length] = w.cell;
        else
            *ls__next(s->open.link, w.cell, s->open.link_shift) = next;
        next = w.cell;
        length++;
    } while (ls__chain_back(s, &w));
    if (array) {
        for (i = 0, j = length - 1u; i < j; i++, j--) {
            uint32_t t = array[i];
            array[i] = array[j];
            array[j] = t;
        }
        for (i = 0; i < length; i++)
            digest = ls__digest_extend_cell(digest, ls__cell_point_fast(s, array[i]));
    } else {
        for (i = 0, cell = next; i < length;
             i++, cell = *ls__next(s->open.link, cell, s->open.link_shift))
            digest = ls__digest_extend_cell(digest, ls__cell_point_fast(s, cell));
    }
    s->path_first = next;
    s->digest = digest;
    s->open.size = 0;
    s->open.top = LS_NO_CELL;
    s->cost = (int32_t)ls__node(nodes, s->plan.goal, s->open.node_shift)->g;
    s->path_length = length;
    return finish(s, LS_OK);
}

static void next_generation(ls_search *s)
{
    if (s->generation == LS_GENERATION_MAX) {
        /* Once every 8191 queries: forget all stamps for real. */
        memset(s->nodes, 0, (size_t)s->cell_count << s->open.node_shift);
        s->generation = 0;
    }
    s->generation++;
}

/* Empty the bucket ring a previous query may have left cells in. Only
 * buckets for f in (level, highest] can hold cells. A* leaves a short
 * range, cleared directly; JPS can leave a long one, so it clears through
 * the occupancy bitmap, one word per 64 buckets. */
static void clear_buckets(ls_open *o)
{
    const uint32_t words = o->bucket_count >> 6;
    uint32_t w = (o->level + 1u) >> 6, last = o->highest >> 6, k;
    o->top = LS_NO_CELL;
    if (o->future == 0)
        return;
    o->future = 0;
    if (!o->track_occupied) {
        /* The future buckets level+1..highest (at most the whole ring) are
         * at most two runs of the ring; LS_NO_CELL is all one bits, so each
         * run is one memset, not a store per bucket. */
        uint32_t count = o->highest - o->level, first, run;
        if (count > o->bucket_count)
            count = o->bucket_count;
        first = (o->level + 1u) & (o->bucket_count - 1u);
        run = o->bucket_count - first < count ? o->bucket_count - first : count;
        memset(o->heads + first, 0xFF, (size_t)run * sizeof *o->heads);
        memset(o->heads, 0xFF, (size_t)(count - run) * sizeof *o->heads);
        return;
    }
    for (k = 0; k <= last - w && k < words; k++) {
        uint32_t i = (w + k) & (words - 1u);
        uint64_t bits = o->occupied[i];
        while (bits) {
            o->heads[(i << 6) | ls__lowest_bit(bits)] = LS_NO_CELL;
            bits &= bits - 1u;
        }
        o->occupied[i] = 0;
    }
}

/* Can no g or f of this query exceed LS_COST_MAX? With a consistent
 * heuristic an expanded cell has its optimal g, the cost of a path that
 * never repeats a cell: at most width * height - 1 steps of at most
 * diagonal * 255 (or diagonal on a grid without terrain costs). A cell it
 * offers adds one step (A*) or one jump of at most `longest` steps (JPS).
 * With weight 1.0, h is at most 2 * longest side * diagonal. The shared
 * maps are far below the limit, so their queries skip the overflow checks
 * per neighbour. */
static int cannot_overflow(const ls_search *s)
{
    const ls_plan *p = &s->plan;
    uint64_t terrain = s->grid->costly_cells ? 255u : 1u;
    uint64_t longest = (uint64_t)(s->width > s->height ? s->width : s->height);
    uint64_t steps = (uint64_t)s->width * (uint64_t)s->height + longest;
    uint64_t g_max = steps * p->diagonal * terrain;
    uint64_t h_max = 2u * longest * p->diagonal;
    return p->weight == 0x10000u && g_max + h_max <= LS_COST_MAX;
}

/* How much f can rise in one edge (A*) or one jump (JPS) of this query. */
static uint64_t f_spread(const ls_search *s, const ls_grid *grid,
                         const ls_plan *p)
{
    uint64_t terrain = grid->costly_cells ? 255u : 1u;
    uint64_t longest = (uint64_t)(s->width > s->height ? s->width : s->height);
    return p->algorithm == LS_ALGO_JPS ? 2u * longest * p->diagonal
                                       : (terrain + 1u) * p->diagonal;
}

/* Can this query use the bucket form (see openlist.h)? It needs a
 * consistent heuristic (no weight; Manhattan only with 4-connectivity),
 * the larger-g tie-break, and a ring wider than the largest rise of f. */
static int bucket_form_fits(const ls_search *s, const ls_grid *grid,
                            const ls_plan *p)
{
    int consistent = p->weight == 0x10000u &&
                     (p->heuristic != LS_HEURISTIC_MANHATTAN || p->dir_count == 4);
    return consistent && p->tie_break == LS_TIE_HIGH_G &&
           f_spread(s, grid, p) < s->open.bucket_count;
}

/* Pick the open-list form and the A* loop copy. Called after
 * clear_buckets, which needs the previous query's choices. */
static void choose_open_form(ls_search *s)
{
    const ls_plan *p = &s->plan;
    /* A compact context has no heap to force. */
    s->open.bucket_form = (s->force_heap == 0 || s->flags == LS_SEARCH_COMPACT) &&
                          bucket_form_fits(s, s->grid, p);
    s->open.tie_mask = p->tie_break == LS_TIE_HIGH_G ? 0xFFFFFFFFu : 0u;
    s->open.track_occupied = p->algorithm == LS_ALGO_JPS;
    s->fast_loop = !s->open.bucket_form || !cannot_overflow(s)
                       ? LS_LOOP_CHECKED
                       : s->flags == LS_SEARCH_FULL ? LS_LOOP_FAST_FULL
                                            : LS_LOOP_FAST_COMPACT;
}

ls_status ls_search_begin(ls_search *s, const ls_grid *grid,
                          const ls_query *q)
{
    ls_status st;
    ls_node *start;
    uint64_t f;
    uint32_t d;
    int32_t sx, sy;

    if (!s || !grid || !q)
        return LS_ERR_NULL_ARGUMENT;
    s->phase = LS_PHASE_IDLE;
    if (grid->width != s->width || grid->height != s->height)
        return LS_ERR_GRID_MISMATCH;
    st = ls__plan_query(q, grid, &s->plan);
    if (st != LS_OK)
        return st;
    if (s->flags == LS_SEARCH_COMPACT && !bucket_form_fits(s, grid, &s->plan))
        return LS_ERR_NEEDS_FULL_CONTEXT;

    sx = q->start_x;
    sy = q->start_y;
    f = ls__f_value(&s->plan, 0, sx, sy); /* checked by ls__plan_query */

    for (d = 0; d < 8; d++)
        s->offset[d] = ls__dir_dy[d] * (int32_t)s->stride + ls__dir_dx[d];
    next_generation(s);
    s->grid = grid;
    s->grid_revision = grid->revision;
    s->expansions = 0;
    s->cost = -1;
    s->path_length = 0;
    s->digest = LS_DIGEST_EMPTY;
    clear_buckets(&s->open);
    choose_open_form(s);
    s->open.size = 0;
    s->open.top = LS_NO_CELL;
    s->open.level = (uint32_t)f;
    s->open.highest = (uint32_t)f;

    start = ls__node(s->nodes, s->plan.start, s->open.node_shift);
    start->g = 0;
    start->tag = s->generation << LS_TAG_GEN_SHIFT;
    s->best_cell = s->plan.start;
    s->best_distance = closeness(&s->plan, sx, sy);
    s->best_f = (uint32_t)f;
    s->best_g = 0;
    s->closeness_from_key =
        s->plan.weight == 0x10000u &&
        s->plan.heuristic == (s->plan.dir_count == 8 ? LS_HEURISTIC_OCTILE
                                                     : LS_HEURISTIC_MANHATTAN);
    s->phase = LS_PHASE_RUNNING;
    if (s->plan.start == s->plan.goal) {
        finish_found(s);
        return LS_OK;
    }
    ls__open_offer(&s->open, s->nodes, s->plan.start, (uint32_t)f, 0, 0);
    return LS_OK;
}

/* Is (f, g, cell) before (f2, g2, cell2) in the search order? */
static int key_before(const ls_search *s, uint32_t f, uint32_t g,
                      uint32_t cell, uint32_t f2, uint32_t g2, uint32_t cell2)
{
    uint32_t t = s->open.tie_mask;
    if (f != f2)
        return f < f2;
    if (g != g2)
        return (g ^ t) < (g2 ^ t);
    return cell < cell2;
}

/* Remember the expanded cell closest to the goal, for partial paths: a
 * cell at distance d replaces the best when d is smaller, or equal and its
 * key comes first in the search order. */
static void closest_update(ls_search *s, uint32_t cell, uint32_t f,
                           uint32_t g, uint64_t d)
{
    if (d < s->best_distance ||
        (d == s->best_distance &&
         key_before(s, f, g, cell, s->best_f, s->best_g, s->best_cell))) {
        s->best_distance = d;
        s->best_f = f;
        s->best_g = g;
        s->best_cell = cell;
    }
}

/* When the search's own heuristic is the closeness measure (the default
 * queries, always so in the fast loop), h = f - g comes free; almost
 * every expansion is farther than the best, so that test comes first. */
LS_HOT_INLINE void track_closest(ls_search *s, uint32_t cell, uint32_t f,
                                 int32_t x, int32_t y, int fast)
{
    const uint32_t g =
        ls__node(s->nodes, cell, LS_LOOP_NODE_SHIFT(fast, &s->open))->g;
    uint64_t d = fast || s->closeness_from_key ? (uint64_t)(f - g)
                                               : closeness(&s->plan, x, y);
    if (d <= s->best_distance)
        closest_update(s, cell, f, g, d);
}

/* For diagonal direction d, the straight directions (E/W and N/S) whose
 * cells a diagonal step passes: NE passes E and N, SE passes E and S, ... */
static const uint8_t corner_x[8] = { 0, 0, 0, 0, 1, 1, 3, 3 };
static const uint8_t corner_y[8] = { 0, 0, 0, 0, 0, 2, 2, 0 };

/* What the expansion loop reads for every neighbour, copied out of the
 * context: stores into the node array could otherwise alias these fields
 * and force the compiler to reload them after every store. */
typedef struct hot_plan {
    uint32_t generation, straight, diagonal, weight;
    int32_t goal_x, goal_y;
} hot_plan;

/* Relax the neighbour in direction d (a constant after inlining). jps.c's
 * offer_jump_point applies the same rule to jump points; the two are
 * separate because each loop measured 5-8 % fewer instructions with its own
 * copy on its own local values than with one shared helper (the golden
 * vectors pin both to the same results). */
LS_HOT_INLINE ls_status try_move(ls_open *o, ls_node *restrict nodes,
                                 const uint8_t *restrict cells,
                                 const int32_t *offset, const hot_plan *hp,
                                 uint32_t cell, ls_point at, uint32_t g,
                                 uint32_t d, int32_t heuristic,
                                 uint32_t dir_count, int32_t corner_rule,
                                 int fast)
{
    uint32_t next, ng, tag, old_g;
    int fresh;
    uint64_t f;
    ls_node *n;

    if (d >= dir_count)
        return LS_OK;
    next = cell + (uint32_t)offset[d];
    if (cells[next] == LS_CELL_BLOCKED)
        return LS_OK;
    if (d >= 4 && corner_rule != LS_CORNERS_ALL) {
        /* The two cells the diagonal passes (same loads as the straight
         * moves above, so the compiler reuses them). */
        int a = cells[cell + (uint32_t)offset[corner_x[d]]] != 0;
        int b = cells[cell + (uint32_t)offset[corner_y[d]]] != 0;
        if (corner_rule == LS_CORNERS_NONE ? !(a && b) : !(a || b))
            return LS_OK;
    }
    n = ls__node(nodes, next, LS_LOOP_NODE_SHIFT(fast, o));
    tag = n->tag;
    fresh = (tag >> LS_TAG_GEN_SHIFT) != hp->generation;
    /* g <= 2^31 - 1 and a step < 2^25: the sum cannot wrap. A closed
     * cell has g 0 (ls__close), so this test skips it too. */
    ng = g + (d < 4 ? hp->straight : hp->diagonal) * cells[next];
    if (!fresh && ng >= n->g)
        return LS_OK;
    if (!fast && ng > LS_COST_MAX)
        return LS_ERR_COST_OVERFLOW;
    f = ls__estimate_to(at.x + ls__dir_dx[d], at.y + ls__dir_dy[d],
                        hp->goal_x, hp->goal_y, hp->straight, hp->diagonal,
                        heuristic);
    if (!fast && hp->weight != 0x10000u)
        f = (f * hp->weight) >> 16;
    f += ng;
    if (!fast && f > LS_COST_MAX)
        return LS_ERR_COST_OVERFLOW;
    old_g = n->g;
    n->g = ng;
    n->tag = ls__tag_parent(hp->generation, d, 1);
    /* In the bucket form f - ng is h, the same before and after. */
    if (fast)
        ls__bucket_offer(o, nodes, next, (uint32_t)f, !fresh,
                         old_g + ((uint32_t)f - ng), 0,
                         LS_LOOP_LINK_SHIFT(fast, o), LS_LOOP_NODE_SHIFT(fast, o));
    else
        ls__open_offer(o, nodes, next, (uint32_t)f, !fresh,
                       old_g + ((uint32_t)f - ng));
    return LS_OK;
}

/* The values every expansion of this step reads, copied once. */
static void load_hot(const ls_search *s, hot_plan *hp, int32_t offset[8])
{
    uint32_t d;
    for (d = 0; d < 8; d++)
        offset[d] = s->offset[d];
    hp->generation = s->generation;
    hp->straight = s->plan.straight;
    hp->diagonal = s->plan.diagonal;
    hp->weight = s->plan.weight;
    hp->goal_x = s->plan.goal_x;
    hp->goal_y = s->plan.goal_y;
}

/* Expand cell: relax each allowed neighbour in the documented order,
 * unrolled so that each direction's offsets are constants. Returns LS_OK
 * or LS_ERR_COST_OVERFLOW. */
LS_HOT_INLINE ls_status expand_with(ls_search *s, const hot_plan *hp,
                                    const int32_t *offset, uint32_t cell,
                                    ls_point at, int32_t heuristic,
                                    uint32_t dir_count, int32_t corner_rule,
                                    int fast)
{
    ls_node *restrict nodes = s->nodes;
    const uint8_t *restrict cells = s->grid->cells;
    ls_open *o = &s->open;
    const uint32_t g = ls__node(nodes, cell, LS_LOOP_NODE_SHIFT(fast, o))->g;
    ls_status st;

#define LS_TRY(dir) try_move(o, nodes, cells, offset, hp, cell, at, g, dir, \
                             heuristic, dir_count, corner_rule, fast)
    if ((st = LS_TRY(0)) != LS_OK || (st = LS_TRY(1)) != LS_OK ||
        (st = LS_TRY(2)) != LS_OK || (st = LS_TRY(3)) != LS_OK ||
        (st = LS_TRY(4)) != LS_OK || (st = LS_TRY(5)) != LS_OK ||
        (st = LS_TRY(6)) != LS_OK || (st = LS_TRY(7)) != LS_OK)
        return st;
#undef LS_TRY
    return LS_OK;
}

/* The search loop: pop, stop at the goal, the expansion limit or the end
 * of the budget, else expand. jps, heuristic, dir_count, corner_rule and
 * fast are constants in the specialised copies below; fast promises the
 * bucket form, weight 1.0 and costs that cannot overflow (see
 * cannot_overflow), so those checks vanish from the copy. */
LS_HOT_INLINE ls_status search_loop(ls_search *s, uint32_t budget, int jps,
                                    int32_t heuristic, uint32_t dir_count,
                                    int32_t corner_rule, int fast)
{
    const uint32_t goal = s->plan.goal, max = s->plan.max_expansions;
    uint32_t done = 0, cell;
    int32_t offset[8];
    hot_plan hp;
    ls_jps_view jv;

    load_hot(s, &hp, offset);
    if (jps)
        ls__jps_view_init(s, &jv);
    while ((cell = fast ? ls__bucket_top(&s->open, s->nodes)
                        : ls__open_top(&s->open, s->nodes)) != LS_NO_CELL) {
        ls_point at;
        ls_status st;

        if (cell == goal)
            return finish_found(s);
        if (max != 0 && s->expansions == max)
            return finish(s, LS_EXPANSION_LIMIT);
        if (budget != 0 && done == budget)
            return LS_IN_PROGRESS;

        at = ls__cell_point_fast(s, cell);
        track_closest(s, cell,
                      fast ? s->open.level : ls__open_top_f(&s->open, cell),
                      at.x, at.y, fast);
        if (fast)
            ls__bucket_pop(&s->open, s->nodes,
                           LS_LOOP_LINK_SHIFT(fast, &s->open));
        else
            ls__open_pop(&s->open, s->nodes);
        s->expansions++;
        done++;
        st = jps ? ls__jps_expand(s, &jv, cell, at)
                 : expand_with(s, &hp, offset, cell, at, heuristic, dir_count,
                               corner_rule, fast);
        if (st != LS_OK)
            return finish(s, st);
        /* after: the expansion reads its g */
        ls__close(ls__node(s->nodes, cell, LS_LOOP_NODE_SHIFT(fast, &s->open)));
    }
    return finish(s, LS_NO_PATH);
}

/* The copies of the loop, each a function of its own so that the compiler
 * allocates its registers alone: with every copy inlined into one function
 * the fast A* loop spilled more (measured with callgrind on lak303d). The
 * default queries get copies with their options as constants (8-connected
 * octile without corner cutting, 4-connected Manhattan, JPS with the
 * octile estimate), fast ones per kind of context; every other query runs
 * the general copy. */
#define LS_LOOP_COPY(name, jps, heuristic, dirs, loop)                       \
    static LS_NOINLINE ls_status name(ls_search *s, uint32_t budget)        \
    {                                                                       \
        return search_loop(s, budget, jps, heuristic, dirs, LS_CORNERS_NONE, \
                           loop);                                           \
    }
LS_LOOP_COPY(jps_fast_full, 1, LS_HEURISTIC_OCTILE, 8, LS_LOOP_FAST_FULL)
LS_LOOP_COPY(jps_fast_compact, 1, LS_HEURISTIC_OCTILE, 8, LS_LOOP_FAST_COMPACT)
LS_LOOP_COPY(octile_fast_full, 0, LS_HEURISTIC_OCTILE, 8, LS_LOOP_FAST_FULL)
LS_LOOP_COPY(octile_fast_compact, 0, LS_HEURISTIC_OCTILE, 8,
             LS_LOOP_FAST_COMPACT)
LS_LOOP_COPY(octile_checked, 0, LS_HEURISTIC_OCTILE, 8, LS_LOOP_CHECKED)
LS_LOOP_COPY(manhattan_fast_full, 0, LS_HEURISTIC_MANHATTAN, 4,
             LS_LOOP_FAST_FULL)
LS_LOOP_COPY(manhattan_fast_compact, 0, LS_HEURISTIC_MANHATTAN, 4,
             LS_LOOP_FAST_COMPACT)
LS_LOOP_COPY(manhattan_checked, 0, LS_HEURISTIC_MANHATTAN, 4, LS_LOOP_CHECKED)
#undef LS_LOOP_COPY

static LS_NOINLINE ls_status jps_checked(ls_search *s, uint32_t budget)
{
    return search_loop(s, budget, 1, s->plan.heuristic, 8, LS_CORNERS_NONE,
                       LS_LOOP_CHECKED);
}

static LS_NOINLINE ls_status general(ls_search *s, uint32_t budget)
{
    const ls_plan *p = &s->plan;
    return search_loop(s, budget, 0, p->heuristic, p->dir_count,
                       p->corner_rule, LS_LOOP_CHECKED);
}

ls_status ls_search_step(ls_search *s, uint32_t budget)
{
    const ls_plan *p;
    int fast_full, fast_compact;

    if (!s)
        return LS_ERR_NULL_ARGUMENT;
    if (s->phase == LS_PHASE_IDLE)
        return LS_ERR_NO_QUERY;
    if (s->phase == LS_PHASE_DONE)
        return s->final_status;
    if (s->grid->revision != s->grid_revision)
        return finish(s, LS_ERR_GRID_CHANGED);

    p = &s->plan;
    fast_full = s->fast_loop == LS_LOOP_FAST_FULL;
    fast_compact = s->fast_loop == LS_LOOP_FAST_COMPACT;
    if (p->algorithm == LS_ALGO_JPS) {
        if (p->heuristic != LS_HEURISTIC_OCTILE)
            return jps_checked(s, budget);
        return fast_full ? jps_fast_full(s, budget)
               : fast_compact ? jps_fast_compact(s, budget)
                              : jps_checked(s, budget);
    }
    if (p->dir_count == 8 && p->corner_rule == LS_CORNERS_NONE &&
        p->heuristic == LS_HEURISTIC_OCTILE)
        return fast_full ? octile_fast_full(s, budget)
               : fast_compact ? octile_fast_compact(s, budget)
                              : octile_checked(s, budget);
    if (p->dir_count == 4 && p->heuristic == LS_HEURISTIC_MANHATTAN)
        return fast_full ? manhattan_fast_full(s, budget)
               : fast_compact ? manhattan_fast_compact(s, budget)
                              : manhattan_checked(s, budget);
    return general(s, budget);
}
