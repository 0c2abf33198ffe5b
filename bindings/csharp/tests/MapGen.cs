// SPDX-License-Identifier: MIT
// MapGen.cs - the vector maps' generators (vectors/README.md, "Map
// generators"), written from that description: each is a pure function
// of (family, size, parameters, seed) drawing from SplitMix64 in exactly
// the order the README gives, so the map digest each map block records
// proves a port's generators before any query runs on them.
//
// SplitMix64 is written here too (SplitMix below) rather than called
// through ls_rng_below once per cell: a 1024x1024 map draws a million
// times. Program.cs checks it against the library's ls_rng_next and
// ls_rng_below before any vector runs.
using System;
using System.Collections.Generic;

namespace Lockstar.Tests
{
    /// <summary>ls_rng's SplitMix64 and its unbiased below(n).</summary>
    public struct SplitMix
    {
        ulong state;

        public SplitMix(ulong seed) { state = seed; }

        public ulong Next()
        {
            unchecked {
                state += 0x9e3779b97f4a7c15UL;
                ulong z = state;
                z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9UL;
                z = (z ^ (z >> 27)) * 0x94d049bb133111ebUL;
                return z ^ (z >> 31);
            }
        }

        public uint Below(uint n)
        {
            if (n == 0)
                return 0;
            uint threshold = unchecked((uint)(0x100000000UL - n) % n);
            for (;;) {
                uint x = (uint)(Next() >> 32);
                if (x >= threshold)
                    return x % n;
            }
        }
    }

    public static class MapGen
    {
        /// <summary>Fill cells (row-major, width * height) for a `gen` line.</summary>
        public static void Generate(string family, ulong seed, Dictionary<string, uint> p,
                                    int width, int height, byte[] cells)
        {
            SplitMix rng = new SplitMix(seed);
            Grid g = new Grid(cells, width, height);
            switch (family) {
            case "empty": g.FillAll(1); break;
            case "random": g.FillAll(1); Scatter(g, ref rng, p["percent"]); break;
            case "maze": Maze(g, ref rng, p["corridor"], p["loops"]); break;
            case "rooms": Rooms(g, ref rng, p["room"], p["door"], p["percent"]); break;
            case "corridors": Corridors(g, ref rng, p["gaps"], p["vertical"]); break;
            case "traps": Traps(g, ref rng, p["checker"], p["segments"], p["length"], p["dots"]); break;
            case "terrain":
                Terrain(g, ref rng, p["patches"], p["size"], p["max"]);
                Scatter(g, ref rng, p["percent"]);
                break;
            default: throw new FormatException("unknown map family '" + family + "'");
            }
        }

        /// <summary>The cells with writes outside the grid dropped.</summary>
        sealed class Grid
        {
            public readonly byte[] Cells;
            public readonly int W, H;
            public Grid(byte[] cells, int w, int h) { Cells = cells; W = w; H = h; }
            public void FillAll(byte cost) { for (int i = 0; i < Cells.Length; i++) Cells[i] = cost; }
            public void Set(long x, long y, byte cost)
            {
                if (x >= 0 && y >= 0 && x < W && y < H)
                    Cells[y * W + x] = cost;
            }
        }

        static void Scatter(Grid g, ref SplitMix rng, uint percent)
        {
            for (int i = 0; i < g.Cells.Length; i++)
                if (rng.Below(100) < percent)
                    g.Cells[i] = 0;
        }

        // Maze cell (i, j) is the K x K square at (1 + i*p, 1 + j*p); wall
        // d (N, E, S, W) is the row or column of K cells beside it.
        static void OpenWall(Grid g, uint k, uint i, uint j, int d)
        {
            long p = k + 1, x0 = 1 + i * p, y0 = 1 + j * p;
            for (long t = 0; t < k; t++) {
                if (d == 0) g.Set(x0 + t, y0 - 1, 1);
                else if (d == 1) g.Set(x0 + k, y0 + t, 1);
                else if (d == 2) g.Set(x0 + t, y0 + k, 1);
                else g.Set(x0 - 1, y0 + t, 1);
            }
        }

        static void Maze(Grid g, ref SplitMix rng, uint k, uint loops)
        {
            int[] di = { 0, 1, 0, -1 }, dj = { -1, 0, 1, 0 };
            uint p = k + 1, mw = (uint)(g.W - 1) / p, mh = (uint)(g.H - 1) / p;
            g.FillAll(0);
            for (uint j = 0; j < mh; j++)
                for (uint i = 0; i < mw; i++)
                    for (uint y = 0; y < k; y++)
                        for (uint x = 0; x < k; x++)
                            g.Set(1 + i * p + x, 1 + j * p + y, 1);
            bool[] visited = new bool[mw * mh];
            Stack<uint> stack = new Stack<uint>();
            int[] options = new int[4];
            visited[0] = true;
            stack.Push(0);
            while (stack.Count > 0) {
                uint cur = stack.Peek(), ci = cur % mw, cj = cur / mw;
                int count = 0;
                for (int d = 0; d < 4; d++) {
                    long ni = ci + di[d], nj = cj + dj[d];
                    if (ni >= 0 && nj >= 0 && ni < mw && nj < mh && !visited[nj * mw + ni])
                        options[count++] = d;
                }
                if (count == 0) {
                    stack.Pop();
                    continue;
                }
                int dir = options[rng.Below((uint)count)];
                OpenWall(g, k, ci, cj, dir);
                uint next = (uint)((cj + dj[dir]) * mw + (ci + di[dir]));
                visited[next] = true;
                stack.Push(next);
            }
            for (uint j = 0; j < mh; j++) {
                for (uint i = 0; i < mw; i++) {
                    if (i + 1 < mw && rng.Below(100) < loops)
                        OpenWall(g, k, i, j, 1);
                    if (j + 1 < mh && rng.Below(100) < loops)
                        OpenWall(g, k, i, j, 2);
                }
            }
        }

        static void Door(Grid g, ref SplitMix rng, uint door, uint percent, long x, long y,
                         long dx, long dy, uint len)
        {
            uint d = Math.Min(door, len);
            if (rng.Below(100) >= percent)
                return;
            uint off = rng.Below(len - d + 1);
            for (uint t = off; t < off + d; t++)
                g.Set(x + dx * t, y + dy * t, 1);
        }

        static void Rooms(Grid g, ref SplitMix rng, uint r, uint door, uint percent)
        {
            uint q = r + 1, w = (uint)g.W, h = (uint)g.H;
            for (uint y = 0; y < h; y++)
                for (uint x = 0; x < w; x++)
                    g.Cells[y * w + x] = (byte)(x % q == r || y % q == r ? 0 : 1);
            uint cols = (w + r) / q, rows = (h + r) / q;
            for (uint j = 0; j < rows; j++) {
                for (uint i = 0; i < cols; i++) {
                    uint x0 = i * q, y0 = j * q;
                    if (i + 1 < cols)
                        Door(g, ref rng, door, percent, x0 + r, y0, 0, 1, Math.Min(h - y0, r));
                    if (j + 1 < rows)
                        Door(g, ref rng, door, percent, x0, y0 + r, 1, 0, Math.Min(w - x0, r));
                }
            }
        }

        static void Corridors(Grid g, ref SplitMix rng, uint gaps, uint vertical)
        {
            uint w = (uint)g.W, h = (uint)g.H;
            for (uint y = 0; y < h; y++)
                for (uint x = 0; x < w; x++)
                    g.Cells[y * w + x] = (byte)(((vertical != 0 ? x : y) % 2 == 1) ? 0 : 1);
            if (vertical == 0) {
                for (uint y = 1; y < h; y += 2)
                    for (uint k = 0; k < gaps; k++)
                        g.Set(rng.Below(w), y, 1);
            } else {
                for (uint x = 1; x < w; x += 2)
                    for (uint k = 0; k < gaps; k++)
                        g.Set(x, rng.Below(h), 1);
            }
        }

        static void Traps(Grid g, ref SplitMix rng, uint checker, uint segments, uint length, uint dots)
        {
            uint w = (uint)g.W, h = (uint)g.H;
            g.FillAll(1);
            for (uint y = 0; y < h; y++)
                for (uint x = 0; x < w; x++)
                    if ((x + y) % 2 == 1 && rng.Below(100) < checker)
                        g.Cells[y * w + x] = 0;
            for (uint k = 0; k < segments; k++) {
                long x0 = rng.Below(w), y0 = rng.Below(h);
                uint dir = rng.Below(2), len = 1 + rng.Below(length);
                for (long t = 0; t < len; t++)
                    g.Set(dir == 0 ? x0 + t : x0 - t, y0 + t, 0);
            }
            for (uint k = 0; k < dots; k++) {
                long x = rng.Below(w), y = rng.Below(h);
                g.Set(x, y, 0);
            }
        }

        static void Terrain(Grid g, ref SplitMix rng, uint patches, uint size, uint max)
        {
            g.FillAll(1);
            for (uint k = 0; k < patches; k++) {
                long x0 = rng.Below((uint)g.W), y0 = rng.Below((uint)g.H);
                long pw = 1 + (long)rng.Below(size), ph = 1 + (long)rng.Below(size);
                byte cost = (byte)(1 + rng.Below(max));
                for (long y = y0; y < y0 + ph && y < g.H; y++)
                    for (long x = x0; x < x0 + pw && x < g.W; x++)
                        g.Cells[y * g.W + x] = cost;
            }
        }
    }
}
