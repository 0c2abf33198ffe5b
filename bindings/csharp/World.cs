// SPDX-License-Identifier: MIT
// World.cs - the idiomatic layer for units in a world (lockstar_world.h):
// fix16 numbers, world frames (World's methods), line of sight, smoothing
// and path checks (Grid's methods, Line.Cells), and Follower, an agent that
// keeps its own route. Same conventions as Lockstar.cs: refusals throw
// LockstarException, Try... twins return the Status, paths cross without
// copies.
//
// World values (positions, cell sizes, lengths, speeds) are raw fix16
// integers (65536 = 1.0), exactly as the C API takes them: a float would
// bring back the rounding differences lockstar exists to avoid. Convert to
// float only to draw (Fix16.ToFloat), never to simulate.
using System;

namespace Lockstar
{
    /// <summary>Q16.16 fixed point as lockstar takes it (raw int values).</summary>
    public static class Fix16
    {
        public const int One = 65536;
        /// <summary>n.0 as a raw value (n in -32767..32767).</summary>
        public static int FromInt(int n)
        {
            if (n < -32767 || n > 32767) throw new ArgumentOutOfRangeException("n");
            return n * One;
        }
        /// <summary>ls_fix16_parse: exact decimal text ("1.5", "-0.25") to a raw value.</summary>
        public static int Parse(string text) { return Lib.ParseFix16(text); }
        /// <summary>For display only (drawing, UI): never feed it back into the simulation.</summary>
        public static float ToFloat(int raw) { return raw / 65536f; }
        public static double ToDouble(int raw) { return raw / 65536.0; }
        /// <summary>For display: the value to 5 decimals ("10.70821"), whatever the culture.</summary>
        public static string Format(int raw)
        {
            return ToDouble(raw).ToString("0.#####", System.Globalization.CultureInfo.InvariantCulture);
        }
    }

    /// <summary>A world position in raw fix16 units.</summary>
    public struct WorldPoint
    {
        public int X, Y;
        public WorldPoint(int x, int y) { X = x; Y = y; }
        public override string ToString()
        {
            return Fix16.Format(X) + "," + Fix16.Format(Y);
        }
    }

    /// <summary>ls_world: a frame placing the grid in the game's world (World is declared
    /// field for field in Native.cs).</summary>
    public partial struct World
    {
        /// <summary>A frame with cell (0,0)'s corner at the origin and cells cellSize wide.</summary>
        public static World WithCellSize(int cellSize) { return new World(0, 0, cellSize); }

        /// <summary>The cell holding world position (x, y): any integer cell (ls_world_cell).</summary>
        public Point Cell(int x, int y)
        {
            Point c;
            Lib.Check(TryCell(x, y, out c), "ls_world_cell");
            return c;
        }
        public Point Cell(WorldPoint p) { return Cell(p.X, p.Y); }
        public Status TryCell(int x, int y, out Point cell) { return Native.ls_world_cell(ref this, x, y, out cell); }

        /// <summary>The grid's cell holding (x, y); throws (ErrOutOfBounds) off the grid.</summary>
        public Point ToCell(Grid grid, int x, int y)
        {
            Point c;
            Lib.Check(TryToCell(grid, x, y, out c), "ls_world_to_cell");
            return c;
        }
        public Point ToCell(Grid grid, WorldPoint p) { return ToCell(grid, p.X, p.Y); }
        public Status TryToCell(Grid grid, int x, int y, out Point cell)
        {
            return Native.ls_world_to_cell(ref this, grid.Handle, x, y, out cell);
        }

        /// <summary>The centre of cell (cx, cy).</summary>
        public WorldPoint CellCenter(int cx, int cy)
        {
            WorldPoint p;
            Lib.Check(TryCellCenter(cx, cy, out p), "ls_world_cell_center");
            return p;
        }
        public WorldPoint CellCenter(Point cell) { return CellCenter(cell.X, cell.Y); }
        public Status TryCellCenter(int cx, int cy, out WorldPoint center)
        {
            return Native.ls_world_cell_center(ref this, cx, cy, out center.X, out center.Y);
        }

        /// <summary>The length between the centres of cells a and b (rounded up).</summary>
        public int SegmentLength(Point a, Point b)
        {
            int len;
            Lib.Check(Native.ls_world_segment_length(ref this, a.X, a.Y, b.X, b.Y, out len), "ls_world_segment_length");
            return len;
        }

        /// <summary>The length of the polyline through the centres of the points.</summary>
        public int PathLength(Point[] points) { return PathLength(points, points == null ? 0 : (uint)points.Length); }

        public int PathLength(Point[] points, uint count)
        {
            int len;
            Status st = (points == null || points.Length == 0)
                ? Native.ls_world_path_length(ref this, points, count, out len)
                : Native.ls_world_path_length(ref this, ref points[0], Pts.Fit(points, count, "count"), out len);
            Lib.Check(st, "ls_world_path_length");
            return len;
        }

        /// <summary>
        /// The clearance class of a unit of radius (raw fix16 world units, &gt;= 0) in this frame
        /// (ls_world_clearance): the least k &gt;= 1 with (2k - 1) * CellSize &gt;= 2 * radius, the
        /// Query.Clearance that keeps its disc off every blocked cell. Throws ErrBadFrame,
        /// ErrBadRadius (negative, or k above Limits.ClearanceMax).
        /// </summary>
        public uint ClearanceFor(int radius)
        {
            uint k;
            Lib.Check(TryClearanceFor(radius, out k), "ls_world_clearance");
            return k;
        }
        public Status TryClearanceFor(int radius, out uint clearance)
        {
            return Native.ls_world_clearance(ref this, radius, out clearance);
        }

        /// <summary>The distance between two world positions (rounded up).</summary>
        public static int Distance(WorldPoint a, WorldPoint b)
        {
            int len;
            Lib.Check(Native.ls_world_distance(a.X, a.Y, b.X, b.Y, out len), "ls_world_distance");
            return len;
        }

        public override string ToString()
        {
            return "origin " + new WorldPoint(OriginX, OriginY) + " cell " + Fix16.Format(CellSize);
        }
    }

    /// <summary>ls_path_check (declared in Native.cs).</summary>
    public partial struct PathCheck
    {
        /// <summary>Every point is legal (FirstIllegal is then the path's length). False
        /// for the check TryCheckPath leaves on a refusal (cost -1).</summary>
        public bool Legal { get { return Reason == StepReason.Legal && Cost >= 0; } }
        public bool Changed { get { return CostChanged != 0; } }
        public override string ToString()
        {
            return Legal ? "legal, cost " + Cost + (Changed ? " (changed)" : "")
                         : "point " + FirstIllegal + " " + Reason;
        }
    }

    /// <summary>Segments between cell centres, no grid needed.</summary>
    public static class Line
    {
        /// <summary>The cells the segment between the centres of a and b touches, a first,
        /// b last, in walk order (ls_line_cells).</summary>
        public static Point[] Cells(Point a, Point b)
        {
            Point[] cells;
            uint hint = (uint)(Math.Abs((long)b.X - a.X) + Math.Abs((long)b.Y - a.Y) + 1);
            Lib.Check(Pts.Read(delegate (Point[] buf, out uint n) {
                return Native.ls_line_cells(a.X, a.Y, b.X, b.Y, ref buf[0], (uint)buf.Length, out n);
            }, Math.Min(hint, 1u << 16), out cells), "ls_line_cells");
            return cells;
        }

        /// <summary>The cells into buffer (no allocation).</summary>
        public static Status TryCells(Point a, Point b, Point[] buffer, out uint count)
        {
            if (buffer == null || buffer.Length == 0)
                return Native.ls_line_cells(a.X, a.Y, b.X, b.Y, buffer, 0, out count);
            return Native.ls_line_cells(a.X, a.Y, b.X, b.Y, ref buffer[0], (uint)buffer.Length, out count);
        }
    }

    public sealed partial class Grid
    {
        /// <summary>Is every cell the segment between the centres of a and b touches passable?</summary>
        public bool LineOfSight(Point a, Point b)
        {
            int clear;
            Lib.Check(Native.ls_line_of_sight(Handle, a.X, a.Y, b.X, b.Y, out clear), "ls_line_of_sight");
            return clear != 0;
        }

        /// <summary>The dearest cell the segment touches, 0 when one is blocked.</summary>
        public byte LineCost(Point a, Point b)
        {
            byte cost;
            Lib.Check(Native.ls_line_cost(Handle, a.X, a.Y, b.X, b.Y, out cost), "ls_line_cost");
            return cost;
        }

        /// <summary>A path's waypoints (ls_smooth_path): a new array, the path untouched.</summary>
        public Point[] Smooth(Point[] path) { return Smooth(path, path == null ? 0 : (uint)path.Length); }

        public Point[] Smooth(Point[] path, uint count)
        {
            Pts.Fit(path, count, "count");
            Point[] ways = new Point[Math.Max(count, 1u)];
            uint n;
            Lib.Check(TrySmooth(path, count, ways, out n), "ls_smooth_path");
            return Pts.Copy(ways, n);
        }

        /// <summary>Smooth path[0..count) in place; returns the number of waypoints now at its start.</summary>
        public uint SmoothInPlace(Point[] path, uint count)
        {
            uint n;
            Lib.Check(TrySmooth(path, count, path, out n), "ls_smooth_path");
            return n;
        }

        /// <summary>ls_smooth_path into waypoints (which may be points itself).</summary>
        public Status TrySmooth(Point[] points, uint count, Point[] waypoints, out uint length)
        {
            Pts.Fit(points, count, "count");
            if (points == null || points.Length == 0 || waypoints == null || waypoints.Length == 0)
                return Native.ls_smooth_path(Handle, points, count, waypoints,
                                             (uint)(waypoints == null ? 0 : waypoints.Length), out length);
            return Native.ls_smooth_path(Handle, ref points[0], count, ref waypoints[0], (uint)waypoints.Length, out length);
        }

        /// <summary>A sized path's waypoints (ls_smooth_path_sized): the smoothing rule with
        /// "passable" meaning a clearance of at least clearance, as the path of a query with that
        /// Query.Clearance was found (0 or 1: exactly Smooth), so a shortcut never takes the unit
        /// nearer a wall than its path does. A new array, the path untouched; throws
        /// ErrBadClearance (above Limits.ClearanceMax, or above 1 on a compact grid).</summary>
        public Point[] SmoothSized(Point[] path, uint clearance)
        {
            return SmoothSized(path, path == null ? 0 : (uint)path.Length, clearance);
        }

        public Point[] SmoothSized(Point[] path, uint count, uint clearance)
        {
            Pts.Fit(path, count, "count");
            Point[] ways = new Point[Math.Max(count, 1u)];
            uint n;
            Lib.Check(TrySmoothSized(path, count, ways, clearance, out n), "ls_smooth_path_sized");
            return Pts.Copy(ways, n);
        }

        /// <summary>ls_smooth_path_sized into waypoints (which may be points itself).</summary>
        public Status TrySmoothSized(Point[] points, uint count, Point[] waypoints, uint clearance, out uint length)
        {
            Pts.Fit(points, count, "count");
            if (points == null || points.Length == 0 || waypoints == null || waypoints.Length == 0)
                return Native.ls_smooth_path_sized(Handle, clearance, points, count, waypoints,
                                                   (uint)(waypoints == null ? 0 : waypoints.Length), out length);
            return Native.ls_smooth_path_sized(Handle, clearance, ref points[0], count, ref waypoints[0],
                                               (uint)waypoints.Length, out length);
        }

        /// <summary>
        /// ls_check_path: the path, as found under q's movement rules and step
        /// costs, against the grid as it is now. plannedCost (the cost it was
        /// found with, or -1) decides Changed. Throws when q's rules are
        /// refused; an illegal path is an answer (Legal false), not an error.
        /// </summary>
        public PathCheck CheckPath(Query q, Point[] path, int plannedCost = -1)
        {
            return CheckPath(q, path, path == null ? 0 : (uint)path.Length, plannedCost);
        }

        public PathCheck CheckPath(Query q, Point[] path, uint count, int plannedCost)
        {
            PathCheck pc;
            Lib.Check(TryCheckPath(q, path, count, plannedCost, out pc), "ls_check_path");
            return pc;
        }

        /// <summary>ls_check_path; on a refusal check is not Legal (cost -1).</summary>
        public Status TryCheckPath(Query q, Point[] path, uint count, int plannedCost, out PathCheck check)
        {
            q = q.Complete();
            Status st = (path == null || path.Length == 0)
                ? Native.ls_check_path(Handle, ref q, path, count, plannedCost, out check)
                : Native.ls_check_path(Handle, ref q, ref path[0], Pts.Fit(path, count, "count"), plannedCost, out check);
            if (st < 0) {
                // C writes nothing; a zeroed check would read as legal.
                check = new PathCheck();
                check.Cost = -1;
                check.CostChanged = 1;
            }
            return st;
        }
    }

    /// <summary>
    /// An agent following waypoints exactly Speed world units per tick
    /// (ls_agent_*), keeping its own copy of its route. Data is the plain
    /// ls_agent a game may copy, hash or send; two peers stepping the same
    /// followers see the same Data at every tick.
    /// </summary>
    public sealed class Follower
    {
        Agent agent;
        Point[] route = Pts.Empty;

        /// <summary>An idle agent at (x, y) in world (raw fix16 values; speed > 0).</summary>
        public Follower(World world, int x, int y, int speed)
        {
            Lib.Check(Native.ls_agent_init(ref agent, ref world, x, y, speed), "ls_agent_init");
        }

        public Follower(World world, WorldPoint at, int speed) : this(world, at.X, at.Y, speed) { }

        /// <summary>A copy of the agent's plain data.</summary>
        public Agent Data { get { return agent; } }
        public World World { get { return agent.World; } }
        public WorldPoint Position { get { return new WorldPoint(agent.X, agent.Y); } }
        public int X { get { return agent.X; } }
        public int Y { get { return agent.Y; } }
        public AgentState State { get { return agent.State; } }
        public bool Arrived { get { return agent.State == AgentState.Arrived; } }
        /// <summary>The waypoint the current leg ends at.</summary>
        public uint Target { get { return agent.Target; } }
        public int Travelled { get { return agent.Travelled; } }
        /// <summary>The route's waypoints (a copy).</summary>
        public Point[] Route { get { return (Point[])route.Clone(); } }

        /// <summary>World units per tick; any value > 0, changed between ticks.</summary>
        public int Speed
        {
            get { return agent.Speed; }
            set
            {
                if (value <= 0) throw new ArgumentOutOfRangeException("value", value, "a speed is > 0");
                agent.Speed = value;
            }
        }

        /// <summary>A new route from where the agent stands (copied); returns the state
        /// (Arrived at once when already on the centre of a one-waypoint route).</summary>
        public AgentState Follow(Point[] waypoints)
        {
            return Follow(waypoints, waypoints == null ? 0 : (uint)waypoints.Length);
        }

        public AgentState Follow(Point[] waypoints, uint count)
        {
            Lib.Check(TryFollow(waypoints, count), "ls_agent_follow");
            return agent.State;
        }

        /// <summary>ls_agent_follow; on an error the agent and its route are unchanged.</summary>
        public Status TryFollow(Point[] waypoints, uint count)
        {
            Pts.Fit(waypoints, count, "count");
            Point[] copy = Pts.Copy(waypoints, count);
            // An empty array is no route (LS_ERR_BAD_SIZE); null is LS_ERR_NULL_ARGUMENT.
            Status st = waypoints == null ? Native.ls_agent_follow(ref agent, (Point[])null, 0)
                      : Native.ls_agent_follow(ref agent, ref (copy.Length == 0 ? Pts.Unread : copy)[0], count);
            if (st == Status.Ok)
                route = copy;
            return st;
        }

        /// <summary>One tick; returns the state after it.</summary>
        public AgentState Step()
        {
            Lib.Check(TryStep(), "ls_agent_step");
            return agent.State;
        }

        public Status TryStep()
        {
            if (route.Length == 0)
                return Native.ls_agent_step(ref agent, (Point[])null, 0);
            return Native.ls_agent_step(ref agent, ref route[0], (uint)route.Length);
        }

        /// <summary>Stop where it stands (idle, no route).</summary>
        public void Stop()
        {
            World w = agent.World;
            Lib.Check(Native.ls_agent_init(ref agent, ref w, agent.X, agent.Y, agent.Speed), "ls_agent_init");
            route = Pts.Empty;
        }

        public override string ToString() { return State + " at " + Position; }
    }
}
