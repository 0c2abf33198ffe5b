// SPDX-License-Identifier: MIT
// Flow.cs - the idiomatic layer for flow fields (lockstar_flow.h): for
// every cell of a grid the least cost to the nearest of a set of goals and
// the direction of the first step there, computed once for any number of
// units. Flow owns its FlowHandle and is IDisposable. Same conventions as
// Lockstar.cs: refusals throw LockstarException, Try... twins return the
// Status; InProgress is a value (work remains), not an error.
//
// Work in slices as a query does: Begin, then Step(budget) until Ok (the
// field, statuses and expansion counts are the same however the budgets
// cut the work); after edits Refresh brings the field up to date, the
// result identical to a field begun afresh. Reading a cell costs O(1) and
// allocates nothing; Costs and Directions fill the caller's arrays
// without a copy (pinned for the call).
using System;

namespace Lockstar
{
    /// <summary>A flow field for grids of one size (ls_flow). All its memory is taken here:
    /// BytesPerCell per bordered cell, 4 bytes per goal of MaxGoals and about 75 KB.</summary>
    public sealed class Flow : IDisposable
    {
        public readonly FlowHandle Handle;
        public readonly int Width, Height;
        public readonly uint MaxGoals;

        /// <summary>A flow for grids of width x height with room for maxGoals goals
        /// (1 .. Limits.FlowMaxGoals). Throws ErrBadSize, ErrSizeOverflow, ErrOutOfMemory.</summary>
        public Flow(int width, int height, uint maxGoals = 1)
        {
            Status st = Native.ls_flow_create(width, height, maxGoals, IntPtr.Zero, out Handle);
            if (st != Status.Ok)
                throw new LockstarException("ls_flow_create(" + width + ", " + height + ", " + maxGoals + ")", st);
            Width = width;
            Height = height;
            MaxGoals = maxGoals;
        }

        /// <summary>A flow for grids of grid's size.</summary>
        public Flow(Grid grid, uint maxGoals = 1) : this(grid.Width, grid.Height, maxGoals) { }

        /// <summary>ls_flow_bytes_per_cell: bytes per bordered cell ((width + 2) * (height + 2)).</summary>
        public static uint BytesPerCell { get { return Native.ls_flow_bytes_per_cell(); } }

        /// <summary>The (dx, dy) of one step in direction d (y grows downward); (0, 0) for Goal
        /// and None.</summary>
        public static Point Offset(FlowDirection d)
        {
            switch (d) {
            case FlowDirection.N: return new Point(0, -1);
            case FlowDirection.E: return new Point(1, 0);
            case FlowDirection.S: return new Point(0, 1);
            case FlowDirection.W: return new Point(-1, 0);
            case FlowDirection.NE: return new Point(1, -1);
            case FlowDirection.SE: return new Point(1, 1);
            case FlowDirection.SW: return new Point(-1, 1);
            case FlowDirection.NW: return new Point(-1, -1);
            default: return new Point(0, 0);
            }
        }

        /// <summary>
        /// Start a field on grid towards goals (ls_flow_begin); then Step.
        /// options gives the moves (connectivity, corner rule, step costs;
        /// the rest is ignored: a field is exact and unlimited). Throws
        /// ErrGridMismatch, ErrBadSize (no goals, more than MaxGoals),
        /// ErrGoalOutOfBounds, ErrGoalBlocked, the options' errors.
        /// </summary>
        public void Begin(Grid grid, Query options, params Point[] goals)
        {
            Begin(grid, options, goals, goals == null ? 0 : (uint)goals.Length);
        }
        public void Begin(Grid grid, Query options, Point[] goals, uint count)
        {
            Lib.Check(TryBegin(grid, options, goals, count), "ls_flow_begin");
        }
        /// <summary>One goal (no array needed).</summary>
        public void Begin(Grid grid, Query options, Point goal) { Lib.Check(TryBegin(grid, options, goal), "ls_flow_begin"); }

        public Status TryBegin(Grid grid, Query options, Point[] goals, uint count)
        {
            if (grid == null) throw new ArgumentNullException("grid");
            options = options.Complete();
            Pts.Fit(goals, count, "count");
            if (goals == null || goals.Length == 0)
                return Native.ls_flow_begin(Handle, grid.Handle, ref options, goals, count);
            return Native.ls_flow_begin(Handle, grid.Handle, ref options, ref goals[0], count);
        }
        public Status TryBegin(Grid grid, Query options, Point goal)
        {
            if (grid == null) throw new ArgumentNullException("grid");
            options = options.Complete();
            return Native.ls_flow_begin(Handle, grid.Handle, ref options, ref goal, 1);
        }

        /// <summary>At most budget expansions (0 = to the end): InProgress while work remains,
        /// then Ok. Throws ErrNoQuery (nothing begun) and ErrCostOverflow (a cost would pass
        /// Limits.CostMax).</summary>
        public Status Step(uint budget = 0) { return Lib.Check(TryStep(budget), "ls_flow_step"); }
        public Status TryStep(uint budget = 0)
        {
            uint n;
            return Native.ls_flow_step(Handle, budget, out n);
        }
        /// <summary>The same with the expansions this call did (&lt;= budget when budget != 0).</summary>
        public Status TryStep(uint budget, out uint expansions) { return Native.ls_flow_step(Handle, budget, out expansions); }

        /// <summary>
        /// Bring the field up to date with grid (ls_flow_refresh): Ok when
        /// it already describes grid's cells, else InProgress, to be
        /// finished by Step. The result is identical to a field begun on
        /// the edited grid. Throws ErrGridMismatch, ErrNoQuery.
        /// </summary>
        public Status Refresh(Grid grid) { return Lib.Check(TryRefresh(grid), "ls_flow_refresh"); }
        public Status TryRefresh(Grid grid)
        {
            if (grid == null) throw new ArgumentNullException("grid");
            return Native.ls_flow_refresh(Handle, grid.Handle);
        }

        /// <summary>Expansions of the field or update begun last, all steps together.</summary>
        public uint Expansions
        {
            get { uint n; Lib.Check(TryExpansions(out n), "ls_flow_expansions"); return n; }
        }
        public Status TryExpansions(out uint total) { return Native.ls_flow_expansions(Handle, out total); }

        /// <summary>Cell (x, y)'s least cost to a goal, -1 when none can be reached. Throws
        /// ErrNoQuery, ErrNotDone (unfinished), ErrCostOverflow, ErrOutOfBounds.</summary>
        public int Cost(int x, int y)
        {
            int c;
            Lib.Check(TryCost(x, y, out c), "ls_flow_cost", x, y);
            return c;
        }
        public Status TryCost(int x, int y, out int cost) { return Native.ls_flow_cost(Handle, x, y, out cost); }

        /// <summary>Cell (x, y)'s first step towards the nearest goal; Goal at a goal, None where
        /// no goal can be reached. Errors as Cost.</summary>
        public FlowDirection Direction(int x, int y)
        {
            FlowDirection d;
            Lib.Check(TryDirection(x, y, out d), "ls_flow_direction", x, y);
            return d;
        }
        public Status TryDirection(int x, int y, out FlowDirection direction)
        {
            int d;
            Status st = Native.ls_flow_direction(Handle, x, y, out d);
            direction = st == Status.Ok ? (FlowDirection)d : FlowDirection.None;
            return st;
        }

        /// <summary>Every cell's cost, row-major (y * Width + x), in a new array.</summary>
        public int[] Costs()
        {
            int[] c = new int[Width * Height];
            Lib.Check(TryCosts(c), "ls_flow_costs");
            return c;
        }
        /// <summary>Every cell's cost into costs, which must hold exactly Width * Height
        /// (else ErrBadSize); no allocation.</summary>
        public Status TryCosts(int[] costs)
        {
            if (costs == null) throw new ArgumentNullException("costs");
            if (costs.Length == 0) {
                int none = 0;  // C sees a count of 0, as for any empty array
                return Native.ls_flow_costs(Handle, ref none, UIntPtr.Zero);
            }
            return Native.ls_flow_costs(Handle, ref costs[0], (UIntPtr)(uint)costs.Length);
        }

        /// <summary>Every cell's direction, row-major, in a new array.</summary>
        public FlowDirection[] Directions()
        {
            FlowDirection[] d = new FlowDirection[Width * Height];
            Lib.Check(TryDirections(d), "ls_flow_directions");
            return d;
        }
        /// <summary>Every cell's direction into directions (exactly Width * Height); no allocation.</summary>
        public Status TryDirections(FlowDirection[] directions)
        {
            if (directions == null) throw new ArgumentNullException("directions");
            if (directions.Length == 0) {
                FlowDirection none = FlowDirection.None;
                return Native.ls_flow_directions(Handle, ref none, UIntPtr.Zero);
            }
            return Native.ls_flow_directions(Handle, ref directions[0], (UIntPtr)(uint)directions.Length);
        }

        /// <summary>The field digest, for peers to compare fields without sending them (FNV-1a
        /// 64 over each cell's cost, int32 little-endian, then its direction byte, row-major).</summary>
        public ulong Digest
        {
            get { ulong d; Lib.Check(TryDigest(out d), "ls_flow_digest"); return d; }
        }
        public Status TryDigest(out ulong digest) { return Native.ls_flow_digest(Handle, out digest); }

        public void Dispose() { Handle.Dispose(); }
    }
}
