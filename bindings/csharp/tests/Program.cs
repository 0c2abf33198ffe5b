// SPDX-License-Identifier: MIT
// Program.cs - LockstarTests.exe VECTORS_DIR [FILE.vec ...]: the C#
// binding's test. First the binding itself (struct sizes against the
// library's struct_size, every status value and name, SplitMix64 against
// ls_rng, ls_selftest through P/Invoke, ApiCheck, the idiomatic layer's
// LayerCheck, TablesCheck), then every vector file that
// index.txt lists (or the files named), every vector and script block run
// through the binding and compared field by field with the file.
// Exit 0 when nothing differed, 1 on any difference, 2 on a bad file.
// LockstarTests.exe --bench MAP SCEN: Bench.cs, the per-query cost.
// LockstarTests.exe --crowd DIR, --replay SCRIPT: CrowdVectors.cs, replay
// scripts on the crowd (vectors/crowd/ against its recorded outputs).
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Runtime.InteropServices;
using System.Threading;

namespace Lockstar.Tests
{
    public static class Program
    {
        static void Expect(Report rep, bool ok, string what, string expected, string got)
        {
            if (!ok) rep.Add("binding", what, "value", expected, got);
        }

        /// <summary>The binding against the library: layouts, statuses, rng, self-test.</summary>
        static void CheckBinding(Report rep)
        {
            Query q = Query.Defaults();
            Expect(rep, q.StructSize == Marshal.SizeOf(typeof(Query)), "sizeof(ls_query)",
                   q.StructSize.ToString(), Marshal.SizeOf(typeof(Query)).ToString());
            Expect(rep, q.StraightCost == 10 && q.DiagonalCost == 14 && q.Weight == 65536 && q.Connectivity == Connect.Eight,
                   "ls_query_init defaults", "10 14 65536 8",
                   q.StraightCost + " " + q.DiagonalCost + " " + q.Weight + " " + q.Connectivity);
            int[][] sizes = {
                new int[] { Marshal.SizeOf(typeof(Result)), 24 }, new int[] { Marshal.SizeOf(typeof(Point)), 8 },
                new int[] { Marshal.SizeOf(typeof(PathCheck)), 16 }, new int[] { Marshal.SizeOf(typeof(Agent)), 48 },
                new int[] { Marshal.SizeOf(typeof(World)), 12 }, new int[] { Marshal.SizeOf(typeof(SelftestReport)), 32 },
                new int[] { Marshal.SizeOf(typeof(Rng)), 8 },
                new int[] { Marshal.SizeOf(typeof(LandmarksConfig)), (int)LandmarksConfig.Defaults().StructSize },
                new int[] { Marshal.SizeOf(typeof(HpaConfig)), (int)HpaConfig.Defaults().StructSize },
                new int[] { Marshal.SizeOf(typeof(PathCacheConfig)), (int)PathCacheConfig.Defaults().StructSize },
                new int[] { Marshal.SizeOf(typeof(LandmarksInfo)), 184 }, new int[] { Marshal.SizeOf(typeof(HpaInfo)), 32 },
                new int[] { Marshal.SizeOf(typeof(PathCacheStats)), 56 }
            };
            foreach (int[] s in sizes)
                Expect(rep, s[0] == s[1], "struct size", s[1].ToString(), s[0].ToString());
            Expect(rep, Lib.Version == Limits.VersionString, "ls_version", Limits.VersionString, Lib.Version);
            // Every value the enum names is the library's, under the same name.
            for (int v = -60; v <= 10; v++) {
                string name = Lib.StatusName((Status)v);
                bool known = Enum.IsDefined(typeof(Status), v);
                Expect(rep, known == (name != "LS_UNKNOWN_STATUS"), "status " + v + " known", known.ToString(), name);
                if (known) {
                    string mine = "LS_" + Upper(((Status)v).ToString());
                    Expect(rep, mine == name, "status " + v + " name", name, mine);
                }
            }
            foreach (ulong seed in new ulong[] { 0, 1, 1050, 0xFFFFFFFFFFFFFFFFUL }) {
                Rng r = new Rng();
                Native.ls_rng_seed(ref r, seed);
                SplitMix m = new SplitMix(seed);
                for (uint i = 1; i < 200; i++) {
                    ulong a = Native.ls_rng_next(ref r), b = m.Next();
                    uint c = Native.ls_rng_below(ref r, i * 7919), d = m.Below(i * 7919);
                    if (a != b || c != d) {
                        rep.Add("binding", "SplitMix seed " + seed, "draw " + i, a + "/" + c, b + "/" + d);
                        break;
                    }
                }
            }
            SelftestReport st;
            Status s2 = Lib.Selftest(out st);
            Expect(rep, s2 == Status.Ok && st.Failed == 0 && st.Total > 0 && Lib.SelftestCaseName(0) != null &&
                   Lib.SelftestCaseName(st.Total) == null, "ls_selftest", "all passed",
                   Report.Show(s2) + ", " + st.Failed + " of " + st.Total + " failed");
        }

        // ErrGoalBlocked -> ERR_GOAL_BLOCKED
        static string Upper(string pascal)
        {
            System.Text.StringBuilder sb = new System.Text.StringBuilder();
            for (int i = 0; i < pascal.Length; i++) {
                if (i > 0 && char.IsUpper(pascal[i])) sb.Append('_');
                sb.Append(char.ToUpperInvariant(pascal[i]));
            }
            return sb.ToString();
        }

        public static int Main(string[] args)
        {
            Thread.CurrentThread.CurrentCulture = CultureInfo.InvariantCulture;
            if (args.Length == 3 && args[0] == "--bench")
                return Bench.Run(args[1], args[2]);
            if (args.Length > 0 && args[0] == "--replay")
                return CrowdVectors.Replay(args);
            if (args.Length > 0 && args[0] == "--crowd")
                return CrowdVectors.Check(args);
            if (args.Length < 1) {
                Console.Error.WriteLine("usage: LockstarTests.exe VECTORS_DIR [FILE.vec ...] | --bench MAP SCEN | " +
                                        "--crowd DIR [--threads N] [SCRIPT ...] | --replay SCRIPT [--threads N]");
                return 2;
            }
            string dir = args[0];
            Stopwatch clock = Stopwatch.StartNew();
            Report rep = new Report();
            int vectors = 0, scripts = 0;
            try {
                CheckBinding(rep);
                ApiCheck.Run(rep);
                LayerCheck.Run(rep);
                CrowdCheck.Run(rep);
                TablesCheck.Run(rep);
                List<KeyValuePair<string, int>> files = VecFile.LoadIndex(Path.Combine(dir, "index.txt"));
                if (args.Length > 1) {
                    List<KeyValuePair<string, int>> chosen = new List<KeyValuePair<string, int>>();
                    foreach (KeyValuePair<string, int> f in files)
                        if (Array.IndexOf(args, f.Key, 1) >= 0) chosen.Add(f);
                    files = chosen;
                }
                foreach (KeyValuePair<string, int> f in files) {
                    VecFile vf = VecFile.Load(Path.Combine(dir, f.Key));
                    if (vf.Blocks.Count != f.Value)
                        rep.Add(f.Key, "index.txt", "blocks", f.Value.ToString(), vf.Blocks.Count.ToString());
                    RunFile(vf, dir, rep, ref vectors, ref scripts);
                }
            } catch (FormatException e) {
                Console.Error.WriteLine("LockstarTests: " + e.Message);
                return 2;
            }
            Console.WriteLine("csharp vectors: " + vectors + " vectors and " + scripts + " scripts checked in " +
                              (clock.ElapsedMilliseconds / 1000.0).ToString("0.00") + " s, " +
                              rep.Mismatches + " differences");
            return rep.Mismatches == 0 ? 0 : 1;
        }

        static void RunFile(VecFile vf, string dir, Report rep, ref int vectors, ref int scripts)
        {
            VectorCheck vc = new VectorCheck(rep);
            ScriptRun sr = new ScriptRun(rep, vf.Name);
            string gridMap = null;
            Grid grid = null;
            try {
                foreach (object block in vf.Blocks) {
                    VectorDef v = block as VectorDef;
                    if (v != null) {
                        if (gridMap != v.MapName) {
                            if (grid != null) grid.Dispose();
                            grid = Maps.Build(vf.Maps[v.MapName], dir, vf.Name, rep);
                            gridMap = v.MapName;
                        }
                        vc.Check(vf.Name, grid, v);
                        vectors++;
                        continue;
                    }
                    ScriptDef s = (ScriptDef)block;
                    using (Grid fresh = Maps.Build(vf.Maps[s.MapName], dir, vf.Name, rep))
                        sr.Run(s, fresh);
                    scripts++;
                }
            } finally {
                if (grid != null) grid.Dispose();
                vc.Dispose();
                sr.Dispose();
            }
        }
    }
}
