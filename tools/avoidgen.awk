# SPDX-License-Identifier: MIT
# avoidgen.awk - writes the avoidance scenarios of issue 22 (replay script
# version 3: agents with a radius and a priority, `avoidance on|off`):
#
#   the liveness families at full size (tests/data/avoid/, run by
#   tests/avoid-liveness.sh with `lockstar replay --check`):
#     awk -v what=family -v name=NAME -f tools/avoidgen.awk > NAME.replay
#     awk -v what=famap  -v name=NAME -f tools/avoidgen.awk > NAME.map
#   NAME: circle (100 agents to their antipodes), crossing (two groups of
#   50 at right angles), corridor (20 + 20 swapping ends through a corridor
#   3 cells wide), gate (500 units through a gate 4 cells wide);
#
#   the golden avoidance vectors (vectors/avoid/, tests/avoid-vectors.sh):
#     awk -v what=map    -v n=I -f tools/avoidgen.awk > aI.map
#     awk -v what=script -v n=I -f tools/avoidgen.awk > aI.replay
#   script I is of kind int(I / 20) (the list in KINDS below): the four
#   families small (4 to 40 agents, maps 16x16 to 64x48), radii 0 to 2.5
#   cells through doors and corridors of several widths (sized paths),
#   priorities, head-on pairs, random walls, edits under moving units
#   (some blocking a path or a cell under a disc), avoidance switched on
#   and off mid-run, group orders, budgets 0, 1, 7, 60 and 1000, cell
#   sizes, packed starts. Every script has its own map.
#
# (tools/avoidgen.sh writes them all and records the vectors' outputs.)
# Deterministic on every awk: the only randomness is the Park-Miller
# generator below (products below 2^46, exact in awk's doubles), seeded
# from I or the family; the circles use a Taylor series of our own rather
# than the awk's sin and cos (libm's last bits differ between C libraries,
# and a point rounded at .5 would move): mawk, gawk and gawk --posix
# write the same bytes (busybox's awk, built without sqrt, cannot run it).
# The files are inputs, committed.
function rnd(k) { seed = (seed * 16807) % 2147483647; return seed % k }
function pick(list,   parts, m) { m = split(list, parts, " "); return parts[1 + rnd(m)] }
function abs(v) { return v < 0 ? -v : v }
function max(a, b) { return a > b ? a : b }
function min(a, b) { return a < b ? a : b }
# round half away from zero (the same on every awk: int() truncates)
function iround(v) { return v < 0 ? -int(-v + 0.5) : int(v + 0.5) }
# A decimal for the script: at most 4 decimals, no trailing zeros.
function fmt(v,   s) {
    s = sprintf("%.4f", v)
    sub(/0+$/, "", s); sub(/\.$/, "", s)
    return s
}
# cos and sin of a in [0, 2 pi) by their series after folding into
# [-pi, pi]: fixed operations in a fixed order, so every IEEE awk agrees.
function tcos(a,   t, s, k) {
    if (a > PI) a -= 2 * PI
    t = 1; s = 1
    for (k = 1; k <= 24; k++) { t = -t * a * a / ((2 * k - 1) * (2 * k)); s += t }
    return s
}
function tsin(a) { return tcos(a - PI / 2 + (a < PI / 2 ? 2 * PI : 0)) }

# ------------------------------------------------------------------ maps
function map_new(w, h,   x, y) {
    W = w; H = h
    for (y = 0; y < H; y++) for (x = 0; x < W; x++) cell[x, y] = "."
}
function block(x0, y0, w, h, c,   x, y) {
    for (y = y0; y < y0 + h; y++)
        for (x = x0; x < x0 + w; x++)
            if (x >= 0 && y >= 0 && x < W && y < H) cell[x, y] = c
}
function open_at(x, y) { return x >= 0 && y >= 0 && x < W && y < H && cell[x, y] != "@" && cell[x, y] != "T" }
function print_map(   x, y, line) {
    print "type octile"; print "height " H; print "width " W; print "map"
    for (y = 0; y < H; y++) {
        line = ""
        for (x = 0; x < W; x++) line = line cell[x, y]
        print line
    }
}
# Does a disc of radius r (cells) centred on cell x,y's centre stay off
# every blocked cell and inside the grid, with a margin (so that the
# fix16 rounding of the radius never decides)?
function disc_fits(x, y, r,   cx, cy, bx, by, dx, dy, m) {
    if (!open_at(x, y)) return 0
    cx = x + 0.5; cy = y + 0.5; m = r + 0.01
    if (cx - m < 0 || cy - m < 0 || cx + m > W || cy + m > H) return 0
    for (by = int(cy - m) - 1; by <= int(cy + m) + 1; by++)
        for (bx = int(cx - m) - 1; bx <= int(cx + m) + 1; bx++) {
            if (bx < 0 || by < 0 || bx >= W || by >= H || open_at(bx, by)) continue
            dx = cx < bx ? bx - cx : (cx > bx + 1 ? cx - bx - 1 : 0)
            dy = cy < by ? by - cy : (cy > by + 1 ? cy - by - 1 : 0)
            if (dx * dx + dy * dy < m * m) return 0
        }
    return 1
}
# Is cell x,y free of the discs placed so far (agents 0 .. NA-1), with
# the gap given (negative lets discs touch exactly: packed starts)?
function clear_of_agents(x, y, r, gap,   a, dx, dy, d) {
    for (a = 0; a < NA; a++) {
        dx = x - AX[a]; dy = y - AY[a]; d = r + AR[a] + gap
        if (dx * dx + dy * dy < d * d) return 0
    }
    return 1
}
# Add agent NA at cell x,y (radius r cells, speed s cells per tick,
# priority p); its goal is set later (GX, GY; -1 = none).
function add(x, y, r, s, p) {
    AX[NA] = x; AY[NA] = y; AR[NA] = r; AS[NA] = s; AP[NA] = p
    GX[NA] = -1; GY[NA] = -1; NA++
}
# Try up to 400 random cells in [x0, x1) x [y0, y1) for a disc of radius
# r clear of walls and agents; FX, FY the cell, 1 when found.
function place_in(x0, y0, x1, y1, r, gap,   t, x, y) {
    for (t = 0; t < 400; t++) {
        x = x0 + rnd(x1 - x0); y = y0 + rnd(y1 - y0)
        if (disc_fits(x, y, r) && clear_of_agents(x, y, r, gap)) { FX = x; FY = y; return 1 }
    }
    return 0
}
# A goal cell in the box where a disc of radius r fits the walls, not
# already some agent's goal (distinct goals).
function goal_in(x0, y0, x1, y1, r,   t, x, y, a, used) {
    for (t = 0; t < 400; t++) {
        x = x0 + rnd(x1 - x0); y = y0 + rnd(y1 - y0)
        if (!disc_fits(x, y, r)) continue
        used = 0
        for (a = 0; a < NA; a++) if (GX[a] == x && GY[a] == y) used = 1
        if (!used) { FX = x; FY = y; return 1 }
    }
    return 0
}
function any_open(   t, x, y) {
    for (t = 0; t < 1000; t++) { x = rnd(W); y = rnd(H); if (open_at(x, y)) { FX = x; FY = y; return 1 } }
    FX = 0; FY = 0; return 0
}

# ------------------------------------------------------------ scripting
# The ticks an agent needs at its speed for the straight line to its goal.
function straight(a,   dx, dy) {
    if (GX[a] < 0) return 0
    dx = GX[a] - AX[a]; dy = GY[a] - AY[a]
    return sqrt(dx * dx + dy * dy) / AS[a]
}
function longest(   a, t) { t = 0; for (a = 0; a < NA; a++) t = max(t, straight(a)); return t }
# The agents' lines, world units = cells * CS; ids in ID[] (default a+1).
function print_agents(   a, line) {
    for (a = 0; a < NA; a++) {
        line = "agent " ID[a] " " AX[a] "," AY[a] " " fmt(AS[a] * CS)
        if (AR[a] > 0 || rnd(3) == 0) line = line " radius " fmt(AR[a] * CS)
        if (AP[a] > 0 || rnd(4) == 0) line = line " priority " AP[a]
        print line
    }
}
function default_ids(   a) { for (a = 0; a < NA; a++) ID[a] = a + 1 }
# Ids anywhere in int64, distinct, in no particular order against the
# agents' places (the tick works in ascending id order).
function drawn_ids(   a, b) {
    for (a = 0; a < NA; a++) {
        ID[a] = (rnd(3) == 0 ? -1 : 1) * (rnd(1000) * 7 + a)
        if (rnd(10) == 0) ID[a] = "9223372036854775" (100 + rnd(700))
        for (b = 0; b < a; b++) if (ID[b] == ID[a]) ID[a] = ID[a] "" a + 1
    }
}

# ------------------------------------------------------------- families
# Full size (what=family): the issue's four scenarios. Small (vectors):
# the same shapes drawn on a small map from the generator.
function fam_circle(w, h, n, rc, r, s, prio, walls,   cx, cy, k, a, dx, dy, half, t) {
    map_new(w, h)
    # a few wall cells (walls %) in the way, none under a start or a goal
    if (walls) scatter(walls, 0)
    cx = int(w / 2); cy = int(h / 2)
    half = (n % 2 == 0) ? n / 2 : n
    for (k = 0; k < n; k++) {
        if (k >= half) { dx = -PX[k - half]; dy = -PY[k - half] }
        else {
            dx = iround(rc * tcos(2 * PI * k / n)); dy = iround(rc * tsin(2 * PI * k / n))
        }
        PX[k] = dx; PY[k] = dy
        if (!disc_fits(cx + dx, cy + dy, r) || !disc_fits(cx - dx, cy - dy, r) || !clear_of_agents(cx + dx, cy + dy, r, 0.05)) continue
        add(cx + dx, cy + dy, r, s == 0 ? pick("0.1 0.15 0.2 0.25") : s, prio < 0 ? rnd(100) : prio)
        GX[NA - 1] = cx - dx; GY[NA - 1] = cy - dy
    }
}
# Two formations of gw x gd agents at spacing sp: one crosses the map
# westward-to-east, one north-to-south, through the same middle; each
# agent keeps its offset in the formation. Priorities pa, pb (-1 drawn).
function fam_crossing(w, h, gw, gd, sp, r, pa, pb,   i, j, x, y, cx, cy, lo) {
    map_new(w, h)
    cx = int(w / 2); cy = int(h / 2)
    lo = int((gw - 1) * sp / 2)
    for (j = 0; j < gd; j++)
        for (i = 0; i < gw; i++) {
            # west group: columns of depth j from the west edge, rows i
            x = 1 + j * sp; y = cy - lo + i * sp
            add(x, y, r, pick("0.15 0.2 0.2 0.25"), pa < 0 ? rnd(100) : pa)
            GX[NA - 1] = w - 2 - (gd - 1 - j) * sp; GY[NA - 1] = y
            x = cx - lo + i * sp; y = 1 + j * sp
            add(x, y, r, pick("0.15 0.2 0.2 0.25"), pb < 0 ? rnd(100) : pb)
            GX[NA - 1] = x; GY[NA - 1] = h - 2 - (gd - 1 - j) * sp
        }
}
# Two rooms joined by a corridor cw wide and cl long; n agents in each
# room, in blocks near the corridor, swap rooms (each to the mirror of
# its start in the other room).
function fam_corridor(rw, rh, cw, cl, n, r, sp,   w, h, y0, i, j, x, y, k, cols, rows) {
    w = 2 * rw + cl + 2; h = rh + 2
    map_new(w, h)
    block(0, 0, w, 1, "@"); block(0, h - 1, w, 1, "@")
    block(0, 0, 1, h, "@"); block(w - 1, 0, 1, h, "@")
    y0 = 1 + int((rh - cw) / 2)
    block(rw + 1, 1, cl, rh, "@")
    block(rw + 1, y0, cl, cw, ".")
    rows = int((rh - 1) / sp) + 1
    if (rows > n) rows = n
    cols = int((n + rows - 1) / rows)
    k = 0
    for (i = 0; i < cols && k < n; i++)
        for (j = 0; j < rows && k < n; j++) {
            y = 1 + int((rh - (rows - 1) * sp) / 2) + j * sp
            x = rw - i * sp
            if (x < 1 || !disc_fits(x, y, r) || !clear_of_agents(x, y, r, 0.05)) continue
            add(x, y, r, pick("0.15 0.2 0.25"), 0)
            GX[NA - 1] = w - 1 - x; GY[NA - 1] = y
            add(w - 1 - x, y, r, pick("0.15 0.2 0.25"), 0)
            GX[NA - 1] = x; GY[NA - 1] = y
            k++
        }
}
# A wall across the map at row wy (the map 2 wy + 1 high) with a gate gw
# cells wide in its middle; gc x gr agents (spacing sp) in a block whose
# nearest row is gap rows above the wall pour through it, each to its own
# goal: its cell mirrored through the gate's centre, so that every
# straight line passes through the gate and no path is longer than its
# straight line: what the figure then measures is the waiting at the gate.
function fam_gate(w, wy, gw, gc, gr, sp, gap, r, speeds,   i, j, x, y, x0, h) {
    h = 2 * wy + 1
    map_new(w, h)
    block(0, wy, w, 1, "@")
    block(int((w - gw) / 2), wy, gw, 1, ".")
    # the gate's centre is at x = int((w - gw) / 2) + gw / 2 (world, in
    # cells); a cell x mirrored through it is 2 * that - 1 - x
    x0 = int((w - (gc - 1) * sp) / 2)
    if ((w - gw) % 2) x0 = int((w - 1 - (gc - 1) * sp) / 2)
    for (j = 0; j < gr; j++)
        for (i = 0; i < gc; i++) {
            x = x0 + i * sp; y = wy - gap - j * sp
            if (y < 0 || !disc_fits(x, y, r)) continue
            add(x, y, r, pick(speeds), rnd(100))
            GX[NA - 1] = 2 * int((w - gw) / 2) + gw - 1 - x; GY[NA - 1] = 2 * wy - y
        }
}
function family(name) {
    CS = 1; NA = 0
    if (name == "circle") { seed = 101; fam_circle(96, 96, 100, 40, 0.4, 0.2, 0, 0) }
    else if (name == "crossing") { seed = 202; fam_crossing(100, 100, 10, 5, 2, 0.4, 10, 60) }
    else if (name == "corridor") { seed = 303; fam_corridor(14, 15, 3, 30, 20, 0.4, 2) }
    else if (name == "gate") { seed = 404; fam_gate(64, 60, 4, 25, 20, 2, 20, 0.4, "0.2 0.25") }
    else { print "avoidgen.awk: family circle, crossing, corridor or gate" > "/dev/stderr"; exit 2 }
}
function print_family(name,   a, t) {
    print "lockstar-replay 3"
    print "# liveness family " name " (tools/avoidgen.awk): " NA " agents, each ordered at"
    print "# tick 0 to its own goal; ticks = 3 x the longest straight-line time + 60"
    print "map " name ".map"
    print "budget 0"
    print "avoidance on"
    default_ids()
    for (a = 0; a < NA; a++)
        print "agent " ID[a] " " AX[a] "," AY[a] " " AS[a] " radius " AR[a] (AP[a] ? " priority " AP[a] : "")
    for (a = 0; a < NA; a++) print "at 0 move " ID[a] " " GX[a] "," GY[a]
    t = longest()
    print "ticks " (int(3 * t) + 60)
}

# ------------------------------------------------------------ vectors
# Events: at lines kept with their tick, printed in tick order (equal
# ticks in the order made, as the reader requires).
function ev(t, line) { ET[NE] = t; EL[NE] = line; NE++ }
function sort_events(   a, b, t, l) {
    for (a = 1; a < NE; a++) {
        t = ET[a]; l = EL[a]
        for (b = a - 1; b >= 0 && ET[b] > t; b--) { ET[b + 1] = ET[b]; EL[b + 1] = EL[b] }
        ET[b + 1] = t; EL[b + 1] = l
    }
}
function radius_any() { return pick("0 0.25 0.4 0.5 0.75 1 1.2 1.5 2 2.5") }
function radius_small() { return pick("0.2 0.25 0.3 0.35 0.4 0.45") }
function speed_any() { return pick("0.1 0.125 0.15 0.2 0.25") }
function size_pick(   s, p) {
    s = pick("16x16 20x16 24x20 32x24 32x32 40x30 48x32 48x48 64x48")
    split(s, p, "x"); SW = p[1] + 0; SH = p[2] + 0
}
# Random walls: percent pc of single cells, then nr wall runs.
function scatter(pc, nr,   x, y, i, x0, y0, w, h) {
    for (y = 0; y < H; y++) for (x = 0; x < W; x++) if (rnd(100) < pc) cell[x, y] = rnd(4) ? "@" : "T"
    for (i = 0; i < nr; i++) {
        x0 = rnd(W); y0 = rnd(H)
        if (rnd(2)) { w = 3 + rnd(int(W / 2)); h = 1 } else { w = 1; h = 3 + rnd(int(H / 2)) }
        block(x0, y0, w, h, "@")
    }
}
# Rooms of side q with one-cell walls and doors 1 .. maxd wide.
function rooms(q, maxd,   x, y, i, j, d, off) {
    for (y = 0; y < H; y++) for (x = 0; x < W; x++)
        if ((x % (q + 1)) == q || (y % (q + 1)) == q) cell[x, y] = "@"
    for (j = 0; j * (q + 1) < H; j++)
        for (i = 0; i * (q + 1) < W; i++) {
            d = 1 + rnd(maxd); if (d > q) d = q
            off = rnd(q - d + 1)
            block(i * (q + 1) + q, j * (q + 1) + off, 1, d, ".")
            d = 1 + rnd(maxd); if (d > q) d = q
            off = rnd(q - d + 1)
            block(i * (q + 1) + off, j * (q + 1) + q, d, 1, ".")
        }
}
# n agents of radius rr() placed anywhere they fit, each with a goal where
# it fits (or, one in `bad` of them, any open cell: a goal too narrow for
# it, so its sized search finds none).
function scatter_agents(n, kindr, bad,   a, r) {
    for (a = 0; a < n; a++) {
        r = kindr == "any" ? radius_any() : (kindr == "small" ? radius_small() : kindr + 0)
        if (!place_in(0, 0, W, H, r, 0.1)) continue
        add(FX, FY, r, speed_any(), rnd(3) ? 0 : rnd(100))
        if (bad && rnd(bad) == 0) { any_open(); GX[NA - 1] = FX; GY[NA - 1] = FY }
        else if (goal_in(0, 0, W, H, r)) { GX[NA - 1] = FX; GY[NA - 1] = FY }
    }
}
function order_all(t,   a) { for (a = 0; a < NA; a++) if (GX[a] >= 0) ev(t, "move " ID[a] " " GX[a] "," GY[a]) }
# Group orders: the agents split among ng goals (each goal a cell where
# the smallest disc fits), a line per goal, 60 names at most.
function order_groups(t, ng,   g, a, line, m, k) {
    for (g = 0; g < ng; g++) { any_open(); QX[g] = FX; QY[g] = FY }
    for (g = 0; g < ng; g++) {
        line = ""; m = 0
        for (a = 0; a < NA; a++) if (a % ng == g) { line = line " " ID[a]; m++ }
        if (m) ev(t, "group " QX[g] "," QY[g] line)
    }
}
# Edits under the moving agents: k of them at ticks below tt.
function edits(k, tt,   e, t, x, y, w, h, a, f) {
    for (e = 0; e < k; e++) {
        t = rnd(tt); f = rnd(12)
        if (f < 2 && NA > 0) {
            # a wall across an agent's straight line, half way
            a = rnd(NA); if (GX[a] < 0) continue
            x = int((AX[a] + GX[a]) / 2); y = int((AY[a] + GY[a]) / 2)
            if (rnd(2)) ev(t, "rect " max(0, x - 3) "," y " " min(7, W - max(0, x - 3)) ",1 0")
            else ev(t, "rect " x "," max(0, y - 3) " 1," min(7, H - max(0, y - 3)) " 0")
        } else if (f == 2 && NA > 0) {
            # the cell under an agent's start blocked in the first ticks
            # (while its disc is likely still on it: a disc on a wall)
            a = rnd(NA); ev(rnd(6), "set " AX[a] "," AY[a] " 0")
        } else if (f < 6) {
            # a building
            w = 1 + rnd(4); h = 1 + rnd(4)
            ev(t, "rect " rnd(W - w + 1) "," rnd(H - h + 1) " " w "," h " " pick("0 0 1 3"))
        } else if (f == 6) {
            # a wall cut across the whole map: who is beyond is cut off
            if (rnd(2)) ev(t, "rect " rnd(W) ",0 1," H " 0")
            else ev(t, "rect 0," rnd(H) " " W ",1 0")
        } else ev(t, "set " rnd(W) "," rnd(H) " " pick("0 1 1 2 5"))
    }
}
function vector(i,   j, r, n, a, b, t, k, q, x, y, s, cw, cl, x0, y0, g) {
    KIND = int(i / 20); j = i % 20
    # consecutive seeds give a multiplicative generator's first draws
    # in step (seed i + 1 is seed i plus a constant): a warm-up of a length
    # that varies with i takes them out of step
    seed = 7907 * (i + 11)
    for (a = 0; a < 5 + (i * 7) % 23; a++) rnd(2)
    CS = 1; NA = 0; NE = 0; BUDGET = pick("0 0 60 1000 7"); OPTS = ""; AVOID = "on"
    TICKS = 0; SWAMP = 0; NOTE = ""
    if (KIND == 0) {
        size_pick()
        r = radius_small(); t = int(min(SW, SH) / 2) - 2 - rnd(3)
        n = 4 + rnd(37); k = int(2 * PI * t / (2 * r + 0.3)); if (n > k) n = k
        fam_circle(SW, SH, n, t, r, rnd(2) ? 0.2 : 0, rnd(3) ? 0 : -1, j % 4 == 3 ? 2 : 0)
        NOTE = n " on a circle of radius " t ", to the antipodes"
    } else if (KIND == 1) {
        q = 1 + rnd(2); g = 2 + rnd(4); k = 1 + rnd(4); if (g * k > 20) k = int(20 / g)
        r = q == 1 ? pick("0.3 0.4 0.45") : pick("0.4 0.45 0.6 0.9")
        size_pick(); SW = max(SW, 2 * k * q + g * q + 10); SH = max(SH, 2 * k * q + g * q + 10)
        fam_crossing(SW, SH, g, k, q, r, j % 3 == 0 ? 0 : (j % 3 == 1 ? 10 : -1), j % 3 == 0 ? 0 : (j % 3 == 1 ? 60 : -1))
        NOTE = "two groups of " g "x" k " crossing, spacing " q
    } else if (KIND == 2) {
        cw = 1 + (j % 5); cl = 4 + rnd(17)
        r = rnd(4) ? pick("0.25 0.35 0.45") : pick("0.75 1 1.4")
        q = r < 0.5 ? 1 + rnd(2) : 3
        fam_corridor(5 + rnd(6), max(cw + 2, 5 + rnd(9)), cw, cl, 2 + rnd(11), r, q)
        NOTE = "two rooms swapping through a corridor " cw " wide, " cl " long"
    } else if (KIND == 3) {
        q = 1 + rnd(2); g = 2 + rnd(7); k = 1 + rnd(5); if (g * k > 40) k = int(40 / g)
        r = q == 1 ? pick("0.3 0.4 0.45") : pick("0.4 0.45 0.6")
        x = max(g * q + 4, 16 + rnd(40)); y = k * q + 4 + rnd(10)
        # a gate the discs fit through (class 2, radius above 0.5, needs 3
        # cells): the doors and corridors kinds test gates too narrow
        cw = 1 + rnd(6); if (r > 0.5 && cw < 3) cw = 3
        fam_gate(x, y, cw, g, k, q, 2 + rnd(y - k * q - 2), r, "0.1 0.15 0.2 0.25")
        NOTE = g * k " agents through a gate"
    } else if (KIND == 4) {
        size_pick(); map_new(SW, SH); rooms(6 + rnd(7), 6)
        scatter_agents(3 + rnd(20), "any", 8)
        NOTE = "radii 0 to 2.5 through doors 1 to 6 wide"
    } else if (KIND == 5) {
        size_pick(); SH = max(SH, 32); map_new(SW, SH)
        x0 = int(SW / 2) - 2 - rnd(3); cl = 4 + rnd(6)
        block(x0, 0, cl, SH, "@")
        y = 1
        # lanes 1 .. 6 wide (from 1 or 2 on), 2 to 4 wall rows apart
        for (cw = 1 + rnd(2); y + cw < SH; cw++) { block(x0, y, cl, cw, "."); y += cw + 2 + rnd(3); if (cw == 6) cw = 0 }
        for (a = 0; a < 4 + rnd(18); a++) {
            r = radius_any()
            b = rnd(2)
            if (!place_in(b ? x0 + cl : 0, 0, b ? SW : x0, SH, r, 0.1)) continue
            add(FX, FY, r, speed_any(), rnd(2) ? 0 : rnd(100))
            if (goal_in(b ? 0 : x0 + cl, 0, b ? x0 : SW, SH, r)) { GX[NA - 1] = FX; GY[NA - 1] = FY }
        }
        NOTE = "lanes 1 to 6 wide through a wall, radii 0 to 2.5"
    } else if (KIND == 6) {
        # few agents, so a budget of 1 still serves them within the run
        BUDGET = pick("0 1 7 60 1000")
        size_pick(); map_new(SW, SH)
        for (a = 0; a < 1 + rnd(8); a++) {
            r = radius_small(); t = rnd(5)
            y = 1 + rnd(SH - 2); x = 1 + rnd(int(SW / 4)); x0 = SW - 2 - rnd(int(SW / 4))
            if (t == 4) {
                # vertical pair
                x = 1 + rnd(SW - 2); y = 1 + rnd(int(SH / 4)); y0 = SH - 2 - rnd(int(SH / 4))
                if (!disc_fits(x, y, r) || !clear_of_agents(x, y, r, 0.1) || !clear_of_agents(x, y0, r, 0.1)) continue
                add(x, y, r, 0.2, rnd(100)); GX[NA - 1] = x; GY[NA - 1] = y0
                add(x, y0, r, 0.2, rnd(100)); GX[NA - 1] = x; GY[NA - 1] = y
                continue
            }
            if (!disc_fits(x, y, r) || !clear_of_agents(x, y, r, 0.1) || !clear_of_agents(x0, y, r, 0.1)) continue
            # head-on in line: equal priorities, one yields, one all
            b = pick("0 0 50 99")
            add(x, y, r, t == 1 ? 0.25 : 0.2, b); GX[NA - 1] = x0; GY[NA - 1] = y
            add(x0, y, r, 0.2, t == 2 ? 99 - b : (t == 3 ? b + (b < 99) : b)); GX[NA - 1] = x; GY[NA - 1] = y
        }
        if (rnd(2)) for (a = 0; a < 1 + rnd(6); a++) if (place_in(0, 0, SW, SH, radius_small(), 0.1)) add(FX, FY, 0.4, 0.15, rnd(100))
        NOTE = "head-on pairs in line, priorities"
    } else if (KIND == 7) {
        size_pick(); map_new(SW, SH); scatter(5 + rnd(20), rnd(4))
        scatter_agents(4 + rnd(27), rnd(3) ? "small" : "any", 0)
        if (rnd(3) == 0) OPTS = pick("--connect_4 --corners_one --corners_all --algo_jps --tie_low-g")
        NOTE = "random walls"
    } else if (KIND == 8) {
        size_pick(); map_new(SW, SH); scatter(rnd(8), rnd(3))
        scatter_agents(3 + rnd(25), rnd(2) ? "small" : "any", 0)
        edits(2 + rnd(10), 120)
        NOTE = "edits under moving agents"
    } else if (KIND == 9) {
        t = rnd(3)
        if (t == 0) { size_pick(); fam_circle(SW, SH, min(4 + rnd(20), int(2 * PI * (int(min(SW, SH) / 2) - 3) / 1.2)), int(min(SW, SH) / 2) - 3, 0.4, 0.2, 0, 0) }
        else if (t == 1) fam_crossing(30, 30, 3, 2, 2, 0.45, 0, 0)
        else { size_pick(); map_new(SW, SH); scatter(rnd(10), 1); scatter_agents(4 + rnd(20), "small", 0) }
        AVOID = rnd(2) ? "on" : "off"
        for (a = 0; a < 1 + rnd(4); a++) ev(rnd(150), "avoidance " pick("on off"))
        NOTE = "avoidance switched mid-run"
    } else if (KIND == 10) {
        size_pick(); map_new(SW, SH); scatter(rnd(12), rnd(3))
        scatter_agents(2 + rnd(39), rnd(2) ? "small" : "any", 0)
        if (rnd(3) == 0) edits(1 + rnd(4), 100)
        NOTE = "group orders"
    } else if (KIND == 11) {
        # every budget four times: 1 and 7 make the requests wait their turn
        BUDGET = j % 5 == 0 ? 0 : (j % 5 == 1 ? 1 : (j % 5 == 2 ? 7 : (j % 5 == 3 ? 60 : 1000)))
        map_new(16 + rnd(17), 16 + rnd(17)); rooms(4 + rnd(5), 3)
        scatter_agents(2 + rnd(11), "small", 0)
        NOTE = "budget " BUDGET
    } else if (KIND == 12) {
        size_pick(); map_new(SW, SH); scatter(rnd(6), rnd(2))
        scatter_agents(4 + rnd(24), "small", 0)
        # idle agents (never ordered) in the way; some to one shared cell;
        # orders given again on the way; some to their own cell
        for (a = 0; a < NA; a++) {
            t = rnd(6)
            if (t == 0) GX[a] = -1
            else if (t == 1) { GX[a] = GX[0]; GY[a] = GY[0] }
            else if (t == 2) { GX[a] = AX[a]; GY[a] = AY[a] }
        }
        NOTE = "idle agents, a shared goal, orders again"
    } else if (KIND == 13) {
        CS = pick("0.5 0.75 1.5 2 3 1.25")
        size_pick(); map_new(SW, SH); scatter(rnd(10), rnd(3))
        scatter_agents(3 + rnd(25), rnd(2) ? "small" : "any", 0)
        for (a = 0; a < NA; a++) AS[a] = pick("0.1 0.2 0.3 0.5 0.75 1")
        NOTE = "cell size " CS
    } else if (KIND == 14) {
        BUDGET = pick("0 1 7 60 1000")
        size_pick(); map_new(SW, SH)
        r = pick("0.5 0.45 0.5 0.25")
        g = 2 + rnd(5); k = 2 + rnd(5)
        x0 = 1 + rnd(max(1, SW - g - 2)); y0 = 1 + rnd(max(1, SH - k - 2))
        for (y = 0; y < k; y++) for (x = 0; x < g; x++) if (disc_fits(x0 + x, y0 + y, r)) add(x0 + x, y0 + y, r, speed_any(), rnd(2) ? 0 : rnd(100))
        if (j % 2) { for (a = 0; a < NA; a++) if (goal_in(0, 0, SW, SH, r)) { GX[a] = FX; GY[a] = FY } }
        else { any_open(); for (a = 0; a < NA; a++) { GX[a] = FX; GY[a] = FY } }
        NOTE = "a packed block (discs touching), " (j % 2 ? "spreading" : "to one cell")
    } else {
        # budgets that serve a search for a goal too narrow for its agent
        # (which looks at every cell it can reach) within a few ticks, so
        # the agents behind it in the queue still move
        BUDGET = pick("0 60 1000")
        size_pick(); map_new(SW, SH); scatter(rnd(15), rnd(4))
        scatter_agents(2 + rnd(30), rnd(2) ? "small" : "any", 10)
        if (rnd(2)) edits(1 + rnd(6), 150)
        if (rnd(3) == 0) for (a = 0; a < 1 + rnd(3); a++) ev(rnd(150), "avoidance " pick("on off"))
        if (rnd(4) == 0) OPTS = pick("--connect_4 --corners_one --corners_all --algo_jps")
        NOTE = "everything at once"
    }
    gsub(/_/, " ", OPTS)
    if (KIND != 6 && KIND != 0 && KIND != 1 && KIND != 2 && KIND != 3 && rnd(3) == 0) drawn_ids(); else default_ids()
    if (KIND == 10) order_groups(rnd(3), 1 + rnd(4))
    else if (KIND == 3 && rnd(3) == 0) order_groups(0, 1 + rnd(3))
    else order_all(KIND == 11 || KIND == 15 ? rnd(3) : 0)
    if (KIND == 12) for (a = 0; a < NA; a++) if (rnd(4) == 0 && any_open()) ev(20 + rnd(60), "move " ID[a] " " FX "," FY)
    if (KIND == 15 && rnd(2)) order_groups(30 + rnd(40), 1 + rnd(3))
    TICKS = int(1.5 * longest()) + 40
    if (BUDGET == 1 || BUDGET == 7) TICKS += 100
    if (TICKS > 320) TICKS = 320
}
function print_vector(i,   a) {
    print "lockstar-replay 3"
    print "# avoidance vector " i " (tools/avoidgen.awk): " NOTE
    print "map a" sprintf("%03d", i) ".map"
    if (CS != 1) print "cell " CS
    if (SWAMP) print "swamp-cost " SWAMP
    if (OPTS != "") print "options " OPTS
    print "budget " BUDGET
    print "avoidance " AVOID
    print_agents()
    sort_events()
    for (a = 0; a < NE; a++) if (ET[a] < TICKS) print "at " ET[a] " " EL[a]
    print "ticks " TICKS
}
BEGIN {
    PI = 3.14159265358979323846
    if (what == "family") { family(name); print_family(name) }
    else if (what == "famap") { family(name); print_map() }
    else if (what == "map") { vector(n + 0); print_map() }
    else if (what == "script") { vector(n + 0); print_vector(n + 0) }
    else { print "avoidgen.awk: what=family, famap, map or script" > "/dev/stderr"; exit 2 }
}
