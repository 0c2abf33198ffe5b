// SPDX-License-Identifier: MIT
// Bench.cs - LockstarTests.exe --bench MAP SCEN: what one query costs
// through the binding against the C call, with path buffers of 64 and
// 4,096 points. The C call is ls_find_path called directly, through a
// P/Invoke with raw pointers (the handles' own, the buffer pinned once
// outside the timed loop): no marshalling beyond the arguments, the
// nearest C# gets to calling C. The binding's SearchContext.TryFindPath
// and FindPath (buffer form) must cost at most 1.5 times that for both
// sizes; the raw Point[] form of Native.ls_find_path, which mono copies
// element by element, is timed for comparison only.
//
// Stable on a loaded machine: the variants are interleaved round after
// round, each round timing a batch of calls per variant, and each
// variant's figure is its fastest round (load only ever adds time). A
// ratio over the bound is measured again, up to three times, before it
// fails. Exit 0 when within bounds, 1 otherwise.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Runtime.InteropServices;
using Lockstar.Examples;

namespace Lockstar.Tests
{
    public static class Bench
    {
        const double Bound = 1.5;

        [DllImport(Native.Library, CallingConvention = CallingConvention.Cdecl, EntryPoint = "ls_find_path")]
        static extern Status CFindPath(IntPtr search, IntPtr grid, ref Query q, IntPtr points, uint capacity,
                                       out Result result);

        delegate void Call();

        /// <summary>Per call in µs: the fastest of rounds, each of n calls.</summary>
        static double[] Time(Call[] calls, int rounds, int n)
        {
            double[] best = new double[calls.Length];
            for (int i = 0; i < best.Length; i++) best[i] = double.MaxValue;
            for (int r = 0; r < rounds; r++)
                for (int v = 0; v < calls.Length; v++) {
                    Call c = calls[v];
                    Stopwatch sw = Stopwatch.StartNew();
                    for (int k = 0; k < n; k++) c();
                    double us = sw.Elapsed.TotalMilliseconds * 1000.0 / n;
                    if (us < best[v]) best[v] = us;
                }
            return best;
        }

        static string F(double us) { return us.ToString("0.00", CultureInfo.InvariantCulture); }

        public static int Run(string mapPath, string scenPath)
        {
            int w, h;
            byte[] cells = MovingAi.ParseMap(mapPath, MovingAi.ReadFile(mapPath), 1, out w, out h);
            List<ScenQuery> rows = MovingAi.ParseScen(scenPath, MovingAi.ReadFile(scenPath), w, h);
            ScenQuery far = rows[0];
            foreach (ScenQuery sq in rows)
                if (Math.Abs(sq.Gx - sq.Sx) + Math.Abs(sq.Gy - sq.Sy) > Math.Abs(far.Gx - far.Sx) + Math.Abs(far.Gy - far.Sy))
                    far = sq;
            bool ok = true;
            using (Grid grid = new Grid(w, h))
            using (SearchContext search = new SearchContext(grid)) {
                grid.Load(cells);
                Query q = new Query(far.Sx, far.Sy, far.Gx, far.Gy);
                PathResult want = search.FindPath(grid, q);
                Console.WriteLine("csharp bench: " + mapPath + ", query " + q + ": " + want);
                IntPtr sh = search.Handle.DangerousGetHandle(), gh = grid.Handle.DangerousGetHandle();
                foreach (int size in new[] { 64, 4096 }) {
                    Point[] buf = new Point[size];
                    GCHandle pin = GCHandle.Alloc(buf, GCHandleType.Pinned);
                    try {
                        IntPtr p = pin.AddrOfPinnedObject();
                        Result r;
                        Status st = Status.Ok;
                        Query cq = q;
                        Call c = () => { st = CFindPath(sh, gh, ref cq, p, (uint)size, out r); };
                        Call layer = () => { st = search.TryFindPath(grid, q, buf, out r); };
                        Call thrower = () => { r = search.FindPath(grid, q, buf); };
                        Call old = () => { st = Native.ls_find_path(search.Handle, grid.Handle, ref cq, buf, (uint)size, out r); };
                        c(); layer(); thrower(); old();
                        if (st != Status.Ok) throw new LockstarException("bench query", st);
                        double[] t = null;
                        double ratio = 0, ratio2 = 0;
                        for (int attempt = 1; attempt <= 3; attempt++) {
                            t = Time(new Call[] { c, layer, thrower, old }, 25, size > 1000 ? 200 : 400);
                            ratio = t[1] / t[0];
                            ratio2 = t[2] / t[0];
                            if (ratio <= Bound && ratio2 <= Bound) break;
                            Console.WriteLine("csharp bench: " + size + " points: over " + Bound + "x (" +
                                              F(ratio) + ", " + F(ratio2) + "), attempt " + attempt);
                        }
                        Console.WriteLine("csharp bench: buffer of " + size + " points: C call " + F(t[0]) + " us, " +
                                          "TryFindPath " + F(t[1]) + " us (" + F(ratio) + "x), FindPath " + F(t[2]) +
                                          " us (" + F(ratio2) + "x), Point[] marshalled " + F(t[3]) + " us (" +
                                          F(t[3] / t[0]) + "x, not bounded)");
                        if (ratio > Bound || ratio2 > Bound) {
                            Console.WriteLine("csharp bench: FAIL: the binding costs more than " + Bound + "x the C call");
                            ok = false;
                        }
                    } finally {
                        pin.Free();
                    }
                }
            }
            return ok ? 0 : 1;
        }
    }
}
