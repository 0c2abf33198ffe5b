// Lockstar.cs - friendly wrappers over Native.cs for game code: Grid,
// SearchContext, Batch and PathQueue own their SafeHandle and are
// IDisposable; Lib holds the stateless calls. Creation failures throw
// LockstarException (a constructor cannot return a status); every other
// method returns the library's Status, as the C API does, because most
// statuses are outcomes a game acts on (NoPath, InProgress, QueueFull),
// not faults. Paths come back in arrays the wrappers size from the
// library's own answer (LS_ERR_BUFFER_TOO_SMALL gives the exact length).
//
// Threads (the header's rules, unchanged by the wrappers): a grid may be
// searched by any number of contexts on any number of threads at once
// while nobody edits it; a context, queue or batch is used by one thread
// at a time.
using System;
using System.Runtime.InteropServices;

namespace Lockstar
{
    /// <summary>A status that is an error where a result was needed.</summary>
    public class LockstarException : Exception
    {
        public readonly Status Status;
        public LockstarException(string what, Status status)
            : base(what + ": " + Lib.StatusString(status) + " (" + Lib.StatusName(status) + ")")
        {
            Status = status;
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

        /// <summary>ls_fix16_parse: "1.5" -> 98304. Throws on bad text.</summary>
        public static int ParseFix16(string text)
        {
            int value;
            Status st = Native.ls_fix16_parse(text, out value);
            if (st != Status.Ok)
                throw new LockstarException("ls_fix16_parse(\"" + text + "\")", st);
            return value;
        }

        /// <summary>ls_path_digest of points[0..count).</summary>
        public static ulong PathDigest(Point[] points, uint count)
        {
            ulong digest;
            Status st = Native.ls_path_digest(points, count, out digest);
            if (st != Status.Ok)
                throw new LockstarException("ls_path_digest", st);
            return digest;
        }

        /// <summary>Run the built-in golden vectors (ls_selftest).</summary>
        public static Status Selftest(out SelftestReport report)
        {
            return Native.ls_selftest(IntPtr.Zero, out report);
        }

        /// <summary>The id of built-in case index, or null past the end.</summary>
        public static string SelftestCaseName(uint index)
        {
            IntPtr name = Native.ls_selftest_case_name(index);
            return name == IntPtr.Zero ? null : Marshal.PtrToStringAnsi(name);
        }

        // A path call that may answer LS_ERR_BUFFER_TOO_SMALL with the
        // length it needs: call once with the buffer given, once more with
        // an array of that exact length.
        internal delegate Status PathCall(Point[] buffer, uint capacity, out uint length);

        internal static Status ReadPath(PathCall call, int hint, out Point[] path)
        {
            uint length;
            Point[] buffer = hint > 0 ? new Point[hint] : null;
            Status st = call(buffer, (uint)(buffer == null ? 0 : buffer.Length), out length);
            if (st == Status.ErrBufferTooSmall) {
                buffer = new Point[length];
                st = call(buffer, length, out length);
            }
            if (st != Status.Ok) {
                path = new Point[0];
                return st;
            }
            if (buffer == null || buffer.Length != (int)length)
                Array.Resize(ref buffer, (int)length);
            path = buffer;
            return st;
        }
    }

    /// <summary>A grid of terrain costs (0 blocked, 1..255 passable).</summary>
    public sealed class Grid : IDisposable
    {
        public readonly GridHandle Handle;
        public readonly int Width, Height;

        public Grid(int width, int height, uint flags = Limits.GridFull)
        {
            Status st = Native.ls_grid_create_with(width, height, flags, IntPtr.Zero, out Handle);
            if (st != Status.Ok)
                throw new LockstarException("ls_grid_create_with(" + width + ", " + height + ")", st);
            Width = width;
            Height = height;
        }

        public Status Get(int x, int y, out byte cost) { return Native.ls_grid_get(Handle, x, y, out cost); }
        public Status Set(int x, int y, byte cost) { return Native.ls_grid_set(Handle, x, y, cost); }
        public Status Fill(byte cost) { return Native.ls_grid_fill(Handle, cost); }
        public Status SetRect(int x, int y, int w, int h, byte cost)
        {
            return Native.ls_grid_set_rect(Handle, x, y, w, h, cost);
        }

        /// <summary>All cells, row-major (y * Width + x).</summary>
        public Status Load(byte[] cells)
        {
            return Native.ls_grid_load(Handle, cells, (UIntPtr)(uint)cells.Length);
        }

        public uint Revision
        {
            get { uint r; Check(Native.ls_grid_revision(Handle, out r), "ls_grid_revision"); return r; }
        }

        /// <summary>The map digest (compare it between peers).</summary>
        public ulong Digest
        {
            get { ulong d; Check(Native.ls_grid_digest(Handle, out d), "ls_grid_digest"); return d; }
        }

        internal static void Check(Status st, string what)
        {
            if (st != Status.Ok)
                throw new LockstarException(what, st);
        }

        public void Dispose() { Handle.Dispose(); }
    }

    /// <summary>A search context for one grid size, reused for many queries.</summary>
    public sealed class SearchContext : IDisposable
    {
        public readonly SearchHandle Handle;
        public readonly int Width, Height;

        public SearchContext(int width, int height, uint flags = Limits.SearchFull)
        {
            Status st = Native.ls_search_create_with(width, height, flags, IntPtr.Zero, out Handle);
            if (st != Status.Ok)
                throw new LockstarException("ls_search_create_with(" + width + ", " + height + ")", st);
            Width = width;
            Height = height;
        }

        /// <summary>ls_find_path into a caller's buffer (no allocation).</summary>
        public Status FindPath(Grid grid, ref Query q, Point[] buffer, out Result result)
        {
            return Native.ls_find_path(Handle, grid.Handle, ref q, buffer,
                                       (uint)(buffer == null ? 0 : buffer.Length), out result);
        }

        /// <summary>A whole query; path holds the found path (empty if none).</summary>
        public Status FindPath(Grid grid, Query q, out Result result, out Point[] path)
        {
            Status st = Native.ls_find_path(Handle, grid.Handle, ref q, null, 0, out result);
            if (st == Status.ErrBufferTooSmall) {
                // Found, with no room given: read the full result and the path.
                Native.ls_search_result(Handle, out result);
                return Path(out path);
            }
            path = new Point[0];
            return st;
        }

        public Status Check(Grid grid, ref Query q) { return Native.ls_search_check(Handle, grid.Handle, ref q); }
        public Status Begin(Grid grid, ref Query q) { return Native.ls_search_begin(Handle, grid.Handle, ref q); }

        /// <summary>At most budget expansions (0 = to the end); InProgress until done.</summary>
        public Status Step(uint budget) { return Native.ls_search_step(Handle, budget); }
        public Status GetResult(out Result result) { return Native.ls_search_result(Handle, out result); }
        public Status Expansions(out uint count) { return Native.ls_search_expansions(Handle, out count); }

        /// <summary>The finished query's path, start to goal.</summary>
        public Status Path(out Point[] path)
        {
            SearchHandle h = Handle;
            return Lib.ReadPath(delegate (Point[] b, uint c, out uint n) {
                return Native.ls_search_path(h, b, c, out n);
            }, 0, out path);
        }

        /// <summary>After NoPath or ExpansionLimit: the path to the closest cell.</summary>
        public Status PartialPath(out Point[] path)
        {
            SearchHandle h = Handle;
            return Lib.ReadPath(delegate (Point[] b, uint c, out uint n) {
                return Native.ls_search_partial_path(h, b, c, out n);
            }, 0, out path);
        }

        /// <summary>Debug read-out: Visit.None, Open or Closed per cell, row-major.</summary>
        public Status CellStates(byte[] states)
        {
            return Native.ls_search_cell_states(Handle, states, (UIntPtr)(uint)states.Length);
        }

        public void Dispose() { Handle.Dispose(); }
    }

    /// <summary>Many queries on one grid, on worker threads (ls_batch).</summary>
    public sealed class Batch : IDisposable
    {
        public readonly BatchHandle Handle;

        public Batch(int width, int height, uint threads, uint flags = Limits.SearchFull)
        {
            Status st = Native.ls_batch_create(width, height, flags, threads, IntPtr.Zero, out Handle);
            if (st != Status.Ok)
                throw new LockstarException("ls_batch_create(" + threads + " threads)", st);
        }

        public uint Threads { get { return Native.ls_batch_threads(Handle); } }

        /// <summary>Query i's path goes to points[i * capacity ..]; see ls_batch_run.</summary>
        public Status Run(Grid grid, Query[] queries, Point[] points, uint capacity,
                          Status[] statuses, Result[] results)
        {
            return Native.ls_batch_run(Handle, grid.Handle, queries, (uint)queries.Length, points,
                                       capacity, statuses, results);
        }

        public void Dispose() { Handle.Dispose(); }
    }

    /// <summary>The deterministic path request queue (ls_queue).</summary>
    public sealed class PathQueue : IDisposable
    {
        public readonly QueueHandle Handle;

        public PathQueue(int width, int height, uint capacity, uint poolPoints)
        {
            Status st = Native.ls_queue_create(width, height, capacity, poolPoints, IntPtr.Zero, out Handle);
            if (st != Status.Ok)
                throw new LockstarException("ls_queue_create", st);
        }

        public Status Submit(ulong id, ref Query q) { return Native.ls_queue_submit(Handle, id, ref q); }
        public Status Cancel(ulong id) { return Native.ls_queue_cancel(Handle, id); }
        public Status Release(ulong id) { return Native.ls_queue_release(Handle, id); }
        public Status Tick(Grid grid, uint budget) { return Native.ls_queue_tick(Handle, grid.Handle, budget); }
        public Status RequestStatus(ulong id, out Status status) { return Native.ls_queue_status(Handle, id, out status); }
        public Status Pending(out uint count) { return Native.ls_queue_pending(Handle, out count); }
        public Status GetResult(ulong id, out Result result) { return Native.ls_queue_result(Handle, id, out result); }

        /// <summary>A finished request's kept path.</summary>
        public Status Path(ulong id, out Point[] path)
        {
            QueueHandle h = Handle;
            return Lib.ReadPath(delegate (Point[] b, uint c, out uint n) {
                return Native.ls_queue_path(h, id, b, c, out n);
            }, 0, out path);
        }

        public void Dispose() { Handle.Dispose(); }
    }
}
