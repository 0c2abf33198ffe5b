// SPDX-License-Identifier: MIT
// MovingAi.cs - a C# reader of Moving AI .map and .scen files that accepts
// exactly what movingai/ accepts and refuses the rest with the same
// one-line messages ("FILE:LINE: reason"), so LockstarScen.exe fails on a
// bad file with the bytes `lockstar scen` prints. Files are read as bytes:
// the messages quote bytes outside printable ASCII as '?', as the C reader
// does, whatever the text's encoding.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

namespace Lockstar.Examples
{
    /// <summary>A file fault: Message is the whole "FILE:LINE: reason".</summary>
    public class MovingAiException : Exception
    {
        /// <summary>message is byte text (see ByteText); like mai_error's
        /// 512-byte buffer, it keeps at most its first 511 bytes.</summary>
        public MovingAiException(string message)
            : base(message.Length > 511 ? message.Substring(0, 511) : message) { }
    }

    public struct ScenQuery
    {
        public int Bucket, Sx, Sy, Gx, Gy;
        public uint Line;
    }

    public static class MovingAi
    {
        /// <summary>The cost of a map character, or -1 (movingai.h's table).</summary>
        public static int SymbolCost(byte symbol, byte swampCost)
        {
            return MapSymbols.Cost((char)symbol, swampCost);
        }

        /// <summary>
        /// A path as file messages show it (movingai/file.c): whole up to 200
        /// bytes, else its first 200 bytes and "...", so that the reason after
        /// it is never cut off.
        /// </summary>
        static string Shown(string path)
        {
            string b = ByteText(path);
            return b.Length <= 200 ? b : b.Substring(0, 200) + "...";
        }

        static readonly UTF8Encoding Utf8 = new UTF8Encoding(false);

        /// <summary>ISO-8859-1 maps each byte to the char of the same value and
        /// back: the reader's and the CLI's messages are held in it, one char
        /// per byte, so that cutting them where C cuts (a path at 200 bytes,
        /// a message at 511 or 1023) cuts the same bytes, even inside a
        /// UTF-8 sequence, and writing them gives C's bytes.</summary>
        public static readonly Encoding ByteChars = Encoding.GetEncoding(28591);

        /// <summary>A string (a file name, an argument) as byte text: its
        /// UTF-8 bytes, one char each.</summary>
        public static string ByteText(string s)
        {
            return ByteChars.GetString(Utf8.GetBytes(s));
        }

        /// <summary>The whole file, or the reader's "cannot open" messages.</summary>
        public static byte[] ReadFile(string path)
        {
            if (Directory.Exists(path))
                throw new MovingAiException(Shown(path) + ": is a directory, not a file");
            try {
                return File.ReadAllBytes(path);
            } catch (FileNotFoundException) {
                throw new MovingAiException(Shown(path) + ": cannot open: No such file or directory");
            } catch (DirectoryNotFoundException) {
                throw new MovingAiException(Shown(path) + ": cannot open: No such file or directory");
            } catch (UnauthorizedAccessException) {
                throw new MovingAiException(Shown(path) + ": cannot open: Permission denied");
            } catch (PathTooLongException) {
                throw new MovingAiException(Shown(path) + ": cannot open: File name too long");
            } catch (IOException e) {
                throw new MovingAiException(Shown(path) + ": cannot read: " + e.Message);
            }
        }

        /// <summary>mai_text_refuse_cr: a CR inside a line (CR-only line ends) is refused.</summary>
        static void RefuseCr(string name, byte[] t, Line l)
        {
            if (Array.IndexOf(t, (byte)'\r', l.Start, l.Length) >= 0)
                throw new MovingAiException(name + ":" + l.Number + ": a carriage return inside the line: " +
                                            "CR-only line ends are not read (use LF or CRLF line ends)");
        }

        // ---- lines and words (movingai/text.c) ----

        struct Line
        {
            public int Start, Length;
            public uint Number;
        }

        sealed class Cursor
        {
            readonly byte[] text;
            int pos;
            public uint LineNo;
            public Cursor(byte[] t) { text = t; }
            public byte[] Text { get { return text; } }

            public bool Next(out Line line)
            {
                line = new Line();
                if (pos >= text.Length)
                    return false;
                int start = pos, nl = Array.IndexOf(text, (byte)'\n', pos), len;
                if (nl >= 0) {
                    len = nl - start;
                    pos = nl + 1;
                } else {
                    len = text.Length - start;
                    pos = text.Length;
                }
                if (len > 0 && text[start + len - 1] == '\r')
                    len--;
                LineNo++;
                line.Start = start;
                line.Length = len;
                line.Number = LineNo;
                return true;
            }
        }

        static bool IsBlankChar(byte b) { return b == ' ' || b == '\t'; }

        static bool Blank(byte[] t, Line l)
        {
            for (int i = 0; i < l.Length; i++)
                if (!IsBlankChar(t[l.Start + i]))
                    return false;
            return true;
        }

        // Words as (start, length) pairs.
        static List<int[]> Words(byte[] t, Line l)
        {
            List<int[]> words = new List<int[]>();
            int i = 0;
            while (i < l.Length) {
                while (i < l.Length && IsBlankChar(t[l.Start + i])) i++;
                if (i == l.Length) break;
                int begin = i;
                while (i < l.Length && !IsBlankChar(t[l.Start + i])) i++;
                words.Add(new int[] { l.Start + begin, i - begin });
            }
            return words;
        }

        static bool Equals(byte[] t, int[] span, string word)
        {
            if (span[1] != word.Length) return false;
            for (int i = 0; i < span[1]; i++)
                if (t[span[0] + i] != word[i]) return false;
            return true;
        }

        /// <summary>mai_parse_uint: decimal digits only, in [min, max].</summary>
        public static bool ParseUint(byte[] t, int start, int length, uint min, uint max, out uint value)
        {
            value = 0;
            if (length == 0) return false;
            uint v = 0;
            for (int i = 0; i < length; i++) {
                byte c = t[start + i];
                if (c < '0' || c > '9') return false;
                uint digit = (uint)(c - '0');
                if (digit > max || v > (max - digit) / 10u) return false;
                v = v * 10u + digit;
            }
            if (v < min) return false;
            value = v;
            return true;
        }

        /// <summary>mai_quote: at most 40 bytes, non-printable as '?', "..." when cut.</summary>
        public static string Quote(byte[] t, int start, int length)
        {
            StringBuilder sb = new StringBuilder();
            int n = Math.Min(length, 40);
            for (int i = 0; i < n; i++) {
                byte c = t[start + i];
                sb.Append(c >= 0x20 && c < 0x7f ? (char)c : '?');
            }
            if (length > 40) sb.Append("...");
            return sb.ToString();
        }

        static string Quote(byte[] t, int[] span) { return Quote(t, span[0], span[1]); }
        static string QuoteLine(byte[] t, Line l) { return Quote(t, l.Start, l.Length); }

        // ---- maps (movingai/map.c) ----

        static Line NeedLine(string name, Cursor c, string expected)
        {
            Line line;
            if (c.Next(out line)) {
                RefuseCr(name, c.Text, line);
                return line;
            }
            if (c.LineNo == 0)
                throw new MovingAiException(name + ":1: empty file; expected '" + expected + "'");
            throw new MovingAiException(name + ":" + (c.LineNo + 1) + ": file ends early; expected '" + expected + "'");
        }

        static int ParseSize(string name, Cursor c, string keyword)
        {
            string expected = keyword + " N";
            byte[] t = c.Text;
            Line line = NeedLine(name, c, expected);
            List<int[]> w = Words(t, line);
            if (w.Count == 0 || !Equals(t, w[0], keyword))
                throw new MovingAiException(name + ":" + line.Number + ": expected '" + expected + "', found '" + QuoteLine(t, line) + "'");
            if (w.Count != 2)
                throw new MovingAiException(name + ":" + line.Number + ": expected '" + expected + "' (one number after '" + keyword + "')");
            uint v;
            if (!ParseUint(t, w[1][0], w[1][1], 1, (uint)Limits.MaxDimension, out v))
                throw new MovingAiException(name + ":" + line.Number + ": bad " + keyword + " '" + Quote(t, w[1]) +
                                            "': expected a whole number from 1 to " + Limits.MaxDimension);
            return (int)v;
        }

        /// <summary>Parse a map; width * height cell costs, row-major.</summary>
        public static byte[] ParseMap(string name, byte[] t, byte swampCost, out int width, out int height)
        {
            Cursor c = new Cursor(t);
            Line line = NeedLine(name, c, "type octile");
            List<int[]> w = Words(t, line);
            if (!(w.Count == 2 && Equals(t, w[0], "type") && Equals(t, w[1], "octile"))) {
                if (w.Count == 2 && Equals(t, w[0], "type"))
                    throw new MovingAiException(name + ":" + line.Number + ": map type '" + Quote(t, w[1]) +
                                                "' is not supported (expected 'type octile')");
                throw new MovingAiException(name + ":" + line.Number + ": expected 'type octile' (a Moving AI map), found '" +
                                            QuoteLine(t, line) + "'");
            }
            height = ParseSize(name, c, "height");
            width = ParseSize(name, c, "width");
            line = NeedLine(name, c, "map");
            w = Words(t, line);
            if (!(w.Count >= 1 && Equals(t, w[0], "map") && w.Count == 1))
                throw new MovingAiException(name + ":" + line.Number + ": expected 'map', found '" + QuoteLine(t, line) + "'");
            int[] rowStart = new int[height];
            for (int y = 0; y < height; y++) {
                if (!c.Next(out line))
                    throw new MovingAiException(name + ":" + (c.LineNo + 1) + ": file ends after " + y + " of " + height + " map rows");
                RefuseCr(name, t, line);
                if (line.Length != width)
                    throw new MovingAiException(name + ":" + line.Number + ": row " + y + " is " +
                                                (line.Length < width ? "too short" : "too long") + ": " + line.Length +
                                                " characters, expected the width " + width);
                for (int x = 0; x < line.Length; x++) {
                    byte ch = t[line.Start + x];
                    if (SymbolCost(ch, 1) >= 0) continue;
                    if (ch > 0x20 && ch < 0x7f)
                        throw new MovingAiException(name + ":" + line.Number + ": bad character '" + (char)ch + "' at column " + (x + 1) +
                                                    " (allowed: . G S passable, @ O T W blocked)");
                    throw new MovingAiException(name + ":" + line.Number + ": bad character (byte 0x" + ch.ToString("x2") +
                                                ") at column " + (x + 1) + " (allowed: . G S passable, @ O T W blocked)");
                }
                rowStart[y] = line.Start;
            }
            while (c.Next(out line))
                if (!Blank(t, line))
                    throw new MovingAiException(name + ":" + line.Number + ": extra text after the " + height + " map rows (height " + height + ")");
            byte[] cells = new byte[width * height];
            for (int y = 0; y < height; y++)
                for (int x = 0; x < width; x++)
                    cells[y * width + x] = (byte)SymbolCost(t[rowStart[y] + x], swampCost);
            return cells;
        }

        // ---- scenarios (movingai/scen.c) ----

        static void NumberField(string name, uint lineNo, byte[] t, int[] f, string what, uint min, uint max, out uint v)
        {
            if (!ParseUint(t, f[0], f[1], min, max, out v))
                throw new MovingAiException(name + ":" + lineNo + ": bad " + what + " '" + Quote(t, f) +
                                            "': expected a whole number from " + min + " to " + max);
        }

        static bool IsDecimal(byte[] t, int[] f)
        {
            int i = 0, whole = 0, fraction = 0, n = f[1];
            while (i < n && t[f[0] + i] >= '0' && t[f[0] + i] <= '9') { i++; whole++; }
            if (whole == 0) return false;
            if (i == n) return true;
            if (t[f[0] + i] != '.') return false;
            i++;
            while (i < n && t[f[0] + i] >= '0' && t[f[0] + i] <= '9') { i++; fraction++; }
            return fraction > 0 && i == n;
        }

        // optimal_length is never used, but a number of a megabyte is junk:
        // at most 10 digits before the point and 20 after (movingai/scen.c).
        static bool DecimalFits(byte[] t, int[] f)
        {
            int point = 0;
            while (point < f[1] && t[f[0] + point] != '.') point++;
            return point <= 10 && (point == f[1] || f[1] - point - 1 <= 20);
        }

        /// <summary>Parse a scenario against a width x height map.</summary>
        public static List<ScenQuery> ParseScen(string name, byte[] t, int width, int height)
        {
            Cursor c = new Cursor(t);
            Line line;
            if (!c.Next(out line))
                throw new MovingAiException(name + ":1: empty file; expected 'version 1'");
            RefuseCr(name, t, line);
            List<int[]> w = Words(t, line);
            if (w.Count == 2 && Equals(t, w[0], "version")) {
                if (!Equals(t, w[1], "1") && !Equals(t, w[1], "1.0"))
                    throw new MovingAiException(name + ":1: scenario version '" + Quote(t, w[1]) +
                                                "' is not supported (expected 'version 1' or 'version 1.0')");
            } else {
                throw new MovingAiException(name + ":1: expected 'version 1' (a Moving AI scenario), found '" + QuoteLine(t, line) + "'");
            }
            string[] coordNames = { "start x", "start y", "goal x", "goal y" };
            List<ScenQuery> queries = new List<ScenQuery>();
            while (c.Next(out line)) {
                if (Blank(t, line)) continue;
                RefuseCr(name, t, line);
                List<int[]> f = new List<int[]>();
                int begin = 0;
                for (int i = 0; i <= line.Length; i++) {
                    if (i < line.Length && t[line.Start + i] != '\t') continue;
                    f.Add(new int[] { line.Start + begin, i - begin });
                    begin = i + 1;
                }
                if (f.Count != 9)
                    throw new MovingAiException(name + ":" + line.Number + ": " + (f.Count < 9 ? "too few" : "too many") +
                                                " fields: found " + f.Count + ", expected 9 tab-separated (bucket map width height sx sy gx gy optimal_length)");
                uint bucket, mw, mh;
                uint[] coord = new uint[4];
                NumberField(name, line.Number, t, f[0], "bucket", 0, int.MaxValue, out bucket);
                NumberField(name, line.Number, t, f[2], "map width", 1, (uint)Limits.MaxDimension, out mw);
                NumberField(name, line.Number, t, f[3], "map height", 1, (uint)Limits.MaxDimension, out mh);
                for (int i = 0; i < 4; i++)
                    NumberField(name, line.Number, t, f[4 + i], coordNames[i], 0, int.MaxValue, out coord[i]);
                if (!IsDecimal(t, f[8]))
                    throw new MovingAiException(name + ":" + line.Number + ": bad optimal_length '" + Quote(t, f[8]) +
                                                "': expected a decimal such as 12 or 3.41421");
                if (!DecimalFits(t, f[8]))
                    throw new MovingAiException(name + ":" + line.Number + ": bad optimal_length '" + Quote(t, f[8]) +
                                                "': at most 10 digits before the point and 20 after");
                if ((int)mw != width || (int)mh != height)
                    throw new MovingAiException(name + ":" + line.Number + ": scenario is for a " + mw + "x" + mh +
                                                " map, but the map is " + width + "x" + height);
                for (int i = 0; i < 4; i += 2)
                    if (coord[i] >= (uint)width || coord[i + 1] >= (uint)height)
                        throw new MovingAiException(name + ":" + line.Number + ": " + (i == 0 ? "start" : "goal") + " " +
                                                    coord[i] + "," + coord[i + 1] + " is outside the " + width + "x" + height + " map");
                ScenQuery q = new ScenQuery();
                q.Bucket = (int)bucket;
                q.Sx = (int)coord[0]; q.Sy = (int)coord[1];
                q.Gx = (int)coord[2]; q.Gy = (int)coord[3];
                q.Line = line.Number;
                queries.Add(q);
            }
            return queries;
        }
    }
}
