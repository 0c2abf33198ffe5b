# SPDX-License-Identifier: MIT
# crowdgen.awk - writes the crowd benchmark's replay script (version 2) for
# a Moving AI map: 2,000 units on random passable cells; eight groups of
# 150 sent across the map on shared flow fields and sent elsewhere every
# 150 ticks; the other 800 ordered one by one (4 a tick for 200 ticks,
# then again) on paths; a building (3x3, blocked) or a cleared square
# every 20 ticks; 600 ticks under a budget of 200,000 expansions per tick.
#
#   awk -v map=/abs/path/to/MAP -f bench/crowdgen.awk MAP > crowd.replay
#
# Deterministic (Park-Miller, products below 2^46, exact in awk's
# doubles), so every run of `make bench` times the same simulation.
function rnd(n) { seed = (seed * 16807) % 2147483647; return seed % n }
function free_cell(   x, y, t) {
    for (t = 0; t < 100000; t++) {
        x = rnd(W); y = rnd(H)
        if (open[x, y]) { FX = x; FY = y; return 1 }
    }
    print "crowdgen.awk: no passable cell found" > "/dev/stderr"; exit 2
}
function group_order(t, g,   k, line, n) {
    free_cell()
    line = ""; n = 0
    for (k = 0; k < 150; k++) {
        if (n == 0) line = "at " t " group " FX "," FY
        line = line " " (g * 150 + k + 1)
        if (++n == 60 || k == 149) { print line; n = 0 }
    }
}
/^height / { H = $2 + 0 }
/^width / { W = $2 + 0 }
/^map$/ { inmap = 1; y = 0; next }
inmap {
    for (x = 0; x < W; x++) {
        c = substr($0, x + 1, 1)
        open[x, y] = (c == "." || c == "G" || c == "S")
    }
    y++
}
END {
    seed = 20261202
    print "lockstar-replay 2"
    print "# the crowd benchmark (bench/crowdgen.awk)"
    print "map " map
    print "options --connect 8 --corners none"
    print "budget 200000"
    for (a = 1; a <= 2000; a++) {
        free_cell()
        print "agent " a " " FX "," FY " 0." (4 + rnd(6))
    }
    for (t = 0; t < 600; t++) {
        if (t % 150 == 0)
            for (g = 0; g < 8; g++) group_order(t, g)
        if (t % 400 < 200)
            for (k = 0; k < 4; k++) {
                free_cell()
                print "at " t " move " (1201 + (t % 200) * 4 + k) " " FX "," FY
            }
        if (t % 20 == 10) {
            x = rnd(W - 3); y = rnd(H - 3)
            print "at " t " rect " x "," y " 3,3 " (rnd(3) == 0 ? 1 : 0)
        }
    }
    print "ticks 600"
}
