// SPDX-License-Identifier: MIT
// Lockstar.cs - the idiomatic layer over Native.cs for game code: Grid,
// SearchContext, Batch and PathQueue own their SafeHandle and are
// IDisposable (PathQueue and Batch in Queue.cs); Lib holds the stateless
// calls; World.cs adds world frames, line of sight, smoothing, path checks
// and agents.
//
// Errors throw (the int.Parse convention): every method whose call the
// library refuses (a negative ls_status) throws LockstarException, which
// carries the Status and its ls_status_name. Each has a Try... twin for hot
// paths that returns the library's Status instead and never throws for a
// status (int.TryParse's convention, with the status as the answer). The
// outcomes a game acts on - NoPath, ExpansionLimit, InProgress - are not
// errors: they come back as values (PathResult.Status, Step's return).
//
// No copies: paths cross the boundary as `ref point[0]` of the caller's
// array (pinned for the call), so a call costs the same whatever the
// array's capacity. Methods taking a buffer never allocate; methods
// returning Point[] allocate exactly the path's length.
//
// Threads (the header's rules, unchanged by the wrappers): a grid may be
// searched by any number of contexts on any number of threads at once
// while nobody edits it; a context, queue or batch is used by one thread
// at a time.
using System;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Text;

[assembly: AssemblyTitle("Lockstar")]
[assembly: AssemblyProduct("lockstar")]
[assembly: AssemblyDescription("lockstar: deterministic grid pathfinding for lockstep games (C# binding of liblockstar). MIT License.")]
[assembly: AssemblyCopyright("Copyright (c) 2026 The lockstar authors. MIT License.")]
[assembly: AssemblyMetadata("License", "MIT")]
[assembly: AssemblyVersion("0.1.0.0")]
[assembly: AssemblyInformationalVersion("0.1.0")]

namespace Lockstar
{
    /// <summary>A call the library refused: Status is its ls_status, StatusName its
    /// ls_status_name ("LS_ERR_OUT_OF_BOUNDS").</summary>
    public class LockstarException : Exception
    {
        public readonly Status Status;
        public readonly string StatusName;
        public LockstarException(string what, Status status)
            : base(what + ": " + Lib.StatusString(status) + " (" + Lib.StatusName(status) + ")")
        {
            Status = status;
            StatusName = Lib.StatusName(status);
        }
    }

    /// <summary>The calls that need no object.</summary>
    public static class Lib
    {
        /// <summary>The linked library's version ("0.1.0").</summary>
        public static string Version
        {
            get { return Marshal.PtrToStringAnsi(Native.ls_version()); }
        }

        /// <summary>ls_status_name: "LS_OK", "LS_ERR_GOAL_BLOCKED", ...</summary>
        public static string StatusName(Status status)
        {
            return Marshal.PtrToStringAnsi(Native.ls_status_name(status));
        }

        /// <summary>ls_status_string: a short English description.</summary>
        public static string StatusString(Status status)
        {
            return Marshal.PtrToStringAnsi(Native.ls_status_string(status));
        }

        /// <summary>True for the library's errors (negative statuses).</summary>
        public static bool IsError(Status status) { return status < 0; }

        /// <summary>status when it is not an error; else throws LockstarException.</summary>
        public static Status Check(Status status, string what)
        {
            if (status < 0)
                throw new LockstarException(what, status);
            return status;
        }

        // The same with the arguments named in the message, built only on a
        // refusal (a hot path allocates nothing).
        internal static void Check(Status status, string what, int a, int b)
        {
            if (status < 0) throw new LockstarException(what + "(" + a + ", " + b + ")", status);
        }
        internal static void Check(Status status, string what, int a, int b, int c, int d)
        {
            if (status < 0) throw new LockstarException(what + "(" + a + ", " + b + ", " + c + ", " + d + ")", status);
        }
        internal static void CheckId(Status status, string what, ulong id)
        {
            if (status < 0) throw new LockstarException(what + "(" + id + ")", status);
        }

        /// <summary>ls_fix16_parse: "1.5" -> 98304. Throws on bad text.</summary>
        public static int ParseFix16(string text)
        {
            int value;
            Status st = TryParseFix16(text, out value);
            if (st < 0)
                throw new LockstarException("ls_fix16_parse(\"" + text + "\")", st);
            return value;
        }

        public static Status TryParseFix16(string text, out int value)
        {
            if (text == null) throw new ArgumentNullException("text");
            return Native.ls_fix16_parse(text, out value);
        }

        /// <summary>ls_path_digest of the whole array.</summary>
        public static ulong PathDigest(Point[] points)
        {
            return PathDigest(points, points == null ? 0 : (uint)points.Length);
        }

        /// <summary>ls_path_digest of points[0..count).</summary>
        public static ulong PathDigest(Point[] points, uint count)
        {
            ulong digest;
            Status st = (points == null || points.Length == 0)
                ? Native.ls_path_digest(points, count, out digest)
                : Native.ls_path_digest(ref points[0], Pts.Fit(points, count, "count"), out digest);
            Check(st, "ls_path_digest");
            return digest;
        }

        /// <summary>Run the built-in golden vectors (ls_selftest, in
        /// liblockstar-selftest, which must sit beside liblockstar).</summary>
        public static Status Selftest(out SelftestReport report)
        {
            // liblockstar first: the self-test library needs it, and a
            // loader finds a dependency already loaded by its name even
            // where the plugin folder is not on the library search path.
            Native.ls_version();
            return Native.ls_selftest(IntPtr.Zero, out report);
        }

        /// <summary>The id of built-in case index, or null past the end.</summary>
        public static string SelftestCaseName(uint index)
        {
            IntPtr name = Native.ls_selftest_case_name(index);
            return name == IntPtr.Zero ? null : Marshal.PtrToStringAnsi(name);
        }
    }

    /// <summary>ls_rng, SplitMix64: the portable generator (declared in Native.cs). A
    /// mutable struct: keep it in a field or local, not behind a readonly one.</summary>
    public partial struct Rng
    {
        /// <summary>A generator started at seed.</summary>
        public static Rng Seeded(ulong seed)
        {
            Rng r = new Rng();
            Native.ls_rng_seed(ref r, seed);
            return r;
        }
        /// <summary>The next 64-bit output.</summary>
        public ulong Next() { return Native.ls_rng_next(ref this); }
        /// <summary>A uniform integer in [0, bound); 0 when bound is 0.</summary>
        public uint Below(uint bound) { return Native.ls_rng_below(ref this, bound); }
    }

    /// <summary>Point buffers for the zero-copy calls.</summary>
    internal static class Pts
    {
        static readonly ulong NoPointsDigest = Digest0();
        static ulong Digest0()
        {
            ulong d;
            Native.ls_path_digest((Point[])null, 0, out d);
            return d;
        }

        /// <summary>
        /// The result a refusal leaves (ls_batch_run's form for a refused
        /// query: {status, -1, 0, 0, digest of no points}). The C calls write
        /// nothing on an error, which in C# would leave a zeroed Result, whose
        /// Status reads as Ok: the layer fills this in instead.
        /// </summary>
        internal static Result Refused(Status st)
        {
            Result r = new Result();
            r.Status = st;
            r.Cost = -1;
            r.Digest = NoPointsDigest;
            return r;
        }

        internal static readonly Point[] Empty = new Point[0];
        /// <summary>A non-NULL pointer for a count of 0, which C never reads through.</summary>
        internal static readonly Point[] Unread = new Point[1];

        /// <summary>count, checked to lie within the array (a count past the end would let C
        /// read or write outside it).</summary>
        internal static uint Fit(Point[] points, uint count, string name)
        {
            if (count > (uint)(points == null ? 0 : points.Length))
                throw new ArgumentOutOfRangeException(name, count, "more than the array holds");
            return count;
        }

        internal static Point[] Copy(Point[] from, uint n)
        {
            if (n == 0) return Empty;
            Point[] p = new Point[n];
            Array.Copy(from, p, (int)n);
            return p;
        }

        // A call that fills a buffer and may answer ErrBufferTooSmall with the
        // length it needs: once into a buffer of hint points, once more into
        // one of the exact length. The path comes back exactly as long as it is.
        internal delegate Status Fill(Point[] buffer, out uint length);

        internal static Status Read(Fill call, uint hint, out Point[] path)
        {
            uint length;
            Point[] buffer = new Point[Math.Max(hint, 1u)];
            Status st = call(buffer, out length);
            if (st == Status.ErrBufferTooSmall) {
                buffer = new Point[Math.Max(length, 1u)];
                st = call(buffer, out length);
            }
            path = st == Status.Ok ? (buffer.Length == (int)length ? buffer : Copy(buffer, length)) : Empty;
            return st;
        }
    }

    /// <summary>Moving AI map symbols (movingai/movingai.h's table, the one copy in C#).</summary>
    public static class MapSymbols
    {
        /// <summary>The cost of a map character: '.' 'G' 1, 'S' swampCost, '@' 'O' 'T' 'W' 0
        /// (blocked), anything else -1.</summary>
        public static int Cost(char symbol, byte swampCost)
        {
            switch (symbol) {
            case '.': case 'G': return 1;
            case 'S': return swampCost;
            case '@': case 'O': case 'T': case 'W': return 0;
            default: return -1;
            }
        }

        /// <summary>What the messages list as allowed.</summary>
        public const string Allowed = ". G S passable, @ O T W blocked";
    }

    /// <summary>A grid of terrain costs (0 blocked, 1..255 passable).</summary>
    public sealed partial class Grid : IDisposable
    {
        public readonly GridHandle Handle;
        public readonly int Width, Height;

        public Grid(int width, int height, GridFlags flags = GridFlags.Full)
        {
            Status st = Native.ls_grid_create_with(width, height, (uint)flags, IntPtr.Zero, out Handle);
            if (st != Status.Ok)
                throw new LockstarException("ls_grid_create_with(" + width + ", " + height + ")", st);
            Width = width;
            Height = height;
        }

        /// <summary>
        /// A grid from rows of Moving AI symbols ('.' 'G' open, 'S' swamp of
        /// cost swampCost, '@' 'O' 'T' 'W' blocked), one row per line, all as
        /// wide as the first. A whole .map file's text is accepted too (its
        /// "type octile / height / width / map" header is checked against the
        /// rows). Blank lines before and after the rows and "\r\n" line ends
        /// are allowed. Throws FormatException naming the line and column of
        /// a fault.
        /// </summary>
        public static Grid FromText(string text, byte swampCost = 1, GridFlags flags = GridFlags.Full)
        {
            int width, height;
            byte[] cells = ParseText(text, swampCost, out width, out height);
            Grid g = new Grid(width, height, flags);
            try {
                g.Load(cells);
            } catch {
                g.Dispose();
                throw;
            }
            return g;
        }

        /// <summary>FromText's parsing alone: the cells row-major.</summary>
        public static byte[] ParseText(string text, byte swampCost, out int width, out int height)
        {
            if (text == null) throw new ArgumentNullException("text");
            if (swampCost == 0) throw new ArgumentOutOfRangeException("swampCost", "1..255: 'S' is passable");
            string[] lines = text.Replace("\r\n", "\n").Split('\n');
            int first = 0, end = lines.Length;
            while (first < end && lines[first].Trim().Length == 0) first++;
            while (end > first && lines[end - 1].Trim().Length == 0) end--;
            int wantW = -1, wantH = -1;
            if (first < end && lines[first].StartsWith("type ", StringComparison.Ordinal)) {
                if (lines[first].Trim() != "type octile")
                    throw new FormatException("line " + (first + 1) + ": expected 'type octile'");
                int i = first + 1;
                for (; i < end && lines[i].Trim() != "map"; i++) {
                    string[] w = lines[i].Split(new[] { ' ', '\t' }, StringSplitOptions.RemoveEmptyEntries);
                    int v;
                    if (w.Length != 2 || !int.TryParse(w[1], out v) || v < 1 || v > Limits.MaxDimension ||
                        (w[0] != "height" && w[0] != "width"))
                        throw new FormatException("line " + (i + 1) + ": expected 'height N', 'width N' or 'map'");
                    if (w[0] == "height") wantH = v; else wantW = v;
                }
                if (i == end || wantW < 0 || wantH < 0)
                    throw new FormatException("line " + (first + 1) + ": a map header needs height, width and 'map'");
                first = i + 1;
            }
            height = end - first;
            width = height > 0 ? lines[first].Length : 0;
            if (height == 0 || width == 0)
                throw new FormatException("no map rows");
            if (wantH >= 0 && (wantH != height || wantW != width))
                throw new FormatException("the rows are " + width + "x" + height + ", the header says " + wantW + "x" + wantH);
            byte[] cells = new byte[width * height];
            for (int y = 0; y < height; y++) {
                string row = lines[first + y];
                if (row.Length != width)
                    throw new FormatException("line " + (first + y + 1) + ": row " + y + " is " + row.Length +
                                              " characters, expected " + width);
                for (int x = 0; x < width; x++) {
                    int c = MapSymbols.Cost(row[x], swampCost);
                    if (c < 0)
                        throw new FormatException("line " + (first + y + 1) + ": bad character '" + row[x] + "' at column " +
                                                  (x + 1) + " (allowed: " + MapSymbols.Allowed + ")");
                    cells[y * width + x] = (byte)c;
                }
            }
            return cells;
        }

        /// <summary>The cost of cell (x, y): 0 blocked, 1..255. Throws outside the grid.</summary>
        public byte Get(int x, int y)
        {
            byte c;
            Lib.Check(Native.ls_grid_get(Handle, x, y, out c), "ls_grid_get", x, y);
            return c;
        }

        public void Set(int x, int y, byte cost)
        {
            Lib.Check(Native.ls_grid_set(Handle, x, y, cost), "ls_grid_set", x, y);
        }

        /// <summary>grid[x, y]: Get and Set.</summary>
        public byte this[int x, int y]
        {
            get { return Get(x, y); }
            set { Set(x, y, value); }
        }

        public void Fill(byte cost) { Lib.Check(Native.ls_grid_fill(Handle, cost), "ls_grid_fill"); }

        /// <summary>Cells [x, x+w) x [y, y+h) to cost: checked whole first, one revision step.</summary>
        public void SetRect(int x, int y, int w, int h, byte cost)
        {
            Lib.Check(TrySetRect(x, y, w, h, cost), "ls_grid_set_rect", x, y, w, h);
        }

        /// <summary>All cells, row-major (y * Width + x).</summary>
        public void Load(byte[] cells) { Lib.Check(TryLoad(cells), "ls_grid_load"); }

        public Status TryGet(int x, int y, out byte cost) { return Native.ls_grid_get(Handle, x, y, out cost); }
        public Status TrySet(int x, int y, byte cost) { return Native.ls_grid_set(Handle, x, y, cost); }
        public Status TryFill(byte cost) { return Native.ls_grid_fill(Handle, cost); }
        public Status TrySetRect(int x, int y, int w, int h, byte cost)
        {
            return Native.ls_grid_set_rect(Handle, x, y, w, h, cost);
        }
        public Status TryLoad(byte[] cells)
        {
            if (cells == null) throw new ArgumentNullException("cells");
            return Native.ls_grid_load(Handle, cells, (UIntPtr)(uint)cells.Length);
        }

        /// <summary>ls_query_validate: throws the error ls_search_begin would give q on this grid.</summary>
        public void Validate(Query q) { Lib.Check(TryValidate(q), "ls_query_validate"); }
        public Status TryValidate(Query q)
        {
            q = q.Complete();
            return Native.ls_query_validate(ref q, Handle);
        }

        /// <summary>True for a cell of the grid.</summary>
        public bool Contains(int x, int y) { return x >= 0 && y >= 0 && x < Width && y < Height; }

        /// <summary>Changes by one on every edit that changes a cell.</summary>
        public uint Revision
        {
            get { uint r; Lib.Check(Native.ls_grid_revision(Handle, out r), "ls_grid_revision"); return r; }
        }

        /// <summary>The map digest (compare it between peers).</summary>
        public ulong Digest
        {
            get { ulong d; Lib.Check(Native.ls_grid_digest(Handle, out d), "ls_grid_digest"); return d; }
        }

        /// <summary>
        /// Cell (x, y)'s clearance (ls_grid_clearance): 0 when blocked, else its least Chebyshev
        /// distance to a blocked cell or the grid's outside, capped at Limits.ClearanceMax; so a
        /// unit needing k cells of room (Query.Clearance k) may stand where it is at least k.
        /// Kept current by every edit. Throws ErrOutOfBounds, ErrBadClearance (a compact grid
        /// keeps none).
        /// </summary>
        public uint Clearance(int x, int y)
        {
            uint k;
            Lib.Check(TryClearance(x, y, out k), "ls_grid_clearance");
            return k;
        }
        public Status TryClearance(int x, int y, out uint clearance)
        {
            return Native.ls_grid_clearance(Handle, x, y, out clearance);
        }

        /// <summary>The map as rows of '.', '@' and, for other costs, digits ('9' for 9 and above).</summary>
        public override string ToString()
        {
            StringBuilder sb = new StringBuilder((Width + 1) * Height);
            for (int y = 0; y < Height; y++) {
                for (int x = 0; x < Width; x++) {
                    byte c = Get(x, y);
                    sb.Append(c == 0 ? '@' : c == 1 ? '.' : (char)('0' + Math.Min((int)c, 9)));
                }
                sb.Append('\n');
            }
            return sb.ToString();
        }

        public void Dispose() { Handle.Dispose(); }
    }

    /// <summary>A finished query: the result and, when found, the path.</summary>
    public sealed class PathResult
    {
        /// <summary>Ok (found), NoPath or ExpansionLimit: never an error (those throw).</summary>
        public readonly Status Status;
        /// <summary>The path's cost, -1 when none was found.</summary>
        public readonly int Cost;
        public readonly uint Expansions;
        /// <summary>The found path's FNV-1a digest (compare between peers).</summary>
        public readonly ulong Digest;
        /// <summary>Start to goal; empty unless Found.</summary>
        public readonly Point[] Points;

        internal PathResult(Result r, Point[] points)
        {
            Status = r.Status;
            Cost = r.Cost;
            Expansions = r.Expansions;
            Digest = r.Digest;
            Points = points;
        }

        public bool Found { get { return Status == Status.Ok; } }
        public int Length { get { return Points.Length; } }

        public override string ToString()
        {
            return Status + " cost " + Cost + " expansions " + Expansions + " length " + Points.Length;
        }
    }

    /// <summary>A search context for one grid size, reused for many queries.</summary>
    public sealed class SearchContext : IDisposable
    {
        public readonly SearchHandle Handle;
        public readonly int Width, Height;

        public SearchContext(int width, int height, SearchFlags flags = SearchFlags.Full)
        {
            Status st = Native.ls_search_create_with(width, height, (uint)flags, IntPtr.Zero, out Handle);
            if (st != Status.Ok)
                throw new LockstarException("ls_search_create_with(" + width + ", " + height + ")", st);
            Width = width;
            Height = height;
        }

        /// <summary>Bytes per cell a context of these flags takes (0 for unknown flags).</summary>
        public static uint BytesPerCell(SearchFlags flags) { return Native.ls_search_bytes_per_cell((uint)flags); }

        /// <summary>A context for grids of grid's size.</summary>
        public SearchContext(Grid grid, SearchFlags flags = SearchFlags.Full)
            : this(grid.Width, grid.Height, flags) { }

        /// <summary>
        /// ls_find_path into buffer (no allocation, no copy): the path is
        /// buffer[0 .. result.PathLength) when the status is Ok. Returns the
        /// status: Ok, NoPath, ExpansionLimit, or the error (ErrBufferTooSmall
        /// when the path is longer than buffer; result.PathLength says how long).
        /// </summary>
        public Status TryFindPath(Grid grid, Query q, Point[] buffer, out Result result)
        {
            q = q.Complete();
            Status st = (buffer == null || buffer.Length == 0)
                ? Native.ls_find_path(Handle, grid.Handle, ref q, buffer, 0, out result)
                : Native.ls_find_path(Handle, grid.Handle, ref q, ref buffer[0], (uint)buffer.Length, out result);
            if (st < 0 && st != Status.ErrBufferTooSmall)
                result = Pts.Refused(st);
            return st;
        }

        /// <summary>TryFindPath, throwing when the query is refused or the buffer is too small.</summary>
        public Result FindPath(Grid grid, Query q, Point[] buffer)
        {
            Result r;
            Lib.Check(TryFindPath(grid, q, buffer, out r), "ls_find_path");
            return r;
        }

        /// <summary>A whole query; throws when the query is refused.</summary>
        public PathResult FindPath(Grid grid, Query q)
        {
            PathResult r;
            Status st = TryFindPath(grid, q, out r);
            if (st < 0)
                throw new LockstarException("ls_find_path " + q.Complete(), st);
            return r;
        }

        /// <summary>A whole query; r is null unless the status is Ok, NoPath or ExpansionLimit.</summary>
        public Status TryFindPath(Grid grid, Query q, out PathResult r)
        {
            Result res;
            r = null;
            Status st = TryFindPath(grid, q, null, out res);
            if (st == Status.ErrBufferTooSmall) {
                // Found, with no room given: the path from the context.
                Point[] path;
                Native.ls_search_result(Handle, out res);
                st = TryPath(out path);
                if (st == Status.Ok)
                    r = new PathResult(res, path);
                return st;
            }
            if (st >= 0)
                r = new PathResult(res, Pts.Empty);
            return st;
        }

        /// <summary>ls_search_check: would the query be accepted? Throws the refusal.</summary>
        public void Check(Grid grid, Query q) { Lib.Check(TryCheck(grid, q), "ls_search_check"); }
        public Status TryCheck(Grid grid, Query q)
        {
            q = q.Complete();
            return Native.ls_search_check(Handle, grid.Handle, ref q);
        }

        /// <summary>Start a sliced query (then Step). Throws the refusal.</summary>
        public void Begin(Grid grid, Query q) { Lib.Check(TryBegin(grid, q), "ls_search_begin"); }
        public Status TryBegin(Grid grid, Query q)
        {
            q = q.Complete();
            return Native.ls_search_begin(Handle, grid.Handle, ref q);
        }

        /// <summary>At most budget expansions (0 = to the end): InProgress until done, then
        /// Ok, NoPath or ExpansionLimit. Throws on an error (no query, the grid changed).</summary>
        public Status Step(uint budget = 0) { return Lib.Check(TryStep(budget), "ls_search_step"); }
        public Status TryStep(uint budget = 0) { return Native.ls_search_step(Handle, budget); }

        /// <summary>The finished query's result.</summary>
        public Result Result
        {
            get { Result r; Lib.Check(TryGetResult(out r), "ls_search_result"); return r; }
        }
        public Status TryGetResult(out Result result)
        {
            Status st = Native.ls_search_result(Handle, out result);
            if (st < 0) result = Pts.Refused(st);
            return st;
        }

        /// <summary>Expansions so far of the current query.</summary>
        public uint Expansions
        {
            get { uint n; Lib.Check(TryExpansions(out n), "ls_search_expansions"); return n; }
        }
        public Status TryExpansions(out uint count) { return Native.ls_search_expansions(Handle, out count); }

        /// <summary>The finished query's path, start to goal (throws when none was found).</summary>
        public Point[] Path()
        {
            Point[] p;
            Lib.Check(TryPath(out p), "ls_search_path");
            return p;
        }

        public Status TryPath(out Point[] path)
        {
            SearchHandle h = Handle;
            return Pts.Read(delegate (Point[] b, out uint n) {
                return Native.ls_search_path(h, ref b[0], (uint)b.Length, out n);
            }, 64, out path);
        }

        /// <summary>The path into buffer (no allocation); length in points.</summary>
        public Status TryPath(Point[] buffer, out uint length)
        {
            if (buffer == null || buffer.Length == 0)
                return Native.ls_search_path(Handle, buffer, 0, out length);
            return Native.ls_search_path(Handle, ref buffer[0], (uint)buffer.Length, out length);
        }

        /// <summary>After NoPath or ExpansionLimit: the path to the closest cell.</summary>
        public Point[] PartialPath()
        {
            Point[] p;
            Lib.Check(TryPartialPath(out p), "ls_search_partial_path");
            return p;
        }

        public Status TryPartialPath(out Point[] path)
        {
            SearchHandle h = Handle;
            return Pts.Read(delegate (Point[] b, out uint n) {
                return Native.ls_search_partial_path(h, ref b[0], (uint)b.Length, out n);
            }, 64, out path);
        }

        public Status TryPartialPath(Point[] buffer, out uint length)
        {
            if (buffer == null || buffer.Length == 0)
                return Native.ls_search_partial_path(Handle, buffer, 0, out length);
            return Native.ls_search_partial_path(Handle, ref buffer[0], (uint)buffer.Length, out length);
        }

        /// <summary>Debug read-out of one cell.</summary>
        public Visit CellState(int x, int y)
        {
            int v;
            Lib.Check(Native.ls_search_cell_state(Handle, x, y, out v), "ls_search_cell_state");
            return (Visit)v;
        }

        /// <summary>Debug read-out of one cell's g, h and f with its state, for the
        /// query begun last (ls_search_cell_costs); throws where C returns an error.</summary>
        public CellCosts CellCosts(int x, int y)
        {
            CellCosts c;
            Lib.Check(Native.ls_search_cell_costs(Handle, x, y, out c), "ls_search_cell_costs");
            return c;
        }

        /// <summary>Debug read-out: Visit per cell, row-major (Width * Height).</summary>
        public Visit[] CellStates()
        {
            byte[] b = new byte[Width * Height];
            Lib.Check(TryCellStates(b), "ls_search_cell_states");
            Visit[] v = new Visit[b.Length];
            for (int i = 0; i < b.Length; i++) v[i] = (Visit)b[i];
            return v;
        }

        /// <summary>The read-out into states (one byte per cell, values of Visit).</summary>
        public Status TryCellStates(byte[] states)
        {
            if (states == null) throw new ArgumentNullException("states");
            return Native.ls_search_cell_states(Handle, states, (UIntPtr)(uint)states.Length);
        }

        public void Dispose() { Handle.Dispose(); }
    }
}
