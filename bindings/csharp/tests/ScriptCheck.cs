// SPDX-License-Identifier: MIT
// ScriptCheck.cs - runs the script blocks (format 2) through the C#
// binding, line by line, as vectors/README.md ("Format version 2")
// describes: the current query options, the path queue (submit, cancel,
// release, tick with the requests that finished in it, check), map edits
// with their map digests, batches (also run again on one worker, which
// must give the same bytes) and path checks. The geometry lines are in
// GeometryCheck.cs (the other half of this partial class); the flow lines
// at the end of this file. Each
// difference is one line "FILE:LINE: script ID (what): field: expected X,
// got Y"; the script goes on after one.
using System;
using System.Collections.Generic;

namespace Lockstar.Tests
{
    public sealed partial class ScriptRun : IDisposable
    {
        readonly Report rep;
        readonly string file;
        readonly Reader reader;
        // Batches are kept for the whole file, one per thread count and
        // size: making threads is the slow part of a batch.
        readonly Dictionary<string, Batch> batches = new Dictionary<string, Batch>();

        ScriptDef script;
        Grid grid;
        Query query;
        PathQueue queue;
        List<ulong> held;            // submitted, not cancelled or released, in order
        int index;                   // the line being run
        string weightText;

        public ScriptRun(Report rep, string file)
        {
            this.rep = rep;
            this.file = file;
            reader = new Reader(file, new string[0]);
        }

        public void Dispose()
        {
            foreach (Batch b in batches.Values) b.Dispose();
            batches.Clear();
        }

        ScriptLine L { get { return script.Lines[index]; } }
        string[] T { get { return L.Tokens; } }

        void Diff(string what, string field, string expected, string got)
        {
            rep.Add(file + ":" + L.Number, "script " + script.Id + " (" + what + ")", field, expected, got);
        }

        void Cmp(string what, string field, long want, long got)
        {
            if (want != got) Diff(what, field, want.ToString(), got.ToString());
        }

        void CmpStatus(string what, string field, Status want, Status got)
        {
            if (want != got) Diff(what, field, Report.Show(want), Report.Show(got));
        }

        void CmpHex(string what, string field, ulong want, ulong got)
        {
            if (want != got) Diff(what, field, Report.Hex(want), Report.Hex(got));
        }

        // Token helpers (errors name the script line).
        int I(int k) { reader.Number = L.Number; return Num.Int(reader, T[k]); }
        uint U(int k) { reader.Number = L.Number; return Num.U32(reader, T[k]); }
        ulong U64(int k) { reader.Number = L.Number; return Num.U64(reader, T[k]); }
        ulong Hex(int k) { reader.Number = L.Number; return Num.Hex(reader, T[k]); }

        /// <summary>The position of "->" on the line; the status after it.</summary>
        int Arrow()
        {
            int a = Array.IndexOf(T, "->");
            if (a < 0) { reader.Number = L.Number; throw reader.Fail("expected '->'"); }
            return a;
        }

        Status ExpectedStatus(int arrow)
        {
            reader.Number = L.Number;
            return Num.StatusOf(reader, T, arrow + 1);
        }

        /// <summary>The value after keyword `key` among the tokens from `from`.</summary>
        bool Field(int from, string key, out long value)
        {
            value = 0;
            for (int k = from; k + 1 < T.Length; k++)
                if (T[k] == key) {
                    reader.Number = L.Number;
                    value = key == "digest" ? (long)Num.Hex(reader, T[k + 1]) : Num.Long(reader, T[k + 1]);
                    return true;
                }
            return false;
        }

        long Need(int from, string key)
        {
            long v;
            if (!Field(from, key, out v)) { reader.Number = L.Number; throw reader.Fail("expected '" + key + "'"); }
            return v;
        }

        /// <summary>COUNT X,Y ... at k; arrays hold at least one point, so never NULL.</summary>
        Point[] List(int k, out uint count)
        {
            count = U(k);
            Point[] p = new Point[Math.Max(1u, count)];
            reader.Number = L.Number;
            for (int i = 0; i < count; i++)
                p[i] = Num.ParsePoint(reader, T[k + 1 + i]);
            return p;
        }

        public void Run(ScriptDef s, Grid g)
        {
            script = s;
            grid = g;
            query = Query.Defaults();
            queue = null;
            held = new List<ulong>();
            ResetGeometry();
            ResetFlow();
            try {
                for (index = 0; index < s.Lines.Count; index++) {
                    reader.Number = L.Number;
                    if (Options.Set(reader, ref query, T, ref weightText))
                        continue;
                    if (!RunQueueLine() && !RunMapLine() && !RunGeometryLine() && !RunFlowLine()) {
                        throw reader.Fail("unknown script line '" + T[0] + "'");
                    }
                }
            } finally {
                if (queue != null) queue.Dispose();
                queue = null;
                ResetFlow();
            }
            rep.Checked++;
        }

        PathQueue NeedQueue()
        {
            if (queue == null) { reader.Number = L.Number; throw reader.Fail("no 'queue' line before '" + T[0] + "'"); }
            return queue;
        }

        bool RunQueueLine()
        {
            int a;
            switch (T[0]) {
            case "queue":
                if (queue != null) throw reader.Fail("a second 'queue' line");
                try {
                    queue = new PathQueue(grid.Width, grid.Height, U(1), U(2));
                } catch (LockstarException e) {
                    Diff("queue", "creation", Report.Show(Status.Ok), Report.Show(e.Status));
                    throw;
                }
                return true;
            case "submit": {
                a = Arrow();
                Query q = query;
                q.StartX = I(2); q.StartY = I(3); q.GoalX = I(4); q.GoalY = I(5);
                ulong id = U64(1);
                Status st = NeedQueue().TrySubmit(id, q);
                CmpStatus("submit " + id, "status", ExpectedStatus(a), st);
                if (st == Status.Ok) held.Add(id);
                return true;
            }
            case "cancel":
            case "release": {
                a = Arrow();
                ulong id = U64(1);
                Status st = T[0] == "cancel" ? NeedQueue().TryCancel(id) : NeedQueue().TryRelease(id);
                CmpStatus(T[0] + " " + id, "status", ExpectedStatus(a), st);
                if (st == Status.Ok) held.Remove(id);
                return true;
            }
            case "tick":
                Tick();
                return true;
            case "finished":
                reader.Number = L.Number;
                throw reader.Fail("'finished' not right after a 'tick'");
            case "check": {
                a = Arrow();
                ulong id = U64(1);
                Point[] path;
                Result res;
                Status pst = NeedQueue().TryPathOf(id, out path);
                if (pst != Status.Ok) {
                    CmpStatus("check " + id, "kept path", Status.Ok, pst);
                    return true;
                }
                queue.TryResultOf(id, out res);
                CheckPath("check " + id, a, path, (uint)path.Length, res.Cost);
                return true;
            }
            case "check-path": {
                uint count;
                Point[] pts = List(2, out count);
                CheckPath("check-path", Arrow(), pts, count, I(1));
                return true;
            }
            case "batch":
                RunBatch();
                return true;
            default:
                return false;
            }
        }

        void CheckPath(string what, int a, Point[] pts, uint count, int planned)
        {
            PathCheck pc;
            Query q = query;
            Status st = Native.ls_check_path(grid.Handle, ref q, pts, count, planned, out pc);
            Status want = ExpectedStatus(a);
            CmpStatus(what, "status", want, st);
            if (want == Status.Ok && st == Status.Ok) {
                Cmp(what, "first", Need(a, "first"), pc.FirstIllegal);
                Cmp(what, "reason", Need(a, "reason"), (int)pc.Reason);
                Cmp(what, "cost", Need(a, "cost"), pc.Cost);
                Cmp(what, "changed", Need(a, "changed"), pc.CostChanged);
            }
        }

        void Tick()
        {
            PathQueue qu = NeedQueue();
            List<ulong> running = new List<ulong>();
            foreach (ulong id in held) {
                Status s;
                if (qu.TryStatusOf(id, out s) == Status.Ok && s == Status.InProgress)
                    running.Add(id);
            }
            int a = Arrow();
            CmpStatus("tick", "return", Status.Ok, qu.TryTick(grid, U(1)));
            uint pending;
            pending = qu.Pending;
            Cmp("tick", "pending", Need(a, "pending"), pending);
            List<ulong> finished = new List<ulong>();
            foreach (ulong id in running) {
                Status s;
                if (qu.TryStatusOf(id, out s) == Status.Ok && s != Status.InProgress)
                    finished.Add(id);
            }
            int k = 0;
            while (index + 1 < script.Lines.Count && script.Lines[index + 1].Tokens[0] == "finished") {
                index++;
                ulong id = U64(1);
                if (k >= finished.Count || finished[k] != id) {
                    Diff("finished " + id, "finished in this tick",
                         "request " + id, k < finished.Count ? "request " + finished[k] : "none");
                } else {
                    Finished(qu, id);
                }
                k++;
            }
            if (k < finished.Count)
                Diff("tick", "requests finished", k.ToString(), finished.Count.ToString());
        }

        void Finished(PathQueue qu, ulong id)
        {
            string what = "finished " + id;
            Status want = ExpectedStatus(1), got;
            qu.TryStatusOf(id, out got);
            CmpStatus(what, "status", want, got);
            long cost;
            if (!Field(3, "cost", out cost))
                return;
            Result res;
            Status rs = qu.TryResultOf(id, out res);
            if (rs != Status.Ok && rs != Status.ErrPoolFull) {
                CmpStatus(what, "result call", Status.Ok, rs);
                return;
            }
            Cmp(what, "cost", cost, res.Cost);
            Cmp(what, "expansions", Need(3, "expansions"), res.Expansions);
            Cmp(what, "length", Need(3, "length"), res.PathLength);
            ulong digest = (ulong)Need(3, "digest");
            CmpHex(what, "digest", digest, res.Digest);
            if (want == Status.Ok) {
                Point[] path;
                Status ps = qu.TryPathOf(id, out path);
                CmpStatus(what, "path call", Status.Ok, ps);
                if (ps == Status.Ok)
                    CmpHex(what, "digest of the kept path", digest, Lib.PathDigest(path, (uint)path.Length));
            }
        }

        bool RunMapLine()
        {
            int a;
            switch (T[0]) {
            case "set":
            case "rect": {
                a = Arrow();
                Status st = T[0] == "set" ? grid.TrySet(I(1), I(2), (byte)I(3))
                                          : grid.TrySetRect(I(1), I(2), I(3), I(4), (byte)I(5));
                CmpStatus(T[0], "status", ExpectedStatus(a), st);
                CmpHex(T[0], "map digest", (ulong)Need(a, "digest"), grid.Digest);
                return true;
            }
            case "digest":
                CmpHex("digest", "map digest", Hex(2), grid.Digest);
                return true;
            default:
                return false;
            }
        }

        Batch BatchOf(uint threads)
        {
            string key = threads + " " + grid.Width + "x" + grid.Height;
            Batch b;
            if (!batches.TryGetValue(key, out b)) {
                b = new Batch(grid.Width, grid.Height, threads);
                batches[key] = b;
            }
            return b;
        }

        void RunBatch()
        {
            uint threads = U(1), count = U(2);
            int first = index + 1;
            Query[] qs = new Query[count];
            for (int i = 0; i < count; i++) {
                index = first + i;
                if (index >= script.Lines.Count || T[0] != "query") throw reader.Fail("expected " + count + " 'query' lines");
                qs[i] = query;
                qs[i].StartX = I(1); qs[i].StartY = I(2); qs[i].GoalX = I(3); qs[i].GoalY = I(4);
            }
            uint capacity = (uint)(grid.Width * grid.Height);
            Point[] pts = new Point[Math.Max(1, count * capacity)], pts1 = new Point[pts.Length];
            Status[] sts = new Status[count], sts1 = new Status[count];
            Result[] res = new Result[count], res1 = new Result[count];
            index = first - 1;
            CmpStatus("batch", "run", Status.Ok, BatchOf(threads).TryRun(grid, qs, pts, capacity, sts, res));
            CmpStatus("batch", "one-worker run", Status.Ok, BatchOf(1).TryRun(grid, qs, pts1, capacity, sts1, res1));
            for (int i = 0; i < count; i++) {
                index = first + i;
                string what = "query " + i;
                int a = Arrow();
                Status want = ExpectedStatus(a);
                CmpStatus(what, "status", want, sts[i]);
                CmpStatus(what, "one-worker status", sts[i], sts1[i]);
                if (res[i].Cost != res1[i].Cost || res[i].Expansions != res1[i].Expansions ||
                    res[i].PathLength != res1[i].PathLength || res[i].Digest != res1[i].Digest || res[i].Status != res1[i].Status)
                    Diff(what, "one-worker result", Report.Hex(res[i].Digest), Report.Hex(res1[i].Digest));
                for (uint p = 0; p < capacity && sts[i] == Status.Ok && p < res[i].PathLength; p++) {
                    Point x = pts[i * capacity + p], y = pts1[i * capacity + p];
                    if (x.X != y.X || x.Y != y.Y) { Diff(what, "one-worker point " + p, x.ToString(), y.ToString()); break; }
                }
                if (want < 0 || sts[i] < 0) continue;
                Cmp(what, "cost", Need(a, "cost"), res[i].Cost);
                Cmp(what, "expansions", Need(a, "expansions"), res[i].Expansions);
                Cmp(what, "length", Need(a, "length"), res[i].PathLength);
                ulong digest = (ulong)Need(a, "digest");
                CmpHex(what, "digest", digest, res[i].Digest);
                Point[] path = new Point[sts[i] == Status.Ok ? res[i].PathLength : 0];
                Array.Copy(pts, i * capacity, path, 0, path.Length);
                CmpHex(what, "digest of its points", digest, Lib.PathDigest(path, (uint)path.Length));
            }
            index = first + (int)count - 1;
        }
    }

    // The flow lines (flow.vec; vectors/README.md "Flow lines") through
    // Flow.cs: a script's flow made by its `flow` line (absent when that
    // create fails: the calls then get NULL), fields begun and refreshed
    // and run to their end under the line's budget, each step's expansions
    // at most the budget, one more step giving the final status with none,
    // the total equal to the steps' sum, the field digest; cells read one
    // at a time, and every cell of each finished field read whole
    // (TryCosts, TryDirections) and folded into the digest by the header's
    // definition, which must be the library's.
    public sealed partial class ScriptRun
    {
        Flow flow;                 // made by the script's `flow` line
        bool flowLine;             // the line was seen (the flow may be null)
        int[] flowCosts = new int[0];
        FlowDirection[] flowDirs = new FlowDirection[0];

        void ResetFlow()
        {
            if (flow != null) flow.Dispose();
            flow = null;
            flowLine = false;
        }

        // The raw calls on NULL when the create failed, else the layer's Try... twins.
        static readonly FlowHandle NoFlow = new FlowHandle();

        void NeedFlowLine()
        {
            if (!flowLine) { reader.Number = L.Number; throw reader.Fail("no 'flow' line before '" + T[0] + "'"); }
        }

        bool RunFlowLine()
        {
            int a;
            string what = T[0];
            switch (what) {
            case "flow": {
                a = Arrow();
                if (flowLine) throw reader.Fail("a second 'flow' line");
                flowLine = true;
                Status st = Status.Ok;
                try {
                    flow = new Flow(grid.Width, grid.Height, U(1));
                } catch (LockstarException e) {
                    st = e.Status;
                }
                CmpStatus(what, "status", ExpectedStatus(a), st);
                return true;
            }
            case "flow-begin": {
                NeedFlowLine();
                a = Arrow();
                uint budget = U(1), count;
                Point[] goals = List(2, out count);   // never NULL, even for COUNT 0
                Query q = query.Complete();
                Status st = flow != null ? flow.TryBegin(grid, q, goals, count)
                                         : Native.ls_flow_begin(NoFlow, grid.Handle, ref q, goals, count);
                CmpStatus(what, "status", ExpectedStatus(a), st);
                if (st == Status.Ok) FieldRun(what, a, budget);
                else if (Array.IndexOf(T, "end", a) >= 0) Diff(what, "field run", "one", "none");
                return true;
            }
            case "flow-refresh": {
                NeedFlowLine();
                a = Arrow();
                uint budget = U(1);
                Status st = flow != null ? flow.TryRefresh(grid) : Native.ls_flow_refresh(NoFlow, grid.Handle);
                CmpStatus(what, "status", ExpectedStatus(a), st);
                if (st == Status.InProgress) FieldRun(what, a, budget);
                else if (Array.IndexOf(T, "end", a) >= 0) Diff(what, "field run", "one", "none");
                return true;
            }
            case "flow-cell": {
                NeedFlowLine();
                a = Arrow();
                int x = I(1), y = I(2), cost;
                FlowDirection dir;
                Status sc, sd;
                if (flow != null) {
                    sc = flow.TryCost(x, y, out cost);
                    sd = flow.TryDirection(x, y, out dir);
                } else {
                    int d;
                    sc = Native.ls_flow_cost(NoFlow, x, y, out cost);
                    sd = Native.ls_flow_direction(NoFlow, x, y, out d);
                    dir = (FlowDirection)d;
                }
                Status want = ExpectedStatus(a);
                CmpStatus(what, "cost status", want, sc);
                CmpStatus(what, "direction status", want, sd);
                long c;
                if (sc == Status.Ok && Field(a, "cost", out c)) {
                    Cmp(what, "cost", c, cost);
                    Cmp(what, "direction", Need(a, "direction"), (long)dir);
                } else if (sc == Status.Ok || want == Status.Ok) {
                    Diff(what, "cost and direction", want == Status.Ok ? "listed" : "none", sc == Status.Ok ? "read" : "none");
                }
                return true;
            }
            default:
                return false;
            }
        }

        // Step under budget to the end; compare S, K, E and D.
        void FieldRun(string what, int a, uint budget)
        {
            int at = Array.IndexOf(T, "end", a);
            if (at < 0) { Diff(what, "field run", "listed", "none"); return; }
            reader.Number = L.Number;
            Status wantEnd = Num.StatusOf(reader, T, at + 1);
            uint slices = 0, sum = 0, n;
            Status st;
            do {
                st = flow.TryStep(budget, out n);
                slices++;
                sum += n;
                if (budget != 0 && n > budget) Diff(what, "a step's expansions", "<= " + budget, n.ToString());
            } while (st == Status.InProgress && slices < 100000000u);
            CmpStatus(what, "end", wantEnd, st);
            Cmp(what, "slices", Need(at, "slices"), slices);
            uint total;
            CmpStatus(what, "expansions call", Status.Ok, flow.TryExpansions(out total));
            Cmp(what, "expansions", Need(at, "expansions"), total);
            Cmp(what, "expansions = the steps' sum", total, sum);
            Status again = flow.TryStep(budget, out n);
            CmpStatus(what, "one more step", st, again);
            Cmp(what, "one more step's expansions", 0, n);
            ulong digest;
            Status ds = flow.TryDigest(out digest);
            if (st != Status.Ok) {
                CmpStatus(what, "digest after " + Lib.StatusName(st), st, ds);
                return;
            }
            CmpStatus(what, "digest call", Status.Ok, ds);
            CmpHex(what, "digest", (ulong)Need(at, "digest"), digest);
            // Every cell, read whole, folded by lockstar_flow.h's definition.
            int cells = grid.Width * grid.Height;
            if (flowCosts.Length != cells) {
                flowCosts = new int[cells];
                flowDirs = new FlowDirection[cells];
            }
            CmpStatus(what, "costs", Status.Ok, flow.TryCosts(flowCosts));
            CmpStatus(what, "directions", Status.Ok, flow.TryDirections(flowDirs));
            ulong h = 0xcbf29ce484222325UL;
            for (int i = 0; i < cells; i++) {
                uint c = (uint)flowCosts[i];
                for (int b = 0; b < 4; b++) h = (h ^ (byte)(c >> (8 * b))) * 0x100000001b3UL;
                h = (h ^ (byte)flowDirs[i]) * 0x100000001b3UL;
            }
            CmpHex(what, "digest of Costs and Directions", digest, h);
        }
    }
}
