/*
 * usage.c - the text of `lockstar --help`.
 */
#include "usage.h"

void cli_usage(FILE *out)
{
    fputs(
"usage: lockstar path MAP --from X,Y --to X,Y [--draw] [options]\n"
"       lockstar scen MAP SCEN [options]\n"
"       lockstar digest MAP [--swamp-cost N]\n"
"       lockstar --help | --version\n"
"\n"
"  path   find one path; prints status, cost, expansions, digest and the\n"
"         path (--draw adds the map as ASCII with the path on it)\n"
"  scen   run every query of a Moving AI scenario file on MAP; prints one\n"
"         line per query: sx sy gx gy cost expanded digest x0,y0 ... xn,yn\n"
"         (cost -1 and no points when no path was found), or for a query\n"
"         the library refuses (a blocked start or goal, options it refuses\n"
"         for this map): sx sy gx gy error NAME, and goes on; a summary\n"
"         goes to standard error\n"
"  digest print the map digest (ls_grid_digest) as 16 hex digits; only\n"
"         --swamp-cost applies\n"
"\n"
"options (both commands; --opt V or --opt=V):\n"
"  --connect 4|8                 neighbours per cell (default 8)\n"
"  --corners none|one|all        diagonal corner cutting (default none)\n"
"  --heuristic auto|octile|manhattan|chebyshev|zero   (default auto)\n"
"  --weight W                    weighted A*, decimal 1.0..64.0 (default 1)\n"
"  --tie high-g|low-g            tie-break among equal f (default high-g)\n"
"  --straight N --diagonal N     step costs (default 10 and 14)\n"
"  --max-expansions N            give up after N expansions (0 = no limit)\n"
"  --budget N                    search in slices of N expansions; never\n"
"                                changes the output\n"
"  --algo astar|jps              search algorithm (default astar; jps needs\n"
"                                uniform costs, 8-connectivity, corners none)\n"
"  --swamp-cost N                cost 1..255 of swamp 'S' cells (default 1)\n"
"  --context full|compact        search context: full (20 bytes per cell,\n"
"                                any query; default) or compact (12 bytes,\n"
"                                default-style queries only, slower on open\n"
"                                maps)\n"
"  --grid full|compact           map grid: full (1.25 bytes per cell;\n"
"                                default) or compact (1 byte, slower jps);\n"
"                                never changes the output\n"
"\n"
"maps: Moving AI format; . G S passable (cost 1), @ O T W blocked.\n"
"exit status: 0 done (path: found), 1 path: no path, 2 bad input\n"
"(scen: any error line).\n",
        out);
}
