// SPDX-License-Identifier: MIT
// ReplayScript.cs - a reader of replay scripts (docs/replay.md, versions 1
// to 3) for the C# crowd vectors: the settings, the agents (with version
// 3's radius and priority), the events in file order (version 3's
// avoidance switches among them), and the map (read with examples/MovingAi.cs, movingai/'s
// rules). It takes what cli/replay_read.c takes and refuses what it
// refuses with "FILE:LINE: reason", though not always in the same words:
// the vectors are valid scripts, and the messages are the CLI's business.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using Lockstar.Examples;

namespace Lockstar.Tests
{
    public enum ReplayKind { Move, Set, Rect, Group, Avoidance }

    /// <summary>One `at` line.</summary>
    public sealed class ReplayEvent
    {
        public uint Tick;
        public ReplayKind Kind;
        public long Agent;        // move
        public int X, Y;          // move, group: the goal; set, rect: the corner
        public int W = 1, H = 1;  // rect
        public byte Cost;         // set, rect
        public long[] Ids;        // group, in the order named
        public bool On;           // avoidance
        public uint Line;
    }

    public struct ReplayAgent
    {
        public long Id;
        public int X, Y;
        public int Speed;         // raw fix16
        public int Radius;        // raw fix16, version 3 (0: a point)
        public int Priority;      // version 3
        public uint Line;
    }

    /// <summary>A script read and checked (its map included).</summary>
    public sealed class ReplayScript
    {
        public const uint MaxTicks = 10000000u, MaxAgents = 100000u;
        const int MaxWords = 64;

        public string Name;
        public uint Version;
        public string MapFile;
        public int CellSize = Fix16.One;
        public byte SwampCost = 1;
        public Query Options = Query.Defaults();
        public uint Budget;
        public uint Ticks;
        public bool Avoidance;    // version 3's 'avoidance on': on from tick 0
        public readonly List<ReplayAgent> Agents = new List<ReplayAgent>();
        public readonly List<ReplayEvent> Events = new List<ReplayEvent>();
        public int Width, Height;
        public byte[] Cells;      // the map, row-major

        uint line;
        readonly HashSet<long> declared = new HashSet<long>();

        Exception Fail(string reason) { return new FormatException(Name + ":" + line + ": " + reason); }

        /// <summary>Read the script at path and its map.</summary>
        public static ReplayScript Load(string path)
        {
            ReplayScript s = new ReplayScript();
            s.Name = path;
            s.Parse(File.ReadAllBytes(path));
            s.ReadMap(Path.GetDirectoryName(path));
            return s;
        }

        void Parse(byte[] text)
        {
            uint mapAt = 0, cellAt = 0, swampAt = 0, budgetAt = 0, ticksAt = 0, avoidAt = 0;
            int start = 0;
            line = 0;
            while (start < text.Length) {
                int end = Array.IndexOf(text, (byte)'\n', start);
                if (end < 0) end = text.Length;
                line++;
                int len = end - start;
                if (len > 0 && text[start + len - 1] == '\r') len--;
                for (int i = start; i < start + len; i++) {
                    if (text[i] == 0) throw Fail("a NUL byte in the line");
                    if (text[i] == '\r') throw Fail("a carriage return inside the line");
                }
                string[] w = Words(Encoding.UTF8.GetString(text, start, len));
                start = end + 1;
                if (w.Length == 0) continue;
                if (Version == 0) {
                    if (w[0] != "lockstar-replay" || w.Length != 2)
                        throw Fail("a replay script starts with 'lockstar-replay 1'");
                    if (w[1] != "1" && w[1] != "2" && w[1] != "3")
                        throw Fail("unsupported replay version '" + w[1] + "' (this reader reads 1, 2 and 3)");
                    Version = (uint)(w[1][0] - '0');
                    continue;
                }
                switch (w[0]) {
                case "map": Once(ref mapAt, w, 2); MapFile = w[1]; break;
                case "cell": Once(ref cellAt, w, 2); CellSize = Decimal(w[1], "cell size"); break;
                case "swamp-cost": Once(ref swampAt, w, 2); SwampCost = (byte)Number(w[1], 1, 255, "swamp cost"); break;
                case "budget": Once(ref budgetAt, w, 2); Budget = Number(w[1], 0, uint.MaxValue, "budget"); break;
                case "ticks": Once(ref ticksAt, w, 2); Ticks = Number(w[1], 0, MaxTicks, "tick count"); break;
                case "options": ReadOptions(w); break;
                case "avoidance":
                    NeedsV3("avoidance");
                    Once(ref avoidAt, w, 2);
                    Avoidance = OnOff(w[1]);
                    break;
                case "agent": ReadAgent(w); break;
                case "at": ReadAt(w); break;
                case "lockstar-replay": throw Fail("a second 'lockstar-replay' line");
                default: throw Fail("unknown command: '" + w[0] + "'");
                }
            }
            if (Version == 0) throw new FormatException(Name + ": empty script (it starts with 'lockstar-replay 1')");
            if (mapAt == 0) throw new FormatException(Name + ": no 'map FILE' line");
            if (ticksAt == 0) throw new FormatException(Name + ": no 'ticks N' line");
            foreach (ReplayEvent e in Events)
                if (e.Tick >= Ticks) {
                    line = e.Line;
                    throw Fail("tick " + e.Tick + " is not run (ticks " + Ticks + ")");
                }
            if (!(Options.StraightCost <= Options.DiagonalCost && Options.DiagonalCost <= 2 * Options.StraightCost)) {
                line = 0;
                throw new FormatException(Name + ": step costs must satisfy straight <= diagonal <= 2 * straight");
            }
        }

        // Words at spaces and tabs; a word starting with '#' ends the line.
        string[] Words(string text)
        {
            List<string> w = new List<string>();
            foreach (string part in text.Split(new[] { ' ', '\t' }, StringSplitOptions.RemoveEmptyEntries)) {
                if (part[0] == '#') break;
                foreach (char c in part)
                    if (c < 0x20 || c == 0x7f) throw Fail("a control byte in the line");
                if (w.Count == MaxWords) throw Fail("too many words on one line (at most 64)");
                w.Add(part);
            }
            return w.ToArray();
        }

        // A version 3 word in an older script is refused at its line.
        void NeedsV3(string word)
        {
            if (Version < 3)
                throw Fail("'" + word + "' needs 'lockstar-replay 3' (this script says 'lockstar-replay " + Version + "')");
        }

        bool OnOff(string text)
        {
            if (text != "on" && text != "off") throw Fail("bad avoidance setting (expected on or off): '" + text + "'");
            return text == "on";
        }

        void Once(ref uint seen, string[] w, int words)
        {
            if (seen != 0) throw Fail("a second '" + w[0] + "' line (the first is line " + seen + ")");
            seen = line;
            if (w.Length != words) throw Fail("'" + w[0] + "' takes " + (words - 1) + " value(s)");
        }

        uint Number(string text, ulong min, ulong max, string what)
        {
            ulong v;
            if (text.Length == 0 || text.Length > 10 || !IsDigits(text) ||
                !ulong.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out v) || v < min || v > max)
                throw Fail("bad " + what + " (expected a whole number from " + min + " to " + max + "): '" + text + "'");
            return (uint)v;
        }

        static bool IsDigits(string s)
        {
            foreach (char c in s) if (c < '0' || c > '9') return false;
            return true;
        }

        // A decimal above 0 (ls_fix16_parse, exact).
        int Decimal(string text, string what)
        {
            int v;
            if (Lib.TryParseFix16(text, out v) != Status.Ok || v <= 0)
                throw Fail("bad " + what + " (expected a decimal above 0, at most 32767.99998): '" + text + "'");
            return v;
        }

        long Id(string text)
        {
            long v;
            bool digits = text.Length > 0 && IsDigits(text[0] == '-' ? text.Substring(1) : text) && text != "-";
            if (!digits || !long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out v))
                throw Fail("bad agent id (expected a whole number from -9223372036854775808 to " +
                           "9223372036854775807): '" + text + "'");
            return v;
        }

        long Known(string text)
        {
            long id = Id(text);
            if (!declared.Contains(id)) throw Fail("no agent with this id is declared before this line: '" + text + "'");
            return id;
        }

        // "X,Y" with whole numbers below 16384 (min 1 for sizes).
        void Pair(string text, int min, string what, out int x, out int y)
        {
            int comma = text.IndexOf(',');
            uint a = 0, b = 0;
            bool ok = comma > 0 && comma < text.Length - 1;
            if (ok) {
                string l = text.Substring(0, comma), r = text.Substring(comma + 1);
                ok = l.Length <= 5 && r.Length <= 5 && IsDigits(l) && IsDigits(r) &&
                     uint.TryParse(l, out a) && uint.TryParse(r, out b) &&
                     a >= min && b >= min && a < Limits.MaxDimension && b < Limits.MaxDimension;
            }
            if (!ok) throw Fail("bad " + what + ": '" + text + "'");
            x = (int)a;
            y = (int)b;
        }

        void ReadOptions(string[] w)
        {
            Query q = Options;
            for (int i = 1; i < w.Length; i++) {
                string name = w[i], value;
                int eq = name.IndexOf('=');
                if (eq >= 0) {
                    value = name.Substring(eq + 1);
                    name = name.Substring(0, eq);
                } else {
                    if (i + 1 >= w.Length) throw Fail("option " + name + " needs a value");
                    value = w[++i];
                }
                switch (name) {
                case "--connect": q.Connectivity = Pick(name, value, "4", "8") == 0 ? Connect.Four : Connect.Eight; break;
                case "--corners": q.CornerRule = (Corners)Pick(name, value, "none", "one", "all"); break;
                case "--heuristic":
                    q.Heuristic = (Heuristic)Pick(name, value, "auto", "octile", "manhattan", "chebyshev", "zero");
                    break;
                case "--tie": q.TieBreak = (TieBreak)Pick(name, value, "high-g", "low-g"); break;
                case "--algo": q.Algorithm = (Algorithm)Pick(name, value, "astar", "jps"); break;
                case "--straight": q.StraightCost = Number(value, 1, Limits.MaxStepCost, name); break;
                case "--diagonal": q.DiagonalCost = Number(value, 1, 2 * Limits.MaxStepCost, name); break;
                case "--max-expansions": q.MaxExpansions = Number(value, 0, uint.MaxValue, name); break;
                case "--weight": {
                    int v;
                    if (Lib.TryParseFix16(value, out v) != Status.Ok || v < Limits.MinWeight || v > Limits.MaxWeight)
                        throw Fail("bad value '" + value + "' for --weight: expected a decimal from 1.0 to 64.0");
                    q.Weight = v;
                    break;
                }
                default:
                    throw Fail("not a query option of a replay (--connect, --corners, --heuristic, --tie, --weight, " +
                               "--straight, --diagonal, --algo, --max-expansions): '" + name + "'");
                }
            }
            Options = q;
        }

        int Pick(string name, string value, params string[] names)
        {
            int k = Array.IndexOf(names, value);
            if (k < 0) throw Fail("bad value '" + value + "' for " + name + ": expected " + string.Join(", ", names));
            return k;
        }

        void ReadAgent(string[] w)
        {
            if (w.Length > 4 && (w[4] == "radius" || w[4] == "priority")) NeedsV3(w[4]);
            if (Version < 3 ? w.Length != 4 : w.Length != 4 && w.Length != 6 && w.Length != 8)
                throw Fail("'agent' takes 3 values: ID X,Y SPEED" + (Version < 3 ? "" : " [radius R] [priority P]"));
            ReplayAgent a = new ReplayAgent();
            a.Id = Id(w[1]);
            if (declared.Contains(a.Id)) throw Fail("agent " + w[1] + " is declared twice");
            if (Agents.Count == (int)MaxAgents) throw Fail("too many agents (at most 100000)");
            Pair(w[2], 0, "cell (expected X,Y: whole numbers below 16384)", out a.X, out a.Y);
            a.Speed = Decimal(w[3], "speed");
            // radius R and priority P in either order, each once. Whether the
            // radius fits the cell size is the library's answer (Run).
            bool radius = false, priority = false;
            for (int k = 4; k + 1 < w.Length; k += 2) {
                bool isRadius = w[k] == "radius";
                if (!isRadius && w[k] != "priority")
                    throw Fail("unknown agent setting (expected radius or priority): '" + w[k] + "'");
                if (isRadius ? radius : priority) throw Fail("'" + w[k] + "' is given twice on one line");
                if (isRadius) {
                    radius = true;
                    if (Lib.TryParseFix16(w[k + 1], out a.Radius) != Status.Ok || a.Radius < 0 ||
                        a.Radius > Limits.CrowdMaxRadius)
                        throw Fail("bad radius (expected a decimal from 0 to 64): '" + w[k + 1] + "'");
                } else {
                    priority = true;
                    a.Priority = (int)Number(w[k + 1], 0, Limits.CrowdMaxPriority, "priority");
                }
            }
            a.Line = line;
            declared.Add(a.Id);
            Agents.Add(a);
        }

        void ReadAt(string[] w)
        {
            if (w.Length < 3) throw Fail("'at' needs a tick and an order: at T move ID X,Y, at T set X,Y COST, ...");
            ReplayEvent e = new ReplayEvent();
            e.Tick = Number(w[1], 0, MaxTicks - 1, "tick");
            e.Line = line;
            if (Events.Count > 0 && Events[Events.Count - 1].Tick > e.Tick)
                throw Fail("tick " + e.Tick + " comes after tick " + Events[Events.Count - 1].Tick);
            const string CellWhat = "cell (expected X,Y: whole numbers below 16384)";
            switch (w[2]) {
            case "move":
                if (w.Length != 5) throw Fail("'at T move' takes ID X,Y");
                e.Kind = ReplayKind.Move;
                e.Agent = Known(w[3]);
                Pair(w[4], 0, CellWhat, out e.X, out e.Y);
                break;
            case "set":
                if (w.Length != 5) throw Fail("'at T set' takes X,Y COST");
                e.Kind = ReplayKind.Set;
                Pair(w[3], 0, CellWhat, out e.X, out e.Y);
                e.Cost = (byte)Number(w[4], 0, 255, "cost");
                break;
            case "rect":
                if (w.Length != 6) throw Fail("'at T rect' takes X,Y W,H COST");
                e.Kind = ReplayKind.Rect;
                Pair(w[3], 0, CellWhat, out e.X, out e.Y);
                Pair(w[4], 1, "rectangle size (expected W,H: whole numbers from 1 to 16383)", out e.W, out e.H);
                e.Cost = (byte)Number(w[5], 0, 255, "cost");
                break;
            case "group":
                if (Version < 2) throw Fail("'group' orders need 'lockstar-replay 2' (this script says 1)");
                if (w.Length < 5) throw Fail("'group' takes a goal and at least one agent: at T group X,Y ID [ID ...]");
                e.Kind = ReplayKind.Group;
                Pair(w[3], 0, CellWhat, out e.X, out e.Y);
                e.Ids = new long[w.Length - 4];
                for (int i = 4; i < w.Length; i++) e.Ids[i - 4] = Known(w[i]);
                break;
            case "avoidance":
                NeedsV3("avoidance");
                if (w.Length != 4) throw Fail("'at T avoidance' takes on or off");
                e.Kind = ReplayKind.Avoidance;
                e.On = OnOff(w[3]);
                break;
            default:
                throw Fail("unknown order: '" + w[2] + "' (expected move, set, rect" +
                           (Version >= 3 ? ", group or avoidance)" : Version >= 2 ? " or group)" : ")"));
            }
            Events.Add(e);
        }

        // The map beside the script, and what needs it: every cell inside,
        // every agent on a passable cell.
        void ReadMap(string dir)
        {
            string path = Path.Combine(dir ?? ".", MapFile);
            try {
                Cells = MovingAi.ParseMap(path, MovingAi.ReadFile(path), SwampCost, out Width, out Height);
            } catch (MovingAiException e) {
                throw new FormatException(e.Message);
            }
            foreach (ReplayAgent a in Agents) {
                line = a.Line;
                if (a.X >= Width || a.Y >= Height) throw Fail("agent starts at " + a.X + "," + a.Y + ", outside the map");
                if (Cells[a.Y * Width + a.X] == 0) throw Fail("agent starts on a blocked cell " + a.X + "," + a.Y);
            }
            foreach (ReplayEvent e in Events) {
                line = e.Line;
                if (e.X >= Width || e.Y >= Height || (long)e.X + e.W > Width || (long)e.Y + e.H > Height)
                    throw Fail(e.Kind.ToString().ToLowerInvariant() + " " + e.X + "," + e.Y + " is outside the " +
                               Width + "x" + Height + " map");
            }
        }

        /// <summary>Does --trace add ' r R v VX,VY' (cli_replay_shows_bodies)? In a version 3
        /// script that turns avoidance on or gives any agent a radius.</summary>
        public bool ShowsBodies()
        {
            if (Version < 3) return false;
            if (Avoidance) return true;
            foreach (ReplayAgent a in Agents) if (a.Radius > 0) return true;
            foreach (ReplayEvent e in Events) if (e.Kind == ReplayKind.Avoidance && e.On) return true;
            return false;
        }

        /// <summary>What the replay gives the crowd: one field slot per distinct group goal,
        /// at most 64 (cli/replay_sim.c).</summary>
        public uint FieldsNeeded()
        {
            HashSet<long> goals = new HashSet<long>();
            foreach (ReplayEvent e in Events) {
                if (goals.Count == 64) break;
                if (e.Kind == ReplayKind.Group) goals.Add(((long)e.X << 32) | (uint)e.Y);
            }
            return (uint)goals.Count;
        }
    }
}
