// SPDX-License-Identifier: MIT
// Landmarks.cs - the idiomatic layer for landmark tables
// (lockstar_landmarks.h): LandmarksConfig and LandmarksInfo (field for
// field), and Grid.BuildLandmarks, UpdateLandmarks, DropLandmarks,
// LandmarksInfo, LandmarkDistance. A query with Heuristic.Landmarks finds
// octile A*'s optimal cost with fewer expansions on maps with walls; it is
// refused with ErrNotPrepared without tables or with tables built for other
// moves. After an edit that lowers a cost the tables are stale (Usable 0:
// queries run as octile ones) until UpdateLandmarks completes, in budgeted
// slices. Same conventions as Lockstar.cs.
using System;
using System.Runtime.InteropServices;

namespace Lockstar
{
    /// <summary>
    /// ls_landmarks_config, field for field (blittable, 24 bytes). The first property set on a
    /// default-constructed config fills in ls_landmarks_config_init's defaults (8 landmarks,
    /// ls_query_init's moves), so <c>new LandmarksConfig { Count = 4 }</c> is complete.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct LandmarksConfig
    {
        uint structSize;
        uint count;
        Connect connectivity;
        Corners cornerRule;
        uint straightCost;
        uint diagonalCost;

        static readonly LandmarksConfig LibraryDefaults = Init();
        static LandmarksConfig Init()
        {
            LandmarksConfig c = new LandmarksConfig();
            Native.ls_landmarks_config_init(ref c);
            return c;
        }

        /// <summary>LS_LANDMARKS_MAX: the most landmarks a grid holds.</summary>
        public const uint MaxCount = 16;

        /// <summary>ls_landmarks_config_init's defaults.</summary>
        public static LandmarksConfig Defaults() { return LibraryDefaults; }
        void Touch() { if (structSize == 0) this = LibraryDefaults; }
        /// <summary>The defaults when nothing was ever set (StructSize 0), else this config.</summary>
        public LandmarksConfig Complete() { return structSize == 0 ? LibraryDefaults : this; }

        /// <summary>sizeof(ls_landmarks_config) once any field is set (for tests of ErrBadStructSize).</summary>
        public uint StructSize { get { return structSize; } set { structSize = value; } }
        /// <summary>Landmarks wanted, 1 .. MaxCount (default 8).</summary>
        public uint Count { get { return Complete().count; } set { Touch(); count = value; } }
        /// <summary>The moves the distances are for: a query must use the same ones.</summary>
        public Connect Connectivity { get { return Complete().connectivity; } set { Touch(); connectivity = value; } }
        public Corners CornerRule { get { return Complete().cornerRule; } set { Touch(); cornerRule = value; } }
        public uint StraightCost { get { return Complete().straightCost; } set { Touch(); straightCost = value; } }
        public uint DiagonalCost { get { return Complete().diagonalCost; } set { Touch(); diagonalCost = value; } }

        /// <summary>ls_landmarks_bytes_per_cell: bytes per bordered cell for count landmarks
        /// (0 outside 1 .. MaxCount).</summary>
        public static uint BytesPerCell(uint count) { return Native.ls_landmarks_bytes_per_cell(count); }
    }

    /// <summary>ls_landmarks_info (184 bytes): what a grid's landmark tables are. Cells is the
    /// fixed array of LS_LANDMARKS_MAX points; [0, Count) are the landmarks.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct LandmarksInfo
    {
        public uint StructSize;
        /// <summary>Landmarks placed.</summary>
        public uint Count;
        /// <summary>1: landmark queries use the tables; 0: they run as octile queries (stale).</summary>
        public uint Usable;
        /// <summary>1: equal to a fresh build on the grid now.</summary>
        public uint Exact;
        public uint BytesPerCell;
        public uint Reserved;
        public ulong Bytes;
        public LandmarksConfig Config;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = 16)]
        public Point[] Cells;
    }

    public sealed partial class Grid
    {
        /// <summary>ls_grid_build_landmarks: build tables of config.Count landmarks (replacing
        /// any), the whole computation at once. A config nothing was set on is the defaults.</summary>
        public void BuildLandmarks(LandmarksConfig config) { Lib.Check(TryBuildLandmarks(config), "ls_grid_build_landmarks"); }
        public void BuildLandmarks() { BuildLandmarks(LandmarksConfig.Defaults()); }
        public Status TryBuildLandmarks(LandmarksConfig config)
        {
            config = config.Complete();
            return Native.ls_grid_build_landmarks(Handle, ref config);
        }

        /// <summary>ls_grid_drop_landmarks: landmark queries are then refused with ErrNotPrepared.</summary>
        public void DropLandmarks() { Lib.Check(Native.ls_grid_drop_landmarks(Handle), "ls_grid_drop_landmarks"); }

        /// <summary>ls_grid_update_landmarks: at most about budget units of work (0: no limit).
        /// Returns Ok when the tables are usable and exact, InProgress while work remains;
        /// throws ErrNotPrepared without tables.</summary>
        public Status UpdateLandmarks(uint budget = 0)
        {
            uint done;
            return Lib.Check(TryUpdateLandmarks(budget, out done), "ls_grid_update_landmarks");
        }
        public Status TryUpdateLandmarks(uint budget, out uint done)
        {
            return Native.ls_grid_update_landmarks(Handle, budget, out done);
        }

        /// <summary>ls_grid_landmarks_info; throws ErrNotPrepared without tables.</summary>
        public LandmarksInfo LandmarksInfo
        {
            get { LandmarksInfo i; Lib.Check(TryLandmarksInfo(out i), "ls_grid_landmarks_info"); return i; }
        }
        public Status TryLandmarksInfo(out LandmarksInfo info)
        {
            info = new LandmarksInfo();
            info.StructSize = (uint)Marshal.SizeOf(typeof(LandmarksInfo));
            info.Cells = new Point[LandmarksConfig.MaxCount];
            return Native.ls_grid_landmarks_info(Handle, ref info);
        }

        /// <summary>ls_grid_landmark_distance: the least cost the tables hold from (x, y) to
        /// landmark index, -1 when the cell cannot reach it.</summary>
        public int LandmarkDistance(uint index, int x, int y)
        {
            int c;
            Lib.Check(Native.ls_grid_landmark_distance(Handle, index, x, y, out c), "ls_grid_landmark_distance", x, y);
            return c;
        }
    }
}
