// SPDX-License-Identifier: MIT
// VectorFile.cs - a reader of the golden vector files (vectors/README.md):
// index.txt, map blocks, vector blocks (format 1) and script blocks
// (format 2). Maps and vectors are parsed into objects with every key
// checked; a script is kept as its lines of tokens, which ScriptCheck and
// GeometryCheck run in order. A malformed file throws FormatException
// with "FILE:LINE: reason".
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;

namespace Lockstar.Tests
{
    public sealed class MapDef
    {
        public string Name;
        public int Line, Width, Height;
        public string Source;                   // "gen", "row" or "file"
        public string Family;
        public ulong Seed;
        public Dictionary<string, uint> Params = new Dictionary<string, uint>();
        public List<string> Rows = new List<string>();
        public string FilePath;
        public List<int[]> Edits = new List<int[]>();  // x y w h cost
        public ulong Digest;
    }

    public sealed class VectorDef
    {
        public string Id, MapName, WeightText;
        public int Line;
        public Query Query;
        public uint Budget;
        public Status Status;
        public bool HasResult, HasPartial, HasSlices;
        public uint Slices, Expansions, Length, PartialLength;
        public int Cost;
        public ulong Digest, PartialDigest;
        public List<Point> Path = new List<Point>();
        public List<Point> Partial = new List<Point>();
    }

    public sealed class ScriptLine
    {
        public int Number;
        public string[] Tokens;
    }

    public sealed class ScriptDef
    {
        public string Id, MapName;
        public int Line;
        public List<ScriptLine> Lines = new List<ScriptLine>();
    }

    public sealed class VecFile
    {
        public string Name;
        public int Version;
        public Dictionary<string, MapDef> Maps = new Dictionary<string, MapDef>();
        public List<object> Blocks = new List<object>();   // VectorDef or ScriptDef, file order

        public static VecFile Load(string path)
        {
            VecFile f = new VecFile();
            f.Name = Path.GetFileName(path);
            string[] lines = File.ReadAllText(path).Split('\n');
            Reader r = new Reader(f.Name, lines);
            f.Parse(r);
            return f;
        }

        void Parse(Reader r)
        {
            string first = r.Next();
            if (first == "lockstar-vectors 1") Version = 1;
            else if (first == "lockstar-vectors 2") Version = 2;
            else throw r.Fail("not a lockstar vector file of version 1 or 2");
            string line;
            while ((line = r.Next()) != null) {
                if (line.Length == 0 || line[0] == '#')
                    continue;
                string[] t = line.Split(' ');
                if (t.Length != 2) throw r.Fail("expected 'map', 'vector' or 'script' and a name");
                if (t[0] == "map") ParseMap(r, t[1]);
                else if (t[0] == "vector") Blocks.Add(ParseVector(r, t[1]));
                else if (t[0] == "script" && Version == 2) Blocks.Add(ParseScript(r, t[1]));
                else throw r.Fail("unexpected '" + t[0] + "'");
            }
        }

        void ParseMap(Reader r, string name)
        {
            MapDef m = new MapDef();
            m.Name = name;
            m.Line = r.Number;
            if (Maps.ContainsKey(name)) throw r.Fail("map " + name + " defined twice");
            string[] t = r.Tokens();
            if (t[0] != "size" || t.Length != 3) throw r.Fail("expected 'size W H'");
            m.Width = Num.Int(r, t[1]);
            m.Height = Num.Int(r, t[2]);
            t = r.Tokens();
            m.Source = t[0];
            if (t[0] == "gen") {
                m.Family = t[1];
                for (int i = 2; i < t.Length; i++) {
                    int eq = t[i].IndexOf('=');
                    if (eq < 0) throw r.Fail("expected NAME=VALUE");
                    string key = t[i].Substring(0, eq), value = t[i].Substring(eq + 1);
                    if (key == "seed") m.Seed = Num.U64(r, value);
                    else m.Params[key] = Num.U32(r, value);
                }
                t = r.Tokens();
            } else if (t[0] == "file") {
                m.FilePath = t[1];
                t = r.Tokens();
            } else if (t[0] == "row") {
                while (t[0] == "row") {
                    if (t.Length != 2 || t[1].Length != m.Width) throw r.Fail("a row must hold width characters");
                    m.Rows.Add(t[1]);
                    t = r.Tokens();
                }
                if (m.Rows.Count != m.Height) throw r.Fail("expected height rows");
            } else {
                throw r.Fail("expected a map source (gen, row, file)");
            }
            while (t[0] == "set" || t[0] == "fill") {
                int[] e = t[0] == "set"
                    ? new int[] { Num.Int(r, t[1]), Num.Int(r, t[2]), 1, 1, Num.Int(r, t[3]) }
                    : new int[] { Num.Int(r, t[1]), Num.Int(r, t[2]), Num.Int(r, t[3]), Num.Int(r, t[4]), Num.Int(r, t[5]) };
                m.Edits.Add(e);
                t = r.Tokens();
            }
            if (t[0] != "digest" || t.Length != 2) throw r.Fail("expected 'digest D'");
            m.Digest = Num.Hex(r, t[1]);
            t = r.Tokens();
            if (t[0] != "end") throw r.Fail("expected 'end'");
            Maps[name] = m;
        }

        string NeedMap(Reader r)
        {
            string[] t = r.Tokens();
            if (t[0] != "map" || t.Length != 2 || !Maps.ContainsKey(t[1]))
                throw r.Fail("expected 'map NAME' of a map defined earlier");
            return t[1];
        }

        VectorDef ParseVector(Reader r, string id)
        {
            VectorDef v = new VectorDef();
            v.Id = id;
            v.Line = r.Number;
            v.MapName = NeedMap(r);
            v.Query = Query.Defaults();
            HashSet<string> seen = new HashSet<string>();
            string[] t;
            while ((t = r.Tokens())[0] != "end") {
                string key = t[0];
                if (key != "path" && key != "partial-path" && !seen.Add(key))
                    throw r.Fail("key '" + key + "' given twice");
                if (Options.Set(r, ref v.Query, t, ref v.WeightText))
                    continue;
                switch (key) {
                case "start": v.Query.StartX = Num.Int(r, t[1]); v.Query.StartY = Num.Int(r, t[2]); break;
                case "goal": v.Query.GoalX = Num.Int(r, t[1]); v.Query.GoalY = Num.Int(r, t[2]); break;
                case "budget": v.Budget = Num.U32(r, t[1]); break;
                case "status": v.Status = Num.StatusOf(r, t, 1); break;
                case "slices": v.Slices = Num.U32(r, t[1]); v.HasSlices = true; break;
                case "cost": v.Cost = Num.Int(r, t[1]); v.HasResult = true; break;
                case "expansions": v.Expansions = Num.U32(r, t[1]); break;
                case "length": v.Length = Num.U32(r, t[1]); break;
                case "digest": v.Digest = Num.Hex(r, t[1]); break;
                case "path": Num.Points(r, t, 1, v.Path); break;
                case "partial-length": v.PartialLength = Num.U32(r, t[1]); v.HasPartial = true; break;
                case "partial-digest": v.PartialDigest = Num.Hex(r, t[1]); break;
                case "partial-path": Num.Points(r, t, 1, v.Partial); break;
                default: throw r.Fail("unknown key '" + key + "'");
                }
            }
            // The keys the status calls for, no more, no less.
            bool partial = v.Status == Status.NoPath || v.Status == Status.ExpansionLimit;
            string[] result = { "cost", "expansions", "length", "digest" };
            foreach (string k in result)
                if (seen.Contains(k) != (v.Status >= 0)) throw r.Fail("vector " + id + ": key '" + k + "' does not fit its status");
            if (v.HasPartial != partial || seen.Contains("partial-digest") != partial)
                throw r.Fail("vector " + id + ": partial keys do not fit its status");
            if (v.HasSlices != (v.Budget > 0)) throw r.Fail("vector " + id + ": 'slices' does not fit its budget");
            if (v.Status >= 0 && v.Path.Count != (int)v.Length) throw r.Fail("vector " + id + ": path has not 'length' points");
            if (partial && v.Partial.Count != (int)v.PartialLength) throw r.Fail("vector " + id + ": partial-path has not 'partial-length' points");
            return v;
        }

        ScriptDef ParseScript(Reader r, string id)
        {
            ScriptDef s = new ScriptDef();
            s.Id = id;
            s.Line = r.Number;
            s.MapName = NeedMap(r);
            string[] t;
            while ((t = r.Tokens())[0] != "end") {
                ScriptLine l = new ScriptLine();
                l.Number = r.Number;
                l.Tokens = t;
                s.Lines.Add(l);
            }
            return s;
        }

        /// <summary>index.txt: (file, count) pairs; the total is checked.</summary>
        public static List<KeyValuePair<string, int>> LoadIndex(string path)
        {
            Reader r = new Reader("index.txt", File.ReadAllText(path).Split('\n'));
            if (r.Next() != "lockstar-vectors 1") throw r.Fail("not a vector index");
            List<KeyValuePair<string, int>> files = new List<KeyValuePair<string, int>>();
            int sum = 0;
            string line;
            while ((line = r.Next()) != null) {
                if (line.Length == 0 || line[0] == '#') continue;
                string[] t = line.Split(' ');
                if (t[0] == "file" && t.Length == 3) {
                    int n = Num.Int(r, t[2]);
                    files.Add(new KeyValuePair<string, int>(t[1], n));
                    sum += n;
                } else if (t[0] == "total" && t.Length == 2) {
                    if (Num.Int(r, t[1]) != sum) throw r.Fail("total is not the sum of the files' counts");
                    return files;
                } else {
                    throw r.Fail("expected 'file NAME COUNT' or 'total N'");
                }
            }
            throw r.Fail("no 'total' line");
        }
    }

    /// <summary>Lines of a file, a CRLF's CR dropped, with line numbers for messages.</summary>
    public sealed class Reader
    {
        readonly string name;
        readonly string[] lines;
        int next;
        public int Number;

        public Reader(string name, string[] lines)
        {
            this.name = name;
            // A final '\n' ends the last line; it does not begin an empty one.
            int n = lines.Length;
            if (n > 0 && lines[n - 1].Length == 0) n--;
            this.lines = new string[n];
            for (int i = 0; i < n; i++)
                this.lines[i] = lines[i].EndsWith("\r") ? lines[i].Substring(0, lines[i].Length - 1) : lines[i];
        }

        public string Next()
        {
            if (next >= lines.Length) return null;
            Number = next + 1;
            return lines[next++];
        }

        /// <summary>The next line of a block, split at spaces.</summary>
        public string[] Tokens()
        {
            string l = Next();
            if (l == null) throw Fail("file ends inside a block");
            if (l.Length == 0) throw Fail("blank line inside a block");
            return l.Split(' ');
        }

        public FormatException Fail(string reason)
        {
            return new FormatException(name + ":" + Number + ": " + reason);
        }
    }

    /// <summary>The nine query keys, shared by vectors and scripts.</summary>
    public static class Options
    {
        static readonly string[] Corners = { "none", "one", "all" };
        static readonly string[] Heuristics = { "auto", "octile", "manhattan", "chebyshev", "zero" };
        static readonly string[] Ties = { "high-g", "low-g" };
        static readonly string[] Algos = { "astar", "jps" };

        static int Word(Reader r, string value, string[] names)
        {
            int i = Array.IndexOf(names, value);
            return i >= 0 ? i : Num.Int(r, value);  // bad values are written as integers
        }

        /// <summary>Set q's field if t is a query key; false if it is not one.</summary>
        public static bool Set(Reader r, ref Query q, string[] t, ref string weightText)
        {
            switch (t[0]) {
            case "algo": q.Algorithm = (Algorithm)Word(r, t[1], Algos); return true;
            case "connectivity": q.Connectivity = (Connect)Num.Int(r, t[1]); return true;
            case "corners": q.CornerRule = (Lockstar.Corners)Word(r, t[1], Corners); return true;
            case "heuristic": q.Heuristic = (Heuristic)Word(r, t[1], Heuristics); return true;
            case "tie": q.TieBreak = (TieBreak)Word(r, t[1], Ties); return true;
            case "straight": q.StraightCost = Num.U32(r, t[1]); return true;
            case "diagonal": q.DiagonalCost = Num.U32(r, t[1]); return true;
            case "weight":
                q.Weight = Num.Int(r, t[1]);
                weightText = t[2];
                int parsed;
                if (Native.ls_fix16_parse(t[2], out parsed) != Status.Ok || parsed != q.Weight)
                    throw r.Fail("weight text '" + t[2] + "' does not parse to " + t[1]);
                return true;
            case "max-expansions": q.MaxExpansions = Num.U32(r, t[1]); return true;
            // Only clearance.vec writes it (absent: 0).
            case "clearance": q.Clearance = Num.U32(r, t[1]); return true;
            default: return false;
            }
        }
    }

    /// <summary>Strict number parsing (invariant culture, whole token).</summary>
    public static class Num
    {
        const NumberStyles Style = NumberStyles.AllowLeadingSign;
        static readonly CultureInfo C = CultureInfo.InvariantCulture;

        public static int Int(Reader r, string s)
        {
            int v;
            if (!int.TryParse(s, Style, C, out v)) throw r.Fail("bad integer '" + s + "'");
            return v;
        }

        public static long Long(Reader r, string s)
        {
            long v;
            if (!long.TryParse(s, Style, C, out v)) throw r.Fail("bad integer '" + s + "'");
            return v;
        }

        public static uint U32(Reader r, string s)
        {
            uint v;
            if (!uint.TryParse(s, NumberStyles.None, C, out v)) throw r.Fail("bad number '" + s + "'");
            return v;
        }

        public static ulong U64(Reader r, string s)
        {
            ulong v;
            if (!ulong.TryParse(s, NumberStyles.None, C, out v)) throw r.Fail("bad number '" + s + "'");
            return v;
        }

        public static ulong Hex(Reader r, string s)
        {
            ulong v;
            if (s.Length != 16 || !ulong.TryParse(s, NumberStyles.AllowHexSpecifier, C, out v))
                throw r.Fail("bad digest '" + s + "'");
            return v;
        }

        /// <summary>"N NAME" at t[i]: the name must be the library's for N.</summary>
        public static Status StatusOf(Reader r, string[] t, int i)
        {
            if (i + 1 >= t.Length) throw r.Fail("expected a status 'N NAME'");
            Status s = (Status)Int(r, t[i]);
            if (Lib.StatusName(s) != t[i + 1]) throw r.Fail("status " + t[i] + " is not named " + t[i + 1]);
            return s;
        }

        public static Point ParsePoint(Reader r, string s)
        {
            int comma = s.IndexOf(',');
            if (comma < 0) throw r.Fail("bad point '" + s + "'");
            return new Point(Int(r, s.Substring(0, comma)), Int(r, s.Substring(comma + 1)));
        }

        public static void Points(Reader r, string[] t, int from, List<Point> into)
        {
            for (int i = from; i < t.Length; i++)
                into.Add(ParsePoint(r, t[i]));
        }
    }
}
