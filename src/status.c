/* SPDX-License-Identifier: MIT */
/* status.c - the library version, and a description and a name for every
 * status. */
#include "lockstar.h"

const char *ls_version(void)
{
    return LS_VERSION_STRING;
}

const char *ls_status_string(ls_status status)
{
    switch (status) {
    case LS_OK: return "path found";
    case LS_IN_PROGRESS: return "search in progress";
    case LS_NO_PATH: return "no path: the goal cannot be reached";
    case LS_EXPANSION_LIMIT: return "expansion limit reached before the goal";
    case LS_ERR_NULL_ARGUMENT: return "a required argument is NULL";
    case LS_ERR_BAD_SIZE: return "width or height out of range";
    case LS_ERR_SIZE_OVERFLOW: return "grid too large: cell or byte count overflows";
    case LS_ERR_OUT_OF_MEMORY: return "out of memory";
    case LS_ERR_OUT_OF_BOUNDS: return "cell coordinates outside the grid";
    case LS_ERR_START_OUT_OF_BOUNDS: return "start outside the grid";
    case LS_ERR_GOAL_OUT_OF_BOUNDS: return "goal outside the grid";
    case LS_ERR_START_BLOCKED: return "start cell is blocked";
    case LS_ERR_GOAL_BLOCKED: return "goal cell is blocked";
    case LS_ERR_BAD_OPTION: return "unknown connectivity, corner rule, heuristic, tie-break or algorithm";
    case LS_ERR_BAD_STEP_COST: return "step costs out of range (1 <= straight <= 65535, straight <= diagonal <= 2*straight)";
    case LS_ERR_BAD_WEIGHT: return "weight out of range (1.0 to 64.0)";
    case LS_ERR_COST_OVERFLOW: return "path cost would overflow";
    case LS_ERR_BUFFER_TOO_SMALL: return "path buffer too small";
    case LS_ERR_GRID_MISMATCH: return "grid and search context sizes differ";
    case LS_ERR_NO_QUERY: return "no query has been begun";
    case LS_ERR_NOT_DONE: return "query not finished";
    case LS_ERR_GRID_CHANGED: return "grid edited during the query";
    case LS_ERR_BAD_STRUCT_SIZE: return "ls_query.struct_size not recognised (use ls_query_init)";
    case LS_ERR_BAD_TEXT: return "malformed or out-of-range number";
    case LS_ERR_NO_PARTIAL: return "no partial path: the query found its path or failed";
    case LS_ERR_NOT_UNIFORM: return "JPS needs every passable cell to cost 1";
    case LS_ERR_UNSUPPORTED: return "JPS needs 8-connectivity and no corner cutting";
    case LS_ERR_NEEDS_FULL_CONTEXT: return "query needs a full search context (weight, low-g tie-break, Manhattan with 8-connectivity or large step costs); this one is compact";
    case LS_ERR_BAD_FLAGS: return "unknown grid or search context flags";
    case LS_ERR_QUEUE_FULL: return "the path queue is full";
    case LS_ERR_UNKNOWN_ID: return "no request (queue) or agent (crowd) with this id";
    case LS_ERR_DUPLICATE_ID: return "the queue or crowd already holds this id";
    case LS_ERR_POOL_FULL: return "path found, but the queue's path pool has no room for it";
    case LS_ERR_THREAD: return "the system refused a thread, lock or condition variable";
    case LS_ERR_BAD_FRAME: return "world frame invalid: cell size must be > 0, no value may be 0x80000000";
    case LS_ERR_WORLD_RANGE: return "a world position, length or cell is outside its range";
    case LS_ERR_BAD_SPEED: return "agent speed must be > 0";
    case LS_ERR_BAD_AGENT: return "agent state inconsistent, or not the waypoints of its route";
    case LS_ERR_BAD_ROUTE: return "the waypoints are not points of the path, in order, from its first point to its last";
    case LS_ERR_CROWD_FULL: return "the crowd holds as many agents as its capacity";
    case LS_ERR_BAD_CLEARANCE: return "clearance above LS_CLEARANCE_MAX, or above 1 on a compact grid or with JPS";
    case LS_ERR_BAD_RADIUS: return "an agent's radius is negative or above LS_CROWD_MAX_RADIUS";
    case LS_ERR_BAD_PRIORITY: return "an agent's priority is outside 0..99";
    case LS_ERR_NOT_PREPARED: return "the query needs preprocessed tables the grid does not hold (build them for this grid first)";
    default: return "unknown status";
    }
}

const char *ls_status_name(ls_status status)
{
    switch (status) {
    case LS_OK: return "LS_OK";
    case LS_IN_PROGRESS: return "LS_IN_PROGRESS";
    case LS_NO_PATH: return "LS_NO_PATH";
    case LS_EXPANSION_LIMIT: return "LS_EXPANSION_LIMIT";
    case LS_ERR_NULL_ARGUMENT: return "LS_ERR_NULL_ARGUMENT";
    case LS_ERR_BAD_SIZE: return "LS_ERR_BAD_SIZE";
    case LS_ERR_SIZE_OVERFLOW: return "LS_ERR_SIZE_OVERFLOW";
    case LS_ERR_OUT_OF_MEMORY: return "LS_ERR_OUT_OF_MEMORY";
    case LS_ERR_OUT_OF_BOUNDS: return "LS_ERR_OUT_OF_BOUNDS";
    case LS_ERR_START_OUT_OF_BOUNDS: return "LS_ERR_START_OUT_OF_BOUNDS";
    case LS_ERR_GOAL_OUT_OF_BOUNDS: return "LS_ERR_GOAL_OUT_OF_BOUNDS";
    case LS_ERR_START_BLOCKED: return "LS_ERR_START_BLOCKED";
    case LS_ERR_GOAL_BLOCKED: return "LS_ERR_GOAL_BLOCKED";
    case LS_ERR_BAD_OPTION: return "LS_ERR_BAD_OPTION";
    case LS_ERR_BAD_STEP_COST: return "LS_ERR_BAD_STEP_COST";
    case LS_ERR_BAD_WEIGHT: return "LS_ERR_BAD_WEIGHT";
    case LS_ERR_COST_OVERFLOW: return "LS_ERR_COST_OVERFLOW";
    case LS_ERR_BUFFER_TOO_SMALL: return "LS_ERR_BUFFER_TOO_SMALL";
    case LS_ERR_GRID_MISMATCH: return "LS_ERR_GRID_MISMATCH";
    case LS_ERR_NO_QUERY: return "LS_ERR_NO_QUERY";
    case LS_ERR_NOT_DONE: return "LS_ERR_NOT_DONE";
    case LS_ERR_GRID_CHANGED: return "LS_ERR_GRID_CHANGED";
    case LS_ERR_BAD_STRUCT_SIZE: return "LS_ERR_BAD_STRUCT_SIZE";
    case LS_ERR_BAD_TEXT: return "LS_ERR_BAD_TEXT";
    case LS_ERR_NO_PARTIAL: return "LS_ERR_NO_PARTIAL";
    case LS_ERR_NOT_UNIFORM: return "LS_ERR_NOT_UNIFORM";
    case LS_ERR_UNSUPPORTED: return "LS_ERR_UNSUPPORTED";
    case LS_ERR_NEEDS_FULL_CONTEXT: return "LS_ERR_NEEDS_FULL_CONTEXT";
    case LS_ERR_BAD_FLAGS: return "LS_ERR_BAD_FLAGS";
    case LS_ERR_QUEUE_FULL: return "LS_ERR_QUEUE_FULL";
    case LS_ERR_UNKNOWN_ID: return "LS_ERR_UNKNOWN_ID";
    case LS_ERR_DUPLICATE_ID: return "LS_ERR_DUPLICATE_ID";
    case LS_ERR_POOL_FULL: return "LS_ERR_POOL_FULL";
    case LS_ERR_THREAD: return "LS_ERR_THREAD";
    case LS_ERR_BAD_FRAME: return "LS_ERR_BAD_FRAME";
    case LS_ERR_WORLD_RANGE: return "LS_ERR_WORLD_RANGE";
    case LS_ERR_BAD_SPEED: return "LS_ERR_BAD_SPEED";
    case LS_ERR_BAD_AGENT: return "LS_ERR_BAD_AGENT";
    case LS_ERR_BAD_ROUTE: return "LS_ERR_BAD_ROUTE";
    case LS_ERR_CROWD_FULL: return "LS_ERR_CROWD_FULL";
    case LS_ERR_BAD_CLEARANCE: return "LS_ERR_BAD_CLEARANCE";
    case LS_ERR_BAD_RADIUS: return "LS_ERR_BAD_RADIUS";
    case LS_ERR_BAD_PRIORITY: return "LS_ERR_BAD_PRIORITY";
    case LS_ERR_NOT_PREPARED: return "LS_ERR_NOT_PREPARED";
    default: return "LS_UNKNOWN_STATUS";
    }
}
