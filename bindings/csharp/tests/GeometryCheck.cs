// SPDX-License-Identifier: MIT
// GeometryCheck.cs - the geometry lines of the script files (world.vec,
// sight.vec, smooth.vec, follow.vec; vectors/README.md "Geometry lines"):
// world frames, cells and centres, distances and lengths, the cells of a
// segment, line of sight and cost, smoothing (also in place), and agents
// following routes, each compared field by field; an agent call that
// fails must leave every byte of the agent as it was.
using System;

namespace Lockstar.Tests
{
    public sealed partial class ScriptRun
    {
        World frame;
        Agent agent;
        Point[] route;

        void ResetGeometry()
        {
            frame = new World(0, 0, 65536);
            agent = new Agent();
            route = new Point[1];
        }

        /// <summary>The points listed after "count K" (K of them), for line and smooth.</summary>
        void CmpList(string what, int a, Point[] got, uint n, bool points)
        {
            long k = Need(a, "count");
            Cmp(what, "count", k, n);
            if (!points)
                return;
            int at = Array.IndexOf(T, "count", a) + 2;
            reader.Number = L.Number;
            for (int i = 0; i < k && i < n && at + i < T.Length; i++) {
                Point want = Num.ParsePoint(reader, T[at + i]);
                if (want.X != got[i].X || want.Y != got[i].Y) {
                    Diff(what, "point " + i, want.ToString(), got[i].ToString());
                    return;
                }
            }
            if (T.Length - at != (int)k)
                Diff(what, "points listed", k.ToString(), (T.Length - at).ToString());
        }

        static bool SameAgent(Agent x, Agent y)
        {
            return x.World.OriginX == y.World.OriginX && x.World.OriginY == y.World.OriginY &&
                   x.World.CellSize == y.World.CellSize && x.X == y.X && x.Y == y.Y && x.Speed == y.Speed &&
                   x.State == y.State && x.Count == y.Count && x.Target == y.Target &&
                   x.FromX == y.FromX && x.FromY == y.FromY && x.Travelled == y.Travelled;
        }

        bool RunGeometryLine()
        {
            string what = T[0];
            int a;
            Status st, want;
            Point cell;
            int x, y, len;
            uint count;
            switch (what) {
            case "frame":
                frame = new World(I(1), I(2), I(3));
                return true;
            case "world-cell":
            case "to-cell":
                a = Arrow();
                st = what == "world-cell" ? Native.ls_world_cell(ref frame, I(1), I(2), out cell)
                                          : Native.ls_world_to_cell(ref frame, grid.Handle, I(1), I(2), out cell);
                want = ExpectedStatus(a);
                CmpStatus(what, "status", want, st);
                if (want == Status.Ok && st == Status.Ok) {
                    int c = Array.IndexOf(T, "cell", a);
                    Cmp(what, "x", I(c + 1), cell.X);
                    Cmp(what, "y", I(c + 2), cell.Y);
                }
                return true;
            case "centre":
                a = Arrow();
                st = Native.ls_world_cell_center(ref frame, I(1), I(2), out x, out y);
                want = ExpectedStatus(a);
                CmpStatus(what, "status", want, st);
                if (want == Status.Ok && st == Status.Ok) {
                    int c = Array.IndexOf(T, "at", a);
                    Cmp(what, "x", I(c + 1), x);
                    Cmp(what, "y", I(c + 2), y);
                }
                return true;
            case "distance":
            case "segment":
            case "path-length":
                a = Arrow();
                if (what == "distance")
                    st = Native.ls_world_distance(I(1), I(2), I(3), I(4), out len);
                else if (what == "segment")
                    st = Native.ls_world_segment_length(ref frame, I(1), I(2), I(3), I(4), out len);
                else {
                    Point[] pts = List(1, out count);
                    st = Native.ls_world_path_length(ref frame, pts, count, out len);
                }
                want = ExpectedStatus(a);
                CmpStatus(what, "status", want, st);
                if (want == Status.Ok && st == Status.Ok)
                    Cmp(what, "length", Need(a, "length"), len);
                return true;
            case "line": {
                a = Arrow();
                uint cap = U(5);
                Point[] cells = cap == 0 ? null : new Point[cap];
                st = Native.ls_line_cells(I(1), I(2), I(3), I(4), cells, cap, out count);
                want = ExpectedStatus(a);
                CmpStatus(what, "status", want, st);
                if (st == want && (st == Status.Ok || st == Status.ErrBufferTooSmall))
                    CmpList(what, a, cells, count, st == Status.Ok);
                return true;
            }
            case "sight": {
                a = Arrow();
                int clear;
                byte cost;
                st = Native.ls_line_of_sight(grid.Handle, I(1), I(2), I(3), I(4), out clear);
                Status st2 = Native.ls_line_cost(grid.Handle, I(1), I(2), I(3), I(4), out cost);
                want = ExpectedStatus(a);
                CmpStatus(what, "status", want, st);
                CmpStatus(what, "line cost status", want, st2);
                if (want == Status.Ok && st == Status.Ok && st2 == Status.Ok) {
                    Cmp(what, "clear", Need(a, "clear"), clear);
                    Cmp(what, "cost", Need(a, "cost"), cost);
                    Cmp(what, "clear exactly when cost != 0", clear, cost != 0 ? 1 : 0);
                }
                return true;
            }
            case "smooth":
                Smooth();
                return true;
            case "agent": {
                a = Arrow();
                Agent before = agent;
                st = Native.ls_agent_init(ref agent, ref frame, I(1), I(2), I(3));
                CmpStatus(what, "status", ExpectedStatus(a), st);
                if (st != Status.Ok && !SameAgent(before, agent))
                    Diff(what, "agent after an error", "untouched", "changed");
                return true;
            }
            case "speed":
                agent.Speed = I(1);
                return true;
            case "route": {
                a = Arrow();
                Point[] pts = List(1, out count);
                Agent before = agent;
                st = Native.ls_agent_follow(ref agent, pts, count);
                want = ExpectedStatus(a);
                CmpStatus(what, "status", want, st);
                if (st != Status.Ok && !SameAgent(before, agent))
                    Diff(what, "agent after an error", "untouched", "changed");
                if (want == Status.Ok) {
                    route = pts;
                    if (st == Status.Ok) {
                        Cmp(what, "state", Need(a, "state"), (int)agent.State);
                        Cmp(what, "target", Need(a, "target"), agent.Target);
                    }
                }
                return true;
            }
            case "step": {
                a = Arrow();
                Agent before = agent;
                st = Native.ls_agent_step(ref agent, route, U(1));
                want = ExpectedStatus(a);
                CmpStatus(what, "status", want, st);
                if (st != Status.Ok && !SameAgent(before, agent))
                    Diff(what, "agent after an error", "untouched", "changed");
                if (want == Status.Ok && st == Status.Ok) {
                    int c = Array.IndexOf(T, "at", a);
                    Cmp(what, "x", I(c + 1), agent.X);
                    Cmp(what, "y", I(c + 2), agent.Y);
                    Cmp(what, "state", Need(a, "state"), (int)agent.State);
                    Cmp(what, "target", Need(a, "target"), agent.Target);
                    Cmp(what, "travelled", Need(a, "travelled"), agent.Travelled);
                }
                return true;
            }
            default:
                return false;
            }
        }

        void Smooth()
        {
            string what = "smooth";
            int a = Arrow();
            uint cap = U(1), count, n;
            Point[] pts = List(2, out count);
            Point[] ways = cap == 0 ? null : new Point[cap];
            Status st = Native.ls_smooth_path(grid.Handle, pts, count, ways, cap, out n);
            Status want = ExpectedStatus(a);
            CmpStatus(what, "status", want, st);
            if (st == want && (st == Status.Ok || st == Status.ErrBufferTooSmall))
                CmpList(what, a, ways, n, st == Status.Ok);
            if (count > 0 && cap >= count) {
                // In place: one array as both points and waypoints.
                Point[] copy = new Point[cap];
                Array.Copy(pts, copy, (int)count);
                uint m;
                Status st2 = Native.ls_smooth_path(grid.Handle, copy, count, copy, cap, out m);
                CmpStatus(what, "in-place status", st, st2);
                Cmp(what, "in-place count", n, m);
                for (int i = 0; st == Status.Ok && st2 == Status.Ok && i < n && i < m; i++)
                    if (copy[i].X != ways[i].X || copy[i].Y != ways[i].Y) {
                        Diff(what, "in-place point " + i, ways[i].ToString(), copy[i].ToString());
                        break;
                    }
            }
        }
    }
}
