# SPDX-License-Identifier: MIT
# rtsgen.awk - writes the RTS-like replay example: examples/rts.map (a
# 128x96 Moving AI map: two walled bases, a river with fords, forests,
# swamps, a long wall across the middle) and examples/rts.replay (240
# agents ordered about for 2400 ticks while buildings go up and wall
# sections are knocked down).
#
#   awk -v what=map -f tools/rtsgen.awk > examples/rts.map
#   awk -v what=script -f tools/rtsgen.awk > examples/rts.replay
#   awk -v what=groups -f tools/rtsgen.awk > examples/groups.replay
#
# Deterministic: its only randomness is the Park-Miller generator below
# (integer products below 2^46, exact in awk's doubles). The files are
# inputs, committed; regenerate only to change the example (then record
# its trail again: lockstar replay examples/rts.replay --record
# examples/rts.trail).
function rnd(n) { seed = (seed * 16807) % 2147483647; return seed % n }
function box(x0, y0, w, h, c,   x, y) {
    for (y = y0; y < y0 + h; y++)
        for (x = x0; x < x0 + w; x++)
            if (x >= 0 && x < W && y >= 0 && y < H) cell[x, y] = c
}
function ring(x0, y0, w, h,   x, y) {
    for (x = x0; x < x0 + w; x++) { cell[x, y0] = "@"; cell[x, y0 + h - 1] = "@" }
    for (y = y0; y < y0 + h; y++) { cell[x0, y] = "@"; cell[x0 + w - 1, y] = "@" }
}
function open_at(x, y) { return cell[x, y] == "." || cell[x, y] == "S" }
function build_map(   x, y, k, cx, cy, r) {
    W = 128; H = 96; seed = 20261201
    box(0, 0, W, H, ".")
    ring(0, 0, W, H)
    # Forests and swamps: random blobs.
    for (k = 0; k < 38; k++) {
        cx = 4 + rnd(W - 8); cy = 4 + rnd(H - 8); r = 1 + rnd(4)
        for (y = cy - r; y <= cy + r; y++)
            for (x = cx - r; x <= cx + r; x++)
                if (x > 0 && x < W - 1 && y > 0 && y < H - 1 &&
                    (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r)
                    cell[x, y] = (k % 3 == 0) ? "S" : "T"
    }
    # A river from top to bottom, wandering, with three fords.
    x = 40
    for (y = 1; y < H - 1; y++) {
        x += rnd(3) - 1; if (x < 34) x = 34; if (x > 46) x = 46
        cell[x, y] = "@"; cell[x + 1, y] = "@"
        if (y == 20 || y == 21 || y == 50 || y == 51 || y == 78 || y == 79) {
            cell[x, y] = "S"; cell[x + 1, y] = "S"
        }
    }
    # The long wall at x = 84 with two gates.
    for (y = 1; y < H - 1; y++)
        if (!(y >= 30 && y <= 32) && !(y >= 70 && y <= 71)) cell[84, y] = "@"
    # Two walled bases with gates.
    box(3, 3, 22, 18, "."); ring(3, 3, 22, 18); box(24, 10, 1, 4, ".")
    box(103, 75, 22, 18, "."); ring(103, 75, 22, 18); box(103, 82, 1, 4, ".")
}
function print_map(   x, y, row) {
    print "type octile"; print "height " H; print "width " W; print "map"
    for (y = 0; y < H; y++) {
        row = ""
        for (x = 0; x < W; x++) row = row cell[x, y]
        print row
    }
}
# A random open cell in the rectangle, by trying (the map has plenty).
function pick(x0, y0, w, h,   x, y, tries) {
    for (tries = 0; tries < 1000; tries++) {
        x = x0 + rnd(w); y = y0 + rnd(h)
        if (open_at(x, y) && !(x SUBSEP y in taken)) { px = x; py = y; return 1 }
    }
    return 0
}
# The settings both scripts share.
function print_settings() {
    print "map rts.map"
    print "cell 2.5"
    print "swamp-cost 3"
    print "options --connect 8 --corners none --heuristic octile"
    print "budget 6000"
}
# The two armies of 120 units in their bases (the same draws in both).
function print_armies(   id, n, speeds) {
    n = split("0.35 0.5 0.6 0.75 0.9 1.25", speeds, " ")
    for (id = 1; id <= 240; id++) {
        if (id <= 120) pick(5, 5, 18, 14); else pick(105, 77, 18, 14)
        taken[px, py] = 1
        print "agent " id " " px "," py " " speeds[1 + rnd(n)]
    }
}
# The map's edits at tick t, the same in both scripts: a building every
# 120 ticks, a wall section knocked down every 400 (five in all), a forest
# cleared now and then. `wall` counts the sections down so far.
function print_edits(t) {
    if (t % 120 == 80 && pick(50, 6, 70, 84))
        print "at " t " rect " px "," py " 3,3 0"
    if (t % 400 == 200 && wall < 5) {
        print "at " t " rect 84," (8 + 16 * wall) " 1,5 1"
        wall++
    }
    if (t % 600 == 360 && pick(30, 10, 80, 76))
        print "at " t " rect " px "," py " 2,2 1"
}
function print_script(   id, t, k) {
    print "lockstar-replay 1"
    print "# An RTS-like match: two armies of 120 units each leave their walled"
    print "# bases, cross a river at its fords and a long wall at its gates,"
    print "# and fight over the middle, while both sides put up buildings"
    print "# (3x3 blocks) and knock sections of the wall down. Written by"
    print "# tools/rtsgen.awk; its trail is examples/rts.trail."
    print_settings()
    print_armies()
    seed = 777
    wall = 0
    for (t = 0; t < 2400; t += 40) {
        # Orders: about a tenth of the army each time.
        for (k = 0; k < 24; k++) {
            id = 1 + rnd(240)
            if (t < 400) {
                if (id <= 120) pick(48, 8, 30, 80); else pick(88, 8, 36, 60)
            } else {
                pick(30, 10, 80, 76)
            }
            print "at " t " move " id " " px "," py
        }
        print_edits(t)
    }
    print "ticks 2400"
}
# The same match fought with groups (script version 2): each army moves
# in squads of 20 that share one flow field per goal; a few scouts still
# take single paths; the same buildings and wall sections.
function print_groups(   id, t, k, squad, line) {
    print "lockstar-replay 2"
    print "# The RTS-like match of rts.replay fought with groups: squads of 20"
    print "# units ordered together share one flow field per goal (script"
    print "# version 2), while buildings go up and wall sections come down."
    print "# Written by tools/rtsgen.awk; its trail is examples/groups.trail."
    print_settings()
    print_armies()
    seed = 4242
    wall = 0
    for (t = 0; t < 2400; t += 40) {
        # Two squads a time, one of each army, to a goal of its own.
        for (k = 0; k < 2; k++) {
            squad = rnd(6)
            if (t < 400) {
                if (k == 0) pick(48, 8, 30, 80); else pick(88, 8, 36, 60)
            } else {
                pick(30, 10, 80, 76)
            }
            line = "at " t " group " px "," py
            for (id = 1; id <= 20; id++) line = line " " (k * 120 + squad * 20 + id)
            print line
        }
        # Scouts: single orders.
        for (k = 0; k < 3; k++) {
            id = 1 + rnd(240)
            pick(30, 10, 80, 76)
            print "at " t " move " id " " px "," py
        }
        print_edits(t)
    }
    print "ticks 2400"
}
BEGIN {
    build_map()
    if (what == "map") print_map()
    else if (what == "groups") print_groups()
    else print_script()
}
