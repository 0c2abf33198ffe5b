// SPDX-License-Identifier: MIT
// Native.cs - the P/Invoke declarations of liblockstar: every function of
// include/lockstar.h, lockstar_world.h, lockstar_queue.h, lockstar_flow.h,
// lockstar_crowd.h and lockstar_selftest.h, the blittable structs they
// take, and the status values (tests/natives.sh checks that every
// function the headers declare is declared here, and nothing else).
//
// The structs mirror the C ones field for field (the header promises
// fixed-width integer fields with no padding holes), so they cross the
// boundary without copying or conversion. Handles travel as the SafeHandle
// subclasses of Handles.cs, so a grid or context is freed even when the
// caller forgets Dispose. Allocator arguments are IntPtr: pass IntPtr.Zero
// (malloc/free); a managed allocator would need callbacks that outlive
// every native call, which a game has no reason to provide.
//
// Native is the low level, one to one with C, for advanced use: game code
// calls the idiomatic layer (Lockstar.cs, World.cs), which throws on
// refusals and passes paths without copying them.
//
// Written for C# 7.3 and .NET Standard 2.0 (Unity's compiler, mono's mcs):
// no nullable references, no ranges, no default interface members.
using System;
using System.Runtime.InteropServices;

namespace Lockstar
{
    /// <summary>ls_status: the library's exact values (never change).</summary>
    public enum Status : int
    {
        Ok = 0,
        InProgress = 1,
        NoPath = 2,
        ExpansionLimit = 3,
        ErrNullArgument = -1,
        ErrBadSize = -2,
        ErrSizeOverflow = -3,
        ErrOutOfMemory = -4,
        ErrOutOfBounds = -5,
        ErrStartOutOfBounds = -6,
        ErrGoalOutOfBounds = -7,
        ErrStartBlocked = -8,
        ErrGoalBlocked = -9,
        ErrBadOption = -10,
        ErrBadStepCost = -11,
        ErrBadWeight = -12,
        ErrCostOverflow = -13,
        ErrBufferTooSmall = -14,
        ErrGridMismatch = -15,
        ErrNoQuery = -16,
        ErrNotDone = -17,
        ErrGridChanged = -18,
        ErrBadStructSize = -19,
        ErrBadText = -20,
        ErrNoPartial = -21,
        ErrNotUniform = -22,
        ErrUnsupported = -23,
        ErrNeedsFullContext = -24,
        ErrBadFlags = -25,
        ErrQueueFull = -26,
        ErrUnknownId = -27,
        ErrDuplicateId = -28,
        ErrPoolFull = -29,
        ErrThread = -30,
        ErrBadFrame = -31,
        ErrWorldRange = -32,
        ErrBadSpeed = -33,
        ErrBadAgent = -34,
        ErrBadRoute = -35,
        ErrCrowdFull = -36,
        ErrBadClearance = -37,
        ErrBadRadius = -38,
        ErrBadPriority = -39,
        ErrNotPrepared = -40
    }

    /// <summary>The header's #define constants.</summary>
    public static class Limits
    {
        public const int VersionMajor = 0, VersionMinor = 1, VersionPatch = 0;
        public const string VersionString = "0.1.0";
        public const int MaxDimension = 16384;
        public const uint MaxCells = 16384u * 16384u;
        public const uint CostMax = 0x7FFFFFFFu;
        public const uint MaxStepCost = 65535u;
        public const int MinWeight = 0x00010000;  // fix16 1.0
        public const int MaxWeight = 0x00400000;  // fix16 64.0
        public const int BatchMaxThreads = 64;
        public const byte CellBlocked = 0, CellOpen = 1;
        public const uint GridFull = 0, GridCompact = 1;
        public const uint SearchFull = 0, SearchCompact = 1;
        public const uint SelftestNone = 0xFFFFFFFFu;
        public const int SelftestSearch = 0, SelftestScript = 1;
        /// <summary>LS_FLOW_MAX_GOALS: the most goals of a flow.</summary>
        public const uint FlowMaxGoals = 0x01000000u;
        /// <summary>LS_CROWD_MAX_CAPACITY, LS_CROWD_MAX_FIELDS, LS_CROWD_FIELD_REACH.</summary>
        public const uint CrowdMaxCapacity = 0x01000000u, CrowdMaxFields = 1024u, CrowdFieldReach = 1024u;
        /// <summary>LS_CLEARANCE_MAX: the largest clearance a query asks for, and a cell keeps.</summary>
        public const uint ClearanceMax = 16u;
        /// <summary>LS_CROWD_MAX_RADIUS (fix16 64.0) and LS_CROWD_MAX_PRIORITY: an agent's body.</summary>
        public const int CrowdMaxRadius = 0x00400000, CrowdMaxPriority = 99;
        /// <summary>LS_CROWD_MAX_NEIGHBOURS, LS_CROWD_MAX_HORIZON: the avoidance settings' limits.</summary>
        public const uint CrowdMaxNeighbours = 32u, CrowdMaxHorizon = 1024u;
    }

    /// <summary>LS_GRID_* creation flags.</summary>
    public enum GridFlags : uint { Full = 0, Compact = 1 }
    /// <summary>LS_SEARCH_* creation flags.</summary>
    public enum SearchFlags : uint { Full = 0, Compact = 1 }
    /// <summary>LS_CONNECT_*: moves per cell.</summary>
    public enum Connect : int { Four = 4, Eight = 8 }
    /// <summary>LS_CORNERS_*: diagonal moves past blocked cells.</summary>
    public enum Corners : int { None = 0, One = 1, All = 2 }
    /// <summary>LS_HEURISTIC_*.</summary>
    public enum Heuristic : int { Auto = 0, Octile = 1, Manhattan = 2, Chebyshev = 3, Zero = 4, Landmarks = 7 }
    /// <summary>LS_TIE_*: which of equal-f nodes is expanded first.</summary>
    public enum TieBreak : int { HighG = 0, LowG = 1 }
    /// <summary>LS_ALGO_*.</summary>
    public enum Algorithm : int { AStar = 0, Jps = 1, JpsPlus = 2, Hpa = 3 }
    /// <summary>LS_VISIT_*: a cell in the debug read-out.</summary>
    public enum Visit : byte { None = 0, Open = 1, Closed = 2 }
    /// <summary>LS_STEP_*: why a point of a checked path is illegal.</summary>
    public enum StepReason : int { Legal = 0, OutOfBounds = 1, Blocked = 2, NotAMove = 3, Corner = 4 }
    /// <summary>LS_AGENT_*.</summary>
    public enum AgentState : int { Idle = 0, Moving = 1, Arrived = 2 }
    /// <summary>LS_CROWD_IDLE ... LS_CROWD_NO_ROOM: a crowd agent's state (lockstar_crowd.h).</summary>
    public enum CrowdState : int { Idle = 0, Waiting = 1, Moving = 2, Arrived = 3, Unreachable = 4, NoRoom = 5 }
    /// <summary>LS_CROWD_* creation flags.</summary>
    [Flags]
    public enum CrowdFlags : uint { None = 0, GrowPaths = 1, Avoidance = 2 }
    /// <summary>LS_CROWD_PHASE_*: where a tick is, for a profiler (Fields: within Routes and
    /// Search, a field brought up to date or served; the phase before is passed again after; Avoid:
    /// within Move with avoidance on, Move passed again after).</summary>
    public enum CrowdPhase : int { Routes = 1, Orders = 3, Search = 4, Handover = 5, Move = 6, Digest = 7, End = 8, Fields = 9, Avoid = 10 }
    /// <summary>A flow field cell's direction: the neighbour order of lockstar_flow.h
    /// (y grows downward), Goal (LS_FLOW_GOAL) or None (LS_FLOW_NONE: unreachable or blocked).
    /// One byte, as ls_flow_directions writes it.</summary>
    public enum FlowDirection : byte { N = 0, E = 1, S = 2, W = 3, NE = 4, SE = 5, SW = 6, NW = 7, Goal = 8, None = 9 }

    /// <summary>
    /// ls_query, field for field (blittable). Fields are set through the
    /// properties: the first one set on a default-constructed query fills
    /// in every default of ls_query_init, so `new Query()`,
    /// `new Query { GoalX = 5 }` and `new Query(sx, sy, gx, gy)` are all
    /// complete queries. A query nothing was ever set on (StructSize 0) is
    /// taken as the defaults by the idiomatic layer (Lockstar.cs); the raw
    /// Native calls pass it as it is (LS_ERR_BAD_STRUCT_SIZE).
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Query
    {
        uint structSize;
        int startX, startY;
        int goalX, goalY;
        Connect connectivity;
        Corners cornerRule;
        Heuristic heuristic;
        TieBreak tieBreak;
        Algorithm algorithm;
        uint straightCost;
        uint diagonalCost;
        int weight;
        uint maxExpansions;
        uint clearance;

        // ls_query_init's answer, asked once.
        static readonly Query LibraryDefaults = Init();
        static Query Init()
        {
            Query q = new Query();
            Native.ls_query_init(ref q);
            return q;
        }

        /// <summary>A query from (startX, startY) to (goalX, goalY), other fields the defaults.</summary>
        public Query(int startX, int startY, int goalX, int goalY)
        {
            this = LibraryDefaults;
            this.startX = startX; this.startY = startY;
            this.goalX = goalX; this.goalY = goalY;
        }

        /// <summary>ls_query_init's defaults (start and goal 0,0).</summary>
        public static Query Defaults() { return LibraryDefaults; }

        // Before the first field is set: every default.
        void Touch() { if (structSize == 0) this = LibraryDefaults; }

        /// <summary>The defaults when nothing was ever set (StructSize 0), else this query.</summary>
        public Query Complete() { return structSize == 0 ? LibraryDefaults : this; }

        /// <summary>sizeof(ls_query) once any field is set; 0 on a query nothing was set on.
        /// Setting it is for tests of LS_ERR_BAD_STRUCT_SIZE only.</summary>
        public uint StructSize { get { return structSize; } set { structSize = value; } }
        public int StartX { get { return startX; } set { Touch(); startX = value; } }
        public int StartY { get { return startY; } set { Touch(); startY = value; } }
        public int GoalX { get { return goalX; } set { Touch(); goalX = value; } }
        public int GoalY { get { return goalY; } set { Touch(); goalY = value; } }
        public Connect Connectivity { get { return Complete().connectivity; } set { Touch(); connectivity = value; } }
        public Corners CornerRule { get { return Complete().cornerRule; } set { Touch(); cornerRule = value; } }
        public Heuristic Heuristic { get { return Complete().heuristic; } set { Touch(); heuristic = value; } }
        public TieBreak TieBreak { get { return Complete().tieBreak; } set { Touch(); tieBreak = value; } }
        public Algorithm Algorithm { get { return Complete().algorithm; } set { Touch(); algorithm = value; } }
        public uint StraightCost { get { return Complete().straightCost; } set { Touch(); straightCost = value; } }
        public uint DiagonalCost { get { return Complete().diagonalCost; } set { Touch(); diagonalCost = value; } }
        /// <summary>fix16_t, 65536 = 1.0.</summary>
        public int Weight { get { return Complete().weight; } set { Touch(); weight = value; } }
        /// <summary>0 = no limit.</summary>
        public uint MaxExpansions { get { return Complete().maxExpansions; } set { Touch(); maxExpansions = value; } }
        /// <summary>0 (default) or 1: every passable cell may be entered; 2 .. Limits.ClearanceMax:
        /// only cells whose clearance (Grid.Clearance) is at least this, A* only: the query on
        /// the grid where every cell of lower clearance is blocked (lockstar.h "Clearance").
        /// World.ClearanceFor gives it for a unit's radius.</summary>
        public uint Clearance { get { return Complete().clearance; } set { Touch(); clearance = value; } }

        /// <summary>Start and goal at once.</summary>
        public void SetEnds(Point start, Point goal)
        {
            Touch();
            startX = start.X; startY = start.Y; goalX = goal.X; goalY = goal.Y;
        }

        public override string ToString()
        {
            return "(" + startX + "," + startY + ")->(" + goalX + "," + goalY + ") " + Algorithm + " " +
                   Connectivity + " corners " + CornerRule;
        }
    }

    /// <summary>ls_point: a grid cell.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Point
    {
        public int X, Y;
        public Point(int x, int y) { X = x; Y = y; }
        public override string ToString() { return X + "," + Y; }
    }

    /// <summary>ls_result: the outcome of a finished query.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Result
    {
        public Status Status;
        public int Cost;
        public uint Expansions;
        public uint PathLength;
        public ulong Digest;
    }

    /// <summary>ls_path_check: what ls_check_path found.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public partial struct PathCheck
    {
        public uint FirstIllegal;
        public StepReason Reason;
        public int Cost;
        public int CostChanged;
    }

    /// <summary>ls_rng: SplitMix64 state.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public partial struct Rng
    {
        public ulong State;
    }

    /// <summary>ls_world: a world frame (fix16 raw values).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public partial struct World
    {
        public int OriginX, OriginY;
        public int CellSize;
        public World(int originX, int originY, int cellSize)
        {
            OriginX = originX; OriginY = originY; CellSize = cellSize;
        }
    }

    /// <summary>ls_agent: plain data a game may copy, hash or send.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Agent
    {
        public World World;
        public int X, Y;
        public int Speed;
        public AgentState State;
        public uint Count;
        public uint Target;
        public int FromX, FromY;
        public int Travelled;
    }

    /// <summary>ls_cell_costs: a cell's search state with its g, h and f
    /// (-1 each where the query did not reach the cell).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CellCosts
    {
        public int State;
        public int G;
        public int H;
        public int F;
        public Visit Visit { get { return (Visit)State; } }
    }

    /// <summary>ls_selftest_report.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct SelftestReport
    {
        public uint Total;
        public uint Passed;
        public uint Failed;
        public uint FirstFailed;
        public int FirstFailedKind;
        public uint FirstFailedStep;
        public ulong Digest;
    }

    /// <summary>
    /// ls_crowd_config, field for field (blittable; 136 bytes on 64-bit
    /// hosts). The properties (Crowd.cs) fill in ls_crowd_config_init's
    /// defaults when the first one is set, as Query's do. The phase hook
    /// and its user pointer are raw pointers here (null by default); the
    /// Crowd class offers a managed profiler hook instead.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public partial struct CrowdConfig
    {
        uint structSize;
        int width, height;
        uint capacity;
        uint pathPoints;
        World world;
        Query options;
        uint budget;
        uint threads;
        CrowdFlags flags;
        uint maxFields;
        IntPtr phase;   // void (*phase)(void *user, int32_t phase)
        IntPtr user;
        uint avoidNeighbours;
        uint avoidHorizon;
        uint stuckTicks;
    }

#pragma warning disable 0649  // written by the library only
    /// <summary>ls_crowd_agent: what a caller may read of a crowd's agent.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public partial struct CrowdAgent
    {
        public long Id;
        public CrowdState State;
        /// <summary>Position, raw fix16 world units.</summary>
        public int X, Y;
        /// <summary>The cell it stands in.</summary>
        public Point Cell;
        /// <summary>Its goal cell (its own cell when never ordered).</summary>
        public Point Goal;
        /// <summary>World units per tick, raw fix16.</summary>
        public int Speed;
        /// <summary>The digest's waypoint index.</summary>
        public uint Waypoint;
        /// <summary>Its route's waypoints (0 without one).</summary>
        public uint WayCount;
        /// <summary>The cell whose centre it heads for (Moving; else its cell).</summary>
        public Point Heading;
        int onField;
        /// <summary>True when it belongs to a group's flow field.</summary>
        public bool OnField { get { return onField != 0; } }
        /// <summary>Its radius, raw fix16 world units (0: a point; Crowd.SetBody).</summary>
        public int Radius;
        /// <summary>0 .. Limits.CrowdMaxPriority: a higher priority yields less.</summary>
        public int Priority;
        /// <summary>Its move in the last tick, raw fix16 world units (0, 0 unless avoidance is on).</summary>
        public int Vx, Vy;
        /// <summary>Its clearance class (World.ClearanceFor of its radius): what its paths keep.</summary>
        public uint Clearance;
        /// <summary>Ticks it has been stuck (avoidance on; CrowdConfig.StuckTicks re-plans).</summary>
        public uint Stuck;
    }

    /// <summary>ls_route_check: what ls_check_route found.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public partial struct RouteCheck
    {
        /// <summary>ls_check_path's answer for the route's cell path.</summary>
        public PathCheck Path;
        /// <summary>The index in the waypoints of the first segment that fails the shortcut
        /// rule, or the waypoint count - 1 when none does (or the path check failed).</summary>
        public uint FirstBroken;
        int holds;
        /// <summary>True when the route may be kept.</summary>
        public bool Holds { get { return holds != 0; } }
    }
#pragma warning restore 0649

    /// <summary>ls_crowd_stats: counters since the crowd's creation.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CrowdStats
    {
        /// <summary>Requests submitted (orders and re-plans).</summary>
        public ulong Requests;
        /// <summary>Of them, after an edit broke a route.</summary>
        public ulong Replans;
        /// <summary>Expansions given by the budget rule.</summary>
        public ulong Expansions;
        /// <summary>Searches run by the workers (depends on the thread count).</summary>
        public ulong Searches;
        /// <summary>Fields begun or brought up to date.</summary>
        public ulong Fields;
        /// <summary>The route pool's size now, in points.</summary>
        public uint PoolPoints;
        /// <summary>Points of routes held now.</summary>
        public uint PoolUsed;
        /// <summary>Requests made by agents stuck CrowdConfig.StuckTicks ticks.</summary>
        public ulong Stuck;
        /// <summary>Moves halved or cancelled by avoidance's resolution (step 6d).</summary>
        public ulong MovesCut;
    }

    /// <summary>ls_crowd_overlaps: what Crowd.CheckOverlaps found (lockstar_crowd.h "The guarantee").</summary>
    [StructLayout(LayoutKind.Sequential)]
    public partial struct CrowdOverlaps
    {
        /// <summary>Pairs of agents whose discs overlap.</summary>
        public uint Pairs;
        /// <summary>Agents whose disc overlaps a blocked cell or leaves the grid.</summary>
        public uint Walls;
        /// <summary>The first overlapping pair in ascending (a, b) order, a &lt; b; 0, 0 when none.</summary>
        public long PairA, PairB;
        /// <summary>The first agent (id order) of Walls; 0 when none.</summary>
        public long WallAgent;
        /// <summary>Its first offending cell in row-major order (outside the grid when it leaves it).</summary>
        public Point WallCell;
    }

    /// <summary>
    /// Every function of the public header, one to one. "lockstar" resolves
    /// to liblockstar.so, lockstar.dll or liblockstar.dylib.
    /// </summary>
    public static class Native
    {
#if UNITY_IOS && !UNITY_EDITOR
        // iOS links native code statically into the player.
        public const string Library = "__Internal";
#else
        public const string Library = "lockstar";
#endif
        const CallingConvention Cdecl = CallingConvention.Cdecl;

        // Version and statuses. The strings are the library's static
        // storage: returned as IntPtr so the marshaller never frees them.
        [DllImport(Library, CallingConvention = Cdecl)] public static extern IntPtr ls_version();
        [DllImport(Library, CallingConvention = Cdecl)] public static extern IntPtr ls_status_string(Status status);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern IntPtr ls_status_name(Status status);

        // Grid.
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_create(int width, int height, IntPtr allocator, out GridHandle grid);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_create_with(int width, int height, uint flags, IntPtr allocator, out GridHandle grid);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern void ls_grid_destroy(IntPtr grid);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_size(GridHandle grid, out int width, out int height);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_get(GridHandle grid, int x, int y, out byte cost);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_set(GridHandle grid, int x, int y, byte cost);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_fill(GridHandle grid, byte cost);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_load(GridHandle grid, byte[] cells, UIntPtr count);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_revision(GridHandle grid, out uint revision);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_set_rect(GridHandle grid, int x, int y, int w, int h, byte cost);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_digest(GridHandle grid, out ulong digest);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_clearance(GridHandle grid, int x, int y, out uint clearance);

        // Queries.
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_query_init(ref Query q);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_query_validate(ref Query q, GridHandle grid);

        // Search contexts.
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_search_create(int width, int height, IntPtr allocator, out SearchHandle search);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_search_create_with(int width, int height, uint flags, IntPtr allocator, out SearchHandle search);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern void ls_search_destroy(IntPtr search);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern uint ls_search_bytes_per_cell(uint flags);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_search_check(SearchHandle search, GridHandle grid, ref Query q);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_search_begin(SearchHandle search, GridHandle grid, ref Query q);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_search_step(SearchHandle search, uint budget);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_search_result(SearchHandle search, out Result result);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_search_expansions(SearchHandle search, out uint count);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_search_path(SearchHandle search, [Out] Point[] points, uint capacity, out uint length);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_search_partial_path(SearchHandle search, [Out] Point[] points, uint capacity, out uint length);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_find_path(SearchHandle search, GridHandle grid, ref Query q,
                                                 [Out] Point[] points, uint capacity, out Result result);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_search_cell_state(SearchHandle search, int x, int y, out int state);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_search_cell_states(SearchHandle search, [Out] byte[] states, UIntPtr count);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_search_cell_costs(SearchHandle search, int x, int y, out CellCosts costs);

        // Batches.
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_batch_create(int width, int height, uint flags, uint threads,
                                                    IntPtr allocator, out BatchHandle batch);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern void ls_batch_destroy(IntPtr batch);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern uint ls_batch_threads(BatchHandle batch);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_batch_run(BatchHandle batch, GridHandle grid, [In] Query[] queries, uint count,
                                                 [Out] Point[] points, uint capacity,
                                                 [Out] Status[] statuses, [Out] Result[] results);
        // ls_batch_run_keep takes its arrays by their first element (pinned
        // for the call), so a caller can pass queries + ran, as in C.
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_batch_run_keep(BatchHandle batch, GridHandle grid, ref Query queries, uint count,
                                                      ref Point points, uint capacity,
                                                      ref Status statuses, ref Result results, out uint ran);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_batch_kept_path(BatchHandle batch, uint index, ref Point points, uint capacity,
                                                       out uint length);

        // Path check.
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_check_path(GridHandle grid, ref Query q, [In] Point[] points, uint count,
                                                  int plannedCost, out PathCheck check);

        // Path request queue.
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_queue_create(int width, int height, uint capacity, uint poolPoints,
                                                    IntPtr allocator, out QueueHandle queue);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern void ls_queue_destroy(IntPtr queue);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_queue_submit(QueueHandle queue, ulong id, ref Query q);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_queue_cancel(QueueHandle queue, ulong id);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_queue_release(QueueHandle queue, ulong id);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_queue_tick(QueueHandle queue, GridHandle grid, uint budget);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_queue_status(QueueHandle queue, ulong id, out Status status);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_queue_pending(QueueHandle queue, out uint count);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_queue_result(QueueHandle queue, ulong id, out Result result);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_queue_path(QueueHandle queue, ulong id, [Out] Point[] points, uint capacity,
                                                  out uint length);

        // Digest, fixed-point text, random numbers.
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_path_digest([In] Point[] points, uint count, out ulong digest);
        [DllImport(Library, CallingConvention = Cdecl, CharSet = CharSet.Ansi, BestFitMapping = false)]
        public static extern Status ls_fix16_parse(string text, out int value);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_rng_seed(ref Rng rng, ulong seed);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern ulong ls_rng_next(ref Rng rng);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern uint ls_rng_below(ref Rng rng, uint bound);

        // World coordinates (lockstar_world.h).
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_world_cell(ref World world, int x, int y, out Point cell);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_world_to_cell(ref World world, GridHandle grid, int x, int y, out Point cell);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_world_cell_center(ref World world, int cx, int cy, out int x, out int y);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_world_distance(int ax, int ay, int bx, int by, out int length);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_world_segment_length(ref World world, int ax, int ay, int bx, int by, out int length);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_world_path_length(ref World world, [In] Point[] points, uint count, out int length);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_world_clearance(ref World world, int radius, out uint clearance);

        // Line of sight, smoothing, following.
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_line_cells(int ax, int ay, int bx, int by, [Out] Point[] cells, uint capacity,
                                                  out uint count);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_line_of_sight(GridHandle grid, int ax, int ay, int bx, int by, out int clear);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_line_cost(GridHandle grid, int ax, int ay, int bx, int by, out byte maxCost);
        // [In, Out] on both: smoothing in place passes one array twice, and
        // the marshaller pins blittable arrays, so both name the same memory.
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_smooth_path(GridHandle grid, [In] Point[] points, uint count,
                                                   [In, Out] Point[] waypoints, uint capacity, out uint length);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_smooth_path_sized(GridHandle grid, uint clearance, [In] Point[] points, uint count,
                                                         [In, Out] Point[] waypoints, uint capacity, out uint length);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_agent_init(ref Agent agent, ref World world, int x, int y, int speed);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_agent_follow(ref Agent agent, [In] Point[] waypoints, uint count);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_agent_step(ref Agent agent, [In] Point[] waypoints, uint count);

        // Zero-copy forms. Mono copies a Point[] argument element by element
        // each way (the cost grows with the array's length, not with the
        // path); a `ref Point` to the first element passes the array's own
        // memory, pinned for the call, whatever its length. Pass
        // `ref array[0]` of a non-empty array (the Point[] forms above for
        // null, which they pass as NULL). Lockstar.cs calls these.
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_find_path")]
        public static extern Status ls_find_path(SearchHandle search, GridHandle grid, ref Query q,
                                                 ref Point points, uint capacity, out Result result);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_search_path")]
        public static extern Status ls_search_path(SearchHandle search, ref Point points, uint capacity, out uint length);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_search_partial_path")]
        public static extern Status ls_search_partial_path(SearchHandle search, ref Point points, uint capacity,
                                                           out uint length);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_batch_run")]
        public static extern Status ls_batch_run(BatchHandle batch, GridHandle grid, [In] Query[] queries, uint count,
                                                 ref Point points, uint capacity,
                                                 [Out] Status[] statuses, [Out] Result[] results);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_check_path")]
        public static extern Status ls_check_path(GridHandle grid, ref Query q, ref Point points, uint count,
                                                  int plannedCost, out PathCheck check);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_queue_path")]
        public static extern Status ls_queue_path(QueueHandle queue, ulong id, ref Point points, uint capacity,
                                                  out uint length);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_path_digest")]
        public static extern Status ls_path_digest(ref Point points, uint count, out ulong digest);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_world_path_length")]
        public static extern Status ls_world_path_length(ref World world, ref Point points, uint count, out int length);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_line_cells")]
        public static extern Status ls_line_cells(int ax, int ay, int bx, int by, ref Point cells, uint capacity,
                                                  out uint count);
        // points and waypoints may be the same element (smoothing in place).
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_smooth_path")]
        public static extern Status ls_smooth_path(GridHandle grid, ref Point points, uint count,
                                                   ref Point waypoints, uint capacity, out uint length);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_smooth_path_sized")]
        public static extern Status ls_smooth_path_sized(GridHandle grid, uint clearance, ref Point points, uint count,
                                                         ref Point waypoints, uint capacity, out uint length);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_agent_follow")]
        public static extern Status ls_agent_follow(ref Agent agent, ref Point waypoints, uint count);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_agent_step")]
        public static extern Status ls_agent_step(ref Agent agent, ref Point waypoints, uint count);

        // Route check and crowd (lockstar_crowd.h). Agent ids are int64_t.
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_check_route(GridHandle grid, ref Query q, [In] Point[] points, uint count,
                                                   [In] Point[] waypoints, uint wayCount, int plannedCost,
                                                   out RouteCheck check);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_check_route")]
        public static extern Status ls_check_route(GridHandle grid, ref Query q, ref Point points, uint count,
                                                   ref Point waypoints, uint wayCount, int plannedCost,
                                                   out RouteCheck check);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_crowd_config_init(ref CrowdConfig config);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_create(ref CrowdConfig config, IntPtr allocator, out CrowdHandle crowd);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern void ls_crowd_destroy(IntPtr crowd);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_add(CrowdHandle crowd, long id, int x, int y, int speed);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_add_at(CrowdHandle crowd, long id, int wx, int wy, int speed);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_crowd_remove(CrowdHandle crowd, long id);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_order(CrowdHandle crowd, long id, int x, int y);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_order_at(CrowdHandle crowd, long id, int wx, int wy);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_order_group(CrowdHandle crowd, [In] long[] ids, uint count, int x, int y);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_crowd_order_group")]
        public static extern Status ls_crowd_order_group(CrowdHandle crowd, ref long ids, uint count, int x, int y);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_crowd_stop(CrowdHandle crowd, long id);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_set_speed(CrowdHandle crowd, long id, int speed);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_set_body(CrowdHandle crowd, long id, int radius, int priority);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_crowd_set_avoidance(CrowdHandle crowd, int on);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_check_overlaps(CrowdHandle crowd, GridHandle grid, out CrowdOverlaps overlaps);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_tick(CrowdHandle crowd, GridHandle grid);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_crowd_count(CrowdHandle crowd, out uint count);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_get(CrowdHandle crowd, long id, out CrowdAgent agent);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_get_at(CrowdHandle crowd, uint index, out CrowdAgent agent);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_route(CrowdHandle crowd, long id, [Out] Point[] points, uint capacity,
                                                   out uint length);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_crowd_route")]
        public static extern Status ls_crowd_route(CrowdHandle crowd, long id, ref Point points, uint capacity,
                                                   out uint length);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_agent_digest(CrowdHandle crowd, long id, out ulong digest);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_tick_digest(CrowdHandle crowd, out ulong digest);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_run_digest(CrowdHandle crowd, out ulong digest);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_crowd_ticks(CrowdHandle crowd, out uint ticks);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_stats_get(CrowdHandle crowd, out CrowdStats stats);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern IntPtr ls_crowd_state_name(CrowdState state);

        // Flow fields (lockstar_flow.h). Costs and directions also as `ref`
        // forms of the first element (pinned, no copy).
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_flow_create(int width, int height, uint maxGoals, IntPtr allocator,
                                                   out FlowHandle flow);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern void ls_flow_destroy(IntPtr flow);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern uint ls_flow_bytes_per_cell();
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_flow_begin(FlowHandle flow, GridHandle grid, ref Query options, [In] Point[] goals,
                                                  uint goalCount);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_flow_begin")]
        public static extern Status ls_flow_begin(FlowHandle flow, GridHandle grid, ref Query options, ref Point goals,
                                                  uint goalCount);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_flow_step(FlowHandle flow, uint budget, out uint expansions);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_flow_refresh(FlowHandle flow, GridHandle grid);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_flow_expansions(FlowHandle flow, out uint total);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_flow_cost(FlowHandle flow, int x, int y, out int cost);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_flow_direction(FlowHandle flow, int x, int y, out int direction);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_flow_costs(FlowHandle flow, [Out] int[] costs, UIntPtr count);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_flow_costs")]
        public static extern Status ls_flow_costs(FlowHandle flow, ref int costs, UIntPtr count);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_flow_directions(FlowHandle flow, [Out] byte[] directions, UIntPtr count);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_flow_directions")]
        public static extern Status ls_flow_directions(FlowHandle flow, ref FlowDirection directions, UIntPtr count);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_flow_digest(FlowHandle flow, out ulong digest);

        // JPS+ jump tables, landmarks, HPA* hierarchy (lockstar_jumps.h, _landmarks.h, _hpa.h:
        // Jumps.cs, Landmarks.cs, Hierarchy.cs).
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_grid_build_jumps(GridHandle grid);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_grid_drop_jumps(GridHandle grid);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_grid_jumps_bytes(GridHandle grid, out ulong bytes);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_jump(GridHandle grid, int x, int y, int direction, out int run, out int jumpPoint);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_landmarks_config_init(ref LandmarksConfig cfg);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern uint ls_landmarks_bytes_per_cell(uint count);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_build_landmarks(GridHandle grid, ref LandmarksConfig cfg);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_grid_drop_landmarks(GridHandle grid);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_update_landmarks(GridHandle grid, uint budget, out uint done);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_landmarks_info(GridHandle grid, ref LandmarksInfo info);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_grid_landmark_distance(GridHandle grid, uint index, int x, int y, out int cost);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_hpa_config_init(ref HpaConfig cfg);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_grid_build_hierarchy(GridHandle grid, ref HpaConfig cfg);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_grid_drop_hierarchy(GridHandle grid);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_grid_hierarchy_info(GridHandle grid, out HpaInfo info);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_grid_hierarchy_digest(GridHandle grid, out ulong digest);

        // The exact path cache (lockstar_cache.h: PathCache.cs); find also with `ref` of the first point.
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_path_cache_config_init(ref PathCacheConfig config);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_path_cache_create(ref PathCacheConfig config, IntPtr allocator, out PathCacheHandle cache);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern void ls_path_cache_destroy(IntPtr cache);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_path_cache_find(PathCacheHandle cache, SearchHandle search, GridHandle grid, ref Query q,
                                                       [In, Out] Point[] points, uint capacity, out Result result);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_path_cache_find")]
        public static extern Status ls_path_cache_find(PathCacheHandle cache, SearchHandle search, GridHandle grid, ref Query q,
                                                       ref Point points, uint capacity, out Result result);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_path_cache_stats_get(PathCacheHandle cache, out PathCacheStats stats);
        [DllImport(Library, CallingConvention = Cdecl)] public static extern Status ls_path_cache_clear(PathCacheHandle cache);
        [DllImport(Library, CallingConvention = Cdecl)]
        public static extern Status ls_crowd_set_path_cache(CrowdHandle crowd, PathCacheHandle cache);
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "ls_crowd_set_path_cache")]
        public static extern Status ls_crowd_set_path_cache(CrowdHandle crowd, IntPtr none);

        // Self-test (lockstar_selftest.h): a library of its own,
        // liblockstar-selftest, beside liblockstar (which it calls), so a
        // game that never runs it does not ship its tables.
#if UNITY_IOS && !UNITY_EDITOR
        public const string SelftestLibrary = "__Internal";
#else
        public const string SelftestLibrary = "lockstar-selftest";
#endif
        [DllImport(SelftestLibrary, CallingConvention = Cdecl)]
        public static extern Status ls_selftest(IntPtr allocator, out SelftestReport report);
        [DllImport(SelftestLibrary, CallingConvention = Cdecl)] public static extern IntPtr ls_selftest_case_name(uint index);
    }
}
