// SPDX-License-Identifier: MIT
// CrowdCheck.cs - the crowd layer (Crowd.cs) against lockstar_crowd.h's
// contract: the config's defaults and layout, refusals that throw
// LockstarException with the status while the Try... twins return it,
// agents ordered alone and in groups (on a field, on paths when no slot
// is free, unreachable), the tick, agent and run digests recomputed here
// from the agents by the header's definition, the same run on 1 and 3
// threads, the profiler hook, no managed allocation by the per-tick
// calls. Then FlowCheck.cs (flow fields and route checks) and
// AvoidCheck.cs (clearance, sizes and avoidance).
// Silent when everything holds; each difference is a line of the report.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Lockstar.Tests
{
    public static class CrowdCheck
    {
        static Report rep;

        static void Expect(bool ok, string what, string expected, string got)
        {
            if (!ok) rep.Add("crowd", what, "value", expected, got);
        }

        static void Same(string what, object want, object got)
        {
            Expect(Equals(want, got), what, want == null ? "null" : want.ToString(), got == null ? "null" : got.ToString());
        }

        /// <summary>f must throw LockstarException with status want.</summary>
        static void Throws(string what, Status want, Action f)
        {
            try {
                f();
                rep.Add("crowd", what, "exception", "LockstarException " + want, "none");
            } catch (LockstarException e) {
                Same(what + ": Status", want, e.Status);
                Same(what + ": StatusName", Lib.StatusName(want), e.StatusName);
            }
        }

        // FNV-1a 64 over integers fed little-endian.
        internal struct Fnv
        {
            public ulong H;
            public static Fnv Start() { Fnv f; f.H = 0xcbf29ce484222325UL; return f; }
            public void Byte(byte b) { H = (H ^ b) * 0x100000001b3UL; }
            public void U32(uint v) { for (int i = 0; i < 4; i++) Byte((byte)(v >> (8 * i))); }
            public void U64(ulong v) { for (int i = 0; i < 8; i++) Byte((byte)(v >> (8 * i))); }
        }

        // 12 x 9: walls, swamps (cost 3), a pocket (0..3, 7..8) nothing reaches.
        internal const string Map =
            "..........@.\n" +
            ".@@@@.....@.\n" +
            ".@SS@..S..@.\n" +
            ".@SS...S....\n" +
            ".@@@@@@@@@@.\n" +
            "...S........\n" +
            "@@@@@@@.@@@@\n" +
            "....@...@...\n" +
            "....@.......\n";

        public static void Run(Report report)
        {
            rep = report;
            Layout();
            using (Grid g = Grid.FromText(Map, 3)) {
                g.Set(9, 5, 7);
                CrowdErrors(g);
                Alone(g);
                Groups(g);
                Determinism(g);
                NoAllocation(g);
            }
            FlowCheck.Run(report);
            AvoidCheck.Run(report);
        }

        static void Layout()
        {
            CrowdConfig d = CrowdConfig.Defaults();
            Same("sizeof(ls_crowd_config)", (int)d.StructSize, Marshal.SizeOf(typeof(CrowdConfig)));
            Same("sizeof(ls_crowd_agent)", 88, Marshal.SizeOf(typeof(CrowdAgent)));
            Same("sizeof(ls_crowd_stats)", 64, Marshal.SizeOf(typeof(CrowdStats)));
            Same("sizeof(ls_crowd_overlaps)", 40, Marshal.SizeOf(typeof(CrowdOverlaps)));
            Same("sizeof(ls_route_check)", 24, Marshal.SizeOf(typeof(RouteCheck)));
            Same("default capacity", 1024u, d.Capacity);
            Same("default path points", 65536u, d.PathPoints);
            Same("default cell size", Fix16.One, d.World.CellSize);
            Same("default threads", 1u, d.Threads);
            Same("default fields", 4u, d.MaxFields);
            Same("default budget", 0u, d.Budget);
            Same("default options", Query.Defaults().StraightCost, d.Options.StraightCost);
            CrowdConfig c = new CrowdConfig { Budget = 9 };
            Same("a property set first fills in the defaults", 1024u, c.Capacity);
            Same("width of a default-constructed config", 1, new CrowdConfig().Width);
            Same("state names", "no-room", Crowd.StateName(CrowdState.NoRoom));
            Same("unknown state name", "?", Crowd.StateName((CrowdState)77));
            Same("enum name", "Unreachable", CrowdState.Unreachable.ToString());
            Same("status name -35", "LS_ERR_BAD_ROUTE", Lib.StatusName(Status.ErrBadRoute));
            Same("status name -36", "LS_ERR_CROWD_FULL", Lib.StatusName(Status.ErrCrowdFull));
            Same("ls_flow_bytes_per_cell: a few bytes", true, Flow.BytesPerCell > 4 && Flow.BytesPerCell < 64);
        }

        static void CrowdErrors(Grid g)
        {
            Throws("width 0", Status.ErrBadSize, () => new Crowd(0, 5).Dispose());
            Throws("capacity 0", Status.ErrBadSize, () => new Crowd(new CrowdConfig(4, 4) { Capacity = 0 }).Dispose());
            Throws("threads 0", Status.ErrBadOption, () => new Crowd(new CrowdConfig(4, 4) { Threads = 0 }).Dispose());
            Throws("max fields 2000", Status.ErrSizeOverflow,
                   () => new Crowd(new CrowdConfig(4, 4) { MaxFields = 2000 }).Dispose());
            Throws("bad flags", Status.ErrBadFlags, () => new Crowd(new CrowdConfig(4, 4) { Flags = (CrowdFlags)8 }).Dispose());
            Throws("struct size", Status.ErrBadStructSize, () => new Crowd(new CrowdConfig(4, 4) { StructSize = 7 }).Dispose());
            Throws("cell size 0", Status.ErrBadFrame, () => new Crowd(new CrowdConfig(4, 4) { World = new World() }).Dispose());
            using (Crowd c = new Crowd(new CrowdConfig(g.Width, g.Height) { Capacity = 2 })) {
                c.Add(1, 0, 0, Fix16.One);
                Throws("Add twice", Status.ErrDuplicateId, () => c.Add(1, 1, 0, Fix16.One));
                Same("TryAdd twice", Status.ErrDuplicateId, c.TryAdd(1, 1, 0, Fix16.One));
                Throws("Add outside", Status.ErrOutOfBounds, () => c.Add(2, 12, 0, Fix16.One));
                Throws("speed 0", Status.ErrBadSpeed, () => c.Add(2, 1, 0, 0));
                c.AddAt(-2, Fix16.Parse("3.25"), Fix16.Parse("0.5"), Fix16.One);
                Same("AddAt's cell", new Point(3, 0), c.Get(-2).Cell);
                Throws("full", Status.ErrCrowdFull, () => c.Add(3, 2, 0, Fix16.One));
                Same("TryAdd when full", Status.ErrCrowdFull, c.TryAdd(3, 2, 0, Fix16.One));
                Throws("Order unknown", Status.ErrUnknownId, () => c.Order(5, 1, 1));
                Throws("Order outside", Status.ErrOutOfBounds, () => c.Order(1, 1, 9));
                Same("TryOrderAt outside", Status.ErrOutOfBounds, c.TryOrderAt(1, -1, 0));
                Throws("OrderGroup empty", Status.ErrBadSize, () => c.OrderGroup(new long[0], 1, 1));
                Throws("OrderGroup unknown", Status.ErrUnknownId, () => c.OrderGroup(new long[] { 1, 5 }, 1, 1));
                Same("TryOrderGroup null", Status.ErrNullArgument, c.TryOrderGroup(null, 0, 1, 1));
                Throws("Stop unknown", Status.ErrUnknownId, () => c.Stop(9));
                Throws("SetSpeed -1", Status.ErrBadSpeed, () => c.SetSpeed(1, -1));
                Throws("Remove unknown", Status.ErrUnknownId, () => c.Remove(9));
                Throws("Get unknown", Status.ErrUnknownId, () => c.Get(9));
                Throws("GetAt past the end", Status.ErrOutOfBounds, () => c.GetAt(2));
                Throws("AgentDigest unknown", Status.ErrUnknownId, () => c.AgentDigest(9));
                Throws("Route unknown", Status.ErrUnknownId, () => c.Route(9));
                Throws("TickDigest before a tick", Status.ErrNotDone, () => GC.KeepAlive(c.TickDigest));
                ulong digest;
                Same("TryTickDigest before a tick", Status.ErrNotDone, c.TryTickDigest(out digest));
                Same("RunDigest before a tick", 0xcbf29ce484222325UL, c.RunDigest);
                using (Grid other = new Grid(5, 5))
                    Throws("Tick on another size", Status.ErrGridMismatch, () => c.Tick(other));
                Same("no tick done", 0u, c.Ticks);
                CrowdAgent[] small = new CrowdAgent[1];
                uint n;
                Same("TryAgents into a small buffer", Status.ErrBufferTooSmall, c.TryAgents(small, out n));
                Same("TryAgents' count needed", 2u, n);
                Same("Agents in id order", -2L, c.Agents()[0].Id);
                c.Remove(-2);
                Same("Count after Remove", 1u, c.Count);
                Same("Contains after Remove", false, c.Contains(-2));
            }
        }

        // Runs ticks until every agent named is Arrived (or limit ticks), the
        // digests checked after each; the ticks run.
        static int Until(string what, Crowd c, Grid g, ref Fnv run, int limit, params long[] ids)
        {
            for (int t = 0; t < limit; t++) {
                bool all = true;
                foreach (long id in ids) all &= c.Get(id).State == CrowdState.Arrived;
                if (all) return t;
                c.Tick(g);
                Digests(what + " tick " + c.Ticks, c, g, ref run);
            }
            Expect(false, what + ": arrived", "within " + limit + " ticks", "not arrived");
            return limit;
        }

        static void Alone(Grid g)
        {
            Fnv run = Fnv.Start();
            using (Crowd c = new Crowd(new CrowdConfig(g.Width, g.Height) { Budget = 1 })) {
                c.Add(1, 0, 0, Fix16.Parse("0.5"));
                c.Add(2, 5, 5, Fix16.One);
                c.Add(3, 11, 0, Fix16.One);
                c.Add(4, 6, 0, Fix16.One);
                c.Order(1, 11, 8);
                c.Order(2, 0, 7);     // into the pocket
                c.Order(3, 9, 0);
                c.Stop(3);            // replaces the order
                c.Order(4, 6, 8);
                c.SetSpeed(4, Fix16.Parse("1.5"));
                Same("an order waits for the tick", CrowdState.Idle, c.Get(1).State);
                c.Tick(g);
                Digests("alone tick 1", c, g, ref run);
                Same("budget 1: waiting", CrowdState.Waiting, c.Get(1).State);
                Same("stopped", CrowdState.Idle, c.Get(3).State);
            }
            run = Fnv.Start();
            using (Crowd c = new Crowd(new CrowdConfig(g.Width, g.Height))) {
                c.Add(1, 0, 0, Fix16.Parse("0.5"));
                c.Add(2, 5, 5, Fix16.One);
                c.OrderAt(1, Fix16.Parse("11.9"), Fix16.Parse("8.1"));
                c.Order(2, 0, 7);
                c.Tick(g);
                Digests("alone tick 1", c, g, ref run);
                CrowdAgent a = c.Get(1);
                Same("moving after a tick without a budget", CrowdState.Moving, a.State);
                Same("goal of OrderAt", new Point(11, 8), a.Goal);
                Same("unreachable", CrowdState.Unreachable, c.Get(2).State);
                Point[] route = c.Route(1);
                Expect(route.Length >= 2 && route.Length == (int)a.WayCount, "route of a moving agent",
                       a.WayCount + " waypoints", route.Length.ToString());
                Same("route ends at the goal", new Point(11, 8), route[route.Length - 1]);
                Point[] small = new Point[1];
                uint n;
                Same("TryRoute into one point", Status.ErrBufferTooSmall, c.TryRoute(1, small, out n));
                Same("TryRoute's length needed", (uint)route.Length, n);
                Same("no route when unreachable", 0, c.Route(2).Length);
                Until("alone", c, g, ref run, 200, 1);
                a = c.Get(1);
                Same("arrived on the goal centre", World.WithCellSize(Fix16.One).CellCenter(11, 8).ToString(),
                     a.Position.ToString());
                Same("arrived in the goal cell", new Point(11, 8), a.Cell);
                CrowdStats st = c.Stats;
                Same("requests", 2UL, st.Requests);
                Same("fields", 0UL, st.Fields);
            }
        }

        static void Groups(Grid g)
        {
            Fnv run = Fnv.Start();
            long[] ids = { 12, 10, 11 };
            using (Crowd c = new Crowd(new CrowdConfig(g.Width, g.Height) { Budget = 200 })) {
                c.Add(10, 5, 0, Fix16.One);
                c.Add(11, 6, 1, Fix16.Parse("0.75"));
                c.Add(12, 7, 0, Fix16.Parse("1.25"));
                c.Add(13, 0, 5, Fix16.One);
                c.OrderGroup(ids, 11, 3);
                c.OrderGroup(new long[] { 13 }, 1, 1);   // a blocked goal
                c.Tick(g);
                Digests("group tick 1", c, g, ref run);
                foreach (long id in ids) {
                    CrowdAgent a = c.Get(id);
                    Same("group agent " + id + " on the field", true, a.OnField);
                    Same("group agent " + id + " moving", CrowdState.Moving, a.State);
                    Same("group agent " + id + " has no route of its own", 0, c.Route(id).Length);
                }
                Same("a group to a blocked goal", CrowdState.Unreachable, c.Get(13).State);
                Same("fields", 1UL, c.Stats.Fields);
                Until("group", c, g, ref run, 100, ids);
                foreach (long id in ids) {
                    Same("group agent " + id + " left the field", false, c.Get(id).OnField);
                    Same("group agent " + id + " on the goal", new Point(11, 3), c.Get(id).Cell);
                }
            }
            // No field slot: the group order is carried out as move orders.
            run = Fnv.Start();
            using (Crowd c = new Crowd(new CrowdConfig(g.Width, g.Height) { MaxFields = 0 })) {
                c.Add(10, 5, 0, Fix16.One);
                c.Add(11, 6, 1, Fix16.One);
                c.OrderGroup(new long[] { 10, 11 }, 2, 11, 3);
                c.Tick(g);
                Digests("no slot tick 1", c, g, ref run);
                Same("no slot: not on a field", false, c.Get(10).OnField);
                Expect(c.Route(10).Length >= 2, "no slot: a route", "waypoints", c.Route(10).Length.ToString());
                Same("no slot: requests", 2UL, c.Stats.Requests);
            }
        }

        // A run with edits under moving agents and groups: the same digests on 1 and 3 threads,
        // and a profiler that sees every phase, in order, ending with End.
        static void Determinism(Grid g0)
        {
            ulong[] final = new ulong[2];
            for (int k = 0; k < 2; k++) {
                List<CrowdPhase> phases = new List<CrowdPhase>();
                CrowdConfig cfg = new CrowdConfig(g0.Width, g0.Height) {
                    Budget = 9, Threads = k == 0 ? 1u : 3u, World = World.WithCellSize(Fix16.Parse("1.5"))
                };
                using (Grid g = Grid.FromText(Map, 3))
                using (Crowd c = new Crowd(cfg, phases.Add)) {
                    g.Set(9, 5, 7);
                    for (int i = 0; i < 8; i++) c.Add(i * 7 - 20, i % 4, 5, Fix16.Parse("0.4") + i * 4000);
                    c.Order(-20, 11, 8);
                    c.Order(-13, 11, 0);
                    c.OrderGroup(new long[] { -6, 1, 8 }, 0, 0);
                    c.OrderGroup(new long[] { 15, 22, 29 }, 11, 8);
                    for (int t = 0; t < 60; t++) {
                        if (t == 6) g.SetRect(7, 6, 1, 1, 0);   // the gap closed
                        if (t == 20) g.Set(7, 6, 1);
                        if (t == 25) c.Order(22, 0, 3);
                        c.Tick(g);
                    }
                    final[k] = c.RunDigest;
                    int[] seen = new int[16];
                    foreach (CrowdPhase p in phases) seen[Enum.IsDefined(typeof(CrowdPhase), p) ? (int)p : 0]++;
                    Same("phases the enum does not name", 0, seen[0]);
                    Same("End once a tick", 60, seen[(int)CrowdPhase.End]);
                    Same("Move once a tick", 60, seen[(int)CrowdPhase.Move]);
                    Same("Search every tick", true, seen[(int)CrowdPhase.Search] >= 60);
                    Same("Fields seen (fields served)", true, seen[(int)CrowdPhase.Fields] > 0);
                    Same("last phase", CrowdPhase.End, phases[phases.Count - 1]);
                    Same("first phase", CrowdPhase.Routes, phases[0]);
                    Same("replans after the gap closed", true, c.Stats.Replans > 0);
                }
            }
            Same("1 and 3 threads: the same run digest", Report.Hex(final[0]), Report.Hex(final[1]));
            using (Crowd c = new Crowd(new CrowdConfig(4, 4), p => { throw new ArgumentException("profiler"); }))
            using (Grid g = new Grid(4, 4)) {
                bool thrown = false;
                try { c.Tick(g); } catch (InvalidOperationException) { thrown = true; }
                Same("a throwing profiler's exception after the tick", true, thrown);
                Same("the tick completed", 1u, c.Ticks);
            }
            // Crowds with profilers left to the collector: their finalizers
            // free the handles the hook finds them by, and the SafeHandles
            // destroy them; a live one still calls its own.
            int calls = 0;
            for (int i = 0; i < 20; i++) new Crowd(new CrowdConfig(4, 4), p => calls++);
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
            using (Crowd c = new Crowd(new CrowdConfig(4, 4), p => calls += 1000))
            using (Grid g = new Grid(4, 4))
                c.Tick(g);
            Same("a live crowd's profiler after others were collected", true, calls >= 1000 && calls % 1000 == 0);
        }

        // The per-tick calls allocate no managed memory (after a first round,
        // which may JIT and initialise).
        static void NoAllocation(Grid g0)
        {
            using (Grid g = Grid.FromText(Map, 3))
            using (Crowd c = new Crowd(new CrowdConfig(g.Width, g.Height) { Budget = 30 }))
            using (Flow f = new Flow(g, 1)) {
                long[] group = { 3, 4, 5, 6 };
                CrowdAgent[] agents = new CrowdAgent[8];
                Point[] route = new Point[64];
                int[] costs = new int[g.Width * g.Height];
                FlowDirection[] dirs = new FlowDirection[costs.Length];
                Point goal = new Point(11, 8);
                for (int i = 0; i < 8; i++) c.Add(i, i % 4, 5, Fix16.Parse("0.6"));
                f.Begin(g, new Query(), goal);
                f.Step();
                long before = 0;
                ulong sum = 0;
                for (int t = 0; t < 80; t++) {
                    if (t == 40) before = GC.GetAllocatedBytesForCurrentThread();
                    if (t % 20 == 0) {
                        c.OrderGroup(group, 3, t % 40 == 0 ? 11 : 0, t % 40 == 0 ? 8 : 0);
                        c.Order(0, t % 40 == 0 ? 11 : 0, 0);
                        c.Order(7, 5, 8);
                        g.Set(7, 6, (byte)(t % 40 == 0 ? 0 : 1));
                    }
                    c.Tick(g);
                    uint n = c.Agents(agents), len;
                    for (uint i = 0; i < n; i++) {
                        sum += c.AgentDigest(agents[i].Id) + (ulong)agents[i].Speed;
                        c.TryRoute(agents[i].Id, route, out len);
                    }
                    sum += c.TickDigest + c.RunDigest + c.Stats.Requests + c.Get(7).Waypoint + c.Ticks + c.Count;
                    if (f.Refresh(g) == Status.InProgress) f.Step(0);
                    f.TryCosts(costs);
                    f.TryDirections(dirs);
                    sum += f.Digest + (ulong)f.Cost(0, 0) + (ulong)f.Direction(10, 8) + f.Expansions;
                }
                long bytes = GC.GetAllocatedBytesForCurrentThread() - before;
                Same("bytes allocated by 40 ticks of the crowd's and a flow's calls", 0L, bytes);
                GC.KeepAlive(sum);
            }
        }

        // The tick digest, each agent's digest and the run digest, by the header's definition.
        static void Digests(string what, Crowd c, Grid g, ref Fnv run)
        {
            Fnv t = Fnv.Start();
            t.U64(g.Digest);
            t.U32(c.Count);
            foreach (CrowdAgent a in c.Agents()) {
                Fnv one = Fnv.Start();
                Feed(ref t, a);
                Feed(ref one, a);
                Same(what + ": agent " + a.Id + " digest", one.H, c.AgentDigest(a.Id));
            }
            Same(what + ": tick digest", t.H, c.TickDigest);
            run.U64(t.H);
            Same(what + ": run digest", run.H, c.RunDigest);
        }

        static void Feed(ref Fnv f, CrowdAgent a)
        {
            f.U64((ulong)a.Id);
            f.U32((uint)a.X);
            f.U32((uint)a.Y);
            f.Byte((byte)a.State);
            f.U32(a.Waypoint);
        }
    }
}
