/* SPDX-License-Identifier: MIT */
/*
 * avoid.c - ORCA in integers (src/avoid.h has the rules; docs/avoidance.md
 * the method). Written from the paper's mathematics: the half-planes of
 * the truncated velocity obstacles, then the incremental linear programs
 * (one on a line, two in the plane, three for the least violation).
 *
 * Scales and bounds, which every product below is checked against:
 *   raw  - velocities and line points, raw fix16 per tick;
 *   Q20  - unit directions, length 2^20 (components <= 2^20 + 2);
 *   inputs saturated: offsets |dx|,|dy| <= 2^26, velocity components and
 *   max_speed <= 2^24, radii <= 2^22 (so R = ri + rj <= 2^23).
 * Line points stay below 2^28.6 for agents (|v_i| + |u|, u <= 2^27.6) and
 * below 2^30 for LP3's projected lines (|t| <= 2^29 added to a point), so
 * a point times a Q20 direction is below 2^51 and a squared point below
 * 2^60. Every int64 product is commented with its bound; divisions are
 * C99's (truncating toward zero) by values proved non-zero.
 */
#include "avoid.h"
#include "bits.h"
#include "isqrt.h"

#define Q 20
#define ONE ((int64_t)1 << Q)
#define VLIM ((int64_t)1 << 24)   /* velocity components, max_speed */
#define PLIM ((int64_t)1 << 26)   /* offsets of neighbours and boxes */
#define RLIM ((int64_t)0x400000)  /* radius: 64.0 */
#define TLIM ((int64_t)1 << 29)   /* LP3: farther intersections = parallel */
#define TINF ((int64_t)1 << 40)   /* a "t" beyond every relevant range */
#define MARGIN 4                  /* raw, added to r_i + r_j (see below) */

typedef struct vw {
    const ls__avoid_line *a; /* lines 0 .. na-1 */
    uint32_t na;
    const ls__avoid_line *b; /* lines na .. */
} vw;

static const ls__avoid_line *line_at(const vw *v, uint32_t i)
{
    return i < v->na ? &v->a[i] : &v->b[i - v->na];
}

static int64_t sat(int64_t v, int64_t lim)
{
    return v > lim ? lim : v < -lim ? -lim : v;
}

static int64_t det(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return ax * by - ay * bx;
}

/* Bit length of n (0 for 0): the highest set bit's index plus one, by
 * the processor's bit scan where there is one (bits.h; exact either way). */
static int bitlen(uint64_t n)
{
    return n == 0 ? 0 : (int)ls__highest_bit(n) + 1;
}

/*
 * The unit vector of (x, y) in Q20 (*ux, *uy) and its length, floor, raw.
 * |x|, |y| < 2^62, not both 0. The larger magnitude is shifted to
 * [2^30, 2^31) first (left exactly, or right dropping low bits), so the
 * square root is taken to 30 bits whatever the size: X^2 + Y^2 < 2^63
 * fits uint64; X * 2^20 < 2^51. When the shift was to the left, the
 * length returned is exactly floor(sqrt(x^2 + y^2)) (the floor of a floor
 * divided by 2^s is the floor of the quotient).
 */
static int64_t unit_of(int64_t x, int64_t y, int64_t *ux, int64_t *uy)
{
    uint64_t ax = (uint64_t)(x < 0 ? -x : x), ay = (uint64_t)(y < 0 ? -y : y);
    const int bl = bitlen(ax > ay ? ax : ay);
    uint64_t len, inv, X, Y;
    int64_t qx, qy, length;

    if (bl <= 31) {
        X = ax << (31 - bl);
        Y = ay << (31 - bl);
    } else {
        X = ax >> (bl - 31);
        Y = ay >> (bl - 31);
    }
    len = ls__isqrt_floor(X * X + Y * Y);   /* >= 2^30 */
    /* One division: inv = floor(2^61 / len) <= 2^31, X * inv < 2^62; the
     * components come out rounded down (by at most a unit of Q20). */
    inv = ((uint64_t)1 << 61) / len;
    qx = (int64_t)((X * inv) >> 41);
    qy = (int64_t)((Y * inv) >> 41);
    *ux = x < 0 ? -qx : qx;
    *uy = y < 0 ? -qy : qy;
    length = bl <= 31 ? (int64_t)(len >> (31 - bl))
                      : (int64_t)(len << (bl - 31));
    return length;
}

/* num * 2^20 / den truncated toward zero, or +-TINF when beyond 2^40:
 * q * 2^20 <= 2^40 and |num % den| * 2^20 < |den| * 2^20 <= 2^61 (den is
 * a determinant of two Q20 units, below 2^41). den != 0. */
static int64_t divq(int64_t num, int64_t den)
{
    const int64_t q = num / den, r = num % den;
    if (q >= ((int64_t)1 << 20) || q <= -((int64_t)1 << 20))
        return (q > 0) ? TINF : -TINF;
    return q * ONE + r * ONE / den;
}

/*
 * LP1: the best point on line `no` within the disc of radius ms and the
 * half-planes of the lines before it. dir_opt: maximise along the unit
 * (Q20) direction opt; else the point nearest opt. 0 when empty.
 */
static int lp1(const vw *v, uint32_t no, int64_t ms, int64_t optx,
               int64_t opty, int dir_opt, int64_t *rx, int64_t *ry)
{
    const ls__avoid_line *l = line_at(v, no);
    /* |p| < 2^30, |d| <= 2^20 + 2: products < 2^51. */
    const int64_t dot = (l->px * l->dx + l->py * l->dy) / ONE;
    /* dot^2 <= |p|^2 < 2^60, ms^2 <= 2^48: the sum fits. */
    const int64_t disc = dot * dot + ms * ms - (l->px * l->px + l->py * l->py);
    int64_t sq, tl, tr, t;
    uint32_t i;

    if (disc < 0)
        return 0;      /* the speed disc lies wholly outside the line */
    /* floor: the interval shrinks, keeping |result| <= ms up to rounding */
    sq = (int64_t)ls__isqrt_floor((uint64_t)disc);
    tl = -dot - sq;
    tr = -dot + sq;
    for (i = 0; i < no; i++) {
        const ls__avoid_line *m = line_at(v, i);
        /* Q20 x Q20: < 2^41.  Q20 x (points' difference < 2^31): < 2^52. */
        const int64_t den = det(l->dx, l->dy, m->dx, m->dy);
        const int64_t num = det(m->dx, m->dy, l->px - m->px, l->py - m->py);
        /* On line no, p + t d: line i holds iff num - t * den >= 0. */
        if (den == 0) {
            if (num < 0)
                return 0;
            continue;
        }
        t = divq(num, den);
        if (den > 0) {
            if (t < tr)
                tr = t;
        } else if (t > tl) {
            tl = t;
        }
        if (tl > tr)
            return 0;
    }
    if (dir_opt) {
        t = (optx * l->dx + opty * l->dy > 0) ? tr : tl;
    } else {
        /* (opt - p) < 2^31 times Q20: < 2^52. */
        t = ((optx - l->px) * l->dx + (opty - l->py) * l->dy) / ONE;
        t = t < tl ? tl : t > tr ? tr : t;
    }
    /* |t| <= |dot| + sq < 2^31: t * d < 2^52. */
    *rx = l->px + t * l->dx / ONE;
    *ry = l->py + t * l->dy / ONE;
    return 1;
}

/* The largest (x, y) * k / len within the disc: components truncated
 * toward zero after scaling by ms / ceil(|(x, y)|), then each grown by one
 * raw unit away from zero while x^2 + y^2 <= ms^2 still holds. |x|, |y| <
 * 2^31, ms <= 2^24: x * ms < 2^55. */
static void clamp_disc(int64_t *x, int64_t *y, int64_t ms)
{
    const int64_t ms2 = ms * ms;
    int64_t cx = *x, cy = *y, sx, sy;
    uint64_t len;

    if (cx * cx + cy * cy <= ms2)
        return;
    len = ls__isqrt_ceil((uint64_t)(cx * cx + cy * cy)); /* > ms >= 1 */
    cx = cx * ms / (int64_t)len;
    cy = cy * ms / (int64_t)len;
    sx = *x > 0 ? 1 : *x < 0 ? -1 : 0;
    sy = *y > 0 ? 1 : *y < 0 ? -1 : 0;
    if ((cx + sx) * (cx + sx) + (cy + sy) * (cy + sy) <= ms2) {
        cx += sx;
        cy += sy;
    } else if ((cx + sx) * (cx + sx) + cy * cy <= ms2) {
        cx += sx;
    } else if (cx * cx + (cy + sy) * (cy + sy) <= ms2) {
        cy += sy;
    }
    *x = cx;
    *y = cy;
}

/* LP2: the velocity nearest opt (or farthest along the direction opt)
 * inside the disc and lines 0 .. n-1 in order. Returns n, or the index of
 * the line where it became empty (*r then the best for the lines before). */
static uint32_t lp2(const vw *v, uint32_t n, int64_t ms, int64_t optx,
                    int64_t opty, int dir_opt, int64_t *rx, int64_t *ry)
{
    uint32_t i;

    if (dir_opt) {
        *rx = optx * ms / ONE;          /* 2^20 x 2^24 */
        *ry = opty * ms / ONE;
    } else {
        *rx = optx;
        *ry = opty;
        clamp_disc(rx, ry, ms);
    }
    for (i = 0; i < n; i++) {
        const ls__avoid_line *l = line_at(v, i);
        /* Q20 x (r - p < 2^31): < 2^52. Violated when det < 0. */
        if (det(l->dx, l->dy, *rx - l->px, *ry - l->py) < 0) {
            const int64_t sx = *rx, sy = *ry;
            if (!lp1(v, i, ms, optx, opty, dir_opt, rx, ry)) {
                *rx = sx;
                *ry = sy;
                return i;
            }
        }
    }
    return n;
}

/*
 * LP3: lines 0 .. nw-1 are walls (kept), nw .. n-1 agents. From line
 * `begin` on, wherever the current velocity violates an agent line by more
 * than the largest violation so far, solve the 2D problem of the walls
 * and the bisectors between that line and each earlier agent line,
 * maximising the distance into the line's permitted side.
 */
static void lp3(const ls__avoid_line *lines, uint32_t nw, uint32_t n,
                uint32_t begin, int64_t ms, int64_t *rx, int64_t *ry)
{
    ls__avoid_line proj[LS__AVOID_MAX_NEAR];
    int64_t dist = 0;
    uint32_t i, j;

    for (i = begin < nw ? nw : begin; i < n; i++) {
        const ls__avoid_line *li = &lines[i];
        uint32_t m = 0;
        vw view;
        int64_t tx, ty;

        if (det(li->dx, li->dy, li->px - *rx, li->py - *ry) <= dist)
            continue;
        for (j = nw; j < i; j++) {
            const ls__avoid_line *lj = &lines[j];
            ls__avoid_line *pl = &proj[m];
            const int64_t den = det(li->dx, li->dy, lj->dx, lj->dy);
            int64_t t = TINF;

            if (den != 0)
                t = divq(det(lj->dx, lj->dy, li->px - lj->px, li->py - lj->py),
                         den);
            if (t >= TLIM || t <= -TLIM) {
                /* Parallel, or meeting beyond any velocity: same sense,
                 * line j is implied (or implies) - no bisector; opposite,
                 * the line halfway between. */
                if (li->dx * lj->dx + li->dy * lj->dy > 0)
                    continue;
                pl->px = (li->px + lj->px) / 2;
                pl->py = (li->py + lj->py) / 2;
            } else {
                /* |t| < 2^29: points stay below 2^30. */
                pl->px = li->px + t * li->dx / ONE;
                pl->py = li->py + t * li->dy / ONE;
            }
            if (lj->dx == li->dx && lj->dy == li->dy)
                continue;     /* cannot happen past the tests above */
            (void)unit_of(lj->dx - li->dx, lj->dy - li->dy, &pl->dx, &pl->dy);
            m++;
        }
        view.a = lines;
        view.na = nw;
        view.b = proj;
        tx = *rx;
        ty = *ry;
        if (lp2(&view, nw + m, ms, -li->dy, li->dx, 1, &tx, &ty) == nw + m) {
            *rx = tx;
            *ry = ty;
        }
        dist = det(li->dx, li->dy, li->px - *rx, li->py - *ry);
    }
}

/*
 * Is w on the cut-off disc's side of the obstacle: (w.p)^2 > R^2 |w|^2,
 * a = -w.p > 0, w2 = |w|^2 < 2^55? Without a square root: q = a / R
 * (floor); q >= 2^28 exceeds every |w|; else q^2 > w2 says a / R > |w|.
 * (Within one raw unit of the boundary it answers "legs"; both sides give
 * the same half-plane there.)
 */
static int cutoff_side(int64_t a, int64_t r, int64_t w2)
{
    int64_t q;
    if (r == 0)
        return 1;
    q = a / r;
    return q >= ((int64_t)1 << 28) || q * q > w2;
}

/* (x, y) / len in Q20, for |(x, y)| <= len (the legs, where it is close
 * to len): magnitudes shifted together so that len is in [2^41, 2^42)
 * (|x|, |y| <= len stay below 2^42), then one division, inv = floor(2^62
 * / len) <= 2^21, and |x| * inv < 2^63; components rounded toward zero. */
static void scaled_unit(int64_t x, int64_t y, int64_t len, int64_t *ux,
                        int64_t *uy)
{
    uint64_t ax = (uint64_t)(x < 0 ? -x : x), ay = (uint64_t)(y < 0 ? -y : y);
    uint64_t l = (uint64_t)len, inv;
    const int s = bitlen(l) - 42;
    if (s > 0) {
        ax >>= s;
        ay >>= s;
        l >>= s;
    } else if (s < 0) {
        ax <<= -s;
        ay <<= -s;
        l <<= -s;
    }
    inv = ((uint64_t)1 << 62) / l;
    ax = (ax * inv) >> 42;
    ay = (ay * inv) >> 42;
    *ux = x < 0 ? -(int64_t)ax : (int64_t)ax;
    *uy = y < 0 ? -(int64_t)ay : (int64_t)ay;
}

/*
 * Division by the horizon (1 .. 1024) without a division per neighbour:
 * for 0 <= n < 2^27, floor(n / d) = (n m) >> (27 + l), l = bitlen(d), m =
 * ceil(2^(27+l) / d) <= 2^28 (Granlund and Montgomery, "Division by
 * invariant integers using multiplication", 1994: it holds because 0 <=
 * m d - 2^(27+l) < d < 2^l). n m < 2^56. Signs apart: the quotient is
 * truncated toward zero exactly as C's division.
 */
typedef struct tdiv {
    uint64_t m;
    int sh;
} tdiv;

static tdiv tdiv_of(int64_t d)
{
    tdiv t;
    t.sh = 27 + bitlen((uint64_t)d);
    t.m = (((uint64_t)1 << t.sh) + (uint64_t)d - 1) / (uint64_t)d;
    return t;
}

static int64_t tdiv_q(const tdiv *t, int64_t n)      /* |n| < 2^27 */
{
    const uint64_t a = (uint64_t)(n < 0 ? -n : n);
    const int64_t q = (int64_t)((a * t->m) >> t->sh);
    return n < 0 ? -q : q;
}

/* 0 .. hi for radii and priorities. */
static int64_t clamp0(int32_t v, int64_t hi)
{
    return v < 0 ? 0 : (int64_t)v > hi ? hi : (int64_t)v;
}

/*
 * ORCA's half-plane of self against neighbour o. p = o's offset, rv =
 * v_self - v_o, R = both radii. Outside each other (|p| > R): w = rv -
 * p / horizon; w near the cut-off disc's centre side (w.p < 0 and
 * (w.p)^2 > R^2 |w|^2, tested as -w.p > R * floor|w|) gives the cut-off
 * disc's normal, otherwise the leg on w's side. Overlapping: the one-tick
 * obstacle, w = rv - p. u is the smallest change of rv out of the obstacle;
 * the line goes through v_self + u * share with the obstacle's boundary
 * direction.
 */
/* Self's inputs as every neighbour's line takes them (saturated and
 * clamped once per call rather than once per neighbour). */
typedef struct self_in {
    int64_t x, y;          /* position, as given */
    int64_t vx, vy;        /* velocity, saturated to VLIM */
    int64_t radius;        /* 0 .. RLIM */
    int64_t priority;      /* -1 .. 99 */
} self_in;

static void agent_line(const self_in *s, const ls__avoid_body *o,
                       int64_t horizon, const tdiv *by_h, ls__avoid_line *l)
{
    const int64_t px = sat((int64_t)o->x - s->x, PLIM);
    const int64_t py = sat((int64_t)o->y - s->y, PLIM);
    const int64_t svx = s->vx, svy = s->vy;
    const int64_t rvx = svx - sat(o->vx, VLIM);          /* <= 2^25 */
    const int64_t rvy = svy - sat(o->vy, VLIM);
    /* Both radii and MARGIN raw units: the roundings below (each under a
     * raw unit or two) then never let the discs themselves touch. */
    const int64_t r = s->radius + clamp0(o->radius, RLIM) + MARGIN;
    const int64_t dist2 = px * px + py * py;             /* <= 2^53 */
    /* Priorities -1 .. 99: -1 is an agent that makes way (the crowd's
     * agents at rest, docs/avoidance.md): it takes the whole of the
     * avoidance against any other, two of them share it evenly. */
    int64_t pi = s->priority;
    int64_t pj = o->priority < -1 ? -1 : o->priority > 99 ? 99 : o->priority;
    if (pi < 0 && pj < 0)
        pi = pj = 0;
    int64_t dx, dy, ux, uy, wx, wy, wlen;

    if (dist2 > r * r) {
        int64_t dot1;
        wx = rvx - tdiv_q(by_h, px);                     /* < 2^26.6 */
        wy = rvy - tdiv_q(by_h, py);
        dot1 = wx * px + wy * py;                        /* < 2^54 */
        if (dot1 < 0 && cutoff_side(-dot1, r, wx * wx + wy * wy)) {
            int64_t nx, ny;
            wlen = unit_of(wx, wy, &nx, &ny);            /* w != 0 */
            /* Exactly collinear w and p with the relative velocity
             * inside the obstacle (|w| < R / horizon): the cut-off disc's
             * normal has no side to it and a head-on pair would only
             * brake, forever; the leg below turns both to their right. */
            if (!(det(px, py, wx, wy) == 0 && wlen * horizon < r)) {
                /* Cut-off disc: centre p / horizon, radius R / horizon. */
                const int64_t ulen = tdiv_q(by_h, r) - wlen;  /* r < 2^24 */
                l->dx = ny;
                l->dy = -nx;
                ux = ulen * nx / ONE;                    /* 2^27 x 2^20 */
                uy = ulen * ny / ONE;
                goto done;
            }
        }
        {
            /* The legs: p rotated by +-asin(R/|p|), leg = sqrt(|p|^2 -
             * R^2); products <= 2^26.5 x 2^26.5. The rotated vector's
             * length is |p| sqrt(leg^2 + R^2), |p|^2 but for leg's
             * rounding (relative error under 1/|p|): dividing by |p|^2
             * makes it a unit without a second square root. Collinear w
             * and p (det == 0) take the leg that turns self to its right
             * on a y-down screen (see avoid.h). */
            const int64_t leg = (int64_t)ls__isqrt_floor((uint64_t)(dist2 - r * r));
            int64_t dot2;
            if (det(px, py, wx, wy) >= 0)
                scaled_unit(px * leg - py * r, px * r + py * leg, dist2, &dx, &dy);
            else
                scaled_unit(-(px * leg + py * r), px * r - py * leg, dist2, &dx, &dy);
            dot2 = (rvx * dx + rvy * dy) / ONE;          /* 2^25.5 x 2^20 */
            l->dx = dx;
            l->dy = dy;
            ux = dot2 * dx / ONE - rvx;
            uy = dot2 * dy / ONE - rvy;
        }
    } else {
        /* Already overlapping: the obstacle of one tick, w = rv - p. */
        int64_t nx, ny;
        wx = rvx - px;
        wy = rvy - py;
        if (wx != 0 || wy != 0) {
            wlen = unit_of(wx, wy, &nx, &ny);
        } else {
            /* rv == p: push straight apart; same place and velocity: a
             * fixed direction (nothing tells the two apart). */
            wlen = 0;
            if (px != 0 || py != 0) {
                (void)unit_of(-px, -py, &nx, &ny);
            } else {
                nx = ONE;
                ny = 0;
            }
        }
        l->dx = ny;
        l->dy = -nx;
        ux = (r - wlen) * nx / ONE;                      /* 2^27 x 2^20 */
        uy = (r - wlen) * ny / ONE;
    }
done:
    /* The share of u self takes: (P_j + 1) / (P_i + P_j + 2) when the
     * relative velocity is inside the obstacle (u leads out of it: the
     * avoidance, where a higher priority does less); (P_i + 1) / (P_i + P_j
     * + 2) when it is outside (det(d, u) <= 0: v_self itself is allowed,
     * u leads to the obstacle's edge and measures the free margin, where
     * a higher priority may use more of it). The other agent sees the same
     * case and takes the rest: the shares add up to 1 either way, which
     * keeps the pair safe; equal priorities take 1/2 as in the paper.
     * The share is rounded down to Q16 (so the pair's two add up to 1 or
     * a little less: safe), u * share then truncated toward zero; equal
     * priorities give exactly u / 2. Q20 x u < 2^48; u x 2^16 < 2^44. */
    {
        const int32_t mine = (int32_t)(det(l->dx, l->dy, ux, uy) <= 0 ? pi : pj);
        const int64_t share = (int64_t)((mine + 1) * 65536 / (int32_t)(pi + pj + 2));
        l->px = svx + ux * share / 65536;
        l->py = svy + uy * share / 65536;
    }
}

/* Squared distance from (x, y) to the box (offsets < 2^27: < 2^55). */
static int64_t box_dist2(const ls__avoid_box *b, int64_t x, int64_t y)
{
    const int64_t x0 = b->x0 < b->x1 ? b->x0 : b->x1;
    const int64_t x1 = b->x0 < b->x1 ? b->x1 : b->x0;
    const int64_t y0 = b->y0 < b->y1 ? b->y0 : b->y1;
    const int64_t y1 = b->y0 < b->y1 ? b->y1 : b->y0;
    const int64_t dx = sat((x < x0 ? x0 : x > x1 ? x1 : x) - x, PLIM);
    const int64_t dy = sat((y < y0 ? y0 : y > y1 ? y1 : y) - y, PLIM);
    return dx * dx + dy * dy;
}

/* The wall half-plane n.v <= c as a line: point c * n, direction n
 * turned so that det(d, v - p) = c - n.v. 0 (no line) when the box is out
 * of reach this tick: floor(d) - radius - 2 >= ms, so every |v| <= ms
 * keeps it (tested exactly: d^2 >= (radius + ms + 3)^2 < 2^50). */
static int wall_line(const ls__avoid_body *s, const ls__avoid_box *b,
                     int64_t ms, ls__avoid_line *l)
{
    const int64_t x0 = b->x0 < b->x1 ? b->x0 : b->x1;
    const int64_t x1 = b->x0 < b->x1 ? b->x1 : b->x0;
    const int64_t y0 = b->y0 < b->y1 ? b->y0 : b->y1;
    const int64_t y1 = b->y0 < b->y1 ? b->y1 : b->y0;
    const int64_t x = s->x, y = s->y, r = clamp0(s->radius, RLIM);
    const int64_t qx = sat((x < x0 ? x0 : x > x1 ? x1 : x) - x, PLIM);
    const int64_t qy = sat((y < y0 ? y0 : y > y1 ? y1 : y) - y, PLIM);
    const int64_t d2 = qx * qx + qy * qy;                /* < 2^53 */
    int64_t nx, ny, d, c = 0;

    if (d2 >= (r + ms + 3) * (r + ms + 3))
        return 0;
    if (qx == 0 && qy == 0) {
        /* Centre inside: do not go deeper than the nearest face. */
        int64_t best = x - x0;
        nx = ONE;
        ny = 0;
        if (x1 - x < best) { best = x1 - x; nx = -ONE; ny = 0; }
        if (y - y0 < best) { best = y - y0; nx = 0; ny = ONE; }
        if (y1 - y < best) { nx = 0; ny = -ONE; }
    } else {
        /* Beside a face the normal is an axis and d exact; only a corner
         * needs the square root (unit_of's length is the exact floor). */
        if (qx == 0) {
            nx = 0;
            ny = qy < 0 ? -ONE : ONE;
            d = qy < 0 ? -qy : qy;
        } else if (qy == 0) {
            nx = qx < 0 ? -ONE : ONE;
            ny = 0;
            d = qx < 0 ? -qx : qx;
        } else {
            d = unit_of(qx, qy, &nx, &ny);
        }
        /* Two raw units spare cover the rounding of n and of the point;
         * the exact check at the end covers the rest. */
        if (d2 >= r * r && d - r > 2)
            c = d - r - 2;
    }
    l->px = c * nx / ONE;                            /* 2^26 x 2^20 */
    l->py = c * ny / ONE;
    l->dx = -ny;
    l->dy = nx;
    return 1;
}

void ls__avoid_velocity(const ls__avoid_body *self, int32_t pref_vx,
                        int32_t pref_vy, int32_t max_speed, int32_t horizon,
                        const ls__avoid_body *others, uint32_t near_count,
                        const ls__avoid_box *walls, uint32_t wall_count,
                        ls__avoid_line *scratch, int32_t *vx, int32_t *vy)
{
    const int64_t ms = max_speed <= 0 ? 0 : max_speed > VLIM ? VLIM : max_speed;
    const int64_t tau = horizon < 1 ? 1 : horizon > 1024 ? 1024 : horizon;
    const uint32_t nn = near_count < LS__AVOID_MAX_NEAR ? near_count
                                                        : LS__AVOID_MAX_NEAR;
    uint32_t n, nw = 0;   /* lines in all; wall lines (boxes in reach) */
    int64_t rx, ry, ox, oy;
    uint32_t i, fail;
    int k;
    vw view;
    self_in si;
    const tdiv by_h = tdiv_of(tau);

    *vx = 0;
    *vy = 0;
    if (ms == 0)
        return;
    for (i = 0; i < wall_count; i++)
        nw += (uint32_t)wall_line(self, &walls[i], ms, &scratch[nw]);
    si.x = self->x;
    si.y = self->y;
    si.vx = sat(self->vx, VLIM);
    si.vy = sat(self->vy, VLIM);
    si.radius = clamp0(self->radius, RLIM);
    si.priority = self->priority < -1 ? -1
                  : self->priority > 99 ? 99 : self->priority;
    for (i = 0; i < nn; i++)
        agent_line(&si, &others[i], tau, &by_h, &scratch[nw + i]);
    n = nw + nn;
    view.a = scratch;
    view.na = n;
    view.b = scratch;
    ox = sat(pref_vx, 2 * VLIM);
    oy = sat(pref_vy, 2 * VLIM);
    for (i = nw; i < n; i++) {
        const ls__avoid_line *l = &scratch[i];
        if (det(l->dx, l->dy, ox - l->px, oy - l->py) < 0) {
            /* Keep right: pref itself collides with this (the nearest
             * such) neighbour, so aim a little to the right of it
             * (clockwise on a y-down screen) by tan = share / 4, share
             * self's part of that pair's avoidance (1/8 for equals; a
             * priority 99 facing a 0 turns by 1/404). Symmetric jams (a
             * circle of agents all heading for its centre) otherwise
             * balance every sideways push to zero. Not behind a
             * neighbour that already moves along pref (within about 26
             * degrees of it: along / 2 > |across|): a queue that all
             * turned one way would pile its members on that side of a
             * gate, whose far side then stands empty. |o| < 2^26: o * 100,
             * and the products with a velocity stay below 2^58. */
            const ls__avoid_body *o = &others[i - nw];
            const int64_t num = clamp0(o->priority, 99) + 1;
            const int64_t den = 4 * (clamp0(self->priority, 99) + num + 1);
            const int64_t along = (int64_t)o->vx * ox + (int64_t)o->vy * oy;
            const int64_t across = det(ox, oy, o->vx, o->vy);
            const int64_t turn =
                !(along > 0 && along / 2 > (across < 0 ? -across : across));
            const int64_t tx = ox - turn * (oy * num / den),
                          ty = oy + turn * (ox * num / den);
            ox = tx;
            oy = ty;
            break;
        }
    }
    fail = lp2(&view, n, ms, ox, oy, 0, &rx, &ry);
    if (fail < n) {
        if (fail < nw)
            return;        /* walls alone empty: only through rounding */
        lp3(scratch, nw, n, fail, ms, &rx, &ry);
    }
    clamp_disc(&rx, &ry, ms);
    /* Exact wall check on the integers: shrink v by k/16 until the moved
     * disc overlaps no box it did not (and comes no closer to one it did). */
    for (k = 16; k > 0; k--) {
        const int64_t tx = rx * k / 16, ty = ry * k / 16;
        const int64_t r = clamp0(self->radius, RLIM);
        int ok = 1;
        for (i = 0; i < wall_count && ok; i++) {
            const int64_t after = box_dist2(&walls[i], self->x + tx, self->y + ty);
            if (after < r * r && after < box_dist2(&walls[i], self->x, self->y))
                ok = 0;
        }
        if (ok) {
            *vx = (int32_t)tx;
            *vy = (int32_t)ty;
            return;
        }
    }
}
