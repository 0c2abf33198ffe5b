// SPDX-License-Identifier: MIT
// CrowdVectors.cs - replay scripts on the crowd through C#: the script's
// agents added, and each tick its edits made and its orders given before
// Crowd.Tick, exactly as cli/replay_sim.c does (config included), printing
// `tick T DIGEST` per tick and `final DIGEST` as `lockstar replay` does.
// Version 3: each agent's body (Crowd.SetBody) right after it is added,
// avoidance from the config's flag and switched with the tick's orders.
//   LockstarTests.exe --replay SCRIPT [--threads N] [--trace] [--check]
//       the lines, to stdout; --trace adds `lockstar replay --trace`'s
//       agent lines (id, raw position, cell, state, a field's goal, and
//       in a version 3 script with radii or avoidance ' r R v VX,VY');
//       --check adds its 'check:' and 'arrived:' lines (Crowd.CheckOverlaps
//       after every tick; arrivals against straight-line time as
//       cli/replay_check.c counts them) and exits 1 on an overlap
//   LockstarTests.exe --crowd DIR [--threads N] [sNNN.replay aNNN.replay ...]
//       every DIR/s*.replay and DIR/a*.replay (or those named) against its
//       recorded output, byte for byte: NAME.trace when present (run with
//       --trace), else NAME.out; with --check when the recording has a
//       'check:' line (vectors/avoid/). Without --threads each runs with 1
//       thread and then with 2, 3 or 8 in turn (as tests/crowd-vectors.sh
//       does). Exit 0 when all match, 1 naming the first differing line of
//       each that does not, 2 on a bad script.
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
            bool overlaps;
            return Run(s, threads, trace, false, out overlaps);
        }

        /// <summary>The same, with --check's lines when check (overlaps: any found).</summary>
        public static string Run(ReplayScript s, uint threads, bool trace, bool check, out bool overlaps)
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
            if (s.Avoidance) config.Flags |= CrowdFlags.Avoidance;
            bool bodies = trace && s.ShowsBodies();
            OverlapCheck checker = null;
            StringBuilder output = new StringBuilder(24 * ((int)s.Ticks + 1) * (trace ? 1 + s.Agents.Count : 1));
            CrowdAgent[] agents = new CrowdAgent[trace ? s.Agents.Count : 0];
            using (Grid grid = new Grid(s.Width, s.Height))
            using (Crowd crowd = new Crowd(config)) {
                grid.Load(s.Cells);
                foreach (ReplayAgent a in s.Agents) {
                    crowd.Add(a.Id, a.X, a.Y, a.Speed);
                    // Only version 3 agents have a body; the others stay as added.
                    if (a.Radius == 0 && a.Priority == 0) continue;
                    Status st = crowd.TrySetBody(a.Id, a.Radius, a.Priority);
                    if (st == Status.ErrBadRadius)
                        throw new FormatException(s.Name + ":" + a.Line + ": the radius is too large for the cell " +
                                                  "size: its clearance class would be above " + Limits.ClearanceMax +
                                                  " (" + Lib.StatusName(st) + ")");
                    Lib.Check(st, "ls_crowd_set_body");
                }
                if (check) checker = new OverlapCheck(crowd, s.CellSize);
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
                        else if (e.Kind == ReplayKind.Avoidance) crowd.Avoidance = e.On;
                    }
                    if (checker != null) checker.BeforeTick(events, next, end, tick);
                    next = end;
                    crowd.Tick(grid);
                    if (checker != null) checker.AfterTick(grid, tick);
                    output.Append("tick ").Append(tick).Append(' ').Append(crowd.TickDigest.ToString("x16")).Append('\n');
                    if (trace) {
                        uint n = crowd.Agents(agents);
                        for (uint i = 0; i < n; i++) {
                            CrowdAgent a = agents[i];
                            output.Append("agent ").Append(a.Id).Append(' ').Append(a.X).Append(' ').Append(a.Y)
                                  .Append(' ').Append(a.Cell.X).Append(',').Append(a.Cell.Y).Append(' ')
                                  .Append(Crowd.StateName(a.State));
                            if (a.OnField) output.Append(" field ").Append(a.Goal.X).Append(',').Append(a.Goal.Y);
                            if (bodies)
                                output.Append(" r ").Append(a.Radius).Append(" v ").Append(a.Vx).Append(',').Append(a.Vy);
                            output.Append('\n');
                        }
                    }
                }
                output.Append("final ").Append(crowd.RunDigest.ToString("x16")).Append('\n');
                overlaps = checker != null && checker.Print(output);
            }
            return output.ToString();
        }

        /// <summary>--replay SCRIPT [--threads N] [--trace] [--check].</summary>
        public static int Replay(string[] args)
        {
            try {
                uint threads;
                List<string> rest = Threads(args, 1, out threads);
                bool trace = rest.Remove("--trace"), check = rest.Remove("--check"), overlaps;
                if (rest.Count != 1) {
                    Console.Error.WriteLine("usage: LockstarTests.exe --replay SCRIPT [--threads N] [--trace] [--check]");
                    return 2;
                }
                Console.Out.Write(Run(ReplayScript.Load(rest[0]), threads == 0 ? 1 : threads, trace, check, out overlaps));
                return overlaps ? 1 : 0;
            } catch (FormatException e) {
                Console.Error.WriteLine(e.Message);
                return 2;
            }
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
                foreach (string f in Directory.GetFiles(dir, "a*.replay")) scripts.Add(f);
                scripts.Sort(string.CompareOrdinal);
            }
            Stopwatch clock = Stopwatch.StartNew();
            int runs = 0, differ = 0, count = 0, ticks = 0, v2 = 0, v3 = 0;
            foreach (string path in scripts) {
                ReplayScript s;
                byte[] want;
                string traced = Path.ChangeExtension(path, ".trace");
                bool trace = File.Exists(traced), check;
                try {
                    s = ReplayScript.Load(path);
                    want = File.ReadAllBytes(trace ? traced : Path.ChangeExtension(path, ".out"));
                } catch (FormatException e) {
                    Console.Error.WriteLine(e.Message);
                    return 2;
                } catch (IOException e) {
                    Console.Error.WriteLine(path + ": " + e.Message);
                    return 2;
                }
                if (s.Version == 2) v2++;
                if (s.Version == 3) v3++;
                check = Encoding.ASCII.GetString(want).Contains("\ncheck: ");
                uint[] counts = threads != 0 ? new uint[] { threads } : new uint[] { 1, new uint[] { 2, 3, 8 }[count % 3] };
                foreach (uint n in counts) {
                    bool overlaps;
                    string got = Run(s, n, trace, check, out overlaps);
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
            Console.WriteLine("csharp crowd vectors: " + count + " scripts (" + v2 + " of version 2, " + v3 + " of version 3), " +
                              runs + " runs, " +
                              ticks + " ticks in " + (clock.ElapsedMilliseconds / 1000.0).ToString("0.00") + " s, " +
                              differ + " differ");
            return differ == 0 && count > 0 ? 0 : 1;
        }

        /// <summary>
        /// `lockstar replay --check` (cli/replay_check.c): the library's overlap
        /// check after every tick, and each ordered agent's arrival tick against
        /// its straight-line time, ceil(distance / speed) ticks from where it
        /// stood when ordered (ls_world_distance) to the goal cell's centre.
        /// Counting only: overlaps and arrival are the crowd's answers.
        /// </summary>
        sealed class OverlapCheck
        {
            readonly Crowd crowd;
            readonly World world;
            readonly CrowdAgent[] agents;
            readonly long[] ids;
            readonly bool[] ordered, arrived;
            readonly uint[] straight, orderTick, arrivalTick;
            uint ticks, overlapTicks, firstTick;
            ulong pairs, walls;
            bool hasFirst;
            CrowdOverlaps first;

            public OverlapCheck(Crowd crowd, int cellSize)
            {
                this.crowd = crowd;
                world = World.WithCellSize(cellSize);
                agents = crowd.Agents();
                int n = agents.Length;
                ids = new long[n];
                for (int i = 0; i < n; i++) ids[i] = agents[i].Id;
                ordered = new bool[n];
                arrived = new bool[n];
                straight = new uint[n];
                orderTick = new uint[n];
                arrivalTick = new uint[n];
            }

            void Ordered(long id, int gx, int gy, uint tick)
            {
                int k = Array.BinarySearch(ids, id);
                if (k < 0) return;
                CrowdAgent a = crowd.Get(id);
                int length = World.Distance(a.Position, world.CellCenter(gx, gy));
                ulong t = ((ulong)(uint)length + (ulong)(uint)a.Speed - 1) / (ulong)(uint)a.Speed;
                straight[k] = t > 0 ? (uint)t : 1u;
                ordered[k] = true;
                arrived[k] = false;
                orderTick[k] = tick;
            }

            public void BeforeTick(List<ReplayEvent> events, int from, int end, uint tick)
            {
                for (int k = from; k < end; k++) {
                    ReplayEvent e = events[k];
                    if (e.Kind == ReplayKind.Move) Ordered(e.Agent, e.X, e.Y, tick);
                    else if (e.Kind == ReplayKind.Group) foreach (long id in e.Ids) Ordered(id, e.X, e.Y, tick);
                }
            }

            public void AfterTick(Grid grid, uint tick)
            {
                CrowdOverlaps o = crowd.CheckOverlaps(grid);
                ticks++;
                pairs += o.Pairs;
                walls += o.Walls;
                if (!o.None) {
                    overlapTicks++;
                    if (!hasFirst) {
                        hasFirst = true;
                        firstTick = tick;
                        first = o;
                    }
                }
                crowd.Agents(agents);
                for (int k = 0; k < agents.Length; k++)
                    if (ordered[k] && !arrived[k] && agents[k].State == CrowdState.Arrived) {
                        arrived[k] = true;
                        arrivalTick[k] = tick;
                    }
            }

            /// <summary>The two lines; true when an overlap was found.</summary>
            public bool Print(StringBuilder o)
            {
                if (!hasFirst) {
                    o.Append("check: ").Append(ticks).Append(" ticks, 0 overlaps\n");
                } else {
                    o.Append("check: ").Append(ticks).Append(" ticks, ").Append(pairs).Append(" pair overlaps and ")
                     .Append(walls).Append(" wall overlaps in ").Append(overlapTicks).Append(" ticks, first at tick ")
                     .Append(firstTick).Append(": ");
                    if (first.Pairs > 0) o.Append("agents ").Append(first.PairA).Append(" and ").Append(first.PairB);
                    else o.Append("agent ").Append(first.WallAgent).Append(" and cell ").Append(first.WallCell);
                    o.Append('\n');
                }
                uint orderedCount = 0, arrivedCount = 0, within = 0;
                ulong worst = 0;   // the worst ratio times 100, rounded up
                for (int k = 0; k < ids.Length; k++) {
                    if (!ordered[k]) continue;
                    orderedCount++;
                    if (!arrived[k]) continue;
                    arrivedCount++;
                    ulong travel = (ulong)arrivalTick[k] - orderTick[k] + 1;
                    if (travel <= 3UL * straight[k]) within++;
                    ulong ratio = (travel * 100 + straight[k] - 1) / straight[k];
                    if (ratio > worst) worst = ratio;
                }
                o.Append("arrived: ").Append(arrivedCount).Append(" of ").Append(orderedCount)
                 .Append(" agents ordered, within 3x straight-line time: ").Append(within);
                o.Append(arrivedCount > 0 ? " (worst ratio " + worst / 100 + "." + (worst % 100).ToString("00") + ")\n"
                                          : " (worst ratio -)\n");
                return hasFirst;
            }
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
