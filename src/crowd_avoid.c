/* SPDX-License-Identifier: MIT */
/*
 * crowd_avoid.c - step 6 of a tick with avoidance on (lockstar_crowd.h,
 * "Sizes and avoidance"): 6a preferred velocities, 6b neighbours and
 * walls, 6c ORCA (src/avoid.c) on the crowd's workers, 6d the resolution
 * rounds that make the no-overlap guarantee hold, 6e moves, progress along
 * routes, arrival and stuck agents. Every agent's velocity is computed
 * from the state at the start of the step, so which worker computes which
 * agent never changes a result; 6d looks at all proposals at once in each
 * round, so no agent's id gives it the right of way.
 */
#include "avoid.h"
#include "batch.h"
#include "crowd.h"
#include "crowd_space.h"
#include "grid.h"
#include "lockstar.h"
#include "sight.h"
#include "world.h"

/* Agents whose velocities one worker takes at a time. */
#define AVOID_GRAIN 64u
/* Halvings of a move before it is cancelled (6d). */
#define AVOID_CUTS 4u
/* ORCA sees every disc larger by a 64th of a cell (radius 0 discs too),
 * so that the velocities it chooses keep a gap that the rounding of
 * positions and velocities cannot close: the resolution step then has
 * almost nothing to cut. */
#define AVOID_MARGIN_SHIFT 6
/* Priority a waiting agent gains per tick stuck (waiting_priority). 4:
 * from 0 to the top in 25 ticks, before the default re-plan at 40. */
#define AVOID_WAIT_RAISE 4u

typedef struct avoid_job {
    ls_crowd *c;
    const ls_grid *grid;
} avoid_job;

static ls__crowd_agent *agent_of(const ls_crowd *c, uint32_t rank)
{
    return &c->agents[c->by_id[rank]];
}

/* min(v, LS__SPACE_RANGE_MAX): ranges beyond the cap find nobody new. */
static int64_t capped(int64_t v)
{
    return v > LS__SPACE_RANGE_MAX ? LS__SPACE_RANGE_MAX : v;
}

/* 6a: the velocity towards the centre of cell `to`, at the agent's speed,
 * or exactly the rest of the way when that centre is the goal's and
 * nearer than its speed. Each axis rounds towards zero, so the length
 * never exceeds the speed. */
static void head_for(const ls_crowd *c, const ls__crowd_agent *a, ls_point to,
                     int is_goal, int32_t *vx, int32_t *vy)
{
    fix16_t tx = 0, ty = 0, len = 0;
    int64_t dx, dy, speed = a->body.speed;
    *vx = *vy = 0;
    if (ls__world_center(&c->config.world, to.x, to.y, &tx, &ty) != LS_OK)
        return;
    dx = (int64_t)tx - a->body.x;
    dy = (int64_t)ty - a->body.y;
    if (ls__distance(dx, dy, &len) != LS_OK || len == 0)
        return;
    if (is_goal && len < speed)
        speed = len;
    /* |dx| < 2^32 and speed < 2^31: the products fit. */
    *vx = (int32_t)(dx * speed / len);
    *vy = (int32_t)(dy * speed / len);
}

static void preferred(ls_crowd *c, ls__crowd_agent *a, int32_t *vx,
                      int32_t *vy)
{
    *vx = *vy = 0;
    if (a->state == LS_CROWD_ARRIVED && a->holds) {
        /* Holding its place: back to the goal's centre once pushed more
         * than a cell from it (nearer, it stands where it was pushed, so
         * it never fights for the exact centre). */
        fix16_t gx = 0, gy = 0, len = 0;
        if (ls__world_center(&c->config.world, a->goal.x, a->goal.y, &gx,
                             &gy) == LS_OK &&
            ls__distance((int64_t)gx - a->body.x, (int64_t)gy - a->body.y,
                         &len) == LS_OK &&
            len > c->config.world.cell_size)
            head_for(c, a, a->goal, 1, vx, vy);
        return;
    }
    if (a->state != LS_CROWD_MOVING)
        return; /* others stand still unless pushed */
    if (a->field != LS__CROWD_NONE) {
        const ls_point goal = c->fields[a->field].goal;
        a->heading = ls__crowd_field_aim(c, a);
        head_for(c, a, a->heading, a->heading.x == goal.x &&
                                       a->heading.y == goal.y, vx, vy);
        return;
    }
    head_for(c, a, ls__crowd_ways(c, a)[a->body.target],
             a->body.target + 1u == a->way_count, vx, vy);
}

/* 6b: the k nearest eligible neighbours, by (squared distance, rank). */
typedef struct near_pick {
    const ls_crowd *c;
    ls__avoid_scratch *s;
    const ls__avoid_state *self;
    int64_t horizon;
    uint32_t most, count;
    uint64_t *bound;
} near_pick;

static void pick_near(void *context, uint32_t j, uint64_t d2)
{
    near_pick *p = context;
    const ls__avoid_state *o = &p->c->space->state[j];
    const int64_t reach = capped((int64_t)p->self->radius + o->radius +
                                 p->horizon * ((int64_t)p->self->speed +
                                               o->speed));
    uint32_t at;
    if (d2 > (uint64_t)(reach * reach))
        return; /* gap beyond horizon * (speed_i + speed_j) */
    at = p->count;
    if (at == p->most) {
        const uint32_t last = p->most - 1u;
        if (d2 > p->s->near_d2[last] ||
            (d2 == p->s->near_d2[last] && j > p->s->picked[last]))
            return;
        at = last;
    } else {
        p->count++;
    }
    while (at > 0 && (p->s->near_d2[at - 1u] > d2 ||
                      (p->s->near_d2[at - 1u] == d2 &&
                       p->s->picked[at - 1u] > j))) {
        p->s->near_d2[at] = p->s->near_d2[at - 1u];
        p->s->picked[at] = p->s->picked[at - 1u];
        at--;
    }
    p->s->near_d2[at] = d2;
    p->s->picked[at] = j;
    if (p->count == p->most)
        *p->bound = p->s->near_d2[p->most - 1u];
}

/* 6b: the nearest blocked cells (and cells outside the grid) the disc
 * could reach this tick, by (squared distance, row-major index). */
static uint32_t near_walls(const ls_crowd *c, const ls_grid *grid,
                           const ls__avoid_state *st, ls__avoid_scratch *s)
{
    const ls_world *w = &c->config.world;
    const int64_t size = w->cell_size;
    const int64_t reach = (int64_t)st->radius + st->speed;
    const int64_t x = st->x0, y = st->y0;
    int64_t gx, gy, x0, x1, y0, y1;
    uint32_t count = 0;
    if (ls__space_clear_around(c, grid, x, y, reach))
        return 0;
    ls__space_disc_cells(w, x, y, reach, &x0, &x1, &y0, &y1);
    for (gy = y0; gy <= y1; gy++) {
        for (gx = x0; gx <= x1; gx++) {
            const int64_t bx = w->origin_x + gx * size;
            const int64_t by = w->origin_y + gy * size;
            uint64_t d2;
            uint32_t at;
            if (!ls__space_cell_blocked(grid, (int32_t)gx, (int32_t)gy))
                continue;
            d2 = ls__space_box_d2(x, y, bx, by, bx + size, by + size);
            if (d2 > (uint64_t)(reach * reach))
                continue;
            /* Row-major scanning: among equal distances the earlier cell
             * is already in place, so `>=` keeps it first. */
            at = count < LS__SPACE_WALLS ? count++ : LS__SPACE_WALLS;
            if (at == LS__SPACE_WALLS) {
                if (d2 >= s->wall_d2[LS__SPACE_WALLS - 1u])
                    continue;
                at = LS__SPACE_WALLS - 1u;
            }
            while (at > 0 && s->wall_d2[at - 1u] > d2) {
                s->wall_d2[at] = s->wall_d2[at - 1u];
                s->walls[at] = s->walls[at - 1u];
                at--;
            }
            s->wall_d2[at] = d2;
            s->walls[at].x0 = (int32_t)bx;
            s->walls[at].y0 = (int32_t)by;
            s->walls[at].x1 = (int32_t)(bx + size);
            s->walls[at].y1 = (int32_t)(by + size);
        }
    }
    return count;
}

/* 6c's lanes: an agent with an agent ahead within its avoidance reach
 * (the bound its neighbours are picked from, not only the nearest few,
 * so a stream sees the other coming before the two meet) that wants to go
 * the other way (their preferred velocities opposed) and whose priority
 * is not below its own (a lower one makes way) aims 30 degrees to the
 * right of its preferred velocity (clockwise on a y-down screen; cos and
 * sin as 111/128 and 64/128, so it may exceed its speed by a thousandth,
 * which the solver's speed limit takes back). Opposed streams in a
 * corridor then sort themselves into two lanes instead of meeting head-on
 * across the whole width, where reciprocal avoidance alone stalls. The
 * answer is whether any such agent exists: the order of the visits
 * cannot change it. */
typedef struct lane_scan {
    const struct ls__crowd_space *sp;
    const ls__avoid_state *self;
    int found;
} lane_scan;

static void lane_visit(void *context, uint32_t j, uint64_t d2)
{
    lane_scan *l = context;
    const ls__avoid_state *st = l->self, *o = &l->sp->state[j];
    const int64_t px = st->pref_vx, py = st->pref_vy;
    const int64_t ax = (int64_t)o->x0 - st->x0, ay = (int64_t)o->y0 - st->y0;
    (void)d2;
    if (ax * px + ay * py > 0 && o->priority >= st->priority &&
        (int64_t)o->pref_vx * px + (int64_t)o->pref_vy * py < 0)
        l->found = 1;
}

static void keep_right(const ls_crowd *c, uint32_t i, const ls__avoid_state *st,
                       uint64_t bound, int32_t *vx, int32_t *vy)
{
    const int64_t px = st->pref_vx, py = st->pref_vy;
    lane_scan l;
    if (px == 0 && py == 0)
        return;
    l.sp = c->space;
    l.self = st;
    l.found = 0;
    ls__space_near(c, i, st->x0, st->y0, &bound, lane_visit, &l);
    if (l.found) {
        *vx = (int32_t)((px * 111 - py * 64) / 128);
        *vy = (int32_t)((py * 111 + px * 64) / 128);
    }
}

/* 6b and 6c for the agents of ranks [begin, end), on worker `worker`. */
static void velocities(void *context, uint32_t worker, uint32_t begin,
                       uint32_t end)
{
    const avoid_job *job = context;
    ls_crowd *c = job->c;
    struct ls__crowd_space *sp = c->space;
    ls__avoid_scratch *s = &sp->scratch[worker];
    const int64_t horizon = c->config.avoid_horizon;
    const int32_t margin = c->config.world.cell_size >> AVOID_MARGIN_SHIFT;
    uint32_t i, k;
    for (i = begin; i < end; i++) {
        ls__avoid_state *st = &sp->state[i];
        const int64_t reach =
            capped((int64_t)st->radius + sp->max_radius +
                   horizon * ((int64_t)st->speed + sp->max_speed));
        uint64_t bound = (uint64_t)(reach * reach);
        ls__avoid_body self;
        uint32_t walls;
        near_pick p;
        int32_t vx = 0, vy = 0, pvx = st->pref_vx, pvy = st->pref_vy;
        p.c = c;
        p.s = s;
        p.self = st;
        p.horizon = horizon;
        p.most = c->config.avoid_neighbours;
        p.count = 0;
        p.bound = &bound;
        /* Lanes first, with the whole bound: the walk it makes is kept
         * (ls__space_near), and the pick below reads it back. */
        keep_right(c, i, st, bound, &pvx, &pvy);
        ls__space_near(c, i, st->x0, st->y0, &bound, pick_near, &p);
        for (k = 0; k < p.count; k++) {
            const ls__avoid_state *o = &sp->state[s->picked[k]];
            s->bodies[k].x = o->x0;
            s->bodies[k].y = o->y0;
            /* Two centres on one point have no direction to part in: the
             * agent of lower id is taken to stand one raw unit west. */
            if (o->x0 == st->x0 && o->y0 == st->y0)
                s->bodies[k].x += s->picked[k] > i ? 1 : -1;
            s->bodies[k].vx = o->vx;
            s->bodies[k].vy = o->vy;
            s->bodies[k].radius = o->radius + margin;
            /* An agent at rest makes way: priority -1 (src/avoid.h). */
            s->bodies[k].priority = o->yields ? -1 : o->priority;
        }
        walls = near_walls(c, job->grid, st, s);
        self.x = st->x0;
        self.y = st->y0;
        self.vx = st->vx;
        self.vy = st->vy;
        self.radius = st->radius + margin;
        self.priority = st->yields ? -1 : st->priority;
        ls__avoid_velocity(&self, pvx, pvy, st->speed,
                           (int32_t)horizon, s->bodies, p.count, s->walls,
                           walls, s->lines, &vx, &vy);
        st->mx = vx;
        st->my = vy;
    }
}

/* 6d: the proposal after `cut` halvings (towards zero on each axis). */
static void propose(ls__avoid_state *st)
{
    int64_t mx = st->mx, my = st->my;
    if (st->cut > AVOID_CUTS) {
        mx = my = 0;
    } else {
        mx /= (int64_t)1 << st->cut;
        my /= (int64_t)1 << st->cut;
    }
    st->px = (int32_t)((int64_t)st->x0 + mx);
    st->py = (int32_t)((int64_t)st->y0 + my);
}

typedef struct pair_check {
    ls__avoid_state *state;
    uint32_t i;
} pair_check;

/* Do the proposals of i and j overlap where their starts did not, or
 * overlap closer than their starts did? Then both are cut. */
static void check_pair(void *context, uint32_t j, uint64_t d2)
{
    pair_check *p = context;
    ls__avoid_state *a = &p->state[p->i], *b = &p->state[j];
    (void)d2;
    if (!ls__space_discs_overlap(a->px, a->py, a->radius, b->px, b->py,
                                 b->radius))
        return;
    if (ls__space_discs_overlap(a->x0, a->y0, a->radius, b->x0, b->y0,
                                b->radius)) {
        const int64_t nx = (int64_t)a->px - b->px, ny = (int64_t)a->py - b->py;
        const int64_t sx = (int64_t)a->x0 - b->x0, sy = (int64_t)a->y0 - b->y0;
        if (nx * nx + ny * ny >= sx * sx + sy * sy)
            return; /* overlapping before, and not closer */
    }
    {
        /* The lower priority gives way while it still has a move to give
         * (the pair's split of 6c again: higher priority yields less);
         * equals, or a lower one already cancelled, are both cut. */
        const int32_t ra = a->yields ? -1 : a->priority;
        const int32_t rb = b->yields ? -1 : b->priority;
        if (ra < rb && a->cut <= AVOID_CUTS) {
            a->conflict = 1;
            return;
        }
        if (rb < ra && b->cut <= AVOID_CUTS) {
            b->conflict = 1;
            return;
        }
    }
    a->conflict = 1;
    b->conflict = 1;
}

/* 6d: rounds until no proposal conflicts. Round 1 checks every agent;
 * later rounds the agents cut in the round before (only their proposals
 * changed, so only they can be in a new conflict), each against every
 * agent it could reach. Each round reads the proposals as they stood at
 * its start, and marks both sides of a conflict: the order in which
 * agents are checked cannot matter. */
static void resolve(ls_crowd *c, const ls_grid *grid)
{
    struct ls__crowd_space *sp = c->space;
    uint32_t n, active = c->count, k;
    for (n = 0; n < c->count; n++) {
        sp->state[n].cut = 0;
        sp->state[n].conflict = 0;
        propose(&sp->state[n]);
        sp->active[n] = n;
    }
    while (active > 0) {
        uint32_t next = 0;
        for (k = 0; k < active; k++) {
            const uint32_t i = sp->active[k];
            ls__avoid_state *st = &sp->state[i];
            const int64_t reach = capped((int64_t)st->radius + sp->max_radius +
                                         st->speed + sp->max_speed);
            uint64_t bound = (uint64_t)(reach * reach);
            pair_check p;
            if (ls__space_wall_conflict(c, grid, st->px, st->py, st->radius,
                                        st->x0, st->y0, 1, NULL))
                st->conflict = 1;
            p.state = sp->state;
            p.i = i;
            if (reach > 0)
                ls__space_near(c, i, st->x0, st->y0, &bound, check_pair, &p);
        }
        for (n = 0; n < c->count; n++) {
            ls__avoid_state *st = &sp->state[n];
            if (!st->conflict)
                continue;
            st->conflict = 0;
            /* A cancelled move conflicts with nobody new: its partner is
             * the one that changes. */
            if (st->cut <= AVOID_CUTS) {
                st->cut++;
                propose(st);
                sp->active[next++] = n;
                c->stats.moves_cut++;
            }
        }
        active = next;
    }
}

/* Is an agent that was ARRIVED at the start of the step, with the same
 * goal, within a quarter cell (gap) of agent i's new position? */
typedef struct arrival_check {
    const ls_crowd *c;
    uint32_t i;
    int found;
} arrival_check;

static void check_arrival(void *context, uint32_t j, uint64_t d2)
{
    arrival_check *p = context;
    const ls__avoid_state *a = &p->c->space->state[p->i];
    const ls__avoid_state *b = &p->c->space->state[j];
    const ls__crowd_agent *ai = agent_of(p->c, p->i), *aj = agent_of(p->c, j);
    const int64_t gap = (int64_t)a->radius + b->radius +
                        p->c->config.world.cell_size / 4;
    const int64_t dx = (int64_t)a->px - b->px, dy = (int64_t)a->py - b->py;
    (void)d2;
    if (!b->was_arrived || aj->goal.x != ai->goal.x ||
        aj->goal.y != ai->goal.y)
        return;
    if (dx <= gap && dx >= -gap && dy <= gap && dy >= -gap &&
        (uint64_t)(dx * dx) + (uint64_t)(dy * dy) <= (uint64_t)(gap * gap))
        p->found = 1;
}

/* 2 when agent i is on its own goal, 1 when it touches an agent that
 * arrived at the same goal, else 0. */
static int arrived(const ls_crowd *c, uint32_t i, const ls__crowd_agent *a)
{
    const ls__avoid_state *st = &c->space->state[i];
    const int64_t quarter = c->config.world.cell_size / 4;
    int64_t close = c->config.world.cell_size / 8, reach;
    fix16_t gx = 0, gy = 0, len = 0;
    uint64_t bound;
    arrival_check p;
    if (ls__world_center(&c->config.world, a->goal.x, a->goal.y, &gx, &gy) !=
            LS_OK ||
        ls__distance((int64_t)gx - st->px, (int64_t)gy - st->py, &len) != LS_OK)
        return 0;
    if (st->radius > close)
        close = st->radius;
    if (len <= close)
        return 2; /* on its own goal */
    /* Both moved at most their speeds from the starts the buckets hold. */
    reach = capped((int64_t)st->radius + c->space->max_radius + quarter +
                   st->speed + c->space->max_speed);
    bound = (uint64_t)(reach * reach);
    p.c = c;
    p.i = i;
    p.found = 0;
    ls__space_near(c, i, st->x0, st->y0, &bound, check_arrival, &p);
    return p.found;
}

/* The dearest cell of the agent's path from waypoint w to waypoint w + 1
 * (the smoothing rule's limit for a shortcut over that stretch). */
static uint8_t dearest_between(const ls_crowd *c, const ls_grid *grid,
                               const ls__crowd_agent *a, uint32_t w)
{
    const ls_point *path = ls__crowd_path(c, a);
    const ls_point *marks = ls__crowd_marks(c, a);
    uint32_t i;
    uint8_t most = 0;
    for (i = (uint32_t)marks[w].x; i <= (uint32_t)marks[w + 1u].x; i++) {
        const uint8_t cost =
            grid->cells[ls__cell_index(grid->stride, path[i].x, path[i].y)];
        if (cost > most)
            most = cost;
    }
    return most;
}

/* 6e for a MOVING agent on a route: it passes its target waypoint when
 * its centre comes within its speed of the waypoint's centre, or when the
 * next waypoint is in sight from the cell it stands in by the smoothing
 * rule (every cell between passable for its clearance, none dearer than
 * the path between the two waypoints): a unit pushed past or around a
 * waypoint by others walks on rather than back against the flow. */
static void progress(const ls_crowd *c, const ls_grid *grid,
                     ls__crowd_agent *a)
{
    const ls_point *ways = ls__crowd_ways(c, a);
    const ls_point cell = ls__crowd_cell(c, a);
    ls_query q;
    ls__crowd_options(c, a->asked_clearance, &q);
    while (a->body.target + 1u < a->way_count) {
        fix16_t tx = 0, ty = 0, len = 0;
        const ls_point w = ways[a->body.target];
        if (ls__world_center(&c->config.world, w.x, w.y, &tx, &ty) == LS_OK &&
            ls__distance((int64_t)tx - a->body.x, (int64_t)ty - a->body.y,
                         &len) == LS_OK &&
            len <= a->body.speed) {
            a->body.target++;
            continue;
        }
        if (!ls__shortcut_passes(grid, cell, ways[a->body.target + 1u],
                                 dearest_between(c, grid, a, a->body.target),
                                 q.clearance))
            return;
        a->body.target++;
    }
}

static void finish_move(ls_crowd *c, const ls_grid *grid, uint32_t i)
{
    ls__crowd_agent *a = agent_of(c, i);
    const ls__avoid_state *st = &c->space->state[i];
    const int64_t dx = (int64_t)st->px - st->x0, dy = (int64_t)st->py - st->y0;
    const int64_t quarter = a->body.speed / 4;
    int reached;
    /* The ls_agent stays a valid one (ls_agent_follow checks it when the
     * agent is handed a route): its current leg begins where it stands. */
    a->body.x = st->px;
    a->body.y = st->py;
    a->body.from_x = st->px;
    a->body.from_y = st->py;
    a->body.travelled = 0;
    a->vx = (int32_t)dx;
    a->vy = (int32_t)dy;
    if (a->state != LS_CROWD_MOVING) {
        a->stuck = 0;
        return;
    }
    if (a->field == LS__CROWD_NONE)
        progress(c, grid, a);
    if ((reached = arrived(c, i, a)) != 0) {
        a->stuck = 0;

        a->body.state = LS_AGENT_ARRIVED;
        if (a->field != LS__CROWD_NONE) {
            a->body.count = 1; /* its route: the goal */
            a->body.target = 0;
            ls__crowd_field_leave(c, a);
        } else {
            a->body.count = a->way_count;
            a->body.target = a->way_count - 1u;
        }
        ls__crowd_settle(c, a, LS_CROWD_ARRIVED);
        a->holds = reached == 2;
        return;
    }
    if (dx * dx + dy * dy >= quarter * quarter) {
        a->stuck = 0;
        return;
    }
    a->stuck++;
    /* On a field the next step is always the field's: only an agent on a
     * route has another route to ask for. */
    if (a->field == LS__CROWD_NONE && c->config.stuck_ticks > 0 &&
        a->stuck >= c->config.stuck_ticks) {
        a->stuck = 0;
        c->stats.stuck++;
        ls__crowd_ask(c, a);
    }
}

/* The priority an agent avoids with: its own, raised by AVOID_WAIT_RAISE
 * for each tick it has been stuck (the count ls_crowd_agent.stuck shows),
 * up to LS_CROWD_MAX_PRIORITY. A unit of low priority in a dense crowd
 * would otherwise give way to every neighbour forever; waiting makes it
 * count for more until it moves again, and a higher priority still yields
 * less among agents that waited alike. */
static int32_t waiting_priority(const ls__crowd_agent *a)
{
    const uint32_t room = (uint32_t)(LS_CROWD_MAX_PRIORITY - a->priority);
    return a->stuck > room / AVOID_WAIT_RAISE
               ? LS_CROWD_MAX_PRIORITY
               : a->priority + (int32_t)(a->stuck * AVOID_WAIT_RAISE);
}

ls_status ls__crowd_avoid_move(ls_crowd *c, const ls_grid *grid)
{
    struct ls__crowd_space *sp = c->space;
    avoid_job job;
    uint32_t n;
    ls__crowd_phase(c, LS_CROWD_PHASE_AVOID);
    for (n = 0; n < c->count; n++) {
        ls__crowd_agent *a = agent_of(c, n);
        ls__avoid_state *st = &sp->state[n];
        st->x0 = a->body.x;
        st->y0 = a->body.y;
        st->radius = a->radius;
        st->speed = a->body.speed;
        st->priority = waiting_priority(a);
        st->was_arrived = a->state == LS_CROWD_ARRIVED;
        preferred(c, a, &st->pref_vx, &st->pref_vy);
        st->vx = a->vx;
        st->vy = a->vy;
        st->yields = a->state != LS_CROWD_MOVING && st->pref_vx == 0 &&
                     st->pref_vy == 0;
    }
    ls__space_build(c);
    job.c = c;
    job.grid = grid;
    ls__batch_for(c->batch, c->count, AVOID_GRAIN, velocities, &job);
    resolve(c, grid);
    ls__crowd_phase(c, LS_CROWD_PHASE_MOVE);
    for (n = 0; n < c->count; n++)
        finish_move(c, grid, n);
    return LS_OK;
}
