// SPDX-License-Identifier: MIT
// AvoidCheck.cs - issue 22 through the layer: clearance (Grid.Clearance
// against its definition before and after edits, Query.Clearance as the
// same query on the grid the size sees, the gap rule 2k - 1, refusals in
// place), World.ClearanceFor, Grid.SmoothSized as Smooth on that grid,
// and the crowd's sizes and avoidance (the config's settings and their
// refusals, SetBody and its refusals with nothing changed, Avoidance,
// CheckOverlaps on discs placed to overlap each other and the grid's edge,
// sized agents kept out of narrow gaps, a head-on pair that passes with no
// overlap after any tick, the digests with avoidance on recomputed from the
// agents' new fields by the header's definition, the Avoid phase, no
// managed allocation). The answers are the library's; this file only
// states what the headers promise about them.
// Silent when everything holds; each difference is a line of the report.
using System;
using System.Collections.Generic;

namespace Lockstar.Tests
{
    public static class AvoidCheck
    {
        static Report rep;

        static void Same(string what, object want, object got)
        {
            if (!Equals(want, got))
                rep.Add("avoid", what, "value", want == null ? "null" : want.ToString(), got == null ? "null" : got.ToString());
        }

        static void Throws(string what, Status want, Action f)
        {
            try {
                f();
                rep.Add("avoid", what, "exception", "LockstarException " + want, "none");
            } catch (LockstarException e) {
                Same(what + ": Status", want, e.Status);
            }
        }

        // 16 x 9: a wall at x 7 with gaps of 1 (y 1) and 3 (y 4..6) cells;
        // a pillar, swamps (cost 3) and a wall on the east side.
        const string Map =
            ".......@........\n" +
            "................\n" +
            ".......@.....@..\n" +
            "..@....@..S..@..\n" +
            "...........S.@..\n" +
            "............S@..\n" +
            ".............@..\n" +
            ".......@........\n" +
            ".......@.....@..\n";

        public static void Run(Report report)
        {
            rep = report;
            using (Grid g = Grid.FromText(Map, 3)) {
                Clearances(g);
                SizedQueries(g);
                Frames();
                Smoothing(g);
            }
            using (Grid g = Grid.FromText(Map, 3)) {
                Bodies(g);
                Overlaps(g);
                SizedAgents(g);
                HeadOn();
                Counters();
                NoAllocation();
            }
        }

        // The definition (lockstar.h "Clearance"): 0 when blocked, else the least
        // Chebyshev distance to a blocked cell or the outside, at most 16.
        static uint Defined(Grid g, int x, int y)
        {
            if (g.Get(x, y) == Limits.CellBlocked) return 0;
            for (uint d = 1; d < Limits.ClearanceMax; d++)
                for (int j = y - (int)d; j <= y + (int)d; j++)
                    for (int i = x - (int)d; i <= x + (int)d; i++)
                        if (!g.Contains(i, j) || g.Get(i, j) == Limits.CellBlocked) return d;
            return Limits.ClearanceMax;
        }

        static void AllDefined(string what, Grid g)
        {
            int wrong = 0;
            for (int y = 0; y < g.Height; y++)
                for (int x = 0; x < g.Width; x++)
                    if (g.Clearance(x, y) != Defined(g, x, y) && wrong++ == 0)
                        Same(what + ": clearance of " + x + "," + y, Defined(g, x, y), g.Clearance(x, y));
        }

        static void Clearances(Grid g)
        {
            AllDefined("the map", g);
            Same("gap of 3: its middle cell", 2u, g.Clearance(7, 5));
            Same("gap of 1", 1u, g.Clearance(7, 1));
            using (Grid big = new Grid(40, 40)) {
                Same("an open 40x40: the centre capped", Limits.ClearanceMax, big.Clearance(20, 20));
                big.SetRect(10, 10, 3, 3, 0);
                big.Set(30, 25, 0);
                big.Set(11, 11, 1);                  // one reopened
                AllDefined("an open 40x40 after edits", big);
            }
            uint k;
            Throws("Clearance outside", Status.ErrOutOfBounds, () => g.Clearance(16, 0));
            Same("TryClearance outside", Status.ErrOutOfBounds, g.TryClearance(-1, 0, out k));
            using (Grid compact = new Grid(4, 4, GridFlags.Compact))
                Throws("a compact grid keeps none", Status.ErrBadClearance, () => compact.Clearance(1, 1));
        }

        // The grid a query of clearance k sees: cells below k blocked, costs kept.
        static Grid Derived(Grid g, uint k)
        {
            byte[] cells = new byte[g.Width * g.Height];
            for (int y = 0; y < g.Height; y++)
                for (int x = 0; x < g.Width; x++)
                    cells[y * g.Width + x] = g.Clearance(x, y) >= k ? g.Get(x, y) : Limits.CellBlocked;
            Grid d = new Grid(g.Width, g.Height);
            d.Load(cells);
            return d;
        }

        static void SizedQueries(Grid g)
        {
            Same("Query.Clearance default", 0u, new Query().Clearance);
            Same("Query.Clearance set first fills in the defaults", 10u, new Query { Clearance = 3 }.StraightCost);
            using (SearchContext sc = new SearchContext(g)) {
                Point[][] ends = {
                    new[] { new Point(2, 7), new Point(15, 0) }, new[] { new Point(3, 5), new Point(10, 4) },
                    new[] { new Point(4, 1), new Point(11, 6) }, new[] { new Point(1, 6), new Point(9, 3) }
                };
                int found = 0;
                foreach (Point[] e in ends)
                    foreach (uint k in new uint[] { 1, 2, 3 })
                        foreach (Corners rule in new Corners[] { Corners.None, Corners.All }) {
                            Query q = new Query(e[0].X, e[0].Y, e[1].X, e[1].Y) { Clearance = k, CornerRule = rule };
                            PathResult sized, plain;
                            Status a = sc.TryFindPath(g, q, out sized), b;
                            q.Clearance = 0;
                            using (Grid d = Derived(g, k))
                                b = sc.TryFindPath(d, q, out plain);
                            string what = "clearance " + k + " " + q + ": ";
                            Same(what + "status", b, a);
                            if (sized == null || plain == null) continue;
                            found += sized.Found && k > 1 ? 1 : 0;
                            Same(what + "result", plain.ToString(), sized.ToString());
                            Same(what + "digest", plain.Digest, sized.Digest);
                        }
                Same("sized paths found among them", true, found >= 4);
                // A gap of 2k - 1 cells passes k, one of 2k - 2 does not.
                using (Grid across = new Grid(15, 15))
                using (SearchContext s15 = new SearchContext(across)) {
                    across.SetRect(7, 0, 1, 15, 0);
                    across.SetRect(7, 6, 1, 3, 1);   // a gap of 3 (y 6..8)
                    Query q = new Query(3, 7, 11, 7);
                    q.Clearance = 2;
                    Same("gap 3, clearance 2", Status.Ok, s15.FindPath(across, q).Status);
                    q.Clearance = 3;
                    Same("gap 3, clearance 3", Status.NoPath, s15.FindPath(across, q).Status);
                    across.Set(7, 9, 1);             // 4 wide: still not 3
                    Same("gap 4, clearance 3", Status.NoPath, s15.FindPath(across, q).Status);
                    across.Set(7, 5, 1);             // 5 wide
                    Same("gap 5, clearance 3", Status.Ok, s15.FindPath(across, q).Status);
                }
                PathResult r;
                Same("clearance 17", Status.ErrBadClearance, sc.TryFindPath(g, new Query(0, 0, 5, 5) { Clearance = 17 }, out r));
                Same("a refused query has no result", null, r);
                Throws("FindPath clearance 17", Status.ErrBadClearance,
                       () => sc.FindPath(g, new Query(0, 0, 5, 5) { Clearance = 17 }));
                Throws("JPS with clearance 2", Status.ErrBadClearance,
                       () => sc.FindPath(g, new Query(0, 0, 5, 5) { Clearance = 2, Algorithm = Algorithm.Jps }));
                Throws("JPS with clearance 1: on to the terrain check", Status.ErrNotUniform,
                       () => sc.FindPath(g, new Query(1, 1, 5, 5) { Clearance = 1, Algorithm = Algorithm.Jps }));
                Throws("a start of clearance 1 for clearance 2", Status.ErrStartBlocked,
                       () => sc.FindPath(g, new Query(0, 0, 5, 5) { Clearance = 2 }));
                Throws("a goal of clearance 1 for clearance 2", Status.ErrGoalBlocked,
                       () => g.Validate(new Query(5, 5, 15, 8) { Clearance = 2 }));
                Throws("a bad weight before the clearance", Status.ErrBadWeight,
                       () => g.Validate(new Query(1, 1, 5, 5) { Clearance = 17, Weight = 0 }));
                using (Grid compact = Grid.FromText(Map, 3, GridFlags.Compact))
                    Throws("a compact grid, clearance 2", Status.ErrBadClearance,
                           () => compact.Validate(new Query(2, 2, 5, 5) { Clearance = 2 }));
            }
            // The path check with a clearance: the gap of 1 is blocked for 2.
            Point[] through = { new Point(6, 1), new Point(7, 1), new Point(8, 1) };
            Same("path through a gap of 1, clearance 1", true, g.CheckPath(new Query { Clearance = 1 }, through).Legal);
            PathCheck pc = g.CheckPath(new Query { Clearance = 2, CornerRule = Corners.All }, through);
            Same("blocked for clearance 2: reason", StepReason.Blocked, pc.Reason);
            Same("blocked for clearance 2: first illegal point", 0u, pc.FirstIllegal);
            Throws("CheckPath clearance 17", Status.ErrBadClearance, () => g.CheckPath(new Query { Clearance = 17 }, through));
        }

        static void Frames()
        {
            World w = World.WithCellSize(Fix16.One);
            Same("radius 0", 1u, w.ClearanceFor(0));
            Same("radius 0.5", 1u, w.ClearanceFor(Fix16.Parse("0.5")));
            Same("radius 0.5 + 1 raw", 2u, w.ClearanceFor(Fix16.Parse("0.5") + 1));
            Same("radius 1.5", 2u, w.ClearanceFor(Fix16.Parse("1.5")));
            Same("radius 15.5", 16u, w.ClearanceFor(Fix16.Parse("15.5")));
            uint k;
            Same("radius 15.5 + 1 raw", Status.ErrBadRadius, w.TryClearanceFor(Fix16.Parse("15.5") + 1, out k));
            Throws("radius -1 raw", Status.ErrBadRadius, () => w.ClearanceFor(-1));
            Throws("cell size 0", Status.ErrBadFrame, () => new World().ClearanceFor(Fix16.One));
            World two = World.WithCellSize(Fix16.FromInt(2));
            Same("cell 2, radius 1", 1u, two.ClearanceFor(Fix16.One));
            Same("cell 2, radius 3", 2u, two.ClearanceFor(Fix16.FromInt(3)));
        }

        static void Smoothing(Grid g)
        {
            using (SearchContext sc = new SearchContext(g)) {
                Point[] path = sc.FindPath(g, new Query(4, 1, 11, 6) { Clearance = 2 }).Points;
                Same("a sized path was found", true, path.Length > 2);
                foreach (uint k in new uint[] { 0, 1 })
                    Same("SmoothSized " + k + " is Smooth", Lib.PathDigest(g.Smooth(path)), Lib.PathDigest(g.SmoothSized(path, k)));
                using (Grid d = Derived(g, 2))
                    Same("SmoothSized 2 is Smooth on the grid clearance 2 sees", Lib.PathDigest(d.Smooth(path)),
                         Lib.PathDigest(g.SmoothSized(path, 2)));
                Point[] buffer = new Point[path.Length];
                uint n;
                Same("TrySmoothSized", Status.Ok, g.TrySmoothSized(path, (uint)path.Length, buffer, 2, out n));
                Same("TrySmoothSized's length", (uint)g.SmoothSized(path, 2).Length, n);
                Throws("SmoothSized 17", Status.ErrBadClearance, () => g.SmoothSized(path, 17));
                using (Grid compact = Grid.FromText(Map, 3, GridFlags.Compact))
                    Throws("SmoothSized 2 on a compact grid", Status.ErrBadClearance, () => compact.SmoothSized(path, 2));
            }
        }

        static void Bodies(Grid g)
        {
            CrowdConfig d = CrowdConfig.Defaults();
            Same("default neighbours", 10u, d.AvoidNeighbours);
            Same("default horizon", 4u, d.AvoidHorizon);
            Same("default stuck ticks", 40u, d.StuckTicks);
            Same("a setting set first fills in the defaults", 1024u, new CrowdConfig { StuckTicks = 3 }.Capacity);
            Throws("neighbours 0", Status.ErrBadOption, () => new Crowd(new CrowdConfig(4, 4) { AvoidNeighbours = 0 }).Dispose());
            Throws("neighbours 33", Status.ErrBadOption,
                   () => new Crowd(new CrowdConfig(4, 4) { AvoidNeighbours = Limits.CrowdMaxNeighbours + 1 }).Dispose());
            Throws("horizon 0", Status.ErrBadOption, () => new Crowd(new CrowdConfig(4, 4) { AvoidHorizon = 0 }).Dispose());
            Throws("horizon 1025", Status.ErrBadOption,
                   () => new Crowd(new CrowdConfig(4, 4) { AvoidHorizon = Limits.CrowdMaxHorizon + 1 }).Dispose());
            Throws("flags 4", Status.ErrBadFlags, () => new Crowd(new CrowdConfig(4, 4) { Flags = (CrowdFlags)4 }).Dispose());
            using (Crowd c = new Crowd(new CrowdConfig(g.Width, g.Height) {
                       Flags = CrowdFlags.Avoidance, AvoidNeighbours = 32, AvoidHorizon = 1024, StuckTicks = 0 })) {
                Same("Avoidance from the config's flag", true, c.Avoidance);
                Same("the config kept", 1024u, c.Config.AvoidHorizon);
                c.Add(1, 0, 0, Fix16.One);
                CrowdAgent a = c.Get(1);
                Same("a new agent is a point", 0, a.Radius);
                Same("a new agent's priority", 0, a.Priority);
                Same("a new agent's class", 1u, a.Clearance);
                int r = Fix16.Parse("1.6");
                c.SetBody(1, r, 7);
                a = c.Get(1);
                Same("SetBody: radius", r, a.Radius);
                Same("SetBody: priority", 7, a.Priority);
                Same("SetBody: class", c.Config.World.ClearanceFor(r), a.Clearance);
                Throws("SetBody unknown", Status.ErrUnknownId, () => c.SetBody(2, 0, 0));
                Throws("SetBody radius -1", Status.ErrBadRadius, () => c.SetBody(1, -1, 0));
                Throws("SetBody radius 64 + 1 raw", Status.ErrBadRadius, () => c.SetBody(1, Limits.CrowdMaxRadius + 1, 0));
                Throws("SetBody radius 15.5 + 1 raw at cell 1", Status.ErrBadRadius,
                       () => c.SetBody(1, Fix16.Parse("15.5") + 1, 0));
                Throws("SetBody priority 100", Status.ErrBadPriority, () => c.SetBody(1, 0, Limits.CrowdMaxPriority + 1));
                Same("TrySetBody priority -1", Status.ErrBadPriority, c.TrySetBody(1, 0, -1));
                Same("refusals changed nothing", r + " 7", c.Get(1).Radius + " " + c.Get(1).Priority);
                c.SetBody(1, Fix16.Parse("15.5"), Limits.CrowdMaxPriority);
                Same("the largest class at cell 1", Limits.ClearanceMax, c.Get(1).Clearance);
                c.Avoidance = false;
                Same("Avoidance off", false, c.Avoidance);
                Same("TrySetAvoidance", Status.Ok, c.TrySetAvoidance(true));
                Same("ls_crowd_set_avoidance(2)", Status.ErrBadOption, Native.ls_crowd_set_avoidance(c.Handle, 2));
                Same("Avoidance after a refusal", true, c.Avoidance);
            }
            using (Crowd c = new Crowd(g.Width, g.Height))
                Same("Avoidance off by default", false, c.Avoidance);
        }

        static void Overlaps(Grid g)
        {
            using (Crowd c = new Crowd(g.Width, g.Height)) {
                CrowdOverlaps o = c.CheckOverlaps(g);
                Same("no agents: no overlap", true, o.None);
                int r = Fix16.Parse("0.4");
                c.Add(20, 3, 3, Fix16.One);
                c.Add(10, 3, 3, Fix16.One);              // on the same centre
                c.Add(30, 4, 3, Fix16.One);              // 1.0 away: 0.8 apart, no overlap
                c.Add(40, 9, 8, Fix16.One);              // a point: overlaps nothing
                c.Add(50, 0, 5, Fix16.One);
                Same("points overlap nothing", true, c.CheckOverlaps(g).None);
                foreach (long id in new long[] { 20, 10, 30 }) c.SetBody(id, r, 0);
                c.SetBody(50, Fix16.Parse("0.6"), 0);    // over the grid's edge
                o = c.CheckOverlaps(g);
                Same("pairs", 1u, o.Pairs);
                Same("the pair", "10 20", o.PairA + " " + o.PairB);
                Same("walls", 1u, o.Walls);
                Same("the wall agent", 50L, o.WallAgent);
                Same("its cell outside the grid", false, g.Contains(o.WallCell.X, o.WallCell.Y));
                Same("not None", false, o.None);
                c.SetBody(20, Fix16.Parse("0.6"), 0);    // now touches 30's disc: 1.0 = 0.6 + 0.4, apart
                Same("discs that touch do not overlap", 1u, c.CheckOverlaps(g).Pairs);
                c.SetBody(20, Fix16.Parse("0.6") + 1, 0);
                o = c.CheckOverlaps(g);
                Same("one raw unit more: two pairs", 2u, o.Pairs);
                using (Grid other = new Grid(5, 5)) {
                    Throws("CheckOverlaps on another size", Status.ErrGridMismatch, () => c.CheckOverlaps(other));
                    Same("a refused TryCheckOverlaps is not None", false,
                         c.TryCheckOverlaps(other, out o) == Status.ErrGridMismatch && o.None);
                }
            }
        }

        // A disc of class 2 keeps out of the gap of 1 and goes through the gap of 3.
        static void SizedAgents(Grid g)
        {
            using (Crowd c = new Crowd(new CrowdConfig(g.Width, g.Height))) {
                c.Add(1, 4, 4, Fix16.Parse("0.5"));
                c.SetBody(1, Fix16.Parse("0.9"), 0);
                c.Add(2, 4, 1, Fix16.Parse("0.5"));
                c.SetBody(2, Fix16.Parse("0.9"), 0);
                c.Order(1, 10, 4);
                c.Order(2, 9, 0);                       // goal of clearance 1: blocked for class 2
                for (int t = 0; t < 40; t++) {
                    c.Tick(g);
                    Same("sized agent's cell tick " + t + ": room for its class", true, g.Clearance(c.Get(1).Cell.X, c.Get(1).Cell.Y) >= 2);
                }
                Same("a disc of class 2 through the gap of 3", CrowdState.Arrived, c.Get(1).State);
                Same("a goal of clearance 1 for class 2", CrowdState.Unreachable, c.Get(2).State);
                foreach (Point p in c.Route(1)) Same("waypoint " + p + " room", true, g.Clearance(p.X, p.Y) >= 2);
            }
        }

        // Two discs head-on along a corridor 3 wide: with avoidance on they
        // pass with no overlap after any tick, sidestep (a lateral velocity),
        // and the digests cover velocity, radius, priority and stuck ticks.
        static void HeadOn()
        {
            List<CrowdPhase> phases = new List<CrowdPhase>();
            using (Grid g = Grid.FromText("@@@@@@@@@@@@\n............\n............\n............\n@@@@@@@@@@@@\n"))
            using (Crowd c = new Crowd(new CrowdConfig(g.Width, g.Height) { Flags = CrowdFlags.Avoidance }, phases.Add)) {
                c.Add(1, 0, 2, Fix16.Parse("0.25"));
                c.Add(2, 11, 2, Fix16.Parse("0.25"));
                c.Add(3, 6, 1, Fix16.Parse("0.25"));     // idle, in the way: it makes room
                c.SetBody(1, Fix16.Parse("0.4"), 0);
                c.SetBody(2, Fix16.Parse("0.4"), 5);
                c.SetBody(3, Fix16.Parse("0.3"), 0);
                c.Order(1, 11, 2);
                c.Order(2, 0, 2);
                CrowdCheck.Fnv run = CrowdCheck.Fnv.Start();
                bool sidestep = false;
                int t;
                for (t = 0; t < 200 && !(c.Get(1).State == CrowdState.Arrived && c.Get(2).State == CrowdState.Arrived); t++) {
                    c.Tick(g);
                    CrowdOverlaps o = c.CheckOverlaps(g);
                    if (!o.None) Same("head-on tick " + t + ": overlaps", "0 overlaps", o.ToString());
                    CrowdAgent a = c.Get(1);
                    sidestep |= a.Vy != 0;
                    if (t == 1) Same("a moving agent's velocity: its move", true, a.Vx > 0);
                    Digests("head-on tick " + t, c, g, ref run);
                }
                Same("both arrived", true, t < 200);
                Same("agent 1 stepped aside", true, sidestep);
                Same("arrived at its goal", new Point(11, 2), c.Get(1).Cell);
                Same("Avoid phase once a tick", t, Count(phases, CrowdPhase.Avoid));
                c.Avoidance = false;
                c.Tick(g);
                Same("velocities 0 with avoidance off", "0,0", c.Get(1).Velocity.ToString());
                Same("no agent stuck", 0UL, c.Stats.Stuck);
            }
        }

        // The counters: discs packed 4 x 4 at speed 0.9, all to one cell, have
        // moves cut by the resolution step; two discs head-on in a corridor 1
        // wide cannot pass: stuck StuckTicks ticks, each asks for a new path.
        static void Counters()
        {
            using (Grid g = new Grid(12, 12))
            using (Crowd c = new Crowd(new CrowdConfig(g.Width, g.Height) { Flags = CrowdFlags.Avoidance })) {
                for (int i = 0; i < 16; i++) {
                    c.Add(i, 2 + i % 4, 2 + i / 4, Fix16.Parse("0.9"));
                    c.SetBody(i, Fix16.Parse("0.45"), i % 3);
                    c.Order(i, 9, 9);
                }
                for (int t = 0; t < 60; t++) {
                    c.Tick(g);
                    if (!c.CheckOverlaps(g).None) Same("packed tick " + t, "0 overlaps", c.CheckOverlaps(g).ToString());
                }
                Same("packed: moves cut", true, c.Stats.MovesCut > 0);
            }
            foreach (uint k in new uint[] { 3, 0 })
                using (Grid g = Grid.FromText("@@@@@@@@@@@@\n............\n@@@@@@@@@@@@\n"))
                using (Crowd c = new Crowd(new CrowdConfig(g.Width, g.Height) { Flags = CrowdFlags.Avoidance, StuckTicks = k })) {
                    c.Add(1, 0, 1, Fix16.Parse("0.25"));
                    c.Add(2, 11, 1, Fix16.Parse("0.25"));
                    c.SetBody(1, Fix16.Parse("0.4"), 0);
                    c.SetBody(2, Fix16.Parse("0.4"), 0);
                    c.Order(1, 11, 1);
                    c.Order(2, 0, 1);
                    uint most = 0;
                    for (int t = 0; t < 80; t++) {
                        c.Tick(g);
                        most = Math.Max(most, c.Get(1).Stuck);
                    }
                    CrowdStats st = c.Stats;
                    if (k == 0) {
                        Same("StuckTicks 0: never re-planned", 0UL, st.Stuck);
                        Same("StuckTicks 0: the stuck ticks count on", true, most > 10);
                        continue;
                    }
                    Same("stuck re-plans", true, st.Stuck > 0);
                    Same("each a request", 2UL + st.Stuck, st.Requests);
                    Same("stuck ticks below StuckTicks", true, most > 0 && most < k);
                    Same("stuck in a corridor: no overlap", true, c.CheckOverlaps(g).None);
                }
        }

        static int Count(List<CrowdPhase> phases, CrowdPhase p)
        {
            int n = 0;
            foreach (CrowdPhase q in phases) if (q == p) n++;
            return n;
        }

        // The agent, tick and run digests with avoidance on (lockstar_crowd.h).
        static void Digests(string what, Crowd c, Grid g, ref CrowdCheck.Fnv run)
        {
            CrowdCheck.Fnv t = CrowdCheck.Fnv.Start();
            t.U64(g.Digest);
            t.U32(c.Count);
            foreach (CrowdAgent a in c.Agents()) {
                CrowdCheck.Fnv one = CrowdCheck.Fnv.Start();
                Feed(ref t, a);
                Feed(ref one, a);
                Same(what + ": agent " + a.Id + " digest", one.H, c.AgentDigest(a.Id));
            }
            Same(what + ": tick digest", t.H, c.TickDigest);
            run.U64(t.H);
            Same(what + ": run digest", run.H, c.RunDigest);
        }

        static void Feed(ref CrowdCheck.Fnv f, CrowdAgent a)
        {
            f.U64((ulong)a.Id);
            f.U32((uint)a.X);
            f.U32((uint)a.Y);
            f.Byte((byte)a.State);
            f.U32(a.Waypoint);
            f.U32((uint)a.Vx);
            f.U32((uint)a.Vy);
            f.U32((uint)a.Radius);
            f.Byte((byte)a.Priority);
            f.U32(a.Stuck);
        }

        // The new per-tick calls allocate no managed memory.
        static void NoAllocation()
        {
            using (Grid g = Grid.FromText(Map, 3))
            using (Crowd c = new Crowd(new CrowdConfig(g.Width, g.Height) { Flags = CrowdFlags.Avoidance })) {
                CrowdAgent[] agents = new CrowdAgent[6];
                for (int i = 0; i < 6; i++) {
                    c.Add(i, i, 0, Fix16.Parse("0.3"));
                    c.SetBody(i, Fix16.Parse("0.3"), i);
                }
                long before = 0;
                ulong sum = 0;
                for (int t = 0; t < 60; t++) {
                    if (t == 30) before = GC.GetAllocatedBytesForCurrentThread();
                    if (t % 15 == 0)
                        for (int i = 0; i < 6; i++) c.Order(i, t % 30 == 0 ? 15 - i : i, t % 30 == 0 ? 8 : 0);
                    // Off for one tick in 20 and on again: the agents on routes
                    // re-plan, then avoid again (this once broke ls_crowd_tick
                    // with LS_ERR_BAD_AGENT at the orders of tick 30).
                    c.Avoidance = t % 20 != 19;
                    c.SetBody(0, Fix16.Parse("0.3"), t % 10);
                    c.Tick(g);
                    CrowdOverlaps o = c.CheckOverlaps(g);
                    uint n = c.Agents(agents);
                    for (uint i = 0; i < n; i++) sum += (ulong)(agents[i].Vx + agents[i].Radius) + agents[i].Stuck;
                    sum += o.Pairs + c.Stats.MovesCut + (ulong)g.Clearance(t % 16, 4);
                }
                long bytes = GC.GetAllocatedBytesForCurrentThread() - before;   // before Same boxes its arguments
                Same("bytes allocated by 30 ticks with avoidance, bodies and overlap checks", 0L, bytes);
                GC.KeepAlive(sum);
            }
        }
    }
}
