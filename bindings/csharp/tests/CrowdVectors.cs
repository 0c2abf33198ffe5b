// SPDX-License-Identifier: MIT
// CrowdVectors.cs - replay scripts on the crowd through C#: the script's
// agents added, and each tick its edits made and its orders given before
// Crowd.Tick, exactly as cli/replay_sim.c does (config included), printing
// `tick T DIGEST` per tick and `final DIGEST` as `lockstar replay` does.
//   LockstarTests.exe --replay SCRIPT [--threads N] [--trace]
//       the lines, to stdout; --trace adds `lockstar replay --trace`'s
//       agent lines (id, raw position, cell, state, a field's goal)
//   LockstarTests.exe --crowd DIR [--threads N] [sNNN.replay ...]
//       every DIR/s*.replay (or those named) against its .out, byte for
//       byte; without --threads each runs with 1 thread and then with 2, 3
//       or 8 in turn (as tests/crowd-vectors.sh does). Exit 0 when all
//       match, 1 naming the first differing line of each that does not, 2
//       on a bad script.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Text;

namespace Lockstar.Tests
{
    public static class CrowdVectors
    {
        /// <summary>The replay's output for script on threads workers.</summary>
        public static string Run(ReplayScript s, uint threads, bool trace = false)
        {
            uint cells = (uint)s.Width * (uint)s.Height;
            uint capacity = s.Agents.Count > 0 ? (uint)s.Agents.Count : 1u;
            CrowdConfig config = new CrowdConfig(s.Width, s.Height);
            config.Capacity = capacity;
            // Room for every agent's path across the map, up to a million
            // points; the pool grows when a tick needs more.
            config.PathPoints = cells <= (1u << 20) / capacity ? cells * capacity : 1u << 20;
            config.Flags = CrowdFlags.GrowPaths;
            config.World = World.WithCellSize(s.CellSize);
            config.Options = s.Options;
            config.Budget = s.Budget;
            config.Threads = threads;
            config.MaxFields = s.FieldsNeeded();
            StringBuilder output = new StringBuilder(24 * ((int)s.Ticks + 1) * (trace ? 1 + s.Agents.Count : 1));
            CrowdAgent[] agents = new CrowdAgent[trace ? s.Agents.Count : 0];
            using (Grid grid = new Grid(s.Width, s.Height))
            using (Crowd crowd = new Crowd(config)) {
                grid.Load(s.Cells);
                foreach (ReplayAgent a in s.Agents)
                    crowd.Add(a.Id, a.X, a.Y, a.Speed);
                List<ReplayEvent> events = s.Events;
                int next = 0;
                for (uint tick = 0; tick < s.Ticks; tick++) {
                    // The tick's edits in script order, then its orders in
                    // script order: the crowd carries the orders out after
                    // its route checks.
                    int end = next;
                    while (end < events.Count && events[end].Tick == tick) end++;
                    for (int k = next; k < end; k++) {
                        ReplayEvent e = events[k];
                        if (e.Kind == ReplayKind.Set) grid.Set(e.X, e.Y, e.Cost);
                        else if (e.Kind == ReplayKind.Rect) grid.SetRect(e.X, e.Y, e.W, e.H, e.Cost);
                    }
                    for (int k = next; k < end; k++) {
                        ReplayEvent e = events[k];
                        if (e.Kind == ReplayKind.Move) crowd.Order(e.Agent, e.X, e.Y);
                        else if (e.Kind == ReplayKind.Group) crowd.OrderGroup(e.Ids, e.X, e.Y);
                    }
                    next = end;
                    crowd.Tick(grid);
                    output.Append("tick ").Append(tick).Append(' ').Append(crowd.TickDigest.ToString("x16")).Append('\n');
                    if (trace) {
                        uint n = crowd.Agents(agents);
                        for (uint i = 0; i < n; i++) {
                            CrowdAgent a = agents[i];
                            output.Append("agent ").Append(a.Id).Append(' ').Append(a.X).Append(' ').Append(a.Y)
                                  .Append(' ').Append(a.Cell.X).Append(',').Append(a.Cell.Y).Append(' ')
                                  .Append(Crowd.StateName(a.State));
                            if (a.OnField) output.Append(" field ").Append(a.Goal.X).Append(',').Append(a.Goal.Y);
                            output.Append('\n');
                        }
                    }
                }
                output.Append("final ").Append(crowd.RunDigest.ToString("x16")).Append('\n');
            }
            return output.ToString();
        }

        /// <summary>--replay SCRIPT [--threads N] [--trace].</summary>
        public static int Replay(string[] args)
        {
            try {
                uint threads;
                List<string> rest = Threads(args, 1, out threads);
                bool trace = rest.Remove("--trace");
                if (rest.Count != 1) {
                    Console.Error.WriteLine("usage: LockstarTests.exe --replay SCRIPT [--threads N] [--trace]");
                    return 2;
                }
                Console.Out.Write(Run(ReplayScript.Load(rest[0]), threads == 0 ? 1 : threads, trace));
            } catch (FormatException e) {
                Console.Error.WriteLine(e.Message);
                return 2;
            }
            return 0;
        }

        // Takes "--threads N" out of args[from..]; threads 0 when absent.
        static List<string> Threads(string[] args, int from, out uint threads)
        {
            List<string> rest = new List<string>();
            threads = 0;
            for (int i = from; i < args.Length; i++) {
                if (args[i] == "--threads" && i + 1 < args.Length) {
                    if (!uint.TryParse(args[++i], out threads) || threads == 0 || threads > Limits.BatchMaxThreads)
                        throw new FormatException("--threads: expected 1 to " + Limits.BatchMaxThreads);
                } else {
                    rest.Add(args[i]);
                }
            }
            return rest;
        }

        /// <summary>--crowd DIR [--threads N] [SCRIPT ...].</summary>
        public static int Check(string[] args)
        {
            uint threads;
            List<string> rest;
            try {
                rest = Threads(args, 1, out threads);
            } catch (FormatException e) {
                Console.Error.WriteLine(e.Message);
                return 2;
            }
            if (rest.Count < 1) {
                Console.Error.WriteLine("usage: LockstarTests.exe --crowd DIR [--threads N] [SCRIPT ...]");
                return 2;
            }
            string dir = rest[0];
            List<string> scripts = new List<string>();
            if (rest.Count > 1) {
                for (int i = 1; i < rest.Count; i++) scripts.Add(Path.Combine(dir, rest[i]));
            } else {
                foreach (string f in Directory.GetFiles(dir, "s*.replay")) scripts.Add(f);
                scripts.Sort(string.CompareOrdinal);
            }
            Stopwatch clock = Stopwatch.StartNew();
            int runs = 0, differ = 0, count = 0, ticks = 0, v2 = 0;
            foreach (string path in scripts) {
                ReplayScript s;
                byte[] want;
                try {
                    s = ReplayScript.Load(path);
                    want = File.ReadAllBytes(Path.ChangeExtension(path, ".out"));
                } catch (FormatException e) {
                    Console.Error.WriteLine(e.Message);
                    return 2;
                } catch (IOException e) {
                    Console.Error.WriteLine(path + ": " + e.Message);
                    return 2;
                }
                if (s.Version >= 2) v2++;
                uint[] counts = threads != 0 ? new uint[] { threads } : new uint[] { 1, new uint[] { 2, 3, 8 }[count % 3] };
                foreach (uint n in counts) {
                    string got = Run(s, n);
                    runs++;
                    ticks += (int)s.Ticks;
                    string diff = FirstDifference(want, Encoding.ASCII.GetBytes(got));
                    if (diff != null) {
                        differ++;
                        Console.WriteLine(Path.GetFileName(path) + " (" + n + " thread" + (n == 1 ? "" : "s") + "): " + diff);
                    }
                }
                count++;
            }
            Console.WriteLine("csharp crowd vectors: " + count + " scripts (" + v2 + " of version 2), " + runs + " runs, " +
                              ticks + " ticks in " + (clock.ElapsedMilliseconds / 1000.0).ToString("0.00") + " s, " +
                              differ + " differ");
            return differ == 0 && count > 0 ? 0 : 1;
        }

        // null when equal, else "line N: expected '...', got '...'".
        static string FirstDifference(byte[] want, byte[] got)
        {
            if (want.Length == got.Length) {
                bool same = true;
                for (int i = 0; i < want.Length && same; i++) same = want[i] == got[i];
                if (same) return null;
            }
            string[] a = Encoding.ASCII.GetString(want).Split('\n'), b = Encoding.ASCII.GetString(got).Split('\n');
            for (int i = 0; i < Math.Max(a.Length, b.Length); i++) {
                string x = i < a.Length ? a[i] : "(end)", y = i < b.Length ? b[i] : "(end)";
                if (x != y) return "line " + (i + 1) + ": expected '" + x + "', got '" + y + "'";
            }
            return "the bytes differ";
        }
    }
}
