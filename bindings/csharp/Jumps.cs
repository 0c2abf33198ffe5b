// SPDX-License-Identifier: MIT
// Jumps.cs - the idiomatic layer for JPS+ jump tables (lockstar_jumps.h):
// Grid.BuildJumps, DropJumps, JumpsBytes and Jump. A query with
// Algorithm.JpsPlus on a grid holding tables gives exactly Algorithm.Jps's
// result (status, cost, path, expansions, digest); without tables it is
// refused with Status.ErrNotPrepared. Every edit keeps the tables exact.
// Same conventions as Lockstar.cs: refusals throw LockstarException, each
// method has a Try... twin returning the Status.
using System;

namespace Lockstar
{
    /// <summary>One stored jump (Grid.Jump): Run steps to the first cell that is blocked or has
    /// a forced neighbour; IsJumpPoint when that cell is free.</summary>
    public struct Jump
    {
        public int Run;
        public bool IsJumpPoint;
        public override string ToString() { return Run + (IsJumpPoint ? " to a jump point" : " to a wall"); }
    }

    public sealed partial class Grid
    {
        /// <summary>ls_grid_build_jumps: build the JPS+ tables (nothing when already held; 8 bytes
        /// per bordered cell). Throws ErrUnsupported on a Compact grid.</summary>
        public void BuildJumps() { Lib.Check(TryBuildJumps(), "ls_grid_build_jumps"); }
        public Status TryBuildJumps() { return Native.ls_grid_build_jumps(Handle); }

        /// <summary>ls_grid_drop_jumps: release the tables (JpsPlus queries are then refused
        /// with ErrNotPrepared).</summary>
        public void DropJumps() { Lib.Check(Native.ls_grid_drop_jumps(Handle), "ls_grid_drop_jumps"); }

        /// <summary>The bytes the jump tables hold (0 without tables).</summary>
        public ulong JumpsBytes
        {
            get { ulong b; Lib.Check(Native.ls_grid_jumps_bytes(Handle, out b), "ls_grid_jumps_bytes"); return b; }
        }

        /// <summary>True when the grid holds jump tables.</summary>
        public bool HasJumps { get { return JumpsBytes != 0; } }

        /// <summary>ls_grid_jump: the stored jump from (x, y) in straight direction 0 N, 1 E,
        /// 2 S, 3 W. Throws ErrNotPrepared without tables.</summary>
        public Jump Jump(int x, int y, int direction)
        {
            Jump j;
            Lib.Check(TryJump(x, y, direction, out j), "ls_grid_jump", x, y);
            return j;
        }
        public Status TryJump(int x, int y, int direction, out Jump jump)
        {
            int run, point;
            Status st = Native.ls_grid_jump(Handle, x, y, direction, out run, out point);
            jump = new Jump { Run = st < 0 ? 0 : run, IsJumpPoint = st >= 0 && point != 0 };
            return st;
        }
    }
}
