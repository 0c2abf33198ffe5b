// SPDX-License-Identifier: MIT
// FirstDay.cs - a first day with lockstar in C#, as a Unity developer
// would write it: a grid from text, terrain, A* and JPS, a path queue
// served over frames while a wall goes up, world coordinates, smoothing and
// a unit following the waypoints. `make check` builds and runs it
// (bindings/csharp/tests/firstday.sh), so it cannot rot.
// Run: mono BUILD/bindings/csharp/FirstDay.exe
using System;
using Lockstar;

public static class FirstDay
{
    const string Map = @"
@@@@@@@@@@@@@@@@@@@@@@@@
@..........@...........@
@..........@...SSSS....@
@..............SSSS....@
@....T.....@...........@
@..........@@@@@@..@@@@@
@......................@
@..........@...........@
@@@@@@@@@@@@@@@@@@@@@@@@";

    public static int Main()
    {
        // 1. The map: Moving AI symbols ('S', swamp, costs 1 unless told).
        using (Grid grid = Grid.FromText(Map))
        using (SearchContext search = new SearchContext(grid)) {
            Console.WriteLine("grid " + grid.Width + "x" + grid.Height + ", digest " + grid.Digest.ToString("x16"));

            // 2. A*, then JPS (every cost 1): the same cost, fewer expansions.
            Query q = new Query(1, 1, 22, 7);
            PathResult astar = search.FindPath(grid, q);
            q.Algorithm = Algorithm.Jps;
            PathResult jps = search.FindPath(grid, q);
            Console.WriteLine("A*  " + astar);
            Console.WriteLine("JPS " + jps);
            if (astar.Cost != jps.Cost) return Fail("JPS and A* disagree on the cost");

            // 3. Terrain: the swamp costs 5, a muddy strip on row 6 costs 3
            //    (one revision step each). JPS now refuses; A* walks around.
            grid.SetRect(15, 2, 4, 2, 5);
            grid.SetRect(12, 6, 6, 1, 3);
            Console.WriteLine("JPS on terrain: " + search.TryFindPath(grid, q, out jps));
            q.Algorithm = Algorithm.AStar;
            Console.WriteLine("A*  " + search.FindPath(grid, q) + " (revision " + grid.Revision + ")");

            // A refusal throws, naming the status; Try... returns it instead.
            try {
                grid.Set(99, 99, 0);
                return Fail("an edit outside the grid was accepted");
            } catch (LockstarException e) {
                Console.WriteLine("refused: " + e.StatusName);
            }
            Result r;
            Status st = search.TryFindPath(grid, new Query(1, 1, 0, 0), new Point[64], out r);
            Console.WriteLine("blocked goal: " + st);

            // 4. A queue served over frames, 20 expansions a frame. On frame 2
            //    a wall closes the gap at (17..18, 5): the running request
            //    starts again on the edited grid, as every peer's does.
            //    Request 2 asks JPS on terrain: refused, it never reads as Ok.
            using (PathQueue queue = new PathQueue(grid.Width, grid.Height)) {
                queue.Submit(1, new Query(1, 7, 22, 1));
                queue.Submit(2, new Query(22, 7, 1, 1) { Algorithm = Algorithm.Jps });
                bool[] told = new bool[3];
                for (int frame = 1; queue.Pending > 0; frame++) {
                    if (frame == 2) grid.SetRect(17, 5, 2, 1, 0);
                    queue.Tick(grid, 20);
                    for (ulong id = 1; id <= 2; id++) {
                        if (told[id] || !queue.IsDone(id)) continue;
                        told[id] = true;
                        Status s = queue.StatusOf(id);
                        Console.WriteLine("frame " + frame + ": request " + id + " " + s + (s != Status.Ok ? "" :
                                          ", cost " + queue.ResultOf(id).Cost + ", " + queue.PathOf(id).Length + " cells"));
                        queue.Release(id);
                    }
                }
            }

            // 5. World coordinates: cells of 0.5 world units, the map's corner at (-6, -2).
            World world = new World(Fix16.FromInt(-6), Fix16.FromInt(-2), Fix16.Parse("0.5"));
            Point start = world.ToCell(grid, Fix16.Parse("-5.25"), Fix16.Parse("-1.4"));
            Point goal = world.ToCell(grid, Fix16.Parse("4.9"), Fix16.Parse("1.6"));
            Console.WriteLine("cells " + start + " -> " + goal);
            q = new Query();
            q.SetEnds(start, goal);
            PathResult found = search.FindPath(grid, q);

            // 6. Smoothing: waypoints whose straight segments stay on terrain
            //    no dearer than the path they replace, never longer.
            Point[] ways = grid.Smooth(found.Points);
            Console.WriteLine("path " + found.Length + " cells, " + ways.Length + " waypoints; length " +
                              Fix16.Format(world.PathLength(found.Points)) + " -> " + Fix16.Format(world.PathLength(ways)));
            if (!grid.LineOfSight(ways[0], ways[1])) return Fail("a smoothed segment is not clear");
            if (!grid.CheckPath(q, found.Points, found.Cost).Legal) return Fail("the path is not legal");

            // 7. Following: exactly 0.3 world units per tick, in integers.
            Follower unit = new Follower(world, world.CellCenter(start), Fix16.Parse("0.3"));
            unit.Follow(ways);
            int ticks = 0;
            while (unit.Step() != AgentState.Arrived && ticks < 1000) ticks++;
            Console.WriteLine("arrived after " + (ticks + 1) + " ticks at " + unit.Position +
                              ", cell " + world.Cell(unit.Position) + " (" + unit.State + ")");
            return world.Cell(unit.Position).Equals(goal) ? 0 : Fail("the unit stopped short");
        }
    }

    static int Fail(string why)
    {
        Console.Error.WriteLine("FirstDay: " + why);
        return 1;
    }
}
