# SPDX-License-Identifier: MIT
# avoid-trace.awk - tests/avoid-liveness.sh's second opinion: the overlaps
# and arrivals of a liveness run worked out again from its `--trace`
# lines, apart from the library's ls_crowd_check_overlaps and the
# program's --check, so that a check that went blind (counting nothing)
# cannot pass the figure.
#
#   lockstar replay S.replay --trace --check | awk -f avoid-trace.awk S.replay S.map -
#
# Reads the script (agents, speeds, move orders at tick 0 or later), its
# map (blocked cells; a script with edits would need them too: the
# liveness families have none, and their cell size is 1), then the run.
# Prints the run's `check:` and `arrived:` lines as they came and then
#   trace: P pair overlaps, W wall overlaps; arrived A of N, within 3x B (worst ratio X.XX)
# by the definitions of docs/replay.md ("Checking overlaps and arrivals"):
# every tick, pairs of discs with squared centre distance below the
# squared sum of radii, and agents whose disc reaches into a blocked cell's
# square or out of the grid, on the raw fix16 values (products below
# 2^53, exact in awk's doubles); each ordered agent's first `arrived` tick
# against ceil(D / SPEED), D the ceiling of the exact square root of the
# squared distance from its start to its goal's centre. It assumes each
# agent's order comes at tick 0 from its start (so the families do).
# f: which input (1 the script, 2 the map, 3 the run)
FNR == 1 { f++ }
f == 1 && $1 == "agent" {
    id = $2; split($3, c, ","); sx[id] = c[1]; sy[id] = c[2]
    sp[id] = int($4 * 65536 + 0.5); n++
}
f == 1 && $1 == "at" && $3 == "move" {
    if ($2 != 0) { print "avoid-trace.awk: an order after tick 0: " $0; bad = 1; exit 2 }
    split($5, c, ","); gx[$4] = c[1]; gy[$4] = c[2]; ordered[$4] = 1
}
f == 1 && ($1 == "cell" || ($1 == "at" && ($3 == "set" || $3 == "rect"))) {
    print "avoid-trace.awk: a cell size or an edit: " $0; bad = 1; exit 2
}
f == 2 && $1 == "height" { H = $2 }
f == 2 && $1 == "width" { W = $2 }
f == 2 && $1 == "map" { row = 0; next }
f == 2 && row >= 0 && NF == 1 && length($1) == W {
    for (x = 0; x < W; x++) { ch = substr($1, x + 1, 1); if (ch == "@" || ch == "T") wall[x, row] = 1 }
    row++
    # the cells within one cell of a wall or of the grid's edge: the only
    # ones where a disc below half a cell in radius can touch a wall
    if (row == H)
        for (y = 0; y < H; y++) for (x = 0; x < W; x++)
            if (x == 0 || y == 0 || x == W - 1 || y == H - 1 || (x-1, y-1) in wall || (x, y-1) in wall || (x+1, y-1) in wall || (x-1, y) in wall || (x+1, y) in wall || (x-1, y+1) in wall || (x, y+1) in wall || (x+1, y+1) in wall) near[x, y] = 1
}
f == 3 && $1 == "tick" { if (t != "") endtick(); t = $2; na = 0; split("", C); next }
# agent ID X Y CX,CY STATE [field GX,GY] r R v VX,VY
f == 3 && $1 == "agent" {
    id = $2; X = $3 + 0; Y = $4 + 0
    R = ($7 == "r") ? $8 + 0 : $10 + 0
    # discs of half a cell or more could overlap across more than the
    # neighbouring buckets and walls farther than one cell away
    if (R >= 32768) { print "avoid-trace.awk: a radius of half a cell or more: " $0; bad = 1; exit 2 }
    A[na] = id; AX[na] = X; AY[na] = Y; AR[na] = R; na++
    if ($6 == "arrived" && !(id in arr)) arr[id] = t
    # walls: the cells under the disc's box, and the grid's edges
    if (R > 0 && ((int(X / 65536), int(Y / 65536)) in near)) {
        hit = X < R || Y < R || X + R > W * 65536 || Y + R > H * 65536
        for (cy = int((Y - R) / 65536); cy <= int((Y + R) / 65536) && !hit; cy++)
            for (cx = int((X - R) / 65536); cx <= int((X + R) / 65536) && !hit; cx++) {
                if (!((cx, cy) in wall)) continue
                dx = X < cx * 65536 ? cx * 65536 - X : (X > (cx + 1) * 65536 ? X - (cx + 1) * 65536 : 0)
                dy = Y < cy * 65536 ? cy * 65536 - Y : (Y > (cy + 1) * 65536 ? Y - (cy + 1) * 65536 : 0)
                if (dx * dx + dy * dy < R * R) hit = 1
            }
        if (hit) { wallov++; if (firstw == "") firstw = t " " id }
    }
    bk = int(X / 65536) SUBSEP int(Y / 65536)
    M[bk, ++C[bk]] = na - 1
    next
}
f == 3 && $1 == "final" { endtick(); t = "" }
f == 3 && ($1 == "check:" || $1 == "arrived:" || $1 == "exit") { print }
# pairs: discs of radius below half a cell overlap only within a bucket
# (a cell) and the eight around it
function endtick(   i, j, k, m, bx, by, o, dx, dy, s, bk) {
    for (i = 0; i < na; i++) {
        if (AR[i] <= 0) continue
        bx = int(AX[i] / 65536); by = int(AY[i] / 65536)
        # its own bucket (later agents only) and four of the eight around,
        # so that each pair of buckets is looked at once
        for (o = 0; o < 5; o++) {
            bk = (bx + OX[o]) SUBSEP (by + OY[o])
            if (!(bk in C)) continue
            m = C[bk]
            for (k = 1; k <= m; k++) {
                j = M[bk, k]; if ((o == 0 && j <= i) || AR[j] <= 0) continue
                dx = AX[i] - AX[j]; dy = AY[i] - AY[j]; s = AR[i] + AR[j]
                if (dx * dx + dy * dy < s * s) { pairov++; if (firstp == "") firstp = t " " A[i] " " A[j] }
            }
        }
    }
}
BEGIN { row = -1; split("0 1 -1 0 1", OX, " "); split("0 0 1 1 1", OY, " "); for (o = 1; o <= 5; o++) { OX[o - 1] = OX[o] + 0; OY[o - 1] = OY[o] + 0 } }
# every ordered agent's straight-line time S and travel time, as
# --check defines them
END {
    if (bad) exit 2
    for (id in ordered) {
        N++
        if (!(id in arr)) continue
        a++
        dx = gx[id] * 65536 + 32768 - (sx[id] * 65536 + 32768); dy = gy[id] * 65536 + 32768 - (sy[id] * 65536 + 32768)
        s = dx * dx + dy * dy; d = int(sqrt(s)); while (d * d < s) d++; while (d > 0 && (d - 1) * (d - 1) >= s) d--
        S = int((d + sp[id] - 1) / sp[id]); if (S < 1) S = 1
        travel = arr[id] + 1
        if (travel <= 3 * S) b++
        r = int((100 * travel + S - 1) / S); if (r > worst) worst = r
    }
    printf "trace: %d pair overlaps, %d wall overlaps; arrived %d of %d, within 3x %d (worst ratio %s)\n", pairov, wallov, a, N, b, a ? sprintf("%d.%02d", int(worst / 100), worst % 100) : "-"
}
