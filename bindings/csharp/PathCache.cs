// SPDX-License-Identifier: MIT
// PathCache.cs - the idiomatic layer for the exact path cache
// (lockstar_cache.h): PathCacheConfig and PathCacheStats (field for
// field) and PathCache, which owns its PathCacheHandle and is IDisposable.
// PathCache.Find(search, grid, q, ...) returns exactly what
// SearchContext.FindPath(grid, q, ...) returns at that moment - the same
// status, every field of the result, the same points - whether it is a hit
// or a miss, so a peer with a cache and one without never disagree. A hit
// leaves the search context untouched (its read-outs still describe the
// last query it ran). Only A*, JPS and JPS+ queries with the heuristics
// Auto to Zero are stored; others, and refused calls, always search.
// Memory is fixed at creation; one thread at a time per cache. Same
// conventions as Lockstar.cs: refusals throw LockstarException, each
// method has a Try... twin returning the Status.
using System;
using System.Runtime.InteropServices;

namespace Lockstar
{
    /// <summary>
    /// ls_path_cache_config, field for field (blittable, 12 bytes). The first property set on
    /// a default-constructed config fills in ls_path_cache_config_init's defaults (1024
    /// entries, 65536 points), so <c>new PathCacheConfig { MaxEntries = 256 }</c> is complete.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct PathCacheConfig
    {
        uint structSize;
        uint maxEntries;
        uint maxPoints;

        static readonly PathCacheConfig LibraryDefaults = Init();
        static PathCacheConfig Init()
        {
            PathCacheConfig c = new PathCacheConfig();
            Native.ls_path_cache_config_init(ref c);
            return c;
        }

        /// <summary>ls_path_cache_config_init's defaults.</summary>
        public static PathCacheConfig Defaults() { return LibraryDefaults; }
        void Touch() { if (structSize == 0) this = LibraryDefaults; }
        /// <summary>The defaults when nothing was ever set (StructSize 0), else this config.</summary>
        public PathCacheConfig Complete() { return structSize == 0 ? LibraryDefaults : this; }

        /// <summary>sizeof(ls_path_cache_config) once any field is set (for tests of ErrBadStructSize).</summary>
        public uint StructSize { get { return structSize; } set { structSize = value; } }
        /// <summary>Answers held at once, 1 .. 0x01000000 (default 1024).</summary>
        public uint MaxEntries { get { return Complete().maxEntries; } set { Touch(); maxEntries = value; } }
        /// <summary>Path points held at once, rounded up to blocks of 32 (default 65536; 0 keeps
        /// only answers without a path).</summary>
        public uint MaxPoints { get { return Complete().maxPoints; } set { Touch(); maxPoints = value; } }
    }

    /// <summary>ls_path_cache_stats (56 bytes): the counters since creation.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct PathCacheStats
    {
        /// <summary>Calls answered from the cache.</summary>
        public ulong Hits;
        /// <summary>Calls that searched (refused calls not counted).</summary>
        public ulong Misses;
        public ulong Stores;
        /// <summary>Entries dropped to make room (not by Clear).</summary>
        public ulong Evictions;
        /// <summary>Memory the cache holds, fixed at creation.</summary>
        public ulong Bytes;
        public uint Entries;
        public uint Blocks;
        public uint MaxEntries;
        public uint MaxBlocks;
    }

    /// <summary>An exact path cache (ls_path_cache): answers a query it has seen on the same
    /// grid, unedited since, with the bytes of the search it ran then.</summary>
    public sealed class PathCache : IDisposable
    {
        public readonly PathCacheHandle Handle;
        // Find's convenience form: grows to the longest path met, then allocates nothing
        // but the returned path.
        Point[] scratch = new Point[256];

        /// <summary>ls_path_cache_create; a config nothing was set on is the defaults.</summary>
        public PathCache(PathCacheConfig config)
        {
            config = config.Complete();
            Status st = Native.ls_path_cache_create(ref config, IntPtr.Zero, out Handle);
            if (st != Status.Ok)
                throw new LockstarException("ls_path_cache_create", st);
        }

        /// <summary>A cache with ls_path_cache_config_init's defaults.</summary>
        public PathCache() : this(PathCacheConfig.Defaults()) { }

        /// <summary>
        /// ls_path_cache_find into buffer (no allocation, no copy): SearchContext.TryFindPath's
        /// answer for the same arguments, hit or miss. Returns Ok, NoPath, ExpansionLimit, or
        /// the error (ErrBufferTooSmall when the path is longer than buffer; result.PathLength
        /// says how long).
        /// </summary>
        public Status TryFind(SearchContext search, Grid grid, Query q, Point[] buffer, out Result result)
        {
            if (search == null) throw new ArgumentNullException("search");
            if (grid == null) throw new ArgumentNullException("grid");
            q = q.Complete();
            Status st = (buffer == null || buffer.Length == 0)
                ? Native.ls_path_cache_find(Handle, search.Handle, grid.Handle, ref q, null, 0, out result)
                : Native.ls_path_cache_find(Handle, search.Handle, grid.Handle, ref q, ref buffer[0],
                                            (uint)buffer.Length, out result);
            if (st < 0 && st != Status.ErrBufferTooSmall)
                result = Pts.Refused(st);
            return st;
        }

        /// <summary>TryFind, throwing when the query is refused or the buffer is too small.</summary>
        public Result Find(SearchContext search, Grid grid, Query q, Point[] buffer)
        {
            Result r;
            Lib.Check(TryFind(search, grid, q, buffer, out r), "ls_path_cache_find");
            return r;
        }

        /// <summary>A whole query, as SearchContext.FindPath(grid, q); throws when it is refused.</summary>
        public PathResult Find(SearchContext search, Grid grid, Query q)
        {
            PathResult r;
            Status st = TryFind(search, grid, q, out r);
            if (st < 0)
                throw new LockstarException("ls_path_cache_find " + q.Complete(), st);
            return r;
        }

        /// <summary>A whole query; r is null unless the status is Ok, NoPath or ExpansionLimit.</summary>
        public Status TryFind(SearchContext search, Grid grid, Query q, out PathResult r)
        {
            Result res;
            r = null;
            Status st = TryFind(search, grid, q, scratch, out res);
            if (st == Status.ErrBufferTooSmall) {
                // A path found (and not stored) or held that does not fit: again with room
                // for it, which a stored answer or the same search fills.
                scratch = new Point[res.PathLength];
                st = TryFind(search, grid, q, scratch, out res);
            }
            if (st >= 0)
                r = new PathResult(res, st == Status.Ok ? Pts.Copy(scratch, res.PathLength) : Pts.Empty);
            return st;
        }

        /// <summary>ls_path_cache_stats_get: the counters since creation.</summary>
        public PathCacheStats Stats
        {
            get { PathCacheStats s; Lib.Check(Native.ls_path_cache_stats_get(Handle, out s), "ls_path_cache_stats_get"); return s; }
        }

        /// <summary>ls_path_cache_clear: drop every entry (the counters stay).</summary>
        public void Clear() { Lib.Check(Native.ls_path_cache_clear(Handle), "ls_path_cache_clear"); }

        public void Dispose() { Handle.Dispose(); }
    }
}
