// SPDX-License-Identifier: MIT
// LayerCheck.cs - the idiomatic layer (Lockstar.cs, World.cs) against the
// raw calls of Native.cs and the answers the header fixes: refusals throw
// LockstarException with the status and its name while the Try... twins
// return it, a refused query never reads as Ok, a default-constructed
// Query works, the enums print their names, Grid.FromText reads the Moving
// AI symbols, world frames, sight, smoothing, path checks and Follower give
// exactly what the raw calls give, paths pass without copies whatever the
// buffer's size, and the assembly carries its license (MIT). Silent when
// everything holds; each difference is a line of the report.
using System;
using System.Reflection;

namespace Lockstar.Tests
{
    public static class LayerCheck
    {
        static Report rep;

        static void Expect(bool ok, string what, string expected, string got)
        {
            if (!ok) rep.Add("layer", what, "value", expected, got);
        }

        static void Same(string what, object want, object got)
        {
            Expect(Equals(want, got), what, Show(want), Show(got));
        }

        static string Show(object o) { return o == null ? "null" : o.ToString(); }

        /// <summary>f must throw LockstarException with status want.</summary>
        static void Throws(string what, Status want, Action f)
        {
            try {
                f();
                rep.Add("layer", what, "exception", "LockstarException " + want, "none");
            } catch (LockstarException e) {
                Same(what + ": Status", want, e.Status);
                Same(what + ": StatusName", Lib.StatusName(want), e.StatusName);
                Expect(e.Message.Contains(e.StatusName), what + ": message names the status", e.StatusName, e.Message);
            }
        }

        static void Throws<T>(string what, Action f) where T : Exception
        {
            try {
                f();
                rep.Add("layer", what, "exception", typeof(T).Name, "none");
            } catch (T) {
            }
        }

        static bool SamePoints(Point[] a, Point[] b, int n)
        {
            if (a.Length < n || b.Length < n) return false;
            for (int i = 0; i < n; i++)
                if (a[i].X != b[i].X || a[i].Y != b[i].Y) return false;
            return true;
        }

        const string Map =
            "@@@@@@@@@@\n" +
            "@....@...@\n" +
            "@.SS.@.T.@\n" +
            "@.SS...G.@\n" +
            "@@@@@@@@@@\n";

        public static void Run(Report report)
        {
            rep = report;
            Metadata();
            Enums();
            Queries();
            using (Grid g = Grid.FromText(Map, 4))
                Text(g);
            using (Grid g = Grid.FromText(Map)) {
                Errors(g);
                NoCopies(g);
                Geometry(g);
                Agents(g);
            }
        }

        static void Metadata()
        {
            Assembly a = typeof(Grid).Assembly;
            string license = null;
            foreach (AssemblyMetadataAttribute m in a.GetCustomAttributes(typeof(AssemblyMetadataAttribute), false))
                if (m.Key == "License") license = m.Value;
            Same("assembly metadata License", "MIT", license);
            object[] c = a.GetCustomAttributes(typeof(AssemblyCopyrightAttribute), false);
            string copyright = c.Length == 1 ? ((AssemblyCopyrightAttribute)c[0]).Copyright : "";
            Expect(copyright.Contains("MIT License"), "assembly copyright names the license", "... MIT License.", copyright);
            object[] d = a.GetCustomAttributes(typeof(AssemblyDescriptionAttribute), false);
            Expect(d.Length == 1 && ((AssemblyDescriptionAttribute)d[0]).Description.Contains("MIT"),
                   "assembly description names the license", "MIT", d.Length.ToString());
            Same("assembly version", Limits.VersionString, a.GetName().Version.ToString(3));
        }

        static void Enums()
        {
            Same("Algorithm.Jps", "Jps", Algorithm.Jps.ToString());
            Same("Connect.Four", "Four", Connect.Four.ToString());
            Same("Corners.One", "One", Corners.One.ToString());
            Same("Heuristic.Manhattan", "Manhattan", Heuristic.Manhattan.ToString());
            Same("TieBreak.LowG", "LowG", TieBreak.LowG.ToString());
            Same("AgentState.Arrived", "Arrived", AgentState.Arrived.ToString());
            Same("StepReason.Corner", "Corner", StepReason.Corner.ToString());
            Same("Visit.Closed", "Closed", Visit.Closed.ToString());
            Same("Status.ErrNotUniform", "ErrNotUniform", Status.ErrNotUniform.ToString());
            // The header's values.
            Same("LS_CONNECT_4", 4, (int)Connect.Four);
            Same("LS_ALGO_JPS", 1, (int)Algorithm.Jps);
            Same("LS_AGENT_ARRIVED", 2, (int)AgentState.Arrived);
            Same("LS_STEP_CORNER", 4, (int)StepReason.Corner);
            Same("LS_HEURISTIC_ZERO", 4, (int)Heuristic.Zero);
        }

        static void Queries()
        {
            Query d = Query.Defaults(), blank = new Query(), one = new Query { GoalX = 3 }, four = new Query(1, 2, 3, 4);
            Same("default Query: StructSize before any set", 0u, blank.StructSize);
            Same("default Query reads as the defaults", d.ToString(), blank.ToString());
            Same("default Query: StraightCost", 10u, blank.StraightCost);
            Same("Query { GoalX = 3 }: StructSize", d.StructSize, one.StructSize);
            Same("Query { GoalX = 3 }: Weight", 65536, one.Weight);
            Same("Query { GoalX = 3 }: Connectivity", Connect.Eight, one.Connectivity);
            Same("Query(1, 2, 3, 4)", "(1,2)->(3,4) AStar Eight corners None", four.ToString());
            Query zero = new Query();
            zero.Weight = 0;  // set on purpose: kept, and refused
            Same("an explicit Weight 0 is kept", 0, zero.Weight);
            using (Grid g = new Grid(4, 4))
            using (SearchContext s = new SearchContext(g)) {
                Same("new Query() searches (0,0 to 0,0)", Status.Ok, s.FindPath(g, new Query()).Status);
                Same("new Query { GoalX = 3 } searches", 30, s.FindPath(g, new Query { GoalX = 3 }).Cost);
                PathResult r;
                Same("an explicit Weight 0 is refused", Status.ErrBadWeight, s.TryFindPath(g, zero, out r));
                Expect(r == null, "a refused query gives no PathResult", "null", Show(r));
                Query raw = new Query();
                Result res;
                Same("the raw call still sees the struct as it is", Status.ErrBadStructSize,
                     Native.ls_find_path(s.Handle, g.Handle, ref raw, (Point[])null, 0, out res));
            }
        }

        static void Text(Grid g)
        {
            Same("FromText size", "10x5", g.Width + "x" + g.Height);
            Same("FromText wall", (byte)0, g[0, 0]);
            Same("FromText '.'", (byte)1, g[1, 1]);
            Same("FromText 'S' with swampCost 4", (byte)4, g[2, 2]);
            Same("FromText 'T'", (byte)0, g[7, 2]);
            Same("FromText 'G'", (byte)1, g[7, 3]);
            using (Grid h = Grid.FromText("type octile\nheight 5\nwidth 10\nmap\n" + Map.Replace("\n", "\r\n"), 4))
                Same("FromText of a .map text with CRLF: same digest", g.Digest, h.Digest);
            // The one symbol table: the Moving AI reader's.
            foreach (char c in ".GS@OTWx#")
                Same("symbol '" + c + "'", Lockstar.Examples.MovingAi.SymbolCost((byte)c, 4), MapSymbols.Cost(c, 4));
            Throws<FormatException>("FromText bad character", () => Grid.FromText("..\n.x\n"));
            Throws<FormatException>("FromText ragged rows", () => Grid.FromText("...\n..\n"));
            Throws<FormatException>("FromText header size", () => Grid.FromText("type octile\nheight 3\nwidth 2\nmap\n..\n..\n"));
            Same("ToString round trip", Map.Replace("S", "4").Replace("T", "@").Replace("G", "."), g.ToString());
        }

        static void Errors(Grid g)
        {
            Throws("grid.Set(99, 99, 0)", Status.ErrOutOfBounds, () => g.Set(99, 99, 0));
            Throws("grid[-1, 0]", Status.ErrOutOfBounds, () => { byte b = g[-1, 0]; });
            Same("TrySet(99, 99, 0)", Status.ErrOutOfBounds, g.TrySet(99, 99, 0));
            Throws("SetRect outside", Status.ErrOutOfBounds, () => g.SetRect(8, 3, 5, 5, 1));
            Throws("Load of the wrong size", Status.ErrBadSize, () => g.Load(new byte[3]));
            using (SearchContext s = new SearchContext(g)) {
                Throws("FindPath to a wall", Status.ErrGoalBlocked, () => s.FindPath(g, new Query(1, 1, 0, 0)));
                Throws("FindPath into a buffer, to a wall", Status.ErrGoalBlocked,
                       () => s.FindPath(g, new Query(1, 1, 0, 0), new Point[8]));
                Result r;
                Same("TryFindPath to a wall", Status.ErrGoalBlocked, s.TryFindPath(g, new Query(1, 1, 0, 0), new Point[8], out r));
                Same("its result does not read as Ok", Status.ErrGoalBlocked, r.Status);
                Same("its result's cost", -1, r.Cost);
                Same("its result's digest: of no points", Lib.PathDigest(new Point[0]), r.Digest);
                Same("TryGetResult after a refusal", Status.ErrNoQuery, s.TryGetResult(out r));
                Same("that result", Status.ErrNoQuery, r.Status);
                Throws("Begin out of bounds", Status.ErrStartOutOfBounds, () => s.Begin(g, new Query(-1, 1, 1, 1)));
                Throws("Step with no query", Status.ErrNoQuery, () => new SearchContext(g).Step());
                Query q = new Query(1, 1, 8, 1);
                PathResult found = s.FindPath(g, q);
                Same("FindPath around the wall", Status.Ok, found.Status);
                Same("its length", (int)s.Result.PathLength, found.Length);
                Same("its digest", Lib.PathDigest(found.Points), found.Digest);
                Throws("PartialPath after a found path", Status.ErrNoPartial, () => s.PartialPath());
                q.MaxExpansions = 3;
                PathResult cut = s.FindPath(g, q);
                Same("an expansion limit is an outcome, not an error", Status.ExpansionLimit, cut.Status);
                Same("no points", 0, cut.Length);
                Expect(s.PartialPath().Length > 0, "a partial path after the limit", "> 0 points", "none");
                Throws("FindPath in JPS on terrain", Status.ErrNotUniform, () => {
                    g.Set(4, 3, 2);
                    try { s.FindPath(g, new Query(1, 1, 8, 1) { Algorithm = Algorithm.Jps }); } finally { g.Set(4, 3, 1); }
                });
                s.Begin(g, new Query(1, 1, 8, 3));
                Same("Step(1)", Status.InProgress, s.Step(1));
                Same("Expansions after one step", 1u, s.Expansions);
                Same("CellState of the start", Visit.Closed, s.CellState(1, 1));
                Same("CellStates of the start", Visit.Closed, s.CellStates()[1 * g.Width + 1]);
                CellCosts cc = s.CellCosts(1, 1);
                Same("CellCosts of the start: state", Visit.Closed, cc.Visit);
                Same("CellCosts of the start: g", 0, cc.G);
                Same("CellCosts of the start: h (octile 7,2)", 78, cc.H);
                Same("CellCosts of the start: f", 78, cc.F);
                Same("CellCosts of an unreached cell: g", -1, s.CellCosts(g.Width - 1, g.Height - 1).G);
                Throws("CellCosts out of the grid", Status.ErrOutOfBounds, () => s.CellCosts(-1, 0));
                Same("Step to the end", Status.Ok, s.Step());
            }
            using (PathQueue qu = new PathQueue(g.Width, g.Height, 4, 64)) {
                qu.Submit(7, new Query(1, 1, 8, 3));
                qu.Submit(8, new Query(1, 1, 0, 0));
                Throws("Submit of a held id", Status.ErrDuplicateId, () => qu.Submit(7, new Query()));
                Throws("StatusOf an unknown id", Status.ErrUnknownId, () => qu.StatusOf(99));
                Same("a queued request is not done", false, qu.IsDone(7));
                qu.Tick(g, 0);
                Same("Pending after a tick without limit", 0u, qu.Pending);
                Same("a found request", Status.Ok, qu.StatusOf(7));
                Same("a refused request reads as its refusal", Status.ErrGoalBlocked, qu.StatusOf(8));
                Throws("ResultOf a refused request", Status.ErrGoalBlocked, () => qu.ResultOf(8));
                Result rr;
                qu.TryResultOf(8, out rr);
                Same("TryResultOf a refused request: its result's status", Status.ErrGoalBlocked, rr.Status);
                Throws("PathOf a refused request", Status.ErrGoalBlocked, () => qu.PathOf(8));
                Result r = qu.ResultOf(7);
                Point[] p = qu.PathOf(7);
                Same("PathOf's digest", r.Digest, Lib.PathDigest(p));
                qu.Release(7);
                Throws("Release twice", Status.ErrUnknownId, () => qu.Release(7));
            }
            using (Batch b = new Batch(g.Width, g.Height, 2)) {
                Status[] sts;
                PathResult[] rs = b.Run(g, new[] { new Query(1, 1, 8, 3), new Query(1, 1, 0, 0), new Query() { GoalX = 1, GoalY = 1, StartX = 4, StartY = 3 } }, out sts);
                Same("batch query 0", Status.Ok, sts[0]);
                Same("batch query 1 refused", Status.ErrGoalBlocked, sts[1]);
                Expect(rs[1] == null, "batch: no result for a refused query", "null", Show(rs[1]));
                using (SearchContext s = new SearchContext(g))
                    Same("batch query 0 as FindPath", s.FindPath(g, new Query(1, 1, 8, 3)).Digest, rs[0].Digest);
                Same("batch query 2's path", 4, rs[2].Length);
            }
            // A serpentine corridor: every path from one end is longer than the
            // 4 * (w + h) points Batch.Run gives a path at first, so each is kept
            // by its worker and copied out; all must equal SearchContext.FindPath.
            const int N = 21;
            using (Grid sg = new Grid(N, N))
            using (Batch b = new Batch(N, N, 2)) {
                for (int y = 1; y < N; y += 2)
                    sg.SetRect(y % 4 == 1 ? 0 : 1, y, N - 1, 1, Limits.CellBlocked);
                Query[] qs = new Query[30];
                for (int i = 0; i < qs.Length; i++) qs[i] = new Query(0, 0, i % N, N - 1);
                Status[] sts;
                PathResult[] rs = b.Run(sg, qs, out sts);
                using (SearchContext s = new SearchContext(sg))
                    for (int i = 0; i < qs.Length; i++) {
                        PathResult want = s.FindPath(sg, qs[i]);
                        Same("kept batch query " + i + ": status", want.Status, sts[i]);
                        Same("kept batch query " + i + ": digest", want.Digest, rs[i].Digest);
                        Same("kept batch query " + i + ": length", want.Length, rs[i].Length);
                    }
                Expect(rs[N - 1].Length > 4 * (N + N), "a path longer than the first room", "> " + 4 * (N + N), rs[N - 1].Length.ToString());
            }
            Throws("Validate a blocked start", Status.ErrStartBlocked, () => g.Validate(new Query(0, 0, 1, 1)));
            Same("TryValidate", Status.Ok, g.TryValidate(new Query(1, 1, 8, 3)));
            Same("BytesPerCell(Compact)", Native.ls_search_bytes_per_cell(1), SearchContext.BytesPerCell(SearchFlags.Compact));
            Rng ra = Rng.Seeded(1050), rb = new Rng();
            Native.ls_rng_seed(ref rb, 1050);
            ulong a1 = ra.Next(), b1 = Native.ls_rng_next(ref rb);
            uint a2 = ra.Below(77), b2 = Native.ls_rng_below(ref rb, 77);
            Same("Rng.Next", b1, a1);
            Same("Rng.Below", b2, a2);
            Same("Rng state", rb.State, ra.State);
            Throws("ParseFix16 of bad text", Status.ErrBadText, () => Lib.ParseFix16("1.5x"));
            Same("Fix16.Parse", 98304, Fix16.Parse("1.5"));
            Throws<ArgumentOutOfRangeException>("PathDigest with count past the end", () => Lib.PathDigest(new Point[2], 3));
        }

        /// <summary>The same query into buffers of 1, the path's length and 4,096 points.</summary>
        static void NoCopies(Grid g)
        {
            using (SearchContext s = new SearchContext(g)) {
                Query q = new Query(1, 3, 8, 1);
                PathResult want = s.FindPath(g, q);
                Result r;
                Same("a buffer of 1 point", Status.ErrBufferTooSmall, s.TryFindPath(g, q, new Point[1], out r));
                Same("the length it needs", (uint)want.Length, r.PathLength);
                Throws("FindPath into too small a buffer", Status.ErrBufferTooSmall, () => s.FindPath(g, q, new Point[1]));
                foreach (int size in new[] { want.Length, 4096 }) {
                    Point[] buf = new Point[size];
                    for (int i = 0; i < buf.Length; i++) buf[i] = new Point(-7, -7);
                    r = s.FindPath(g, q, buf);
                    Expect(SamePoints(want.Points, buf, want.Length), "buffer of " + size + ": the path", "same", "different");
                    Same("buffer of " + size + ": untouched after the path", "-7,-7",
                         size > want.Length ? buf[want.Length].ToString() : "-7,-7");
                    Same("buffer of " + size + ": digest", want.Digest, r.Digest);
                    uint n;
                    Same("TryPath into it", Status.Ok, s.TryPath(buf, out n));
                    Same("TryPath's length", (uint)want.Length, n);
                }
            }
        }

        static void Geometry(Grid g)
        {
            World w = new World(Fix16.FromInt(-3), Fix16.FromInt(2), Fix16.Parse("0.75"));
            World raw = w;
            Point c;
            int x, y, len;
            Native.ls_world_cell(ref raw, Fix16.Parse("1.2"), Fix16.Parse("3.9"), out c);
            Same("World.Cell", c, w.Cell(Fix16.Parse("1.2"), Fix16.Parse("3.9")));
            Native.ls_world_cell_center(ref raw, 5, 3, out x, out y);
            Same("World.CellCenter", new WorldPoint(x, y), w.CellCenter(new Point(5, 3)));
            Same("World.ToCell of a centre", new Point(5, 3), w.ToCell(g, w.CellCenter(5, 3)));
            Throws("World.ToCell off the grid", Status.ErrOutOfBounds, () => w.ToCell(g, Fix16.FromInt(-5), 0));
            Throws("a frame with cell size 0", Status.ErrBadFrame, () => new World(0, 0, 0).Cell(0, 0));
            Point[] path;
            using (SearchContext s = new SearchContext(g))
                path = s.FindPath(g, new Query(1, 3, 8, 1)).Points;
            Native.ls_world_path_length(ref raw, path, (uint)path.Length, out len);
            Same("World.PathLength", len, w.PathLength(path));
            Native.ls_world_segment_length(ref raw, 1, 1, 4, 3, out len);
            Same("World.SegmentLength", len, w.SegmentLength(new Point(1, 1), new Point(4, 3)));
            Native.ls_world_distance(1, 2, 40000, -9, out len);
            Same("World.Distance", len, World.Distance(new WorldPoint(1, 2), new WorldPoint(40000, -9)));

            Point[] cells = new Point[64];
            uint n;
            Native.ls_line_cells(1, 1, 8, 3, cells, 64, out n);
            Point[] mine = Line.Cells(new Point(1, 1), new Point(8, 3));
            Same("Line.Cells count", (int)n, mine.Length);
            Expect(SamePoints(cells, mine, (int)n), "Line.Cells points", "same", "different");
            int clear;
            byte cost;
            Native.ls_line_of_sight(g.Handle, 1, 1, 8, 3, out clear);
            Same("LineOfSight", clear != 0, g.LineOfSight(new Point(1, 1), new Point(8, 3)));
            Same("LineOfSight over the swamp", true, g.LineOfSight(new Point(1, 3), new Point(4, 2)));
            Native.ls_line_cost(g.Handle, 1, 3, 6, 3, out cost);
            Same("LineCost", cost, g.LineCost(new Point(1, 3), new Point(6, 3)));
            Throws("LineOfSight off the grid", Status.ErrOutOfBounds, () => g.LineOfSight(new Point(1, 1), new Point(10, 1)));

            Point[] ways = new Point[path.Length];
            Native.ls_smooth_path(g.Handle, path, (uint)path.Length, ways, (uint)ways.Length, out n);
            Point[] smooth = g.Smooth(path);
            Same("Smooth count", (int)n, smooth.Length);
            Expect(SamePoints(ways, smooth, (int)n), "Smooth points", "same", "different");
            Point[] copy = (Point[])path.Clone();
            Same("SmoothInPlace count", n, g.SmoothInPlace(copy, (uint)copy.Length));
            Expect(SamePoints(ways, copy, (int)n), "SmoothInPlace points", "same", "different");
            Throws("Smooth of no points", Status.ErrBadSize, () => g.Smooth(new Point[0]));

            Query q = new Query();
            PathCheck pc = g.CheckPath(q, path, -1);
            Same("CheckPath of a found path", true, pc.Legal);
            Same("CheckPath's first illegal = length", (uint)path.Length, pc.FirstIllegal);
            g.Set(path[2].X, path[2].Y, 0);
            pc = g.CheckPath(q, path, pc.Cost);
            g.Set(path[2].X, path[2].Y, 1);
            Same("CheckPath after a wall", StepReason.Blocked, pc.Reason);
            Same("at the wall", 2u, pc.FirstIllegal);
            Throws("CheckPath under 3-connectivity", Status.ErrBadOption,
                   () => g.CheckPath(new Query { Connectivity = (Connect)3 }, path));
            Same("TryCheckPath under 3-connectivity", Status.ErrBadOption,
                 g.TryCheckPath(new Query { Connectivity = (Connect)3 }, path, (uint)path.Length, -1, out pc));
            Same("a refused check is not Legal", false, pc.Legal);
        }

        /// <summary>A Follower against a raw ls_agent stepped by hand, tick by tick.</summary>
        static void Agents(Grid g)
        {
            World w = new World(0, 0, Fix16.FromInt(2));
            Point[] route = { new Point(4, 1), new Point(6, 3), new Point(8, 1) };
            WorldPoint start = w.CellCenter(1, 1);
            int speed = Fix16.Parse("0.7");
            Agent raw = new Agent();
            Native.ls_agent_init(ref raw, ref w, start.X, start.Y, speed);
            Follower f = new Follower(w, start, speed);
            Same("a new Follower", AgentState.Idle, f.State);
            Same("an idle step", AgentState.Idle, f.Step());
            Native.ls_agent_follow(ref raw, route, (uint)route.Length);
            Point[] given = (Point[])route.Clone();
            Same("Follow", raw.State, f.Follow(given));
            given[0] = new Point(0, 0);  // the caller's array: the Follower keeps its own copy
            for (int tick = 0; tick < 200 && raw.State != AgentState.Arrived; tick++) {
                Native.ls_agent_step(ref raw, route, (uint)route.Length);
                f.Step();
                Agent d = f.Data;
                if (d.X != raw.X || d.Y != raw.Y || d.State != raw.State || d.Target != raw.Target || d.Travelled != raw.Travelled) {
                    rep.Add("layer", "Follower tick " + tick, "agent", raw.X + "," + raw.Y, d.X + "," + d.Y);
                    break;
                }
            }
            Same("Follower arrived", AgentState.Arrived, f.State);
            Same("on the last centre", w.CellCenter(8, 1), f.Position);
            Throws<ArgumentOutOfRangeException>("Speed 0", () => f.Speed = 0);
            Throws("Follow no waypoints", Status.ErrBadSize, () => f.Follow(new Point[0]));
            Same("a refused Follow keeps the route", 3, f.Route.Length);
            Throws("a Follower with speed 0", Status.ErrBadSpeed, () => new Follower(w, 0, 0, 0));
            f.Stop();
            Same("Stop", AgentState.Idle, f.State);
        }
    }
}
