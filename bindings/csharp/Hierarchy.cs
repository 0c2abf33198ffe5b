// SPDX-License-Identifier: MIT
// Hierarchy.cs - the idiomatic layer for the HPA* cluster hierarchy
// (lockstar_hpa.h): HpaConfig and HpaInfo (field for field), and
// Grid.BuildHierarchy, DropHierarchy, HierarchyInfo, HierarchyDigest. A
// query with Algorithm.Hpa gives a near-optimal legal path (cost at least
// A*'s); it is refused with ErrNotPrepared without a hierarchy or with one
// built for other moves. Every edit keeps the hierarchy exact. Same
// conventions as Lockstar.cs.
using System;
using System.Runtime.InteropServices;

namespace Lockstar
{
    /// <summary>
    /// ls_hpa_config, field for field (blittable, 24 bytes). The first property set on a
    /// default-constructed config fills in ls_hpa_config_init's defaults (clusters of 16,
    /// ls_query_init's moves), so <c>new HpaConfig()</c> and
    /// <c>new HpaConfig { ClusterSize = 8 }</c> are complete.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct HpaConfig
    {
        uint structSize;
        uint clusterSize;
        Connect connectivity;
        Corners cornerRule;
        uint straightCost;
        uint diagonalCost;

        static readonly HpaConfig LibraryDefaults = Init();
        static HpaConfig Init()
        {
            HpaConfig c = new HpaConfig();
            Native.ls_hpa_config_init(ref c);
            return c;
        }

        /// <summary>ls_hpa_config_init's defaults.</summary>
        public static HpaConfig Defaults() { return LibraryDefaults; }
        void Touch() { if (structSize == 0) this = LibraryDefaults; }
        /// <summary>The defaults when nothing was ever set (StructSize 0), else this config.</summary>
        public HpaConfig Complete() { return structSize == 0 ? LibraryDefaults : this; }

        /// <summary>sizeof(ls_hpa_config) once any field is set (for tests of ErrBadStructSize).</summary>
        public uint StructSize { get { return structSize; } set { structSize = value; } }
        /// <summary>8, 16 (default) or 32 cells a side.</summary>
        public uint ClusterSize { get { return Complete().clusterSize; } set { Touch(); clusterSize = value; } }
        public Connect Connectivity { get { return Complete().connectivity; } set { Touch(); connectivity = value; } }
        /// <summary>Corners.None only is served.</summary>
        public Corners CornerRule { get { return Complete().cornerRule; } set { Touch(); cornerRule = value; } }
        public uint StraightCost { get { return Complete().straightCost; } set { Touch(); straightCost = value; } }
        public uint DiagonalCost { get { return Complete().diagonalCost; } set { Touch(); diagonalCost = value; } }
    }

    /// <summary>ls_hpa_info: what a grid's hierarchy holds (32 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct HpaInfo
    {
        public uint ClusterSize;
        /// <summary>Columns x rows of clusters.</summary>
        public uint Clusters;
        /// <summary>Transitions: pairs of nodes across borders.</summary>
        public uint Entrances;
        public uint Nodes;
        public uint Edges;
        public uint MaxNodes;
        public ulong Bytes;
    }

    public sealed partial class Grid
    {
        /// <summary>ls_grid_build_hierarchy: build (or rebuild) the HPA* hierarchy for
        /// config's moves. A config nothing was set on is the defaults.</summary>
        public void BuildHierarchy(HpaConfig config) { Lib.Check(TryBuildHierarchy(config), "ls_grid_build_hierarchy"); }
        public void BuildHierarchy() { BuildHierarchy(HpaConfig.Defaults()); }
        public Status TryBuildHierarchy(HpaConfig config)
        {
            config = config.Complete();
            return Native.ls_grid_build_hierarchy(Handle, ref config);
        }

        /// <summary>ls_grid_drop_hierarchy: Hpa queries are then refused with ErrNotPrepared.</summary>
        public void DropHierarchy() { Lib.Check(Native.ls_grid_drop_hierarchy(Handle), "ls_grid_drop_hierarchy"); }

        /// <summary>ls_grid_hierarchy_info; throws ErrNotPrepared without a hierarchy.</summary>
        public HpaInfo HierarchyInfo
        {
            get { HpaInfo i; Lib.Check(TryHierarchyInfo(out i), "ls_grid_hierarchy_info"); return i; }
        }
        public Status TryHierarchyInfo(out HpaInfo info) { return Native.ls_grid_hierarchy_info(Handle, out info); }

        /// <summary>ls_grid_hierarchy_digest: equal for two hierarchies of the same bytes.</summary>
        public ulong HierarchyDigest
        {
            get { ulong d; Lib.Check(Native.ls_grid_hierarchy_digest(Handle, out d), "ls_grid_hierarchy_digest"); return d; }
        }
    }
}
