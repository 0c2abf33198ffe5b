// SPDX-License-Identifier: MIT
// ApiCheck.cs - calls every binding the vector files do not reach
// (ls_grid_create, _size, _fill, _revision, ls_query_validate,
// ls_search_create, _check, _expansions, _bytes_per_cell, the debug
// read-out, ls_batch_threads, ls_status_string) with arguments whose
// answers the header fixes, so a wrong declaration (a swapped or missing
// parameter, a wrong type) shows up as a wrong value, not as a silent pass.
using System;

namespace Lockstar.Tests
{
    public static class ApiCheck
    {
        static void Expect(Report rep, string what, long want, long got)
        {
            if (want != got) rep.Add("binding", what, "value", want.ToString(), got.ToString());
        }

        public static void Run(Report rep)
        {
            GridHandle g;
            Expect(rep, "ls_grid_create", (long)Status.Ok, (long)Native.ls_grid_create(5, 3, IntPtr.Zero, out g));
            using (g) {
                int w, h;
                byte cost;
                uint rev0, rev1;
                Native.ls_grid_size(g, out w, out h);
                Expect(rep, "ls_grid_size width", 5, w);
                Expect(rep, "ls_grid_size height", 3, h);
                Native.ls_grid_revision(g, out rev0);
                Expect(rep, "ls_grid_fill", (long)Status.Ok, (long)Native.ls_grid_fill(g, 7));
                Native.ls_grid_revision(g, out rev1);
                Expect(rep, "ls_grid_revision changes on an edit", 1, rev1 != rev0 ? 1 : 0);
                Native.ls_grid_get(g, 4, 2, out cost);
                Expect(rep, "ls_grid_get after fill", 7, cost);
                Expect(rep, "ls_grid_get outside", (long)Status.ErrOutOfBounds, (long)Native.ls_grid_get(g, 5, 0, out cost));
                Native.ls_grid_fill(g, 1);
                Native.ls_grid_set(g, 2, 0, 0);
                Native.ls_grid_set(g, 2, 1, 0);

                Query q = Query.Defaults();
                q.GoalX = 4;
                Expect(rep, "ls_query_validate", (long)Status.Ok, (long)Native.ls_query_validate(ref q, g));
                q.StartX = 9;
                Expect(rep, "ls_query_validate start outside", (long)Status.ErrStartOutOfBounds,
                       (long)Native.ls_query_validate(ref q, g));
                q.StartX = 0;

                SearchHandle s;
                Expect(rep, "ls_search_create", (long)Status.Ok, (long)Native.ls_search_create(5, 3, IntPtr.Zero, out s));
                using (s) {
                    uint n;
                    Expect(rep, "ls_search_expansions before a query", (long)Status.ErrNoQuery,
                           (long)Native.ls_search_expansions(s, out n));
                    Expect(rep, "ls_search_check", (long)Status.Ok, (long)Native.ls_search_check(s, g, ref q));
                    Expect(rep, "ls_search_begin", (long)Status.Ok, (long)Native.ls_search_begin(s, g, ref q));
                    Expect(rep, "ls_search_step(1)", (long)Status.InProgress, (long)Native.ls_search_step(s, 1));
                    Native.ls_search_expansions(s, out n);
                    Expect(rep, "ls_search_expansions after one", 1, n);
                    int state;
                    Native.ls_search_cell_state(s, 0, 0, out state);
                    Expect(rep, "ls_search_cell_state of the expanded start", (long)Visit.Closed, state);
                    byte[] states = new byte[15];
                    Expect(rep, "ls_search_cell_states", (long)Status.Ok,
                           (long)Native.ls_search_cell_states(s, states, (UIntPtr)15u));
                    Expect(rep, "ls_search_cell_states[0]", (long)Visit.Closed, states[0]);
                    Expect(rep, "ls_search_cell_states of a wall", (long)Visit.None, states[2]);
                    Expect(rep, "ls_search_cell_states, wrong count", (long)Status.ErrBadSize,
                           (long)Native.ls_search_cell_states(s, states, (UIntPtr)14u));
                    Expect(rep, "ls_search_step(0)", (long)Status.Ok, (long)Native.ls_search_step(s, 0));
                    Result r;
                    Native.ls_search_result(s, out r);
                    // (0,0) (1,1) (1,2) (2,2) (3,2) (4,1) (4,0): no corner cutting past the wall
                    Expect(rep, "cost around the wall", 14 + 10 + 10 + 10 + 14 + 10, r.Cost);
                }
            }
            Expect(rep, "ls_search_bytes_per_cell(full)", 20, Native.ls_search_bytes_per_cell((uint)SearchFlags.Full));
            Expect(rep, "ls_search_bytes_per_cell(compact)", 12, Native.ls_search_bytes_per_cell((uint)SearchFlags.Compact));
            Expect(rep, "ls_search_bytes_per_cell(unknown)", 0, Native.ls_search_bytes_per_cell(7));
            using (Batch b = new Batch(4, 4, 3))
                Expect(rep, "ls_batch_threads", 3, b.Threads);
            Expect(rep, "ls_status_string", 1, Lib.StatusString(Status.ErrGoalBlocked).Length > 0 ? 1 : 0);
            Expect(rep, "ls_status_string unknown", 1, Lib.StatusString((Status)99) == "unknown status" ? 1 : 0);
        }
    }
}
