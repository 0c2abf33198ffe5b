// SPDX-License-Identifier: MIT
// FlowCheck.cs - flow fields and route checks through the layer (Flow.cs,
// Grid.CheckRoute) against lockstar_flow.h's and lockstar_crowd.h's
// contracts: refusals throw with their status and the Try... twins return
// it; every cell's cost equals the cost of A*'s path from it to the
// nearest goal (SearchContext.FindPath, the same options) under several
// movement rules and step costs, -1 where none is found; every direction
// is a step whose cost plus its neighbour's equals the cell's; the field
// digest recomputed here from Costs and Directions; fields sliced under
// small budgets, refreshed after edits and begun afresh all the same.
// Part of CrowdCheck's report.
using System;

namespace Lockstar.Tests
{
    public static class FlowCheck
    {
        static Report rep;

        static void Expect(bool ok, string what, string expected, string got)
        {
            if (!ok) rep.Add("flow", what, "value", expected, got);
        }

        static void Same(string what, object want, object got)
        {
            Expect(Equals(want, got), what, want == null ? "null" : want.ToString(), got == null ? "null" : got.ToString());
        }

        static void Throws(string what, Status want, Action f)
        {
            try {
                f();
                rep.Add("flow", what, "exception", "LockstarException " + want, "none");
            } catch (LockstarException e) {
                Same(what + ": Status", want, e.Status);
                Same(what + ": StatusName", Lib.StatusName(want), e.StatusName);
            }
        }

        public static void Run(Report report)
        {
            rep = report;
            using (Grid g = Grid.FromText(CrowdCheck.Map, 3)) {
                g.Set(9, 5, 7);
                Errors(g);
                Costs(g);
                Edits(g);
                Routes(g);
            }
        }

        static void Errors(Grid g)
        {
            Throws("Flow(0, 5)", Status.ErrBadSize, () => new Flow(0, 5).Dispose());
            Throws("max goals 0", Status.ErrBadSize, () => new Flow(4, 4, 0).Dispose());
            Query q = new Query();
            using (Flow f = new Flow(g, 2)) {
                int cost;
                Throws("Cost before Begin", Status.ErrNoQuery, () => f.Cost(0, 0));
                Same("TryCost before Begin", Status.ErrNoQuery, f.TryCost(0, 0, out cost));
                Throws("Step before Begin", Status.ErrNoQuery, () => f.Step());
                Throws("Refresh before Begin", Status.ErrNoQuery, () => f.Refresh(g));
                Throws("a blocked goal", Status.ErrGoalBlocked, () => f.Begin(g, q, new Point(1, 1)));
                Throws("a goal outside", Status.ErrGoalOutOfBounds, () => f.Begin(g, q, new Point(12, 0)));
                Throws("no goals", Status.ErrBadSize, () => f.Begin(g, q, new Point[0]));
                Throws("three goals in room for two", Status.ErrBadSize,
                       () => f.Begin(g, q, new Point(0, 0), new Point(5, 5), new Point(11, 8)));
                Throws("bad options", Status.ErrBadOption, () => f.Begin(g, new Query { Connectivity = (Connect)6 }, new Point(0, 0)));
                Throws("bad step costs", Status.ErrBadStepCost, () => f.Begin(g, new Query { StraightCost = 0 }, new Point(0, 0)));
                using (Grid other = new Grid(5, 5)) {
                    Throws("another size", Status.ErrGridMismatch, () => f.Begin(other, q, new Point(0, 0)));
                    Same("TryBegin on another size", Status.ErrGridMismatch, f.TryBegin(other, q, new Point(0, 0)));
                }
                Throws("Cost after a refused Begin", Status.ErrNoQuery, () => f.Cost(0, 0));
                f.Begin(g, q, new Point(0, 0));
                uint n;
                Same("Step(1)", Status.InProgress, f.TryStep(1, out n));
                Same("Step(1)'s expansions", 1u, n);
                Throws("Cost unfinished", Status.ErrNotDone, () => f.Cost(0, 0));
                Throws("Digest unfinished", Status.ErrNotDone, () => GC.KeepAlive(f.Digest));
                Same("Step()", Status.Ok, f.Step());
                Same("Step() again", Status.Ok, f.Step());
                Throws("Cost outside", Status.ErrOutOfBounds, () => f.Cost(-1, 0));
                Same("TryDirection outside", Status.ErrOutOfBounds, f.TryDirection(0, 9, out FlowDirection _));
                Same("TryCosts of the wrong size", Status.ErrBadSize, f.TryCosts(new int[5]));
                Same("TryCosts of none", Status.ErrBadSize, f.TryCosts(new int[0]));
                Same("TryDirections of the wrong size", Status.ErrBadSize, f.TryDirections(new FlowDirection[200]));
                Same("Cost at the goal", 0, f.Cost(0, 0));
                Same("Direction at the goal", FlowDirection.Goal, f.Direction(0, 0));
                Same("Direction of a wall", FlowDirection.None, f.Direction(1, 1));
                Same("Cost in the pocket", -1, f.Cost(0, 8));
            }
            using (Flow f = new Flow(130, 1)) {
                Grid dear = new Grid(130, 1);
                dear.Fill(255);
                f.Begin(dear, new Query { StraightCost = 65535, DiagonalCost = 65535 }, new Point(0, 0));
                Same("a cost over LS_COST_MAX", Status.ErrCostOverflow, f.TryStep());
                Throws("Cost after an overflow", Status.ErrCostOverflow, () => f.Cost(0, 0));
                dear.Dispose();
            }
        }

        // Options the fields are compared under: connectivity, corners, straight, diagonal.
        static readonly int[][] Rules = {
            new[] { 8, 0, 10, 14 }, new[] { 8, 1, 10, 14 }, new[] { 8, 2, 10, 14 }, new[] { 4, 0, 10, 14 },
            new[] { 8, 0, 1, 1 }, new[] { 8, 1, 2, 3 }, new[] { 4, 2, 7, 9 }
        };

        static void Costs(Grid g)
        {
            Point[][] goalSets = { new[] { new Point(11, 8) }, new[] { new Point(0, 0), new Point(11, 3) },
                                   new[] { new Point(2, 2), new Point(9, 5), new Point(5, 7) } };
            int w = g.Width, h = g.Height, cells = w * h;
            int[] costs = new int[cells];
            FlowDirection[] dirs = new FlowDirection[cells];
            using (SearchContext s = new SearchContext(g))
            using (Flow f = new Flow(g, 3)) {
                foreach (int[] r in Rules)
                    foreach (Point[] goals in goalSets) {
                        Query q = new Query { Connectivity = (Connect)r[0], CornerRule = (Corners)r[1],
                                              StraightCost = (uint)r[2], DiagonalCost = (uint)r[3] };
                        string what = "field " + r[0] + "/" + (Corners)r[1] + "/" + r[2] + "," + r[3] + " to " + goals.Length + " goals";
                        f.Begin(g, q, goals);
                        Same(what + ": Step()", Status.Ok, f.Step());
                        Same(what + ": TryCosts", Status.Ok, f.TryCosts(costs));
                        Same(what + ": TryDirections", Status.Ok, f.TryDirections(dirs));
                        int reachable = 0, bad = 0;
                        string first = "";
                        for (int y = 0; y < h; y++)
                            for (int x = 0; x < w; x++) {
                                int best = -1;
                                if (g[x, y] != 0)
                                    foreach (Point goal in goals) {
                                        Query one = q;
                                        one.SetEnds(new Point(x, y), goal);
                                        PathResult pr = s.FindPath(g, one);
                                        if (pr.Found && (best < 0 || pr.Cost < best)) best = pr.Cost;
                                    }
                                int c = costs[y * w + x];
                                if (best >= 0) reachable++;
                                if (c != best || c != f.Cost(x, y) || dirs[y * w + x] != f.Direction(x, y) ||
                                    !Walks(g, q, costs, dirs, x, y)) {
                                    if (bad++ == 0) first = x + "," + y + ": A* " + best + ", field " + c + " " + dirs[y * w + x];
                                }
                            }
                        Same(what + ": cells whose cost or direction is wrong", 0, bad);
                        if (bad > 0) Expect(false, what + ": first", "", first);
                        Same(what + ": expansions = reachable cells", (uint)reachable, f.Expansions);
                        Same(what + ": digest", Report.Hex(Digest(costs, dirs)), Report.Hex(f.Digest));
                    }
            }
        }

        // A cell's direction: Goal at cost 0, None at -1, else a step into the grid whose cost
        // plus the neighbour's is the cell's.
        static bool Walks(Grid g, Query q, int[] costs, FlowDirection[] dirs, int x, int y)
        {
            int w = g.Width, c = costs[y * w + x];
            FlowDirection d = dirs[y * w + x];
            if (c <= 0) return c == 0 ? d == FlowDirection.Goal : d == FlowDirection.None;
            if (d > FlowDirection.NW || (q.Connectivity == Connect.Four && d > FlowDirection.W)) return false;
            Point o = Flow.Offset(d);
            int nx = x + o.X, ny = y + o.Y;
            if (!g.Contains(nx, ny) || costs[ny * w + nx] < 0) return false;
            uint step = (o.X != 0 && o.Y != 0 ? q.DiagonalCost : q.StraightCost) * g[nx, ny];
            return costs[ny * w + nx] + step == c;
        }

        // lockstar_flow.h: FNV-1a 64 over every cell, row-major, its cost (int32 LE) then its
        // direction (one byte).
        static ulong Digest(int[] costs, FlowDirection[] dirs)
        {
            CrowdCheck.Fnv f = CrowdCheck.Fnv.Start();
            for (int i = 0; i < costs.Length; i++) {
                f.U32((uint)costs[i]);
                f.Byte((byte)dirs[i]);
            }
            return f.H;
        }

        // Sliced fields, refreshes after edits and fresh fields agree.
        static void Edits(Grid g0)
        {
            Query q = new Query { CornerRule = Corners.One };
            Point[] goals = { new Point(11, 8), new Point(0, 0) };
            using (Grid g = Grid.FromText(CrowdCheck.Map, 3))
            using (Flow f = new Flow(g, 2))
            using (Flow fresh = new Flow(g, 2)) {
                f.Begin(g, q, goals);
                f.Step();
                uint whole = f.Expansions;
                ulong digest = f.Digest;
                fresh.Begin(g, q, goals);
                uint n, sum = 0, steps = 0;
                Status st;
                while ((st = fresh.TryStep(7, out n)) == Status.InProgress) { sum += n; steps++; }
                sum += n;
                Same("sliced: Ok", Status.Ok, st);
                Same("sliced: expansions", whole, sum);
                Same("sliced: Expansions", whole, fresh.Expansions);
                Same("sliced: digest", Report.Hex(digest), Report.Hex(fresh.Digest));
                Same("refresh of an unchanged grid", Status.Ok, f.Refresh(g));
                int[,] edits = { { 7, 6, 0 }, { 5, 5, 9 }, { 7, 6, 1 }, { 3, 3, 0 }, { 9, 0, 0 } };
                for (int k = 0; k < edits.GetLength(0); k++) {
                    g.Set(edits[k, 0], edits[k, 1], (byte)edits[k, 2]);
                    string what = "after edit " + k;
                    Same(what + ": refresh", Status.InProgress, f.Refresh(g));
                    while (f.Step(3) == Status.InProgress) { }
                    fresh.Begin(g, q, goals);
                    fresh.Step();
                    Same(what + ": refreshed = fresh", Report.Hex(fresh.Digest), Report.Hex(f.Digest));
                    Same(what + ": a cell", fresh.Cost(11, 0), f.Cost(11, 0));
                }
            }
        }

        static void Routes(Grid g0)
        {
            using (Grid g = Grid.FromText(CrowdCheck.Map, 3))
            using (SearchContext s = new SearchContext(g)) {
                Query q = new Query(0, 0, 11, 8);
                PathResult r = s.FindPath(g, q);
                Point[] ways = g.Smooth(r.Points);
                RouteCheck rc = g.CheckRoute(q, r.Points, ways, r.Cost);
                Same("a route just found holds", true, rc.Holds);
                Same("its first broken segment", (uint)ways.Length - 1, rc.FirstBroken);
                Same("its cost", r.Cost, rc.Path.Cost);
                Same("a changed planned cost", false, g.CheckRoute(q, r.Points, ways, r.Cost + 1).Holds);
                Point[] wrong = { ways[ways.Length - 1], ways[0] };
                Throws("waypoints out of order", Status.ErrBadRoute, () => g.CheckRoute(q, r.Points, wrong, r.Cost));
                RouteCheck bad;
                Same("TryCheckRoute's refusal", Status.ErrBadRoute,
                     g.TryCheckRoute(q, r.Points, (uint)r.Points.Length, wrong, 2, r.Cost, out bad));
                Same("a refused check does not hold", false, bad.Holds);
                Throws("no waypoints", Status.ErrBadSize, () => g.CheckRoute(q, r.Points, new Point[0], r.Cost));
                Point mid = r.Points[r.Points.Length / 2];
                g.Set(mid.X, mid.Y, 0);
                rc = g.CheckRoute(q, r.Points, ways, r.Cost);
                Same("a route through a new wall", false, rc.Holds);
                Same("its path check", false, rc.Path.Legal);
            }
        }
    }
}
