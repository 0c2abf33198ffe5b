# SPDX-License-Identifier: MIT
# battlegen.awk - writes the battle example (issue 22): examples/battle.map
# (a 100 x 48 valley between cliffs, a river across it with one stone
# bridge five cells wide, two fords two cells wide, woods on both banks)
# and examples/battle.replay (version 3: two armies of 125 units of three
# sizes, avoidance on, meeting at the bridge and pushing through, 800
# ticks). examples/battle.trail is its recorded output, which
# tests/replay.sh compares byte for byte on every target.
#
#   awk -v what=map -f tools/battlegen.awk > examples/battle.map
#   awk -v what=script -f tools/battlegen.awk > examples/battle.replay
#
# Recording the trail again after a change of the engine is one command
# (in the source tree, with any build's lockstar; the trail is the plain
# output, as examples/rts.trail is, and `--verify` reads it too):
#
#   _build/h-bench22/cli/lockstar replay examples/battle.replay > examples/battle.trail
#
# Sizes, in cells (cell size 1): small units radius 0.35 (clearance class
# 1: they fit the two-cell fords), speed 0.25, priority 10-19; medium
# units radius 0.7 and big ones 1.2 (class 2: they need three free cells
# abreast, so only the bridge and, later, the pontoon carry them), speeds
# 0.2 and 0.15, priorities 40-49 and 80-89: the big ones yield least.
# Each army: 75 small, 30 medium and 15 big units in squads of 15, and 5
# scouts (small, speed 0.3, priority 0-9), deployed in ranks far enough
# apart that no two discs touch and every disc stands clear of the walls.
#
# The match, the squads ordered by group orders (flow fields, one per goal
# and size class), the scouts alone on paths (two of each army every 100
# ticks, from tick 50, to random cells of the enemy's half):
#   tick 0    advance: each army's squads to its own river bank;
#   tick 60   a rockslide closes the north ford (nobody is near it yet:
#             the fastest unit is still 4 cells away), so the paths
#             and fields through it are planned again;
#   tick 200  meet at the bridge: every squad to the far bank, the big and
#             medium ones over the bridge (the armies meet on it head-on),
#             the small ones by the fords and the bridge;
#   tick 250  a pontoon bridge three cells wide opens south of the bridge;
#   tick 400  push through: every squad to the enemy's deployment;
#   tick 500  the north ford is cleared again.
# The edits that close cells close them where no disc can be, so `lockstar
# replay --check` finds no overlap on any tick.
#
# Deterministic and integer-only: its only randomness is the Park-Miller
# generator below (products below 2^46, exact in awk's doubles), and every
# number it prints is an integer or a literal, so every awk writes the same
# bytes (gawk, gawk --posix, mawk and busybox awk checked). The files are
# inputs, committed; regenerate only to change the example, then record
# its trail again.
function rnd(n) { seed = (seed * 16807) % 2147483647; return seed % n }
function is_open(x, y) { return x >= 0 && x < W && y >= 0 && y < H && cell[x, y] == "." }
# Open in the whole (2r+1) x (2r+1) square around x, y.
function clear_around(x, y, r,   i, j) {
    for (j = y - r; j <= y + r; j++)
        for (i = x - r; i <= x + r; i++)
            if (!is_open(i, j)) return 0
    return 1
}
function build_map(   x, y, k, cx, cy, r, top, bot) {
    W = 100; H = 48; seed = 20261222
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) cell[x, y] = "."
    # Cliffs along both sides of the valley, ragged: 3 to 6 rows each.
    top = 4; bot = 4
    for (x = 0; x < W; x++) {
        top += rnd(3) - 1; if (top < 3) top = 3; if (top > 6) top = 6
        bot += rnd(3) - 1; if (bot < 3) bot = 3; if (bot > 6) bot = 6
        for (y = 0; y < top; y++) cell[x, y] = "@"
        for (y = H - bot; y < H; y++) cell[x, y] = "@"
    }
    # Two spurs of the mountains reaching into the valley near the river.
    for (y = 0; y < 10; y++) for (x = 40; x < 44 - int(y / 3); x++) cell[x, y] = "@"
    for (y = H - 10; y < H; y++) for (x = 56 + int((H - 1 - y) / 3); x < 60; x++) cell[x, y] = "@"
    # Woods: blobs on both banks, between the deployments and the river.
    for (k = 0; k < 16; k++) {
        cx = (k % 2 ? 62 + rnd(10) : 28 + rnd(10)); cy = 9 + rnd(30); r = 1 + rnd(2)
        for (y = cy - r; y <= cy + r; y++)
            for (x = cx - r; x <= cx + r; x++)
                if (cell[x, y] == "." && (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r)
                    cell[x, y] = "T"
    }
    # The river, three cells of deep water from cliff to cliff, wandering
    # a little except where the bridge, the pontoon and the fords cross.
    rx = 48
    for (y = 0; y < H; y++) {
        if (y < 8 || y > 40) { rx += rnd(3) - 1; if (rx < 47) rx = 47; if (rx > 49) rx = 49 }
        else rx = 48
        river[y] = rx
        for (x = rx; x < rx + 3; x++) cell[x, y] = "W"
    }
    # The stone bridge (rows 22-26) and the two fords (shallow water,
    # swamp cost: rows 10-11 and 36-37).
    for (y = 22; y <= 26; y++) for (x = 48; x < 51; x++) cell[x, y] = "."
    for (y = 10; y <= 11; y++) for (x = 48; x < 51; x++) cell[x, y] = "S"
    for (y = 36; y <= 37; y++) for (x = 48; x < 51; x++) cell[x, y] = "S"
}
function print_map(   x, y, row) {
    print "type octile"; print "height " H; print "width " W; print "map"
    for (y = 0; y < H; y++) {
        row = ""
        for (x = 0; x < W; x++) row = row cell[x, y]
        print row
    }
}
# A goal for a squad near (x, y): the first cell, in rings around it, with
# the 5 x 5 square around it open, so every size can stand there.
function goal_near(x, y,   r, i, j) {
    for (r = 0; r < 12; r++)
        for (j = y - r; j <= y + r; j++)
            for (i = x - r; i <= x + r; i++)
                if (clear_around(i, j, 2)) { gx = i; gy = j; return 1 }
    print "battlegen.awk: no goal near " x "," y > "/dev/stderr"; exit 2
}
# West army x as it is, east army mirrored.
function side_x(army, x) { return army == 0 ? x : W - 1 - x }
# The deployment, ids 1-125 west, 126-250 east (each army: 75 small, 30
# medium, 15 big, 5 scouts): small units in four ranks one cell apart,
# medium units two apart, big units three apart, scouts in front.
function print_armies(   army, id, k, x, y) {
    for (army = 0; army < 2; army++) {
        id = army * 125
        for (k = 0; k < 75; k++) {
            x = side_x(army, 19 + k % 4); y = 12 + int(k / 4)
            print "agent " (++id) " " x "," y " 0.25 radius 0.35 priority " (10 + rnd(10))
        }
        for (k = 0; k < 30; k++) {
            x = side_x(army, 10 + 2 * (k % 4)); y = 14 + 2 * int(k / 4)
            print "agent " (++id) " " x "," y " 0.2 radius 0.7 priority " (40 + rnd(10))
        }
        for (k = 0; k < 15; k++) {
            x = side_x(army, 4 + 3 * (k % 2)); y = 12 + 3 * int(k / 2)
            print "agent " (++id) " " x "," y " 0.15 radius 1.2 priority " (80 + rnd(10))
        }
        for (k = 0; k < 5; k++) {
            x = side_x(army, 25); y = 14 + 4 * k
            print "agent " (++id) " " x "," y " 0.3 radius 0.35 priority " rnd(10)
        }
    }
}
# Squad s (0-7) of army: 0-4 small, 5-6 medium, 7 big; 15 units each.
function order_squad(t, army, s, x, y,   first, line, k) {
    goal_near(x, y)
    first = army * 125 + 15 * s + 1
    line = "at " t " group " gx "," gy
    for (k = 0; k < 15; k++) line = line " " (first + k)
    print line
}
# Scouts: two of each army sent alone to random cells of the far half of
# the valley (single paths, never in a squad).
function order_scouts(t,   army, k, id) {
    for (army = 0; army < 2; army++)
        for (k = 0; k < 2; k++) {
            id = army * 125 + 121 + rnd(5)
            goal_near(side_x(1 - army, 8 + rnd(38)), 9 + rnd(30))
            print "at " t " move " id " " gx "," gy
        }
}
function print_script(   t, army, s) {
    print "lockstar-replay 3"
    print "# A battle (issue 22): two armies of 125 units of three sizes"
    print "# (radius 0.35, 0.7 and 1.2 cells) meet in a valley at a river"
    print "# crossed by one bridge and two fords, with avoidance on. Written"
    print "# by tools/battlegen.awk, which tells the story; its trail is"
    print "# examples/battle.trail."
    print "map battle.map"
    print "swamp-cost 3"
    print "options --connect 8 --corners none --heuristic octile"
    print "budget 20000"
    print "avoidance on"
    print_armies()
    seed = 2222
    for (t = 0; t < 800; t += 10) {
        if (t == 0)      # advance to the own bank
            for (army = 0; army < 2; army++)
                for (s = 0; s < 8; s++)
                    order_squad(t, army, s, side_x(army, s == 7 ? 40 : 36 + s % 3 * 2),
                                s == 7 ? 24 : 9 + 4 * s)
        if (t == 60)     # the rockslide on the north ford
            print "at " t " rect 48,10 3,2 0"
        if (t == 200)    # meet at the bridge: across to the far bank
            for (army = 0; army < 2; army++)
                for (s = 0; s < 8; s++)
                    order_squad(t, army, s, side_x(1 - army, 38 + s % 3 * 2),
                                s >= 5 ? 16 + 4 * (s - 5) : 8 + 7 * s)
        if (t == 250)    # the pontoon
            print "at " t " rect 47,31 5,3 1"
        if (t == 400)    # push through to the enemy's deployment
            for (army = 0; army < 2; army++)
                for (s = 0; s < 8; s++)
                    order_squad(t, army, s, side_x(1 - army, 6 + 4 * (s % 4)),
                                11 + 3 * s)
        if (t == 500)    # the north ford cleared
            print "at " t " rect 48,10 3,2 3"
        if (t % 100 == 50) order_scouts(t)
    }
    print "ticks 800"
}
BEGIN {
    build_map()
    if (what == "map") print_map()
    else print_script()
}
