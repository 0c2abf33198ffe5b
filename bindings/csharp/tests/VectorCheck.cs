// SPDX-License-Identifier: MIT
// VectorCheck.cs - runs the vector blocks (format 1) through the C#
// binding and compares every field with the file, as vectors/README.md
// ("What the checker does with a vector") says: the map digest, the
// one-shot run (status, cost, expansions, length, digest, every point,
// the partial path or LS_ERR_NO_PARTIAL), the sliced run when the budget
// is not 0 (the same fields, the slice count, one more step returning the
// same status), and the file's own consistency (path digests). One search
// context serves vector after vector while the grid size stays the same.
using System;
using System.Collections.Generic;
using System.IO;
using Lockstar.Examples;

namespace Lockstar.Tests
{
    /// <summary>Counts differences and prints them as the C checker does.</summary>
    public sealed class Report
    {
        public int Mismatches, Printed, Checked;
        public int PrintLimit = 50;

        public void Add(string where, string what, string field, string expected, string got)
        {
            Mismatches++;
            if (Printed++ < PrintLimit)
                Console.WriteLine(where + ": " + what + ": " + field + ": expected " + expected + ", got " + got);
        }

        public static string Show(Status s) { return (int)s + " " + Lib.StatusName(s); }
        public static string Hex(ulong d) { return d.ToString("x16"); }
    }

    public static class Maps
    {
        const ulong FnvBasis = 0xcbf29ce484222325UL, FnvPrime = 0x100000001b3UL;

        /// <summary>The map block's cells; its FNV digest checked against the block's.</summary>
        public static Grid Build(MapDef m, string dir, string file, Report rep)
        {
            byte[] cells = new byte[m.Width * m.Height];
            if (m.Source == "gen") {
                MapGen.Generate(m.Family, m.Seed, m.Params, m.Width, m.Height, cells);
            } else if (m.Source == "row") {
                for (int y = 0; y < m.Height; y++)
                    for (int x = 0; x < m.Width; x++) {
                        char c = m.Rows[y][x];
                        cells[y * m.Width + x] = (byte)(c == '#' ? 0 : c == '.' ? 1 : c - '0');
                    }
            } else {
                string path = Path.Combine(dir, m.FilePath);
                int w, h;
                byte[] read = MovingAi.ParseMap(path, MovingAi.ReadFile(path), 1, out w, out h);
                if (w != m.Width || h != m.Height)
                    throw new FormatException(file + ": map " + m.Name + ": " + path + " is not " + m.Width + "x" + m.Height);
                cells = read;
            }
            Grid grid = new Grid(m.Width, m.Height);
            Status st = grid.TryLoad(cells);
            if (st != Status.Ok)
                throw new LockstarException("map " + m.Name + ": ls_grid_load", st);
            foreach (int[] e in m.Edits)
                for (int y = e[1]; y < e[1] + e[3]; y++)
                    for (int x = e[0]; x < e[0] + e[2]; x++)
                        if (grid.TrySet(x, y, (byte)e[4]) != Status.Ok)
                            throw new FormatException(file + ": map " + m.Name + ": edit outside the grid");
            ulong digest = FnvBasis;
            for (int y = 0; y < m.Height; y++)
                for (int x = 0; x < m.Width; x++) {
                    byte c;
                    grid.TryGet(x, y, out c);
                    digest = unchecked((digest ^ c) * FnvPrime);
                }
            if (digest != m.Digest)
                rep.Add(file + ":" + m.Line, "map " + m.Name, "digest", Report.Hex(m.Digest), Report.Hex(digest));
            return grid;
        }
    }

    public sealed class VectorCheck
    {
        readonly Report rep;
        SearchContext search;
        Point[] buffer;

        public VectorCheck(Report rep) { this.rep = rep; }

        sealed class Outcome
        {
            public Status Status, AfterEnd;
            public uint Slices, Expansions, Length;
            public int Cost = -1;
            public ulong Digest;
            public Point[] Path = new Point[0];
            public Status PartialStatus = Status.ErrNoQuery;
            public Point[] Partial = new Point[0];
            public ulong PartialDigest;
        }

        SearchContext Context(Grid grid)
        {
            if (search == null || search.Width != grid.Width || search.Height != grid.Height) {
                if (search != null) search.Dispose();
                search = new SearchContext(grid.Width, grid.Height);
                buffer = new Point[grid.Width * grid.Height];  // no path is longer
            }
            return search;
        }

        Outcome Run(Grid grid, VectorDef v, bool sliced)
        {
            SearchContext s = Context(grid);
            Outcome o = new Outcome();
            Query q = v.Query;
            Result res;
            uint len = 0;
            if (!sliced) {
                o.Status = s.TryFindPath(grid, q, buffer, out res);
                if (o.Status < 0) return o;
                len = o.Status == Status.Ok ? res.PathLength : 0;
            } else {
                o.Status = s.TryBegin(grid, q);
                if (o.Status != Status.Ok) { o.AfterEnd = o.Status; return o; }
                ulong guard = (ulong)buffer.Length + 2;  // each step expands or ends: more is a hang
                Status st;
                do {
                    st = s.TryStep(v.Budget);
                    o.Slices++;
                } while (st == Status.InProgress && o.Slices < guard);
                o.Status = st;
                o.AfterEnd = s.TryStep(v.Budget);
                if (st < 0 || st == Status.InProgress) return o;
                if (s.TryGetResult(out res) != Status.Ok) return o;
                if (st == Status.Ok && s.TryPath(buffer, out len) != Status.Ok)
                    len = 0;
            }
            o.Cost = res.Cost;
            o.Expansions = res.Expansions;
            o.Length = res.PathLength;
            o.Digest = res.Digest;
            o.Path = Copy(buffer, Math.Min(len, o.Length));
            o.PartialStatus = s.TryPartialPath(buffer, out len);
            if (o.PartialStatus == Status.Ok) {
                o.Partial = Copy(buffer, len);
                o.PartialDigest = Lib.PathDigest(o.Partial, (uint)o.Partial.Length);
            }
            return o;
        }

        static Point[] Copy(Point[] from, uint n)
        {
            Point[] p = new Point[n];
            Array.Copy(from, p, (int)n);
            return p;
        }

        void Cmp(string where, string what, string field, long want, long got)
        {
            if (want != got) rep.Add(where, what, field, want.ToString(), got.ToString());
        }

        void CmpStatus(string where, string what, string field, Status want, Status got)
        {
            if (want != got) rep.Add(where, what, field, Report.Show(want), Report.Show(got));
        }

        void CmpHex(string where, string what, string field, ulong want, ulong got)
        {
            if (want != got) rep.Add(where, what, field, Report.Hex(want), Report.Hex(got));
        }

        void CmpPoints(string where, string what, string field, List<Point> want, Point[] got)
        {
            if (want.Count != got.Length) {
                rep.Add(where, what, field + " points", want.Count.ToString(), got.Length.ToString());
                return;
            }
            for (int i = 0; i < want.Count; i++)
                if (want[i].X != got[i].X || want[i].Y != got[i].Y) {
                    rep.Add(where, what, field + "[" + i + "]", want[i].ToString(), got[i].ToString());
                    return;
                }
        }

        void Compare(string where, VectorDef v, string mode, Outcome o)
        {
            string what = "vector " + v.Id + " (" + mode + ")";
            bool partial = v.Status == Status.NoPath || v.Status == Status.ExpansionLimit;
            CmpStatus(where, what, "status", v.Status, o.Status);
            if (mode == "sliced") {
                Cmp(where, what, "slices", v.Slices, o.Slices);
                CmpStatus(where, what, "step after the end", o.Status, o.AfterEnd);
            }
            if (v.Status >= 0 && o.Status >= 0) {
                Cmp(where, what, "cost", v.Cost, o.Cost);
                Cmp(where, what, "expansions", v.Expansions, o.Expansions);
                Cmp(where, what, "length", v.Length, o.Length);
                CmpHex(where, what, "digest", v.Digest, o.Digest);
                CmpPoints(where, what, "path", v.Path, o.Path);
            }
            if (partial && o.Status >= 0) {
                CmpStatus(where, what, "partial call", Status.Ok, o.PartialStatus);
                Cmp(where, what, "partial-length", v.PartialLength, o.Partial.Length);
                CmpHex(where, what, "partial-digest", v.PartialDigest, o.PartialDigest);
                CmpPoints(where, what, "partial-path", v.Partial, o.Partial);
            } else if (v.Status == Status.Ok && o.Status == Status.Ok) {
                CmpStatus(where, what, "partial call", Status.ErrNoPartial, o.PartialStatus);
            }
        }

        /// <summary>One vector: the file's consistency, one-shot, sliced.</summary>
        public void Check(string file, Grid grid, VectorDef v)
        {
            string where = file + ":" + v.Line;
            if (v.Status >= 0)
                CmpHex(where, "vector " + v.Id + " (file)", "digest of the listed path", v.Digest,
                       Lib.PathDigest(v.Path.ToArray(), (uint)v.Path.Count));
            if (v.HasPartial)
                CmpHex(where, "vector " + v.Id + " (file)", "digest of the listed partial path", v.PartialDigest,
                       Lib.PathDigest(v.Partial.ToArray(), (uint)v.Partial.Count));
            Compare(where, v, "one-shot", Run(grid, v, false));
            if (v.Budget > 0)
                Compare(where, v, "sliced", Run(grid, v, true));
            rep.Checked++;
        }

        public void Dispose()
        {
            if (search != null) search.Dispose();
            search = null;
        }
    }
}
