// SPDX-License-Identifier: MIT
// LockstarScen.cs - LockstarScen.exe MAP SCEN [options]: `lockstar scen`
// written in C# over the binding. Same options (cli/options.h), same
// output lines ("sx sy gx gy cost expanded digest x0,y0 ...", "... error
// NAME", " |" and waypoints with --smooth), same one-line errors with the
// "lockstar: " prefix, same exit statuses (0 done, 2 bad input or any
// query refused) and the same summary on standard error; only the CPU
// time in the summary is this process's own. The map and scenario are
// read by MovingAi.cs, which matches movingai/'s rules and messages.
// --help prints this program's usage (the CLI prints all its commands').
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Text;

namespace Lockstar.Examples
{
    public static class LockstarScen
    {
        const int ExitDone = 0, ExitBadInput = 2;
        static readonly UTF8Encoding Utf8 = new UTF8Encoding(false);
        static TextWriter output;

        sealed class Options
        {
            public Query Query = Query.Defaults();
            public uint Budget, SwampCost = 1;
            public SearchFlags ContextFlags = SearchFlags.Full;
            public GridFlags GridFlags = GridFlags.Full;
            public bool Smooth;
            public List<string> Files = new List<string>();
        }

        /// <summary>A bad argument, already worded as the CLI words it.</summary>
        sealed class Fail : Exception
        {
            public Fail(string message) : base(message) { }
        }

        /// <summary>cli_fail: "lockstar: " and the message (byte text, see
        /// MovingAi.ByteText; cut after 1023 bytes like cli_fail's buffer),
        /// control characters as '?'.</summary>
        static int Report(string message)
        {
            StringBuilder sb = new StringBuilder("lockstar: ");
            if (message.Length > 1023) message = message.Substring(0, 1023);
            foreach (char c in message)
                sb.Append(c < 0x20 || c == 0x7f ? '?' : c);
            sb.Append('\n');
            Stream err = Console.OpenStandardError();
            byte[] bytes = MovingAi.ByteChars.GetBytes(sb.ToString());
            err.Write(bytes, 0, bytes.Length);
            err.Flush();
            return ExitBadInput;
        }

        static string QuoteArg(string value)
        {
            byte[] b = Utf8.GetBytes(value);
            return MovingAi.Quote(b, 0, b.Length);
        }

        static bool ParseUint(string text, uint min, uint max, out uint value)
        {
            byte[] b = Utf8.GetBytes(text);
            return MovingAi.ParseUint(b, 0, b.Length, min, max, out value);
        }

        static Exception BadValue(string option, string value, string expected)
        {
            return new Fail("bad value '" + QuoteArg(value) + "' for " + option + ": expected " + expected);
        }

        /// <summary>cli_option_value: "--name V" or "--name=V"; null when arg is not it.</summary>
        static string Value(string[] args, ref int i, string name)
        {
            string arg = args[i];
            if (!arg.StartsWith(name, StringComparison.Ordinal)) return null;
            if (arg.Length > name.Length && arg[name.Length] == '=') {
                i += 1;
                return arg.Substring(name.Length + 1);
            }
            if (arg.Length != name.Length) return null;
            if (i + 1 >= args.Length) throw new Fail("option " + name + " needs a value");
            i += 2;
            return args[i - 1];
        }

        static int Word(string option, string value, string[] names, int[] codes, string expected)
        {
            int k = Array.IndexOf(names, value);
            if (k < 0) throw BadValue(option, value, expected);
            return codes[k];
        }

        static uint Number(string option, string value, uint min, uint max)
        {
            uint v;
            if (!ParseUint(value, min, max, out v))
                throw BadValue(option, value, "a whole number from " + min + " to " + max);
            return v;
        }

        static readonly string[] OptionNames = {
            "--connect", "--corners", "--heuristic", "--tie", "--weight", "--straight", "--diagonal",
            "--max-expansions", "--budget", "--algo", "--swamp-cost", "--context", "--grid", "--clearance"
        };

        /// <summary>cli_options_take: false when args[i] is none of the shared options.</summary>
        static bool TakeOption(string[] args, ref int i, Options o)
        {
            string arg = args[i];
            if (arg.StartsWith("--smooth", StringComparison.Ordinal)) {
                if (arg.Length > 8 && arg[8] == '=') throw new Fail("option --smooth takes no value");
                if (arg.Length == 8) { o.Smooth = true; i++; return true; }
            }
            int k;
            string v = null;
            for (k = 0; k < OptionNames.Length; k++)
                if ((v = Value(args, ref i, OptionNames[k])) != null) break;
            if (v == null) return false;
            int[] kinds = { 0, 1 };
            switch (k) {
            case 0: o.Query.Connectivity = (Connect)Word("--connect", v, new[] { "4", "8" }, new[] { 4, 8 }, "4 or 8"); break;
            case 1: o.Query.CornerRule = (Corners)Word("--corners", v, new[] { "none", "one", "all" }, new[] { 0, 1, 2 }, "none, one or all"); break;
            case 2:
                o.Query.Heuristic = (Heuristic)Word("--heuristic", v, new[] { "auto", "octile", "manhattan", "chebyshev", "zero" },
                                         new[] { 0, 1, 2, 3, 4 }, "auto, octile, manhattan, chebyshev or zero");
                break;
            case 3: o.Query.TieBreak = (TieBreak)Word("--tie", v, new[] { "high-g", "low-g" }, kinds, "high-g or low-g"); break;
            case 4: {
                int w;
                if (Native.ls_fix16_parse(v, out w) != Status.Ok || w < Limits.MinWeight || w > Limits.MaxWeight)
                    throw BadValue("--weight", v, "a decimal from 1.0 to 64.0 (such as 1.5)");
                o.Query.Weight = w;
                break;
            }
            case 5: o.Query.StraightCost = Number("--straight", v, 1, Limits.MaxStepCost); break;
            case 6: o.Query.DiagonalCost = Number("--diagonal", v, 1, 2 * Limits.MaxStepCost); break;
            case 7: o.Query.MaxExpansions = Number("--max-expansions", v, 0, uint.MaxValue); break;
            case 8: o.Budget = Number("--budget", v, 0, uint.MaxValue); break;
            case 9: o.Query.Algorithm = (Algorithm)Word("--algo", v, new[] { "astar", "jps" }, kinds, "astar or jps"); break;
            case 10: o.SwampCost = Number("--swamp-cost", v, 1, 255); break;
            case 11: o.ContextFlags = (SearchFlags)Word("--context", v, new[] { "full", "compact" }, kinds, "full or compact"); break;
            case 12: o.GridFlags = (GridFlags)Word("--grid", v, new[] { "full", "compact" }, kinds, "full or compact"); break;
            default: o.Query.Clearance = Number("--clearance", v, 0, Limits.ClearanceMax); break;
            }
            return true;
        }

        /// <summary>cli_parse_args for `scen`; returns -1 to go on, or the exit status.</summary>
        static int ParseArgs(string[] args, Options o)
        {
            bool onlyFiles = false;
            int i = 0;
            while (i < args.Length) {
                string arg = args[i];
                if (onlyFiles || arg.Length == 0 || arg[0] != '-' || arg.Length == 1) {
                    if (o.Files.Count == 2)
                        return Report("scen: unexpected argument '" + MovingAi.ByteText(arg) + "' (expected MAP and SCEN only)");
                    o.Files.Add(arg);
                    i++;
                    continue;
                }
                if (arg == "--") { onlyFiles = true; i++; continue; }
                if (arg == "--help" || arg == "-h") {
                    Console.Out.Write("usage: mono LockstarScen.exe MAP SCEN [options]\n" +
                                      "  prints what `lockstar scen MAP SCEN [options]` prints; the options are its:\n" +
                                      "  --connect --corners --heuristic --weight --tie --straight --diagonal\n" +
                                      "  --max-expansions --budget --algo --swamp-cost --context --grid --clearance\n" +
                                      "  --smooth\n");
                    return ExitDone;
                }
                if (!TakeOption(args, ref i, o))
                    return Report("scen: unknown option '" + MovingAi.ByteText(arg) + "' (try 'lockstar --help')");
            }
            if (o.Files.Count < 2)
                return Report("scen: " + (o.Files.Count == 0 ? "no MAP and SCEN files given" : "no SCEN file given") +
                              " (usage: lockstar scen MAP SCEN [options])");
            uint s = o.Query.StraightCost, d = o.Query.DiagonalCost;
            if (d < s || d > 2 * s)
                return Report("step costs must satisfy straight <= diagonal <= 2 * straight (got --straight " + s +
                              " --diagonal " + d + ")");
            return -1;
        }

        static void WritePoints(StringBuilder line, Point[] points, uint count)
        {
            for (int i = 0; i < count; i++)
                line.Append(' ').Append(points[i].X).Append(',').Append(points[i].Y);
        }

        public static int Main(string[] args)
        {
            System.Threading.Thread.CurrentThread.CurrentCulture = System.Globalization.CultureInfo.InvariantCulture;
            Options o = new Options();
            int status;
            try {
                status = ParseArgs(args, o);
            } catch (Fail f) {
                return Report(f.Message);
            }
            if (status >= 0) return status;
            string mapName = o.Files[0], scenName = o.Files[1];
            int width, height;
            byte[] cells;
            List<ScenQuery> queries;
            try {
                cells = MovingAi.ParseMap(MovingAi.ByteText(mapName), MovingAi.ReadFile(mapName), (byte)o.SwampCost, out width, out height);
            } catch (MovingAiException e) {
                return Report(e.Message);
            }
            using (Grid grid = new Grid(width, height, o.GridFlags)) {
                Status st = grid.TryLoad(cells);
                if (st != Status.Ok)
                    return Report(MovingAi.ByteText(mapName) + ": cannot create a " + width + "x" + height + " grid: " + Lib.StatusString(st));
                try {
                    queries = MovingAi.ParseScen(MovingAi.ByteText(scenName), MovingAi.ReadFile(scenName), width, height);
                } catch (MovingAiException e) {
                    return Report(e.Message);
                }
                SearchContext search;
                try {
                    search = new SearchContext(width, height, o.ContextFlags);
                } catch (LockstarException e) {
                    return Report("scen: cannot create a search context: " + Lib.StatusString(e.Status));
                }
                output = new StreamWriter(Console.OpenStandardOutput(), Utf8, 1 << 16);
                TimeSpan cpu = Process.GetCurrentProcess().TotalProcessorTime;
                status = RunAll(o, grid, search, queries);
                search.Dispose();
                cpu = Process.GetCurrentProcess().TotalProcessorTime - cpu;
                output.Flush();
                if (status != ExitDone) return status;
                long ms = (long)cpu.TotalMilliseconds;
                Console.Error.Write("lockstar scen: " + queries.Count + " queries, " + solved + " solved, " + refused +
                                    " refused, " + expansions + " expansions, " + (ms / 1000) + "." +
                                    (ms % 1000).ToString("000") + " s\n");
                return refused > 0 ? ExitBadInput : ExitDone;
            }
        }

        static uint solved, refused;
        static ulong expansions;

        /// <summary>Every query in file order, one line each (cmd_scen.c's run_all).</summary>
        static int RunAll(Options o, Grid grid, SearchContext search, List<ScenQuery> queries)
        {
            Point[] path = new Point[4 * (grid.Width + grid.Height)];
            StringBuilder line = new StringBuilder();
            foreach (ScenQuery sq in queries) {
                Query q = o.Query;
                q.StartX = sq.Sx; q.StartY = sq.Sy; q.GoalX = sq.Gx; q.GoalY = sq.Gy;
                Result r = new Result();
                Status st = search.TryBegin(grid, q);
                if (st == Status.Ok) {
                    do st = search.TryStep(o.Budget); while (st == Status.InProgress);
                    st = st < 0 ? st : search.TryGetResult(out r);
                }
                uint length = 0;
                if (st == Status.Ok && r.Status == Status.Ok) {
                    st = search.TryPath(path, out length);
                    if (st == Status.ErrBufferTooSmall) {
                        path = new Point[length];  // the exact length the library asked for
                        st = search.TryPath(path, out length);
                    }
                }
                Status outcome = st != Status.Ok ? st : r.Status;
                line.Length = 0;
                line.Append(sq.Sx).Append(' ').Append(sq.Sy).Append(' ').Append(sq.Gx).Append(' ').Append(sq.Gy);
                if (outcome < 0) {
                    line.Append(" error ").Append(Lib.StatusName(outcome)).Append('\n');
                    output.Write(line.ToString());
                    refused++;
                    continue;
                }
                line.Append(' ').Append(r.Cost).Append(' ').Append(r.Expansions).Append(' ').Append(r.Digest.ToString("x16"));
                bool failed = false;
                if (outcome == Status.Ok) {
                    WritePoints(line, path, r.PathLength);
                    solved++;
                    if (o.Smooth) {
                        line.Append(" |");
                        Point[] ways = new Point[Math.Max(1u, r.PathLength)];
                        uint n;
                        // A sized path is smoothed for its size (0 or 1: ls_smooth_path's rule).
                        Status ss = grid.TrySmoothSized(path, r.PathLength, ways, o.Query.Clearance, out n);
                        if (ss != Status.Ok) {
                            Report("smoothing failed: " + Lib.StatusString(ss));
                            failed = true;
                        } else {
                            WritePoints(line, ways, n);
                        }
                    }
                }
                line.Append('\n');
                output.Write(line.ToString());
                expansions += r.Expansions;
                if (failed) return ExitBadInput;
            }
            return ExitDone;
        }

    }
}
