// SPDX-License-Identifier: MIT
// Crowd.cs - the idiomatic layer for the crowd (lockstar_crowd.h): many
// units moved by one deterministic tick. CrowdConfig (declared field for
// field in Native.cs) gets ls_crowd_config_init's defaults; Crowd owns its
// CrowdHandle and is IDisposable; Grid.CheckRoute asks whether a smoothed
// route still holds after an edit. Same conventions as Lockstar.cs:
// refusals throw LockstarException, each method has a Try... twin that
// returns the Status, and outcomes a game acts on (an agent's
// Unreachable, NoRoom) are values, not errors.
//
// Nothing here allocates per tick: Tick, the orders, Get, the digests and
// Stats pass plain structs; group orders and the agent list take the
// caller's arrays (pinned for the call, never copied), and only the
// convenience forms returning arrays (Agents(), Route(id)) allocate.
//
// Ids are the caller's 64-bit integers (long, any value); positions,
// speeds and the world frame are raw fix16 integers (Fix16), as in C.
using System;
using System.Runtime.InteropServices;

namespace Lockstar
{
    /// <summary>
    /// ls_crowd_config: a crowd's size, room and rules. The first property
    /// set on a default-constructed config fills in every default of
    /// ls_crowd_config_init (capacity 1024, route pool 65536 points, cell
    /// size 1.0, ls_query_init's options, no budget, 1 thread, no flags, 4
    /// flow field slots; avoidance's settings 10 neighbours, a horizon of 4
    /// ticks, a re-plan after 40 stuck ticks), so <c>new CrowdConfig(64, 64)</c> and
    /// <c>new CrowdConfig { Width = 64, Height = 64, Budget = 200 }</c> are complete.
    /// </summary>
    public partial struct CrowdConfig
    {
        // ls_crowd_config_init's answer, asked once.
        static readonly CrowdConfig LibraryDefaults = Init();
        static CrowdConfig Init()
        {
            CrowdConfig c = new CrowdConfig();
            Native.ls_crowd_config_init(ref c);
            return c;
        }

        /// <summary>A config for grids of width x height, the rest the defaults.</summary>
        public CrowdConfig(int width, int height)
        {
            this = LibraryDefaults;
            this.width = width;
            this.height = height;
        }

        /// <summary>ls_crowd_config_init's defaults (width and height 1).</summary>
        public static CrowdConfig Defaults() { return LibraryDefaults; }

        void Touch() { if (structSize == 0) this = LibraryDefaults; }

        /// <summary>The defaults when nothing was ever set (StructSize 0), else this config.</summary>
        public CrowdConfig Complete() { return structSize == 0 ? LibraryDefaults : this; }

        /// <summary>sizeof(ls_crowd_config) once any field is set. Setting it is for tests of
        /// ErrBadStructSize only.</summary>
        public uint StructSize { get { return structSize; } set { structSize = value; } }
        /// <summary>The grids' size.</summary>
        public int Width { get { return Complete().width; } set { Touch(); width = value; } }
        public int Height { get { return Complete().height; } set { Touch(); height = value; } }
        /// <summary>Most agents held at once, 1 .. Limits.CrowdMaxCapacity (default 1024).</summary>
        public uint Capacity { get { return Complete().capacity; } set { Touch(); capacity = value; } }
        /// <summary>The route pool, in points (default 65536; 0 allowed with GrowPaths).</summary>
        public uint PathPoints { get { return Complete().pathPoints; } set { Touch(); pathPoints = value; } }
        /// <summary>The world frame (default origin 0,0, cell size 1.0).</summary>
        public World World { get { return Complete().world; } set { Touch(); world = value; } }
        /// <summary>The movement and search options of every request (start and goal ignored).
        /// A query nothing was set on is taken as ls_query_init's defaults.</summary>
        public Query Options { get { return Complete().options; } set { Touch(); options = value.Complete(); } }
        /// <summary>Expansions per tick, 0 = no limit (default).</summary>
        public uint Budget { get { return Complete().budget; } set { Touch(); budget = value; } }
        /// <summary>Workers, 1 .. Limits.BatchMaxThreads (default 1: the caller's thread only).
        /// Never changes a result.</summary>
        public uint Threads { get { return Complete().threads; } set { Touch(); threads = value; } }
        public CrowdFlags Flags { get { return Complete().flags; } set { Touch(); flags = value; } }
        /// <summary>Flow field slots for group orders, 0 .. Limits.CrowdMaxFields (default 4).</summary>
        public uint MaxFields { get { return Complete().maxFields; } set { Touch(); maxFields = value; } }
        /// <summary>The raw phase hook, a native void (*)(void *user, int32_t phase) (IntPtr.Zero
        /// by default). Crowd's constructor takes a managed hook instead.</summary>
        public IntPtr PhaseHook { get { return phase; } set { Touch(); phase = value; } }
        /// <summary>The raw user pointer passed to PhaseHook.</summary>
        public IntPtr User { get { return user; } set { Touch(); user = value; } }
        /// <summary>Avoidance (read only with it on, CrowdFlags.Avoidance or Crowd.Avoidance): the
        /// most neighbours an agent avoids, 1 .. Limits.CrowdMaxNeighbours (default 10).</summary>
        public uint AvoidNeighbours { get { return Complete().avoidNeighbours; } set { Touch(); avoidNeighbours = value; } }
        /// <summary>Ticks ahead an agent avoids others, 1 .. Limits.CrowdMaxHorizon (default 4: longer
        /// horizons make dense crowds timid, docs/avoidance.md).</summary>
        public uint AvoidHorizon { get { return Complete().avoidHorizon; } set { Touch(); avoidHorizon = value; } }
        /// <summary>A Moving agent that has not moved a quarter of its speed for this many ticks in a
        /// row asks for a new path; 0 = never (default 40).</summary>
        public uint StuckTicks { get { return Complete().stuckTicks; } set { Touch(); stuckTicks = value; } }

        public override string ToString()
        {
            return Width + "x" + Height + " capacity " + Capacity + " path points " + PathPoints + " budget " + Budget +
                   " threads " + Threads + " fields " + MaxFields + " " + Flags + " neighbours " + AvoidNeighbours +
                   " horizon " + AvoidHorizon + " stuck " + StuckTicks;
        }
    }

    /// <summary>ls_crowd_agent (declared in Native.cs).</summary>
    public partial struct CrowdAgent
    {
        /// <summary>The position as a WorldPoint.</summary>
        public WorldPoint Position { get { return new WorldPoint(X, Y); } }
        /// <summary>Its move in the last tick (Vx, Vy) as a WorldPoint.</summary>
        public WorldPoint Velocity { get { return new WorldPoint(Vx, Vy); } }
        public override string ToString()
        {
            return "agent " + Id + " " + Crowd.StateName(State) + " at " + Position + " (cell " + Cell + ") goal " + Goal +
                   (OnField ? " on a field" : "") +
                   (Radius != 0 || Priority != 0 ? " radius " + Fix16.Format(Radius) + " priority " + Priority : "");
        }
    }

    /// <summary>ls_crowd_overlaps (declared in Native.cs).</summary>
    public partial struct CrowdOverlaps
    {
        /// <summary>True when no two discs overlap and no disc overlaps a wall or leaves the grid.</summary>
        public bool None { get { return Pairs == 0 && Walls == 0; } }
        public override string ToString()
        {
            if (None) return "0 overlaps";
            return Pairs + " pair overlaps (first " + PairA + " and " + PairB + "), " + Walls + " wall overlaps" +
                   (Walls > 0 ? " (first agent " + WallAgent + " and cell " + WallCell + ")" : "");
        }
    }

    /// <summary>ls_route_check (declared in Native.cs).</summary>
    public partial struct RouteCheck
    {
        public override string ToString()
        {
            return Holds ? "holds, cost " + Path.Cost : "broken: " + Path + ", first broken segment " + FirstBroken;
        }
    }

    /// <summary>
    /// The crowd (ls_crowd): agents held by 64-bit id, ordered to cells
    /// alone (a path request) or as a group (sharing one flow field), all
    /// moved by Tick(grid) in fix16 world units. Two peers that add, order
    /// and tick the same agents on the same grids see the same TickDigest
    /// after every tick, whatever their thread counts.
    /// </summary>
    public sealed class Crowd : IDisposable
    {
        public readonly CrowdHandle Handle;
        public readonly int Width, Height;
        readonly CrowdConfig config;

        // The profiler hook. The library calls one static method (IL2CPP,
        // Unity's ahead-of-time compiler, calls back into static methods
        // marked MonoPInvokeCallback only), whose delegate lives as long as
        // the program; its user pointer is a weak GCHandle to the crowd,
        // freed by Dispose or the finalizer.
        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        delegate void NativePhase(IntPtr user, int phase);
        static readonly NativePhase PhaseHook = OnPhase;
        static readonly IntPtr PhaseHookPointer = Marshal.GetFunctionPointerForDelegate(PhaseHook);
        readonly Action<CrowdPhase> profiler;
        GCHandle self;
        Exception profilerFault;

        /// <summary>A crowd for grids of width x height with the default config.</summary>
        public Crowd(int width, int height) : this(new CrowdConfig(width, height), null) { }

        /// <summary>A crowd made to config (ls_crowd_create). Throws the refusal.</summary>
        public Crowd(CrowdConfig config) : this(config, null) { }

        /// <summary>
        /// A crowd whose ticks call profiler at each phase (CrowdPhase, End
        /// when the tick is over), on the thread calling Tick. It must not
        /// call the crowd; an exception it throws is kept and thrown by
        /// Tick once the tick is over (the tick itself completes).
        /// </summary>
        public Crowd(CrowdConfig config, Action<CrowdPhase> profiler)
        {
            CrowdConfig c = config.Complete();
            if (profiler != null) {
                this.profiler = profiler;
                self = GCHandle.Alloc(this, GCHandleType.Weak);
                c.PhaseHook = PhaseHookPointer;
                c.User = GCHandle.ToIntPtr(self);
            }
            Status st = Native.ls_crowd_create(ref c, IntPtr.Zero, out Handle);
            if (st != Status.Ok) {
                if (self.IsAllocated) self.Free();
                GC.SuppressFinalize(this);
                throw new LockstarException("ls_crowd_create(" + c + ")", st);
            }
            if (profiler == null) GC.SuppressFinalize(this);
            this.config = c;
            avoidance = (c.Flags & CrowdFlags.Avoidance) != 0;
            Width = c.Width;
            Height = c.Height;
        }

        [MonoPInvokeCallback(typeof(NativePhase))]
        static void OnPhase(IntPtr user, int phase)
        {
            Crowd crowd = GCHandle.FromIntPtr(user).Target as Crowd;
            if (crowd == null) return;
            // An exception must not unwind through the library's frames.
            try {
                crowd.profiler((CrowdPhase)phase);
            } catch (Exception e) {
                if (crowd.profilerFault == null) crowd.profilerFault = e;
            }
        }

        ~Crowd()
        {
            if (self.IsAllocated) self.Free();
        }

        /// <summary>The config the crowd was made with.</summary>
        public CrowdConfig Config { get { return config; } }

        /// <summary>ls_crowd_state_name: "idle", "waiting", "moving", "arrived",
        /// "unreachable", "no-room"; "?" for another value.</summary>
        public static string StateName(CrowdState state)
        {
            return Marshal.PtrToStringAnsi(Native.ls_crowd_state_name(state));
        }

        // Agents.

        /// <summary>Add an Idle agent at the centre of cell (x, y) with speed (raw fix16, &gt; 0).
        /// Throws ErrDuplicateId, ErrCrowdFull, ErrOutOfBounds, ErrBadSpeed, ErrWorldRange.</summary>
        public void Add(long id, int x, int y, int speed) { CheckId(TryAdd(id, x, y, speed), "ls_crowd_add", id); }
        public void Add(long id, Point cell, int speed) { Add(id, cell.X, cell.Y, speed); }
        public Status TryAdd(long id, int x, int y, int speed) { return Native.ls_crowd_add(Handle, id, x, y, speed); }

        /// <summary>Add an Idle agent at world position (wx, wy), which must lie in a cell of the grid.</summary>
        public void AddAt(long id, int wx, int wy, int speed) { CheckId(TryAddAt(id, wx, wy, speed), "ls_crowd_add_at", id); }
        public void AddAt(long id, WorldPoint at, int speed) { AddAt(id, at.X, at.Y, speed); }
        public Status TryAddAt(long id, int wx, int wy, int speed)
        {
            return Native.ls_crowd_add_at(Handle, id, wx, wy, speed);
        }

        /// <summary>Remove the agent at once, with its request, order and route (ErrUnknownId).</summary>
        public void Remove(long id) { CheckId(TryRemove(id), "ls_crowd_remove", id); }
        public Status TryRemove(long id) { return Native.ls_crowd_remove(Handle, id); }

        // Orders, carried out at the next tick in the order given (a second
        // order to one agent replaces the first).

        /// <summary>Order the agent to cell (x, y): a path request at the next tick.
        /// Throws ErrUnknownId, ErrOutOfBounds.</summary>
        public void Order(long id, int x, int y) { CheckId(TryOrder(id, x, y), "ls_crowd_order", id); }
        public void Order(long id, Point goal) { Order(id, goal.X, goal.Y); }
        public Status TryOrder(long id, int x, int y) { return Native.ls_crowd_order(Handle, id, x, y); }

        /// <summary>Order the agent to the cell holding world point (wx, wy); it arrives on that
        /// cell's centre.</summary>
        public void OrderAt(long id, int wx, int wy) { CheckId(TryOrderAt(id, wx, wy), "ls_crowd_order_at", id); }
        public void OrderAt(long id, WorldPoint at) { OrderAt(id, at.X, at.Y); }
        public Status TryOrderAt(long id, int wx, int wy) { return Native.ls_crowd_order_at(Handle, id, wx, wy); }

        /// <summary>Order every agent of ids to cell (x, y) as a group sharing one flow field, in
        /// the order given. Throws ErrBadSize (no ids), ErrUnknownId (any id), ErrOutOfBounds;
        /// then nothing is ordered.</summary>
        public void OrderGroup(long[] ids, int x, int y)
        {
            OrderGroup(ids, ids == null ? 0 : (uint)ids.Length, x, y);
        }
        /// <summary>The group ids[0..count): the caller's array, reused from tick to tick, is
        /// passed without a copy.</summary>
        public void OrderGroup(long[] ids, uint count, int x, int y)
        {
            Status st = TryOrderGroup(ids, count, x, y);
            if (st < 0) throw new LockstarException("ls_crowd_order_group(" + count + " agents to " + x + "," + y + ")", st);
        }
        public void OrderGroup(long[] ids, Point goal) { OrderGroup(ids, goal.X, goal.Y); }
        public Status TryOrderGroup(long[] ids, uint count, int x, int y)
        {
            if (count > (uint)(ids == null ? 0 : ids.Length))
                throw new ArgumentOutOfRangeException("count", count, "more than the array holds");
            if (ids == null || ids.Length == 0)
                return Native.ls_crowd_order_group(Handle, ids, count, x, y);
            return Native.ls_crowd_order_group(Handle, ref ids[0], count, x, y);
        }

        /// <summary>Stop the agent at the next tick: Idle where it stands then.</summary>
        public void Stop(long id) { CheckId(TryStop(id), "ls_crowd_stop", id); }
        public Status TryStop(long id) { return Native.ls_crowd_stop(Handle, id); }

        /// <summary>The agent's speed (raw fix16, &gt; 0) from the next tick's movement on.
        /// Throws ErrUnknownId, ErrBadSpeed.</summary>
        public void SetSpeed(long id, int speed) { CheckId(TrySetSpeed(id, speed), "ls_crowd_set_speed", id); }
        public Status TrySetSpeed(long id, int speed) { return Native.ls_crowd_set_speed(Handle, id, speed); }

        // Sizes and avoidance (lockstar_crowd.h "Sizes and avoidance").

        /// <summary>
        /// The agent's radius (raw fix16 world units, 0 .. Limits.CrowdMaxRadius, its clearance
        /// class at most Limits.ClearanceMax in the crowd's frame) and priority (0 ..
        /// Limits.CrowdMaxPriority; a higher one yields less), at once: its next request or field
        /// keeps its clearance class from walls. Throws ErrUnknownId, ErrBadRadius,
        /// ErrBadPriority; then nothing changed.
        /// </summary>
        public void SetBody(long id, int radius, int priority = 0)
        {
            CheckId(TrySetBody(id, radius, priority), "ls_crowd_set_body", id);
        }
        public Status TrySetBody(long id, int radius, int priority = 0)
        {
            return Native.ls_crowd_set_body(Handle, id, radius, priority);
        }

        /// <summary>
        /// Avoidance on or off from the next tick on (ls_crowd_set_avoidance): agents with a
        /// radius keep apart and make way by their priorities (ORCA in integers). It starts as
        /// the config's CrowdFlags.Avoidance; reading gives the last value set. Switching it off
        /// makes every Moving agent on a route ask for a new path.
        /// </summary>
        public bool Avoidance
        {
            get { return avoidance; }
            set { Lib.Check(TrySetAvoidance(value), "ls_crowd_set_avoidance"); }
        }
        public Status TrySetAvoidance(bool on)
        {
            Status st = Native.ls_crowd_set_avoidance(Handle, on ? 1 : 0);
            if (st == Status.Ok) avoidance = on;
            return st;
        }

        /// <summary>ls_crowd_set_path_cache: let the crowd's searches go through cache (PathCache.cs)
        /// from the next tick on, or through none (null, the default). Every tick and digest is the
        /// same with a cache or without; only Stats.Searches counts fewer. The crowd keeps a
        /// reference to the cache until it is detached: set null before disposing it.</summary>
        public void SetPathCache(PathCache cache)
        {
            Status st = cache == null ? Native.ls_crowd_set_path_cache(Handle, IntPtr.Zero)
                                      : Native.ls_crowd_set_path_cache(Handle, cache.Handle);
            Lib.Check(st, "ls_crowd_set_path_cache");
            pathCache = cache;
        }
        /// <summary>The cache SetPathCache attached (kept alive with the crowd), or null.</summary>
        public PathCache PathCache { get { return pathCache; } }
        PathCache pathCache;
        bool avoidance;

        /// <summary>
        /// The overlaps now (ls_crowd_check_overlaps): pairs of agents whose discs overlap and
        /// discs over a blocked cell or off the grid, by exact integer tests; radius 0 overlaps
        /// nothing. After any tick with avoidance on there are none but those that were already
        /// there. Throws ErrGridMismatch; allocates nothing (a refused TryCheckOverlaps is not None).
        /// </summary>
        public CrowdOverlaps CheckOverlaps(Grid grid)
        {
            CrowdOverlaps o;
            Lib.Check(TryCheckOverlaps(grid, out o), "ls_crowd_check_overlaps");
            return o;
        }
        public Status TryCheckOverlaps(Grid grid, out CrowdOverlaps overlaps)
        {
            if (grid == null) throw new ArgumentNullException("grid");
            Status st = Native.ls_crowd_check_overlaps(Handle, grid.Handle, out overlaps);
            // C writes nothing; a zeroed answer would read as no overlap.
            if (st < 0) overlaps.Pairs = overlaps.Walls = uint.MaxValue;
            return st;
        }

        // The tick.

        /// <summary>
        /// Run one tick on grid (lockstar_crowd.h "One tick"): route checks
        /// after edits, orders, requests and fields under the budget,
        /// hand-over, movement, the tick digest. The grid may be edited
        /// between ticks, or be another grid of the same size. Throws
        /// ErrGridMismatch (nothing done); allocates nothing.
        /// </summary>
        public void Tick(Grid grid)
        {
            Status st = TryTick(grid);
            if (st < 0) throw new LockstarException("ls_crowd_tick", st);
        }
        public Status TryTick(Grid grid)
        {
            if (grid == null) throw new ArgumentNullException("grid");
            Status st = Native.ls_crowd_tick(Handle, grid.Handle);
            if (profilerFault != null) {
                Exception e = profilerFault;
                profilerFault = null;
                throw new InvalidOperationException("the crowd's profiler threw", e);
            }
            return st;
        }

        // Reading.

        /// <summary>The number of agents held.</summary>
        public uint Count
        {
            get { uint n; Lib.Check(Native.ls_crowd_count(Handle, out n), "ls_crowd_count"); return n; }
        }

        /// <summary>True when an agent with this id is held.</summary>
        public bool Contains(long id)
        {
            CrowdAgent a;
            return Native.ls_crowd_get(Handle, id, out a) == Status.Ok;
        }

        /// <summary>The agent with this id (ErrUnknownId).</summary>
        public CrowdAgent Get(long id)
        {
            CrowdAgent a;
            CheckId(TryGet(id, out a), "ls_crowd_get", id);
            return a;
        }
        public Status TryGet(long id, out CrowdAgent agent) { return Native.ls_crowd_get(Handle, id, out agent); }

        /// <summary>The index-th agent in ascending id order (ErrOutOfBounds past the end).</summary>
        public CrowdAgent GetAt(uint index)
        {
            CrowdAgent a;
            Status st = TryGetAt(index, out a);
            if (st < 0) throw new LockstarException("ls_crowd_get_at(" + index + ")", st);
            return a;
        }
        public Status TryGetAt(uint index, out CrowdAgent agent) { return Native.ls_crowd_get_at(Handle, index, out agent); }

        /// <summary>Every agent in ascending id order (a new array).</summary>
        public CrowdAgent[] Agents()
        {
            CrowdAgent[] all = new CrowdAgent[Count];
            uint n;
            Lib.Check(TryAgents(all, out n), "ls_crowd_get_at");
            return all;
        }

        /// <summary>Every agent in ascending id order into buffer (no allocation); returns the count.
        /// Throws ErrBufferTooSmall when buffer holds fewer than Count.</summary>
        public uint Agents(CrowdAgent[] buffer)
        {
            uint n;
            Lib.Check(TryAgents(buffer, out n), "ls_crowd_get_at");
            return n;
        }

        /// <summary>Ok with count agents written to buffer[0..count), or ErrBufferTooSmall with the
        /// count needed and nothing written.</summary>
        public Status TryAgents(CrowdAgent[] buffer, out uint count)
        {
            if (buffer == null) throw new ArgumentNullException("buffer");
            Status st = Native.ls_crowd_count(Handle, out count);
            if (st != Status.Ok) return st;
            if (count > (uint)buffer.Length) return Status.ErrBufferTooSmall;
            for (uint i = 0; i < count; i++) {
                st = Native.ls_crowd_get_at(Handle, i, out buffer[i]);
                if (st != Status.Ok) return st;
            }
            return Status.Ok;
        }

        /// <summary>The agent's waypoints as it follows them (a new array; empty without a route:
        /// not Moving, or on a field, where Heading says where it goes).</summary>
        public Point[] Route(long id)
        {
            Point[] p;
            CheckId(TryRoute(id, out p), "ls_crowd_route", id);
            return p;
        }
        public Status TryRoute(long id, out Point[] route)
        {
            CrowdHandle h = Handle;
            return Pts.Read(delegate (Point[] b, out uint n) {
                return Native.ls_crowd_route(h, id, ref b[0], (uint)b.Length, out n);
            }, 16, out route);
        }
        /// <summary>The waypoints into buffer (no allocation): Ok with length, or ErrBufferTooSmall
        /// with the length needed and nothing written.</summary>
        public Status TryRoute(long id, Point[] buffer, out uint length)
        {
            if (buffer == null || buffer.Length == 0)
                return Native.ls_crowd_route(Handle, id, buffer, 0, out length);
            return Native.ls_crowd_route(Handle, id, ref buffer[0], (uint)buffer.Length, out length);
        }

        // Digests and counters.

        /// <summary>The digest of the last tick (throws ErrNotDone before the first).</summary>
        public ulong TickDigest
        {
            get { ulong d; Lib.Check(TryTickDigest(out d), "ls_crowd_tick_digest"); return d; }
        }
        public Status TryTickDigest(out ulong digest) { return Native.ls_crowd_tick_digest(Handle, out digest); }

        /// <summary>The run digest: every tick digest so far (the FNV offset basis before the first).</summary>
        public ulong RunDigest
        {
            get { ulong d; Lib.Check(TryRunDigest(out d), "ls_crowd_run_digest"); return d; }
        }
        public Status TryRunDigest(out ulong digest) { return Native.ls_crowd_run_digest(Handle, out digest); }

        /// <summary>The agent's digest now (ErrUnknownId).</summary>
        public ulong AgentDigest(long id)
        {
            ulong d;
            CheckId(TryAgentDigest(id, out d), "ls_crowd_agent_digest", id);
            return d;
        }
        public Status TryAgentDigest(long id, out ulong digest) { return Native.ls_crowd_agent_digest(Handle, id, out digest); }

        /// <summary>The ticks run so far.</summary>
        public uint Ticks
        {
            get { uint n; Lib.Check(Native.ls_crowd_ticks(Handle, out n), "ls_crowd_ticks"); return n; }
        }

        /// <summary>Counters since creation.</summary>
        public CrowdStats Stats
        {
            get { CrowdStats s; Lib.Check(TryStats(out s), "ls_crowd_stats_get"); return s; }
        }
        public Status TryStats(out CrowdStats stats) { return Native.ls_crowd_stats_get(Handle, out stats); }

        static void CheckId(Status status, string what, long id)
        {
            if (status < 0) throw new LockstarException(what + "(" + id + ")", status);
        }

        public void Dispose()
        {
            Handle.Dispose();
            if (self.IsAllocated) self.Free();
            GC.SuppressFinalize(this);
        }
    }

    /// <summary>Marks a static method the library calls back, for Unity's IL2CPP (which
    /// looks for an attribute of this name on reverse P/Invoke targets).</summary>
    [AttributeUsage(AttributeTargets.Method)]
    internal sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        public MonoPInvokeCallbackAttribute(Type type) { Type = type; }
        public Type Type { get; private set; }
    }

    public sealed partial class Grid
    {
        /// <summary>
        /// ls_check_route: may a unit keep the rest of its smoothed route
        /// (path, with waypoints from ls_smooth_path of it) on the grid as
        /// it is now? plannedCost is the path's cost when it was planned.
        /// A broken route is an answer (Holds false); throws when the
        /// arguments are refused (ErrBadSize, ErrBadRoute: waypoints that
        /// are not points of the path in its order, q's rules).
        /// </summary>
        public RouteCheck CheckRoute(Query q, Point[] path, Point[] waypoints, int plannedCost)
        {
            return CheckRoute(q, path, path == null ? 0 : (uint)path.Length, waypoints,
                              waypoints == null ? 0 : (uint)waypoints.Length, plannedCost);
        }

        public RouteCheck CheckRoute(Query q, Point[] path, uint count, Point[] waypoints, uint wayCount, int plannedCost)
        {
            RouteCheck rc;
            Lib.Check(TryCheckRoute(q, path, count, waypoints, wayCount, plannedCost, out rc), "ls_check_route");
            return rc;
        }

        /// <summary>ls_check_route; on a refusal check does not hold (its path check not Legal).</summary>
        public Status TryCheckRoute(Query q, Point[] path, uint count, Point[] waypoints, uint wayCount, int plannedCost,
                                    out RouteCheck check)
        {
            q = q.Complete();
            Pts.Fit(path, count, "count");
            Pts.Fit(waypoints, wayCount, "wayCount");
            Status st = (path == null || path.Length == 0 || waypoints == null || waypoints.Length == 0)
                ? Native.ls_check_route(Handle, ref q, path, count, waypoints, wayCount, plannedCost, out check)
                : Native.ls_check_route(Handle, ref q, ref path[0], count, ref waypoints[0], wayCount, plannedCost,
                                        out check);
            if (st < 0) {
                // C writes nothing; a zeroed check would read as a legal path.
                check = new RouteCheck();
                check.Path.Cost = -1;
                check.Path.CostChanged = 1;
            }
            return st;
        }
    }
}
