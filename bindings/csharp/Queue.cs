// SPDX-License-Identifier: MIT
// Queue.cs - the idiomatic layer for many queries at once: PathQueue
// (ls_queue, requests served under a budget per tick) and Batch (ls_batch,
// queries on worker threads). Same conventions as Lockstar.cs: refusals
// throw LockstarException, Try... twins return the Status, a refused
// request never reads as Ok, paths cross without copies.
using System;

namespace Lockstar
{
    /// <summary>Many queries on one grid, on worker threads (ls_batch).</summary>
    public sealed class Batch : IDisposable
    {
        public readonly BatchHandle Handle;
        public readonly int Width, Height;

        public Batch(int width, int height, uint threads, SearchFlags flags = SearchFlags.Full)
        {
            Status st = Native.ls_batch_create(width, height, (uint)flags, threads, IntPtr.Zero, out Handle);
            if (st != Status.Ok)
                throw new LockstarException("ls_batch_create(" + threads + " threads)", st);
            Width = width;
            Height = height;
        }

        public uint Threads { get { return Native.ls_batch_threads(Handle); } }

        /// <summary>ls_batch_run: query i's path goes to points[i * capacity ..], its status
        /// (ls_find_path's) to statuses[i]; the call's own status is returned.</summary>
        public Status TryRun(Grid grid, Query[] queries, Point[] points, uint capacity,
                             Status[] statuses, Result[] results)
        {
            if (queries == null) throw new ArgumentNullException("queries");
            // Queries nothing was set on become the defaults, in a copy (the
            // caller's array is not changed); else the array goes as it is.
            Query[] qs = queries;
            for (int i = 0; i < queries.Length; i++)
                if (queries[i].StructSize == 0) {
                    qs = new Query[queries.Length];
                    for (int k = 0; k < qs.Length; k++) qs[k] = queries[k].Complete();
                    break;
                }
            if (points == null || points.Length == 0)
                return Native.ls_batch_run(Handle, grid.Handle, qs, (uint)qs.Length, points, capacity, statuses, results);
            if ((ulong)capacity * (ulong)qs.Length > (ulong)points.Length)
                throw new ArgumentOutOfRangeException("capacity", capacity, "queries * capacity is more than points holds");
            return Native.ls_batch_run(Handle, grid.Handle, qs, (uint)qs.Length, ref points[0], capacity, statuses, results);
        }

        /// <summary>
        /// Every query, each answered as SearchContext.TryFindPath would:
        /// statuses[i] its status, results[i] its PathResult (null when the
        /// query was refused). Throws when the batch itself is refused.
        /// No query is searched twice and memory does not grow with the
        /// map: queries go in chunks of at most 256 with 4 * (width +
        /// height) points each (ls_batch_run_keep); a longer path stays in
        /// its worker and is copied out (ls_batch_kept_path).
        /// </summary>
        public PathResult[] Run(Grid grid, Query[] queries, out Status[] statuses)
        {
            if (grid == null) throw new ArgumentNullException("grid");
            if (queries == null) throw new ArgumentNullException("queries");
            const uint Chunk = 256;
            uint n = (uint)queries.Length;
            uint capacity = (uint)Math.Max(1, 4 * (grid.Width + grid.Height));
            Query[] qs = new Query[n];
            for (uint i = 0; i < n; i++) qs[i] = queries[i].StructSize == 0 ? queries[i].Complete() : queries[i];
            statuses = new Status[n];
            Result[] results = new Result[n];
            PathResult[] r = new PathResult[n];
            Point[] points = new Point[Math.Max(1u, Math.Min(n, Chunk)) * capacity];
            uint done = 0;
            while (done < n) {
                uint ran;
                Lib.Check(Native.ls_batch_run_keep(Handle, grid.Handle, ref qs[done], Math.Min(Chunk, n - done),
                                                   ref points[0], capacity, ref statuses[done], ref results[done],
                                                   out ran), "ls_batch_run_keep");
                if (ran == 0)
                    throw new LockstarException("ls_batch_run_keep ran no query", Status.ErrNullArgument);
                for (uint j = 0; j < ran; j++) {
                    uint k = done + j;
                    if (statuses[k] == Status.ErrBufferTooSmall) {
                        // Kept by its worker: results[k] is complete (its own status
                        // is the search's), the path is copied out whole.
                        Point[] kept = new Point[results[k].PathLength];
                        uint length;
                        Lib.Check(Native.ls_batch_kept_path(Handle, j, ref kept[0], (uint)kept.Length, out length),
                                  "ls_batch_kept_path");
                        statuses[k] = results[k].Status;
                        r[k] = new PathResult(results[k], kept);
                        continue;
                    }
                    if (statuses[k] < 0) continue;
                    Point[] p = Pts.Empty;
                    if (statuses[k] == Status.Ok) {
                        p = new Point[results[k].PathLength];
                        Array.Copy(points, (long)j * capacity, p, 0, p.Length);
                    }
                    r[k] = new PathResult(results[k], p);
                }
                done += ran;
            }
            return r;
        }

        public void Dispose() { Handle.Dispose(); }
    }

    /// <summary>The deterministic path request queue (ls_queue): requests by id, served in
    /// submission order under a budget per Tick.</summary>
    public sealed class PathQueue : IDisposable
    {
        public readonly QueueHandle Handle;
        public readonly int Width, Height;

        public PathQueue(int width, int height, uint capacity = 64, uint poolPoints = 4096)
        {
            Status st = Native.ls_queue_create(width, height, capacity, poolPoints, IntPtr.Zero, out Handle);
            if (st != Status.Ok)
                throw new LockstarException("ls_queue_create", st);
            Width = width;
            Height = height;
        }

        /// <summary>Queue a request (QueueFull and DuplicateId throw).</summary>
        public void Submit(ulong id, Query q) { Lib.CheckId(TrySubmit(id, q), "ls_queue_submit", id); }
        public Status TrySubmit(ulong id, Query q)
        {
            q = q.Complete();
            return Native.ls_queue_submit(Handle, id, ref q);
        }

        public void Cancel(ulong id) { Lib.CheckId(TryCancel(id), "ls_queue_cancel", id); }
        public Status TryCancel(ulong id) { return Native.ls_queue_cancel(Handle, id); }

        /// <summary>Forget a finished request and free its kept path.</summary>
        public void Release(ulong id) { Lib.CheckId(TryRelease(id), "ls_queue_release", id); }
        public Status TryRelease(ulong id) { return Native.ls_queue_release(Handle, id); }

        /// <summary>Serve requests for at most budget expansions (0: all of them).</summary>
        public void Tick(Grid grid, uint budget) { Lib.Check(TryTick(grid, budget), "ls_queue_tick"); }
        public Status TryTick(Grid grid, uint budget) { return Native.ls_queue_tick(Handle, grid.Handle, budget); }

        /// <summary>
        /// The request's status: InProgress while queued or running, then its
        /// final one - Ok, NoPath, ExpansionLimit, or the error that refused
        /// its query (a negative status: a refused request never reads as Ok).
        /// Throws for an unknown id.
        /// </summary>
        public Status StatusOf(ulong id)
        {
            Status s;
            Lib.CheckId(TryStatusOf(id, out s), "ls_queue_status", id);
            return s;
        }
        public Status TryStatusOf(ulong id, out Status status) { return Native.ls_queue_status(Handle, id, out status); }

        /// <summary>True once the request has finished (whatever its outcome).</summary>
        public bool IsDone(ulong id) { return StatusOf(id) != Status.InProgress; }

        /// <summary>Requests queued or running.</summary>
        public uint Pending
        {
            get { uint n; Lib.Check(Native.ls_queue_pending(Handle, out n), "ls_queue_pending"); return n; }
        }

        /// <summary>A finished request's result (Status is its outcome).</summary>
        public Result ResultOf(ulong id)
        {
            Result r;
            Lib.CheckId(TryResultOf(id, out r), "ls_queue_result", id);
            return r;
        }
        /// <summary>On an error but ErrPoolFull (which fills it), result is {the error, -1, 0, 0,
        /// digest of no points}: a refused request's result never reads as Ok.</summary>
        public Status TryResultOf(ulong id, out Result result)
        {
            Status st = Native.ls_queue_result(Handle, id, out result);
            if (st < 0 && st != Status.ErrPoolFull) result = Pts.Refused(st);
            return st;
        }

        /// <summary>A finished request's kept path (empty for NoPath, ExpansionLimit).</summary>
        public Point[] PathOf(ulong id)
        {
            Point[] p;
            Lib.CheckId(TryPathOf(id, out p), "ls_queue_path", id);
            return p;
        }

        public Status TryPathOf(ulong id, out Point[] path)
        {
            QueueHandle h = Handle;
            return Pts.Read(delegate (Point[] b, out uint n) {
                return Native.ls_queue_path(h, id, ref b[0], (uint)b.Length, out n);
            }, 64, out path);
        }

        public Status TryPathOf(ulong id, Point[] buffer, out uint length)
        {
            if (buffer == null || buffer.Length == 0)
                return Native.ls_queue_path(Handle, id, buffer, 0, out length);
            return Native.ls_queue_path(Handle, id, ref buffer[0], (uint)buffer.Length, out length);
        }

        public void Dispose() { Handle.Dispose(); }
    }
}
