// SPDX-License-Identifier: MIT
// TablesCheck.cs - the tables kept with a grid and the path cache through
// the layer (Jumps.cs, Landmarks.cs, Hierarchy.cs, PathCache.cs): each
// refused with ErrNotPrepared before its tables are built (and after they
// are dropped); Algorithm.JpsPlus gives exactly Algorithm.Jps's result
// (status, cost, expansions, digest, path) on a grid with walls, before
// and after an edit; Heuristic.Landmarks gives octile A*'s cost, with the
// info's fields and distances as the header defines them; Algorithm.Hpa
// gives a legal path from start to goal costing at least A*'s; a
// PathCache hit equals a fresh FindPath field by field (both Find forms),
// the counters count it, an edit makes it a miss, and Crowd.SetPathCache
// attaches and detaches a cache. Silent when everything holds; each
// difference is a line of the report.
using System;

namespace Lockstar.Tests
{
    public static class TablesCheck
    {
        static Report rep;

        static void Same(string what, object want, object got)
        {
            if (!Equals(want, got))
                rep.Add("tables", what, "value", want == null ? "null" : want.ToString(), got == null ? "null" : got.ToString());
        }

        static void Throws(string what, Status want, Action f)
        {
            try {
                f();
                rep.Add("tables", what, "exception", "LockstarException " + want, "none");
            } catch (LockstarException e) {
                Same(what + ": Status", want, e.Status);
            }
        }

        // 20 x 12, uniform cost (JPS's rule), walls with gaps and a closed room (NoPath).
        const string Map =
            "....................\n" +
            "..@@@@@@@@@@@@@.....\n" +
            "..@...........@.....\n" +
            "..@..@@@@@@...@..@@@\n" +
            "..@..@....@...@..@..\n" +
            "..@..@....@......@..\n" +
            ".....@....@@@@@..@..\n" +
            "..@..@...........@..\n" +
            "..@..@@@@@@@@@@@.@..\n" +
            "..@..............@@@\n" +
            "..@@@@@@@.@@@@@@.@.@\n" +
            "..................@.\n";

        static readonly int[][] Ends = {
            new[] { 0, 0, 19, 11 }, new[] { 3, 2, 7, 5 }, new[] { 19, 0, 0, 11 }, new[] { 8, 4, 16, 9 },
            new[] { 0, 11, 13, 0 }, new[] { 19, 11, 0, 0 }, new[] { 6, 4, 9, 7 }, new[] { 4, 4, 4, 4 }
        };

        static Query Q(int[] e, Algorithm a, Heuristic h)
        {
            return new Query(e[0], e[1], e[2], e[3]) { Algorithm = a, Heuristic = h };
        }

        static void SameResult(string what, PathResult want, PathResult got)
        {
            Same(what + " status", want.Status, got.Status);
            Same(what + " cost", want.Cost, got.Cost);
            Same(what + " expansions", want.Expansions, got.Expansions);
            Same(what + " digest", want.Digest, got.Digest);
            Same(what + " path", string.Join(" ", want.Points), string.Join(" ", got.Points));
        }

        public static void Run(Report report)
        {
            rep = report;
            using (Grid g = Grid.FromText(Map))
            using (SearchContext s = new SearchContext(g)) {
                Jumps(g, s);
                Landmarks(g, s);
                Hierarchy(g, s);
                Cache(g, s);
            }
        }

        static void Jumps(Grid g, SearchContext s)
        {
            Same("no jump tables: bytes", 0UL, g.JumpsBytes);
            Throws("JpsPlus without tables", Status.ErrNotPrepared,
                   () => s.FindPath(g, Q(Ends[0], Algorithm.JpsPlus, Heuristic.Auto)));
            Throws("Jump without tables", Status.ErrNotPrepared, () => g.Jump(0, 0, 1));
            g.BuildJumps();
            g.BuildJumps(); // already held: nothing
            Same("jump tables: at least 8 bytes a bordered cell", true,
                 g.JumpsBytes >= (ulong)(8 * (g.Width + 2) * (g.Height + 2)));
            // Row 0 eastward from (0, 0): open to the edge, so a run ending at a wall.
            Same("Jump(0,0,E) is a jump point", false, g.Jump(0, 0, 1).IsJumpPoint && g.Jump(0, 0, 1).Run == 0);
            Throws("Jump direction 4", Status.ErrBadOption, () => g.Jump(0, 0, 4));
            for (int round = 0; round < 2; round++) {
                foreach (int[] e in Ends) {
                    string what = "JpsPlus " + string.Join(",", e) + (round == 0 ? "" : " after an edit");
                    SameResult(what, s.FindPath(g, Q(e, Algorithm.Jps, Heuristic.Auto)),
                               s.FindPath(g, Q(e, Algorithm.JpsPlus, Heuristic.Auto)));
                }
                g.Set(10, 10, 1);  // open a gap in the bottom wall
                g.Set(16, 5, 0);   // block one
            }
            g.DropJumps();
            Same("dropped jump tables: bytes", 0UL, g.JumpsBytes);
            Throws("JpsPlus after DropJumps", Status.ErrNotPrepared,
                   () => s.FindPath(g, Q(Ends[0], Algorithm.JpsPlus, Heuristic.Auto)));
        }

        static void Landmarks(Grid g, SearchContext s)
        {
            Throws("Landmarks without tables", Status.ErrNotPrepared,
                   () => s.FindPath(g, Q(Ends[0], Algorithm.AStar, Heuristic.Landmarks)));
            Throws("LandmarksInfo without tables", Status.ErrNotPrepared, () => { LandmarksInfo i = g.LandmarksInfo; });
            Throws("UpdateLandmarks without tables", Status.ErrNotPrepared, () => g.UpdateLandmarks(0));
            Throws("BuildLandmarks count 17", Status.ErrBadSize, () => g.BuildLandmarks(new LandmarksConfig { Count = 17 }));
            g.BuildLandmarks(new LandmarksConfig { Count = 4 });
            LandmarksInfo info = g.LandmarksInfo;
            Same("info count", 4u, info.Count);
            Same("info usable, exact", "1 1", info.Usable + " " + info.Exact);
            Same("info config count", 4u, info.Config.Count);
            Same("info bytes per cell", LandmarksConfig.BytesPerCell(4), info.BytesPerCell);
            Same("BytesPerCell(0)", 0u, LandmarksConfig.BytesPerCell(0));
            for (uint i = 0; i < info.Count; i++)
                Same("distance to landmark " + i + " from itself", 0, g.LandmarkDistance(i, info.Cells[i].X, info.Cells[i].Y));
            Throws("LandmarkDistance index 4", Status.ErrBadSize, () => g.LandmarkDistance(4, 0, 0));
            foreach (int[] e in Ends) {
                PathResult octile = s.FindPath(g, Q(e, Algorithm.AStar, Heuristic.Octile));
                PathResult lm = s.FindPath(g, Q(e, Algorithm.AStar, Heuristic.Landmarks));
                string what = "Landmarks " + string.Join(",", e);
                Same(what + " status", octile.Status, lm.Status);
                Same(what + " cost", octile.Cost, lm.Cost);
                Same(what + " expansions at most octile's", true, lm.Expansions <= octile.Expansions);
            }
            // A lowering edit makes them stale; an update in slices brings them back.
            Same("(2, 5) is a wall", (byte)0, g.Get(2, 5));
            g.Set(2, 5, 1);
            Same("stale after opening a cell: usable", 0u, g.LandmarksInfo.Usable);
            PathResult staleLm = s.FindPath(g, Q(Ends[2], Algorithm.AStar, Heuristic.Landmarks));
            SameResult("stale landmarks run as octile", s.FindPath(g, Q(Ends[2], Algorithm.AStar, Heuristic.Octile)), staleLm);
            Status st;
            int calls = 0;
            do { st = g.UpdateLandmarks(50); calls++; } while (st == Status.InProgress && calls < 100000);
            Same("UpdateLandmarks ends Ok", Status.Ok, st);
            Same("updated in slices", true, calls > 1);
            Same("after update: usable, exact", "1 1", g.LandmarksInfo.Usable + " " + g.LandmarksInfo.Exact);
            g.Set(2, 5, 0);   // raising only: usable, not exact
            Same("after blocking: usable, exact", "1 0", g.LandmarksInfo.Usable + " " + g.LandmarksInfo.Exact);
            foreach (int[] e in Ends)
                Same("Landmarks after blocking " + string.Join(",", e),
                     s.FindPath(g, Q(e, Algorithm.AStar, Heuristic.Octile)).Cost,
                     s.FindPath(g, Q(e, Algorithm.AStar, Heuristic.Landmarks)).Cost);
            Same("UpdateLandmarks(0) at once", Status.Ok, g.UpdateLandmarks(0));
            Same("exact again", 1u, g.LandmarksInfo.Exact);
            Throws("Landmarks with other moves", Status.ErrNotPrepared,
                   () => s.FindPath(g, new Query(0, 0, 19, 11) { Heuristic = Heuristic.Landmarks, Connectivity = Connect.Four }));
            g.DropLandmarks();
            Throws("Landmarks after DropLandmarks", Status.ErrNotPrepared,
                   () => s.FindPath(g, Q(Ends[0], Algorithm.AStar, Heuristic.Landmarks)));
        }

        static void Hierarchy(Grid g, SearchContext s)
        {
            Throws("Hpa without hierarchy", Status.ErrNotPrepared,
                   () => s.FindPath(g, Q(Ends[0], Algorithm.Hpa, Heuristic.Auto)));
            Throws("HierarchyInfo without hierarchy", Status.ErrNotPrepared, () => { HpaInfo i = g.HierarchyInfo; });
            Throws("BuildHierarchy cluster 12", Status.ErrBadSize, () => g.BuildHierarchy(new HpaConfig { ClusterSize = 12 }));
            g.BuildHierarchy(new HpaConfig { ClusterSize = 8 });
            HpaInfo info = g.HierarchyInfo;
            Same("hierarchy cluster size", 8u, info.ClusterSize);
            Same("hierarchy clusters", 6u, info.Clusters); // 3 x 2
            Same("hierarchy nodes and bytes", true, info.Nodes > 0 && info.Bytes > 0);
            ulong digest = g.HierarchyDigest;
            foreach (int[] e in Ends) {
                Query q = Q(e, Algorithm.Hpa, Heuristic.Auto);
                PathResult astar = s.FindPath(g, Q(e, Algorithm.AStar, Heuristic.Auto));
                PathResult hpa = s.FindPath(g, q);
                string what = "Hpa " + string.Join(",", e);
                Same(what + " status", astar.Status, hpa.Status);
                if (!hpa.Found) continue;
                Same(what + " cost at least A*'s", true, hpa.Cost >= astar.Cost);
                Same(what + " starts at the start", e[0] + "," + e[1], hpa.Points[0].ToString());
                Same(what + " ends at the goal", e[2] + "," + e[3], hpa.Points[hpa.Length - 1].ToString());
                PathCheck c = g.CheckPath(q, hpa.Points, hpa.Cost);
                Same(what + " legal", "legal, cost " + hpa.Cost, c.ToString());
            }
            g.Set(12, 7, 0);
            g.Set(12, 7, 1);
            Same("hierarchy digest after an edit and its undo", digest, g.HierarchyDigest);
            g.DropHierarchy();
            Throws("Hpa after DropHierarchy", Status.ErrNotPrepared,
                   () => s.FindPath(g, Q(Ends[0], Algorithm.Hpa, Heuristic.Auto)));
        }

        static void Cache(Grid g, SearchContext s)
        {
            Throws("PathCache MaxEntries 0", Status.ErrBadSize, () => new PathCache(new PathCacheConfig { MaxEntries = 0 }));
            using (PathCache cache = new PathCache(new PathCacheConfig { MaxEntries = 64, MaxPoints = 1024 })) {
                Same("empty cache", "0 0 0", cache.Stats.Hits + " " + cache.Stats.Misses + " " + cache.Stats.Entries);
                g.BuildJumps();
                int n = 0;
                foreach (Algorithm a in new[] { Algorithm.AStar, Algorithm.Jps, Algorithm.JpsPlus }) {
                    foreach (int[] e in Ends) {
                        Query q = Q(e, a, Heuristic.Auto);
                        string what = "PathCache " + a + " " + string.Join(",", e);
                        PathResult miss = cache.Find(s, g, q);
                        PathResult hit = cache.Find(s, g, q);
                        PathResult fresh = s.FindPath(g, q);
                        SameResult(what + " miss", fresh, miss);
                        SameResult(what + " hit", fresh, hit);
                        // The buffer form: the same Result, the same points.
                        Point[] buf = new Point[64];
                        Result r = cache.Find(s, g, q, buf);
                        Same(what + " buffer status", fresh.Status, r.Status);
                        Same(what + " buffer cost", fresh.Cost, r.Cost);
                        Same(what + " buffer expansions", fresh.Expansions, r.Expansions);
                        Same(what + " buffer digest", fresh.Digest, r.Digest);
                        Same(what + " buffer length", (uint)fresh.Length, r.PathLength);
                        Same(what + " buffer path", string.Join(" ", fresh.Points),
                             string.Join(" ", Pts(buf, r.PathLength)));
                        n++;
                    }
                }
                PathCacheStats st = cache.Stats;
                Same("stats misses", (ulong)n, st.Misses);
                Same("stats hits", (ulong)(2 * n), st.Hits);
                Same("stats entries", (uint)n, st.Entries);
                Same("stats bytes", true, st.Bytes > 0 && st.MaxEntries == 64);
                // Too small a buffer: ErrBufferTooSmall with the length, as FindPath.
                Result small;
                Point[] one = new Point[1];
                Status sst = cache.TryFind(s, g, Q(Ends[2], Algorithm.AStar, Heuristic.Auto), one, out small);
                Result smallFresh;
                s.TryFindPath(g, Q(Ends[2], Algorithm.AStar, Heuristic.Auto), one, out smallFresh);
                Same("too small a buffer", Status.ErrBufferTooSmall, sst);
                Same("too small a buffer: length", smallFresh.PathLength, small.PathLength);
                Same("too small a buffer: cost", smallFresh.Cost, small.Cost);
                // An edit: the next call searches again.
                Same("Ends[0] has no path", Status.NoPath, s.FindPath(g, Q(Ends[0], Algorithm.AStar, Heuristic.Auto)).Status);
                ulong misses = cache.Stats.Misses;
                g.Set(0, 5, 0);
                SameResult("PathCache after an edit", s.FindPath(g, Q(Ends[0], Algorithm.AStar, Heuristic.Auto)),
                           cache.Find(s, g, Q(Ends[0], Algorithm.AStar, Heuristic.Auto)));
                Same("an edit makes a miss", misses + 1, cache.Stats.Misses);
                g.Set(0, 5, 1);
                // A refused query: the same exception, counted nowhere.
                Throws("PathCache refused query", Status.ErrGoalOutOfBounds,
                       () => cache.Find(s, g, new Query(0, 0, 99, 0)));
                cache.Clear();
                Same("cleared: entries", 0u, cache.Stats.Entries);
                g.DropJumps();
                CrowdCache(g, cache);
            }
        }

        static Point[] Pts(Point[] buf, uint n)
        {
            Point[] p = new Point[n];
            Array.Copy(buf, p, (int)n);
            return p;
        }

        // Crowd.SetPathCache: the same ticks and digests with the cache as without, and
        // a second run with it searches less (the same queries on the unedited grid).
        static void CrowdCache(Grid g, PathCache cache)
        {
            ulong[] digests = new ulong[3], searches = new ulong[3];
            for (int run = 0; run < 3; run++) {
                using (Crowd c = new Crowd(new CrowdConfig(g.Width, g.Height))) {
                    if (run > 0) c.SetPathCache(cache);
                    for (int i = 0; i < 4; i++) {
                        c.Add(i, i, 0, Fix16.One / 4);
                        c.Order(i, 12, 5);
                    }
                    for (int t = 0; t < 30; t++) c.Tick(g);
                    digests[run] = c.TickDigest;
                    searches[run] = c.Stats.Searches;
                    if (run > 0) c.SetPathCache(null);
                    Same("crowd's cache detached", null, c.PathCache);
                }
            }
            Same("crowd digest with a cache", digests[0], digests[1]);
            Same("crowd digest with a filled cache", digests[0], digests[2]);
            Same("crowd with a filled cache searches less", true, searches[2] < searches[0]);
            Same("crowd's cache hits", true, cache.Stats.Hits > 0);
        }
    }
}
