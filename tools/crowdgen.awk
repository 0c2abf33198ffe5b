# SPDX-License-Identifier: MIT
# crowdgen.awk - writes the crowd vectors' inputs (vectors/crowd/): small
# Moving AI maps and replay scripts that exercise every rule of a crowd
# tick (orders, re-orders, edits under moving units, routes that break and
# routes that hold, budgets 0, 1, 7, 60 and 1000, every movement rule,
# terrain, cell sizes, speeds). The expected outputs are what
# `lockstar replay SCRIPT` printed (a tick digest covers every byte of the state) when the vectors were made
# (tests/crowd-vectors.sh compares them on every run, with 1, 2, 3 and 8
# threads).
#
#   awk -v what=map -v n=K -f tools/crowdgen.awk > vectors/crowd/mK.map
#   awk -v what=script -v n=I -f tools/crowdgen.awk > vectors/crowd/sI.replay
#
# Scripts 0-319 are version 1 (their outputs were recorded with the
# simulation that lived in the program before the crowd moved into the
# library); 320-479 are version 2, with group orders on flow fields.
#
# (tools/crowdgen.sh writes them all.) Deterministic: its only randomness
# is the Park-Miller generator below (products below 2^46, exact in awk's
# doubles), seeded from n. The files are inputs, committed.
function rnd(k) { seed = (seed * 16807) % 2147483647; return seed % k }
function pick(list,   parts, m) { m = split(list, parts, " "); return parts[1 + rnd(m)] }
# Map K: its size, walls, trees and swamps follow from K alone.
function build_map(k,   x, y, r, walls, swamp, i, x0, y0, w, h) {
    seed = 7919 * (k + 1)
    for (i = 0; i < 5; i++) rnd(2)
    W = 12 + rnd(29); H = 10 + rnd(23)
    walls = rnd(4); swamp = k % 3
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            r = rnd(100)
            if (r < 6 + 4 * walls) cell[x, y] = "@"
            else if (r < 9 + 4 * walls) cell[x, y] = "T"
            else if (swamp && r < 20 + 4 * walls) cell[x, y] = "S"
            else cell[x, y] = "."
        }
    # A few wall runs, so that edits can open and close corridors.
    for (i = 0; i < walls + 1; i++) {
        x0 = rnd(W); y0 = rnd(H)
        if (rnd(2)) { w = 3 + rnd(W); h = 1 } else { w = 1; h = 3 + rnd(H) }
        for (y = y0; y < y0 + h && y < H; y++)
            for (x = x0; x < x0 + w && x < W; x++) cell[x, y] = "@"
    }
}
function open_at(x, y) { return cell[x, y] == "." || cell[x, y] == "S" }
function print_map(   x, y, line) {
    print "type octile"; print "height " H; print "width " W; print "map"
    for (y = 0; y < H; y++) {
        line = ""
        for (x = 0; x < W; x++) line = line cell[x, y]
        print line
    }
}
function free_cell(   x, y, tries) {
    for (tries = 0; tries < 1000; tries++) {
        x = rnd(W); y = rnd(H)
        if (open_at(x, y)) { FX = x; FY = y; return 1 }
    }
    FX = 0; FY = 0; return 0
}
function speed(   whole, frac) {
    whole = rnd(3) == 0 ? 1 : 0
    frac = pick("05 1 125 2 25 3 375 4 5 6 625 7 75 8 875 9")
    if (whole == 0 && frac == "05") frac = "5"
    return whole "." frac
}
function script(i,   sd, c2, k, agents, ticks, t, e, events, kind, id, a, w, h, opts, budget, jps, v2, line, m, g) {
    k = i % 16
    build_map(k)
    seed = 104729 * (i + 3)
    for (e = 0; e < 5; e++) rnd(2)
    # Scripts 320 and on are version 2: group orders on flow fields too.
    v2 = i >= 320
    print "lockstar-replay " (v2 ? 2 : 1)
    print "# crowd vector " i " (tools/crowdgen.awk)"
    print "map m" k ".map"
    print "cell " pick("1 1.5 0.75 2.25 1 3")
    if (k % 3) print "swamp-cost " (1 + rnd(5))
    jps = (k % 3 == 0 && rnd(4) == 0)
    opts = "--connect " pick("8 8 8 4") " --corners " pick("none none one all")
    if (jps) opts = "--connect 8 --corners none --algo jps"
    else if (rnd(3) == 0) { sd = pick("10,14 2,3 3,4 1,1 5,10"); split(sd, c2, ","); opts = opts " --straight " c2[1] " --diagonal " c2[2] }
    if (!jps && rnd(5) == 0) opts = opts " --tie " pick("low-g high-g")
    if (!jps && rnd(6) == 0) opts = opts " --max-expansions " (5 + rnd(200))
    print "options " opts
    budget = pick("0 1 7 60 1000 0 7 60")
    print "budget " budget
    agents = 1 + rnd(v2 ? 20 : 12)
    for (a = 0; a < agents; a++) {
        free_cell()
        id[a] = (rnd(3) == 0 ? -1 : 1) * (a * 7 + rnd(50))
        for (e = 0; e < a; e++) if (id[e] == id[a]) id[a] = id[a] + 1000 + a
        print "agent " id[a] " " FX "," FY " " speed()
    }
    ticks = 20 + rnd(160)
    events = 2 + rnd(3 * agents + 8)
    t = 0
    for (e = 0; e < events; e++) {
        t += rnd(4) == 0 ? 0 : rnd(1 + int(ticks / events) * 2)
        if (t >= ticks) break
        kind = rnd(10)
        if (v2 && kind < 4) {
            free_cell()
            # A few goals again and again, so that groups share fields.
            if (rnd(2)) { FX = (i * 7) % W; FY = (i * 3) % H; if (!open_at(FX, FY)) free_cell() }
            m = 1 + rnd(agents)
            line = "at " t " group " FX "," FY
            for (g = 0; g < m; g++) line = line " " id[rnd(agents)]
            print line
        } else if (kind < 5) {
            free_cell()
            print "at " t " move " id[rnd(agents)] " " FX "," FY
        } else if (kind < 8) {
            print "at " t " set " rnd(W) "," rnd(H) " " pick("0 0 1 1 2 5")
        } else {
            w = 1 + rnd(4); h = 1 + rnd(4)
            print "at " t " rect " rnd(W - w + 1) "," rnd(H - h + 1) " " w "," h " " pick("0 1 3")
        }
    }
    print "ticks " ticks
}
BEGIN {
    if (what == "map") { build_map(n + 0); print_map() }
    else if (what == "script") script(n + 0)
    else { print "crowdgen.awk: what=map or what=script" > "/dev/stderr"; exit 2 }
}
